// Seed 000, rule 2: normal would cross c0/c1 at 12, so it starts c1; index
// packs right behind it (float3 is not 16-aligned); double4 already starts c2
// and spans two rows. Size 64.
// RUN: %cblower layout --color never %s | FileCheck %s
// RUN: %cblower layout --format json %s | FileCheck %s --check-prefix=JSON

cbuffer ExampleBufferRows { float3 position; float3 normal; uint index; double4 d; };

// CHECK:      cbuffer ExampleBufferRows  [rules: cbuffer, size: 64 bytes]
// CHECK-NEXT:   offset   size align  type                     name
// CHECK-NEXT:        0     12     4  float3                   position
// CHECK-NEXT:       16     12     4  float3                   normal
// CHECK-NEXT:       28      4     4  uint                     index
// CHECK-NEXT:       32     32     8  double4                  d
// CHECK-EMPTY:
// CHECK-NEXT:         0  1  2  3  4  5  6  7  8  9  10 11 12 13 14 15
// CHECK-NEXT:   c0   |position                           |pad: row bo|
// CHECK-NEXT:   c1   |normal                             |index      |
// CHECK-NEXT:   c2   |d                                              |
// CHECK-NEXT:   c3   |d                                              |

// JSON:      "size": 64,
// JSON:      "padding": [
// JSON-NEXT:   {
// JSON-NEXT:     "offset": 12,
// JSON-NEXT:     "size": 4,
// JSON-NEXT:     "reason": "row_boundary"
// JSON-NEXT:   }
// JSON-NEXT: ]
