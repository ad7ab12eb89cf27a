// --rules std430: std140's vectors, but arrays and structs align to their
// elements (stride 4, P is 4 bytes); the buffer rounds to float3's 16: 56 -> 64.
// RUN: %cblower layout --color never --rules std430 %s | FileCheck %s
// RUN: %cblower layout --format json --rules std430 %s | FileCheck %s --check-prefix=JSON

struct P { float x; };
cbuffer R { float a; float3 b; float c; float arr[2]; float2 v2; P s; float last; };

// CHECK:      cbuffer R  [rules: std430, size: 64 bytes]
// CHECK-NEXT:   offset   size align  type                     name
// CHECK-NEXT:        0      4     4  float                    a
// CHECK-NEXT:       16     12    16  float3                   b
// CHECK-NEXT:       28      4     4  float                    c
// CHECK-NEXT:       32      8     4  float[2]                 arr  (stride 4)
// CHECK-NEXT:       32      4     4  float                      [0]
// CHECK-NEXT:       36      4     4  float                      [1]
// CHECK-NEXT:       40      8     8  float2                   v2
// CHECK-NEXT:       48      4     4  P                        s
// CHECK-NEXT:       48      4     4  float                      x
// CHECK-NEXT:       52      4     4  float                    last

// JSON:      "name": "R",
// JSON:      "rules": "std430",
// JSON-NEXT: "size": 64,
// JSON:      "name": "last",
// JSON-NEXT: "type": "float",
// JSON-NEXT: "offset": 52,
