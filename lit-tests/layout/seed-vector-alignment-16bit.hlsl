// Seed 000, rules 1 and 1a with native 16-bit types.
// RUN: %cblower layout --enable-16bit-types %s | FileCheck %s
// RUN: %cblower layout --enable-16bit-types --rules clang-22 %s | FileCheck %s --check-prefix=CLANG
// RUN: not %cblower layout %s 2>&1 | FileCheck %s --check-prefix=NO16

cbuffer ExampleVectorAlignment { float f1; float3 vec; uint3 other_vec; float f2; float16_t smol; int2 intvec; };

// CHECK: cbuffer ExampleVectorAlignment  [rules: cbuffer, size: 44 bytes]
// CHECK-NEXT: offset
// CHECK-NEXT:   0      4     4  float                    f1
// CHECK-NEXT:   4     12     4  float3                   vec
// CHECK-NEXT:  16     12     4  uint3                    other_vec
// CHECK-NEXT:  28      4     4  float                    f2
// CHECK-NEXT:  32      2     2  float16_t                smol
// CHECK-NEXT:  36      8     4  int2                     intvec

// CLANG: [rules: clang-22, size: 48 bytes]
// CLANG: 40      8     8  int2                     intvec

// NO16: error: {{.*}}float16_t
// NO16: help: pass --enable-16bit-types
