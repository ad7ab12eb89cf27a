// Bitfield widths of 2^32 bits and more under --rules clang-22 (issue #15).
// On DXIL clang-22 accepts them up to 2^61 - 1 with its -Wbitfield-width
// warning, but its record layout reads the width as a 32-bit number: only
// the low 32 bits decide how the declaring struct is aligned (the `align`
// of its member globals). Low bits 0 (2^32, 2^60) make a zero-width field,
// which packing does not reach: the struct takes the field type's alignment
// if the field is named (4 for uint and bool, 2 for uint16_t, 8 for
// uint64_t) and stays 1 if it is anonymous; low bits up to the type's width
// change nothing (1); low bits over it are an over-wide field (4 for 33 to
// 63, 8 from 64). Members and units do not change: the declared width
// still fills its unit. A base's alignment reaches the derived struct, a
// member's does not. On SPIR-V (32-bit size_t) clang-22 refuses any width
// from 2^32 bits as too wide. Every CHECK line holds for clang-22 itself.
// RUN: %cblower emit-llvm --rules clang-22 --enable-16bit-types -D U16=uint16_t -D U64=uint64_t %s 2>%t.cb.err | %opt-22 -S -passes=verify | FileCheck %s
// RUN: FileCheck %s --check-prefixes=WARN,WARN-CB --input-file %t.cb.err
// RUN: %clang-22 -cc1 -triple dxil-pc-shadermodel6.6-library -emit-llvm -disable-llvm-passes -fnative-int16-type -D "U16=unsigned short" -D "U64=unsigned long" -o - %s 2>%t.clang.err | FileCheck %s
// RUN: FileCheck %s --check-prefixes=WARN,WARN-CLANG --input-file %t.clang.err
// RUN: rm -f %t.ll
// RUN: not %cblower emit-llvm --color never --rules clang-22 --target spirv --enable-16bit-types -D U16=uint16_t -D U64=uint64_t %s -o %t.ll 2>&1 | FileCheck %s --check-prefixes=SPIRV,SPIRV-CB
// RUN: not test -e %t.ll
// RUN: not %clang-22 -cc1 -triple spirv-unknown-vulkan1.3-library -emit-llvm -disable-llvm-passes -fnative-int16-type -D "U16=unsigned short" -D "U64=unsigned long" -o - %s 2>&1 | FileCheck %s --check-prefixes=SPIRV,SPIRV-CLANG

typedef unsigned int uint;
struct A { uint a : 4294967296; float b; };
struct B { uint a : 4294967297; uint c : 3; float b; };
struct C { uint c : 3; uint a : 4294967336; };
struct D { float p; uint : 4294967296; uint c : 3; };
struct E { U16 a : 4294967296; float b; };
struct F { U64 a : 4294967296; float b; };
struct G { bool a : 0x1000000000000000; };
struct H { uint a : 4294967328; };
struct I : A { float q; };
struct J { A a; float r; };
cbuffer CB { A a; B b; C c; D d; E e; F f; G g; H h; I i; J j; };

// CHECK:      %__cblayout_CB = type <{ %A, target("dx.Padding", 8), %B, target("dx.Padding", 4), %C, target("dx.Padding", 8), %D, target("dx.Padding", 4), %E, target("dx.Padding", 8), %F, target("dx.Padding", 4), %G, target("dx.Padding", 12), %H, target("dx.Padding", 12), %I, target("dx.Padding", 4), %J }>
// CHECK-NEXT: %A = type <{ i32, float }>
// CHECK-NEXT: %B = type <{ i32, i32, float }>
// CHECK-NEXT: %C = type <{ i32, i32 }>
// CHECK-NEXT: %D = type <{ float, i32, i32 }>
// CHECK-NEXT: %E = type <{ i16, target("dx.Padding", 2), float }>
// CHECK-NEXT: %F = type <{ i64, float }>
// CHECK-NEXT: %G = type <{ i32 }>
// CHECK-NEXT: %H = type <{ i32 }>
// CHECK-NEXT: %I = type <{ i32, float, float }>
// CHECK-NEXT: %J = type <{ %A, float }>
// CHECK:      @a = external hidden addrspace(2) global %A, align 4
// CHECK-NEXT: @b = external hidden addrspace(2) global %B, align 1
// CHECK-NEXT: @c = external hidden addrspace(2) global %C, align 4
// CHECK-NEXT: @d = external hidden addrspace(2) global %D, align 1
// CHECK-NEXT: @e = external hidden addrspace(2) global %E, align 2
// CHECK-NEXT: @f = external hidden addrspace(2) global %F, align 8
// CHECK-NEXT: @g = external hidden addrspace(2) global %G, align 4
// CHECK-NEXT: @h = external hidden addrspace(2) global %H, align 1
// CHECK-NEXT: @i = external hidden addrspace(2) global %I, align 4
// CHECK-NEXT: @j = external hidden addrspace(2) global %J, align 1

// WARN-CLANG: wide-bitfields-truncated.hlsl:24:17:
// WARN:       warning: width of bit-field 'a' (4'294'967'296 bits) exceeds the width of its type; value will be truncated to 32 bits
// WARN-CB-NEXT: --> {{.*}}wide-bitfields-truncated.hlsl:24:17
// WARN-CLANG: wide-bitfields-truncated.hlsl:25:17:
// WARN:       warning: width of bit-field 'a' (4'294'967'297 bits) exceeds the width of its type; value will be truncated to 32 bits
// WARN-CB-NEXT: --> {{.*}}wide-bitfields-truncated.hlsl:25:17
// WARN-CLANG: wide-bitfields-truncated.hlsl:26:29:
// WARN:       warning: width of bit-field 'a' (4'294'967'336 bits) exceeds the width of its type; value will be truncated to 32 bits
// WARN-CB-NEXT: --> {{.*}}wide-bitfields-truncated.hlsl:26:29
// WARN-CLANG: wide-bitfields-truncated.hlsl:28:16:
// WARN:       warning: width of bit-field 'a' (4'294'967'296 bits) exceeds the width of its type; value will be truncated to 16 bits
// WARN-CB-NEXT: --> {{.*}}wide-bitfields-truncated.hlsl:28:16
// WARN-CLANG: wide-bitfields-truncated.hlsl:29:16:
// WARN:       warning: width of bit-field 'a' (4'294'967'296 bits) exceeds the width of its type; value will be truncated to 64 bits
// WARN-CB-NEXT: --> {{.*}}wide-bitfields-truncated.hlsl:29:16
// WARN-CLANG: wide-bitfields-truncated.hlsl:31:17:
// WARN:       warning: width of bit-field 'a' (4'294'967'328 bits) exceeds the width of its type; value will be truncated to 32 bits
// WARN-CB-NEXT: --> {{.*}}wide-bitfields-truncated.hlsl:31:17
// WARN-NOT:   warning: width
// WARN-CLANG: 6 warnings generated.

// SPIRV-CLANG: wide-bitfields-truncated.hlsl:24:17:
// SPIRV:       error: bit-field 'a' is too wide (4294967296 bits)
// SPIRV-CB-NEXT: --> {{.*}}wide-bitfields-truncated.hlsl:24:17
// SPIRV-CB:    = help: give it a width from 0 to 32 (clang-22 refuses 2^32 bits or more for this target)
