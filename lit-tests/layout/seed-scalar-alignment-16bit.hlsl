// Seed 000, rule 1 (self-alignment) with native 16-bit types: smol 0..2,
// f1 at 4 (2 bytes of padding), f2 8, lorg at 16 (not 12: 8-aligned),
// four_bytes 24; size 28.
// RUN: %cblower layout --color never --enable-16bit-types %s | FileCheck %s
// RUN: %cblower layout --format json --enable-16bit-types %s | FileCheck %s --check-prefix=JSON

cbuffer ExampleScalarAlignment { uint16_t smol; float f1; float f2; double lorg; bool four_bytes; };

// CHECK:      cbuffer ExampleScalarAlignment  [rules: cbuffer, size: 28 bytes]
// CHECK-NEXT:   offset   size align  type                     name
// CHECK-NEXT:        0      2     2  uint16_t                 smol
// CHECK-NEXT:        4      4     4  float                    f1
// CHECK-NEXT:        8      4     4  float                    f2
// CHECK-NEXT:       16      8     8  double                   lorg
// CHECK-NEXT:       24      4     4  bool                     four_bytes
// CHECK-EMPTY:
// CHECK-NEXT:         0  1  2  3  4  5  6  7  8  9  10 11 12 13 14 15
// CHECK-NEXT:   c0   |smol |pad: |f1         |f2         |pad: alignm|
// CHECK-NEXT:   c1   |lorg                   |four_bytes |           |

// JSON:      "size": 28,
// JSON:      "name": "lorg",
// JSON-NEXT: "type": "double",
// JSON-NEXT: "offset": 16,
// JSON-NEXT: "size": 8,
// JSON-NEXT: "align": 8
// JSON:      "padding": [
// JSON-NEXT:   {
// JSON-NEXT:     "offset": 2,
// JSON-NEXT:     "size": 2,
// JSON-NEXT:     "reason": "alignment"
// JSON-NEXT:   },
// JSON-NEXT:   {
// JSON-NEXT:     "offset": 12,
// JSON-NEXT:     "size": 4,
// JSON-NEXT:     "reason": "alignment"
// JSON-NEXT:   }
// JSON-NEXT: ]
