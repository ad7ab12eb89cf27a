// --rules scalar: Vulkan's scalar block layout: everything aligns to its
// component, arrays are tight; here the same offsets as structured.
// RUN: %cblower layout --color never --rules scalar %s | FileCheck %s
// RUN: %cblower layout --format json --rules scalar %s | FileCheck %s --check-prefix=JSON

struct P { float x; };
cbuffer R { float a; float3 b; float c; float arr[2]; float2 v2; P s; float last; };

// CHECK:      cbuffer R  [rules: scalar, size: 44 bytes]
// CHECK-NEXT:   offset   size align  type                     name
// CHECK-NEXT:        0      4     4  float                    a
// CHECK-NEXT:        4     12     4  float3                   b
// CHECK-NEXT:       16      4     4  float                    c
// CHECK-NEXT:       20      8     4  float[2]                 arr  (stride 4)
// CHECK-NEXT:       20      4     4  float                      [0]
// CHECK-NEXT:       24      4     4  float                      [1]
// CHECK-NEXT:       28      8     4  float2                   v2
// CHECK-NEXT:       36      4     4  P                        s
// CHECK-NEXT:       36      4     4  float                      x
// CHECK-NEXT:       40      4     4  float                    last

// JSON:      "name": "R",
// JSON:      "rules": "scalar",
// JSON-NEXT: "size": 44,
// JSON:      "name": "b",
// JSON-NEXT: "type": "float3",
// JSON-NEXT: "offset": 4,
// JSON-NEXT: "size": 12,
// JSON-NEXT: "align": 4
