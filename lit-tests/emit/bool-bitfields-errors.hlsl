// `bool` bitfields that clang-22 or DXC refuse are refused, with the place
// and a fix, a non-zero exit and no output file: a named zero-width one
// (both compilers: "named bit-field has zero width"), a width over 32 in the
// default mode (DXC refuses a bitfield wider than its type; clang-22 accepts
// it, emit/wide-bitfields.hlsl), a vector type, and a bitfield directly in
// a cbuffer (clang-22 cannot parse it; DXC wants a struct).
// RUN: rm -f %t.ll
// RUN: not %cblower emit-llvm --color never -D NAMED %s -o %t.ll 2>&1 | FileCheck %s --check-prefix=NAMED
// RUN: not %cblower emit-llvm --color never --rules clang-22 -D NAMED %s -o %t.ll 2>&1 | FileCheck %s --check-prefix=NAMED
// RUN: not %cblower emit-llvm --color never --target spirv -D WIDE %s -o %t.ll 2>&1 | FileCheck %s --check-prefix=WIDE
// RUN: not %cblower emit-llvm --color never -D VECTOR %s -o %t.ll 2>&1 | FileCheck %s --check-prefix=VECTOR
// RUN: not %cblower emit-llvm --color never -D DIRECT %s -o %t.ll 2>&1 | FileCheck %s --check-prefix=DIRECT
// RUN: not test -e %t.ll

#ifdef NAMED
struct S { bool a : 1; bool b : 0; float f; };
#endif
#ifdef WIDE
struct S { bool a : 33; float f; };
#endif
#ifdef VECTOR
struct S { bool2 a : 2; float f; };
#endif
#ifdef DIRECT
struct S { float f; };
cbuffer D { bool d : 1; };
#endif
cbuffer CB { S s; };

// NAMED:      error: named bitfield `b` has zero width
// NAMED-NEXT: --> {{.*}}bool-bitfields-errors.hlsl:16:29
// NAMED:      = help: remove the name (`bool : 0;`) to close the storage unit, or give `b` a width

// WIDE:      error: size of bit-field 'a' (33 bits) exceeds size of its type (32 bits)
// WIDE-NEXT: --> {{.*}}bool-bitfields-errors.hlsl:19:17
// WIDE:      = help: a `bool` bitfield holds at most 32 bits; give it a width from 0 to 32 (clang-22 accepts more: `--rules clang-22`)

// VECTOR:      error: bitfield `a` must have an integer or `bool` type, found `bool2`
// VECTOR-NEXT: --> {{.*}}bool-bitfields-errors.hlsl:22:18

// DIRECT:      error: bitfield `d` directly in cbuffer `D`
// DIRECT-NEXT: --> {{.*}}bool-bitfields-errors.hlsl:26:22
