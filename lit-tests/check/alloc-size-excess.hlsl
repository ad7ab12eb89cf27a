// RUN: cd %S && %cblower check --rules clang-22 --target spirv alloc-size-excess.hlsl 2>&1 | FileCheck %s --strict-whitespace --match-full-lines
// clang-22 on SPIR-V: a 3-component vector takes 16 bytes in LLVM, more than
// clang laid out. Declaring it a 4-component vector removes the excess: on
// the warning when nothing moves, on a note (one edit per vector) otherwise.
struct One { float4 x; float3 dir; };
struct Two { float3 a; float b; float3 c; };
cbuffer Excess : register(b0) {
    One one;
    Two two;
    float k;
};

// CHECK:alloc-size-excess.hlsl:5:31: warning: 4 bytes of implicit padding at the end of struct 'One' after 'dir' (alloc size excess: clang-22's LLVM type stores each 3-component vector in 16 bytes, past the size it laid out) [-Wimplicit-padding]
// CHECK-NEXT:    5 | struct One { float4 x; float3 dir; };
// CHECK-NEXT:      |                               ^
// CHECK-NEXT:      |                        float4
// CHECK-NEXT:fix-it:"alloc-size-excess.hlsl":{5:24-5:30}:"float4"
// CHECK-NEXT:alloc-size-excess.hlsl:6:40: warning: 8 bytes of implicit padding at the end of struct 'Two' after 'c' (alloc size excess: clang-22's LLVM type stores each 3-component vector in 16 bytes, past the size it laid out) [-Wimplicit-padding]
// CHECK-NEXT:    6 | struct Two { float3 a; float b; float3 c; };
// CHECK-NEXT:      |                                        ^
// CHECK-NEXT:alloc-size-excess.hlsl:6:40: note: declaring 'a', 'c' with 4 components removes the padding but moves 'Excess.two.b' from offset 44 to 48, 'Excess.two.c' from 48 to 64, 'Excess.k' from 68 to 80; apply it only where whatever fills the buffer moves them too
// CHECK-NEXT:fix-it:"alloc-size-excess.hlsl":{6:14-6:20}:"float4"
// CHECK-NEXT:fix-it:"alloc-size-excess.hlsl":{6:33-6:39}:"float4"
// CHECK-NEXT:2 warnings generated.
