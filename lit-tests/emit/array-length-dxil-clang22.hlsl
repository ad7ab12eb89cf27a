// Array lengths of 2^32 elements and more on DXIL under --rules clang-22.
// clang-22 accepts an array up to 2^61 bytes there (its `size_t` bits, at
// most 61), but its buffer layout reads the length as a 32-bit number:
// 2^32 + 1 elements lay out as [1 x float], 2^32 as none (the member is
// dropped, like `float z[0]`). From 2^61 bytes it is "array is too large
// (N elements)". --rules clang-22 does the same; every CHECK line holds for
// clang-22 (the SPIR-V limit is in array-too-large-spirv.hlsl).
// RUN: %cblower emit-llvm --rules clang-22 %s | %opt-22 -S -passes=verify | FileCheck %s
// RUN: %clang-22 -cc1 -triple dxil-pc-shadermodel6.6-library -emit-llvm -disable-llvm-passes -o - %s | FileCheck %s
// RUN: rm -f %t.ll
// RUN: not %cblower emit-llvm --color never --rules clang-22 -D HUGE %s -o %t.ll 2>&1 | FileCheck %s --check-prefixes=HUGE,HUGE-CB
// RUN: not test -e %t.ll
// RUN: not %clang-22 -cc1 -triple dxil-pc-shadermodel6.6-library -emit-llvm -disable-llvm-passes -D HUGE -o - %s 2>&1 | FileCheck %s --check-prefixes=HUGE,HUGE-CLANG

struct S { float x; };
#ifdef HUGE
cbuffer CB { float a[576460752303423488]; };
#else
cbuffer CB { float a[4294967297]; float b; S none[4294967296]; float c; S s[8589934594]; };
#endif

// CHECK:      %__cblayout_CB = type <{ [1 x float], float, float, target("dx.Padding", 4), <{ [1 x <{ %S, target("dx.Padding", 12) }>], %S }> }>
// CHECK:      @a = external hidden addrspace(2) global [1 x float], align 4
// CHECK-NEXT: @b = external hidden addrspace(2) global float, align 4
// CHECK-NEXT: @c = external hidden addrspace(2) global float, align 4
// CHECK-NEXT: @s = external hidden addrspace(2) global <{ [1 x <{ %S, target("dx.Padding", 12) }>], %S }>, align 1

// HUGE-CLANG: array-length-dxil-clang22.hlsl:17:22:
// HUGE:       error: array is too large (576'460'752'303'423'488 elements)
// HUGE-CB-NEXT: --> {{.*}}array-length-dxil-clang22.hlsl:17:22
// HUGE-CB:    = help: clang-22 refuses an array of 2^61 bytes or more for this target (the bits of its `size_t`); give it fewer elements
