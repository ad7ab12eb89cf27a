// Seed 000, section 6 (ExampleSB) under --rules structured: the double makes
// Inner_t 8-aligned, so inner starts at 8 (4 bytes of padding), lorg at 16,
// u[0] 24, u[1] 26, inner's tail 28..32; after 32; the whole rounds to 40.
// RUN: %cblower layout --color never --rules structured --enable-16bit-types %s | FileCheck %s
// RUN: %cblower layout --format json --rules structured --enable-16bit-types %s | FileCheck %s --check-prefix=JSON

cbuffer ExampleSB { float before; struct Inner_t { float start; double lorg; uint16_t u[2]; } inner; float after; };

// CHECK:      cbuffer ExampleSB  [rules: structured, size: 40 bytes]
// CHECK-NEXT:   offset   size align  type                     name
// CHECK-NEXT:        0      4     4  float                    before
// CHECK-NEXT:        8     24     8  Inner_t                  inner
// CHECK-NEXT:        8      4     4  float                      start
// CHECK-NEXT:       16      8     8  double                     lorg
// CHECK-NEXT:       24      4     2  uint16_t[2]                u  (stride 2)
// CHECK-NEXT:       24      2     2  uint16_t                     [0]
// CHECK-NEXT:       26      2     2  uint16_t                     [1]
// CHECK-NEXT:       32      4     4  float                    after

// JSON:      "size": 40,
// JSON:      "padding": [
// JSON-NEXT:   {
// JSON-NEXT:     "offset": 4,
// JSON-NEXT:     "size": 4,
// JSON-NEXT:     "reason": "struct_start"
// JSON-NEXT:   },
// JSON-NEXT:   {
// JSON-NEXT:     "offset": 12,
// JSON-NEXT:     "size": 4,
// JSON-NEXT:     "reason": "alignment"
// JSON-NEXT:   },
// JSON-NEXT:   {
// JSON-NEXT:     "offset": 28,
// JSON-NEXT:     "size": 4,
// JSON-NEXT:     "reason": "tail"
// JSON-NEXT:   },
// JSON-NEXT:   {
// JSON-NEXT:     "offset": 36,
// JSON-NEXT:     "size": 4,
// JSON-NEXT:     "reason": "tail"
// JSON-NEXT:   }
// JSON-NEXT: ]
