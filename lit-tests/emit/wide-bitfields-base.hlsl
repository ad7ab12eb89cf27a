// A bitfield wider than its type over-aligns clang-22's struct that
// declares it (wide-bitfields.hlsl), and every struct derived from that
// one, through any number of bases: the derived struct's member globals are
// `align 4` (32 to 63 bits) or `align 8` (64 bits and more). A struct that
// holds such a struct as a field stays `align 1`, and so does a struct
// derived from that holder. Found by the clang-22 differential (issue #15);
// the CLANG lines are checked against clang-22 itself, on DXIL and SPIR-V.
// RUN: %cblower emit-llvm --rules clang-22 %s 2>/dev/null | %opt-22 -S -passes=verify | FileCheck %s --check-prefix=CLANG
// RUN: %clang-22 -cc1 -triple dxil-pc-shadermodel6.6-library -emit-llvm -disable-llvm-passes -o - %s 2>/dev/null | FileCheck %s --check-prefix=CLANG
// RUN: %cblower emit-llvm --rules clang-22 --target spirv %s 2>/dev/null | %opt-22 -S -passes=verify | FileCheck %s --check-prefix=CLANG
// RUN: %clang-22 -cc1 -triple spirv-unknown-vulkan1.3-library -emit-llvm -disable-llvm-passes -o - %s 2>/dev/null | FileCheck %s --check-prefix=CLANG

typedef unsigned int uint;
struct A { uint a : 33; float x; };
struct B : A { float f; };
struct C : B { int g; };
struct W { int : 64; };
struct X : W { float h; };
struct D { float h; A a; };
struct E : D { float i; };
cbuffer CB { B b; C c; X x; D d; E e; C arr[2]; };

// CLANG:      @b = external hidden addrspace({{2|12}}) global %B, align 4
// CLANG-NEXT: @c = external hidden addrspace({{2|12}}) global %C, align 4
// CLANG-NEXT: @x = external hidden addrspace({{2|12}}) global %X, align 8
// CLANG-NEXT: @d = external hidden addrspace({{2|12}}) global %D, align 1
// CLANG-NEXT: @e = external hidden addrspace({{2|12}}) global %E, align 1
// CLANG-NEXT: @arr = external hidden addrspace({{2|12}}) global [2 x %C], align 4
