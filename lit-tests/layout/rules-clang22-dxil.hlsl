// --rules clang-22 --target dxil: clang 22's placement with the DXIL data layout.
// Unlike DXC, <2 x float> is 8-aligned, so v2 goes to 56, not 52.
// RUN: %cblower layout --color never --rules clang-22 --target dxil %s | FileCheck %s
// RUN: %cblower layout --format json --rules clang-22 --target dxil %s | FileCheck %s --check-prefix=JSON

struct P { float x; };
cbuffer R { float a; float3 b; float c; float arr[2]; float2 v2; P s; float last; };

// CHECK:      cbuffer R  [rules: clang-22, size: 72 bytes]
// CHECK-NEXT:   offset   size align  type                     name
// CHECK-NEXT:        0      4     4  float                    a
// CHECK-NEXT:        4     12     4  float3                   b
// CHECK-NEXT:       16      4     4  float                    c
// CHECK-NEXT:       32     20    16  float[2]                 arr  (stride 16)
// CHECK-NEXT:       32      4     4  float                      [0]
// CHECK-NEXT:       48      4     4  float                      [1]
// CHECK-NEXT:       56      8     8  float2                   v2
// CHECK-NEXT:       64      4    16  P                        s
// CHECK-NEXT:       64      4     4  float                      x
// CHECK-NEXT:       68      4     4  float                    last

// JSON:      "name": "R",
// JSON:      "rules": "clang-22",
// JSON-NEXT: "size": 72,
// JSON:      "name": "v2",
// JSON-NEXT: "type": "float2",
// JSON-NEXT: "offset": 56,
// JSON-NEXT: "size": 8,
// JSON-NEXT: "align": 8
