// Structs that declare nothing but `: 0` bitfields (issue #15). For
// clang-22 such a struct is an empty class, and a buffer drops it, unless a
// base makes it non-empty: then each `: 0` is a member of its declared type
// (an i32), after the base's members. A base counts when it declares
// anything but `: 0`s, even a member of an empty struct (E2), which itself
// has no data and is filtered out. --rules clang-22 reproduces that (the
// RUN lines compare with clang-22 itself on both targets); the default
// mode gives a `: 0` no bytes, as DXC does. In a SPIR-V push-constant
// struct the same `: 0` moves the end of the record (see
// vk-push-constant-wide-bitfields.hlsl and the push-constant differential).
// RUN: %cblower emit-llvm %s | %opt-22 -S -passes=verify | FileCheck %s --check-prefix=DXC
// RUN: %cblower emit-llvm --rules clang-22 %s | %opt-22 -S -passes=verify | FileCheck %s --check-prefix=CLANG
// RUN: %clang-22 -cc1 -triple dxil-pc-shadermodel6.6-library -emit-llvm -disable-llvm-passes -o - %s | FileCheck %s --check-prefix=CLANG
// RUN: %cblower emit-llvm --rules clang-22 --target spirv %s | %opt-22 -S -passes=verify | FileCheck %s --check-prefix=CLANG
// RUN: %clang-22 -cc1 -triple spirv-unknown-vulkan1.3-library -emit-llvm -disable-llvm-passes -o - %s | FileCheck %s --check-prefix=CLANG

typedef unsigned int uint;
struct E {};
struct S { float f; };
struct T : S { int : 0; };
struct Empty : E { int : 0; };
struct T3 : T { uint : 0; int : 0; };
struct E2 { E e; };
struct T4 : E2 { int : 0; };
cbuffer CB { T t; Empty empty; T3 t3; T4 t4; float h; };

// DXC:      %__cblayout_CB = type <{ %T, target("dx.Padding", 12), %T3, float }>
// DXC-NEXT: %T = type <{ float }>
// DXC-NEXT: %T3 = type <{ float }>

// CLANG:      %__cblayout_CB = type <{ %T, target("{{dx|spirv}}.Padding", 8), %T3, %__cblayout_T4, float }>
// CLANG-NEXT: %T = type <{ float, i32 }>
// CLANG-NEXT: %T3 = type <{ float, i32, i32, i32 }>
// CLANG-NEXT: %__cblayout_T4 = type <{ i32 }>
// CLANG:      @t = external hidden addrspace({{2|12}}) global %T, align 1
// CLANG-NEXT: @t3 = external hidden addrspace({{2|12}}) global %T3, align 1
// CLANG-NEXT: @t4 = external hidden addrspace({{2|12}}) global %__cblayout_T4, align 1
// CLANG-NEXT: @h = external hidden addrspace({{2|12}}) global float, align 4
