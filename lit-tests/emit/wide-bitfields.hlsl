// Bitfields wider than their type (issue #15). clang-22 accepts them with a
// -Wbitfield-width warning for a named, non-`bool` one; each is still a
// member of its declared type, but the struct that declares it directly is
// over-aligned (the `align` of its member globals): 4 for a width of 32 to
// 63 bits, 8 from 64 bits (HLSL records are packed, and Clang raises the
// record's alignment to that of the integer type the width fills without
// the packing). A struct holding such a struct keeps alignment 1; an array
// takes its element's. The CLANG lines are checked against clang-22 itself,
// on DXIL and SPIR-V. DXC refuses these widths (wide-bitfields-errors.hlsl).
// RUN: %cblower emit-llvm --rules clang-22 -D T64=uint64_t %s 2>%t.cb.err | %opt-22 -S -passes=verify | FileCheck %s --check-prefix=CLANG
// RUN: FileCheck %s --check-prefixes=WARN,WARN-CB --input-file %t.cb.err
// RUN: %clang-22 -cc1 -triple dxil-pc-shadermodel6.6-library -emit-llvm -disable-llvm-passes -D "T64=unsigned long" -o - %s 2>%t.clang.err | FileCheck %s --check-prefix=CLANG
// RUN: FileCheck %s --check-prefixes=WARN,WARN-CLANG --input-file %t.clang.err
// RUN: %cblower emit-llvm --rules clang-22 --target spirv -D T64=uint64_t %s 2>%t.cb.err | %opt-22 -S -passes=verify | FileCheck %s --check-prefix=CLANG
// RUN: FileCheck %s --check-prefixes=WARN,WARN-CB --input-file %t.cb.err
// RUN: %clang-22 -cc1 -triple spirv-unknown-vulkan1.3-library -emit-llvm -disable-llvm-passes -D "T64=unsigned long" -o - %s 2>%t.clang.err | FileCheck %s --check-prefix=CLANG
// RUN: FileCheck %s --check-prefixes=WARN,WARN-CLANG --input-file %t.clang.err

typedef unsigned int uint;
struct S { uint a : 33; float b; };
struct T { bool c : 40; uint d : 3; };
struct U { int e : 64; uint f : 2; float g; };
struct V { float x; uint h : 3; uint i : 1000; };
struct W { int : 63; };
struct X { T64 j : 65; float k; };
struct Y { T64 l : 64; uint m : 63; };
struct Z { uint n : 4294967295; };
struct N { float o; S s; };
cbuffer CB { S s; T t; U u; V v; W w; X x; Y y; Z z; N n; S arr[2]; };
S gs;
N gn;

// CLANG:      %__cblayout_CB = type <{ %S, target("{{dx|spirv}}.Padding", 8), %T, target("{{dx|spirv}}.Padding", 8), %U, target("{{dx|spirv}}.Padding", 4), %V, target("{{dx|spirv}}.Padding", 4), %W, target("{{dx|spirv}}.Padding", 12), %X, target("{{dx|spirv}}.Padding", 4), %Y, target("{{dx|spirv}}.Padding", 4), %Z, target("{{dx|spirv}}.Padding", 12), %N, target("{{dx|spirv}}.Padding", 8), <{ [1 x <{ %S, target("{{dx|spirv}}.Padding", 8) }>], %S }> }>
// CLANG-NEXT: %S = type <{ i32, float }>
// CLANG-NEXT: %T = type <{ i32, i32 }>
// CLANG-NEXT: %U = type <{ i32, i32, float }>
// CLANG-NEXT: %V = type <{ float, i32, i32 }>
// CLANG-NEXT: %W = type <{ i32 }>
// CLANG-NEXT: %X = type <{ i64, float }>
// CLANG-NEXT: %Y = type <{ i64, i32 }>
// CLANG-NEXT: %Z = type <{ i32 }>
// CLANG-NEXT: %N = type <{ float, target("{{dx|spirv}}.Padding", 12), %S }>
// CLANG-NEXT: %"__cblayout_$Globals" = type <{ %S, target("{{dx|spirv}}.Padding", 8), %N }>
// CLANG:      @s = external hidden addrspace({{2|12}}) global %S, align 4
// CLANG-NEXT: @t = external hidden addrspace({{2|12}}) global %T, align 4
// CLANG-NEXT: @u = external hidden addrspace({{2|12}}) global %U, align 8
// CLANG-NEXT: @v = external hidden addrspace({{2|12}}) global %V, align 8
// CLANG-NEXT: @w = external hidden addrspace({{2|12}}) global %W, align 4
// CLANG-NEXT: @x = external hidden addrspace({{2|12}}) global %X, align 8
// CLANG-NEXT: @y = external hidden addrspace({{2|12}}) global %Y, align 4
// CLANG-NEXT: @z = external hidden addrspace({{2|12}}) global %Z, align 8
// CLANG-NEXT: @n = external hidden addrspace({{2|12}}) global %N, align 1
// CLANG-NEXT: @arr = external hidden addrspace({{2|12}}) global <{ [1 x <{ %S, target("{{dx|spirv}}.Padding", 8) }>], %S }>, align 4
// CLANG:      @gs = external hidden addrspace({{2|12}}) global %S, align 4
// CLANG-NEXT: @gn = external hidden addrspace({{2|12}}) global %N, align 1

// WARN-CLANG: wide-bitfields.hlsl:20:17:
// WARN:       warning: width of bit-field 'a' (33 bits) exceeds the width of its type; value will be truncated to 32 bits
// WARN-CB-NEXT: --> {{.*}}wide-bitfields.hlsl:20:17
// A `bool` one has no warning.
// WARN-NOT:   'c'
// WARN-CLANG: wide-bitfields.hlsl:22:16:
// WARN:       warning: width of bit-field 'e' (64 bits) exceeds the width of its type; value will be truncated to 32 bits
// WARN-CB-NEXT: --> {{.*}}wide-bitfields.hlsl:22:16
// WARN-CLANG: wide-bitfields.hlsl:23:38:
// WARN:       warning: width of bit-field 'i' (1'000 bits) exceeds the width of its type; value will be truncated to 32 bits
// WARN-CB-NEXT: --> {{.*}}wide-bitfields.hlsl:23:38
// WARN-CLANG: wide-bitfields.hlsl:25:16:
// WARN:       warning: width of bit-field 'j' (65 bits) exceeds the width of its type; value will be truncated to 64 bits
// WARN-CB-NEXT: --> {{.*}}wide-bitfields.hlsl:25:16
// WARN-CLANG: wide-bitfields.hlsl:26:29:
// WARN:       warning: width of bit-field 'm' (63 bits) exceeds the width of its type; value will be truncated to 32 bits
// WARN-CB-NEXT: --> {{.*}}wide-bitfields.hlsl:26:29
// WARN-CLANG: wide-bitfields.hlsl:27:17:
// WARN:       warning: width of bit-field 'n' (4'294'967'295 bits) exceeds the width of its type; value will be truncated to 32 bits
// WARN-CB-NEXT: --> {{.*}}wide-bitfields.hlsl:27:17
// WARN-NOT:   warning: width
// WARN-CLANG: 6 warnings generated.
