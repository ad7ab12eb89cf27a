// Bitfield widths that are refused, with the place and a fix, a non-zero
// exit and no output file:
// * in the default mode, any width over the type's bits, in DXC's words
//   (named and anonymous; clang-22 accepts these, wide-bitfields.hlsl);
// * under --rules clang-22, a width of 2^61 bits or more on DXIL, in
//   clang-22's words (checked against clang-22 itself; from 2^32 bits on
//   SPIR-V, wide-bitfields-truncated.hlsl), and in a SPIR-V push-constant
//   struct a bitfield whose storage clang-22 makes an integer wider than
//   LLVM's widest (8388608 bits; LLVM cannot read such IR back);
// * a negative width in both modes, in both compilers' words, written as an
//   expression or as a literal with a unary operator (`: -1`, `: ~0`).
// Anonymous bitfields are reported at their `:`, as clang does.
// RUN: rm -f %t.ll
// RUN: not %cblower emit-llvm --color never -D NAMED %s -o %t.ll 2>&1 | FileCheck %s --check-prefix=NAMED
// RUN: not %cblower emit-llvm --color never --target spirv -D ANON %s -o %t.ll 2>&1 | FileCheck %s --check-prefix=ANON
// RUN: not %cblower layout --color never -D ANON %s 2>&1 | FileCheck %s --check-prefix=ANON
// RUN: not %cblower emit-llvm --color never --rules clang-22 -D HUGE %s -o %t.ll 2>&1 | FileCheck %s --check-prefixes=HUGE,HUGE-CB
// RUN: not %clang-22 -cc1 -triple dxil-pc-shadermodel6.6-library -emit-llvm -disable-llvm-passes -D HUGE -o - %s 2>&1 | FileCheck %s --check-prefixes=HUGE,HUGE-CLANG
// RUN: not %cblower emit-llvm --color never --rules clang-22 -D NEGATIVE %s -o %t.ll 2>&1 | FileCheck %s --check-prefixes=NEGATIVE,NEGATIVE-CB
// RUN: not %cblower emit-llvm --color never -D NEGATIVE %s -o %t.ll 2>&1 | FileCheck %s --check-prefixes=NEGATIVE,NEGATIVE-CB
// RUN: not %clang-22 -cc1 -triple dxil-pc-shadermodel6.6-library -emit-llvm -disable-llvm-passes -D NEGATIVE -o - %s 2>&1 | FileCheck %s --check-prefixes=NEGATIVE,NEGATIVE-CLANG
// RUN: not %cblower emit-llvm --color never -D NEGLIT %s -o %t.ll 2>&1 | FileCheck %s --check-prefixes=NEGLIT,NEGLIT-CB
// RUN: not %cblower emit-llvm --color never --rules clang-22 --target spirv -D NEGLIT %s -o %t.ll 2>&1 | FileCheck %s --check-prefixes=NEGLIT,NEGLIT-CB
// RUN: not %clang-22 -cc1 -triple dxil-pc-shadermodel6.6-library -emit-llvm -disable-llvm-passes -D NEGLIT -o - %s 2>&1 | FileCheck %s --check-prefixes=NEGLIT,NEGLIT-CLANG
// RUN: not %cblower emit-llvm --color never --rules clang-22 -D ANONHUGE %s -o %t.ll 2>&1 | FileCheck %s --check-prefixes=ANONHUGE,ANONHUGE-CB
// RUN: not %clang-22 -cc1 -triple dxil-pc-shadermodel6.6-library -emit-llvm -disable-llvm-passes -D ANONHUGE -o - %s 2>&1 | FileCheck %s --check-prefixes=ANONHUGE,ANONHUGE-CLANG
// RUN: not %cblower emit-llvm --color never --rules clang-22 --target spirv -D PUSH %s -o %t.ll 2>&1 | FileCheck %s --check-prefix=PUSH
// RUN: not test -e %t.ll

#ifdef NAMED
struct S { unsigned int a : 33; float f; };
#endif
#ifdef ANON
struct S { float f; int : 40; };
#endif
#ifdef HUGE
struct S { unsigned int a : 2305843009213693952; };
#endif
#ifdef NEGATIVE
struct S { unsigned int a : (0 - 1); };
#endif
#ifdef NEGLIT
struct S { float f; unsigned int : -2; unsigned int a : ~0; };
#endif
#ifdef ANONHUGE
struct S { unsigned int : 2305843009213693952; };
#endif
#ifdef PUSH
struct S { float f; };
struct P { unsigned int x : 3; unsigned int a : 10000000; };
[[vk::push_constant]] P p;
#endif
cbuffer CB { S s; };

// NAMED:      error: size of bit-field 'a' (33 bits) exceeds size of its type (32 bits)
// NAMED-NEXT: --> {{.*}}wide-bitfields-errors.hlsl:31:25
// NAMED:      = help: a `uint` bitfield holds at most 32 bits; give it a width from 0 to 32 (clang-22 accepts more: `--rules clang-22`)

// ANON:      error: size of anonymous bit-field (40 bits) exceeds size of its type (32 bits)
// ANON-NEXT: --> {{.*}}wide-bitfields-errors.hlsl:34:21
// ANON:      = help: a `int` bitfield holds at most 32 bits

// HUGE-CLANG: wide-bitfields-errors.hlsl:37:25:
// HUGE:       error: bit-field 'a' is too wide (2305843009213693952 bits)
// HUGE-CB-NEXT: --> {{.*}}wide-bitfields-errors.hlsl:37:25
// HUGE-CB:    = help: give it a width from 0 to 32 (clang-22 refuses 2^61 bits or more for this target)

// NEGATIVE-CLANG: wide-bitfields-errors.hlsl:40:25:
// NEGATIVE:       error: bit-field 'a' has negative width (-1)
// NEGATIVE-CB-NEXT: --> {{.*}}wide-bitfields-errors.hlsl:40:25
// NEGATIVE-CB:    = help: give it a width from 0 to 32

// NEGLIT-CLANG: wide-bitfields-errors.hlsl:43:34:
// NEGLIT:       error: anonymous bit-field has negative width (-2)
// NEGLIT-CB-NEXT: --> {{.*}}wide-bitfields-errors.hlsl:43:34
// NEGLIT-CB:    = help: give it a width from 0 to 32
// NEGLIT-CLANG: wide-bitfields-errors.hlsl:43:53: error: bit-field 'a' has negative width (-1)

// ANONHUGE-CLANG: wide-bitfields-errors.hlsl:46:25:
// ANONHUGE:       error: anonymous bit-field is too wide (2305843009213693952 bits)
// ANONHUGE-CB-NEXT: --> {{.*}}wide-bitfields-errors.hlsl:46:25

// PUSH:      warning: width of bit-field 'a' (10'000'000 bits) exceeds the width of its type; value will be truncated to 32 bits
// PUSH:      error: push-constant block `p`: clang-22 stores a run of its bitfields in an i10000000, wider than LLVM's widest integer (8388608 bits), so its IR cannot be read back
// PUSH:      = help: give the bitfield fewer bits
