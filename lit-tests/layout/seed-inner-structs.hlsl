// Seed 000, rule 4: structs start a row and have no tail padding.
// RUN: %cblower layout %s | FileCheck %s
// RUN: %cblower layout --rules clang-22 --target spirv %s | FileCheck %s --check-prefix=SPIRV

cbuffer ExampleInnerStructs {
  float2 before;
  struct Inner_t { float start; double d; float end; } inner;
  float3 after;
};

// CHECK: cbuffer ExampleInnerStructs  [rules: cbuffer, size: 48 bytes]
// CHECK:        16     20    16  Inner_t                  inner
// CHECK-NEXT:   16      4     4  float                      start
// CHECK-NEXT:   24      8     8  double                     d
// CHECK-NEXT:   32      4     4  float                      end
// CHECK-NEXT:   36     12     4  float3                   after
// CHECK:   c1   |inner.start|pad: alignm|inner.d                |
// CHECK:   c2   |inner.end  |after                              |

// clang-22 on SPIR-V aligns float3 like float4.
// SPIRV: cbuffer ExampleInnerStructs  [rules: clang-22, size: 60 bytes]
// SPIRV: 48     12    16  float3                   after
