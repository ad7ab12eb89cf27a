// --rules std140: float3 aligns to 16 but a scalar packs behind it; float2
// to 8; arrays and structs align to 16 with strides and sizes rounded to 16;
// the buffer is rounded like a struct (100 -> 112).
// RUN: %cblower layout --color never --rules std140 %s | FileCheck %s
// RUN: %cblower layout --format json --rules std140 %s | FileCheck %s --check-prefix=JSON

struct P { float x; };
cbuffer R { float a; float3 b; float c; float arr[2]; float2 v2; P s; float last; };

// CHECK:      cbuffer R  [rules: std140, size: 112 bytes]
// CHECK-NEXT:   offset   size align  type                     name
// CHECK-NEXT:        0      4     4  float                    a
// CHECK-NEXT:       16     12    16  float3                   b
// CHECK-NEXT:       28      4     4  float                    c
// CHECK-NEXT:       32     32    16  float[2]                 arr  (stride 16)
// CHECK-NEXT:       32      4     4  float                      [0]
// CHECK-NEXT:       48      4     4  float                      [1]
// CHECK-NEXT:       64      8     8  float2                   v2
// CHECK-NEXT:       80     16    16  P                        s
// CHECK-NEXT:       80      4     4  float                      x
// CHECK-NEXT:       96      4     4  float                    last

// JSON:      "name": "R",
// JSON:      "rules": "std140",
// JSON-NEXT: "size": 112,
// JSON:      "name": "s",
// JSON-NEXT: "type": "P",
// JSON-NEXT: "offset": 80,
// JSON-NEXT: "size": 16,
// JSON-NEXT: "align": 16
