// --rules clang-22 --target spirv: clang 22's placement with the SPIR-V data layout:
// as DXIL, and <3 x float> is 16-aligned, so b goes to 16 and c to 28.
// RUN: %cblower layout --color never --rules clang-22 --target spirv %s | FileCheck %s
// RUN: %cblower layout --format json --rules clang-22 --target spirv %s | FileCheck %s --check-prefix=JSON

struct P { float x; };
cbuffer R { float a; float3 b; float c; float arr[2]; float2 v2; P s; float last; };

// CHECK:      cbuffer R  [rules: clang-22, size: 72 bytes]
// CHECK-NEXT:   offset   size align  type                     name
// CHECK-NEXT:        0      4     4  float                    a
// CHECK-NEXT:       16     12    16  float3                   b
// CHECK-NEXT:       28      4     4  float                    c
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
// JSON:      "name": "b",
// JSON-NEXT: "type": "float3",
// JSON-NEXT: "offset": 16,
// JSON-NEXT: "size": 12,
// JSON-NEXT: "align": 16
