// Zero-sized top-level members (issue #15, DXC details): an empty struct, a
// struct holding only one, a struct of a zero-length array and a struct
// derived from an empty one store nothing. DXC's packer returns early for
// such a member, so it does not start a row: the next member packs right
// behind the previous stored one (b at 4, c at 8, not 16). clang-22 filters
// them too and gives the same offsets (checked against clang-22 itself).
// RUN: %cblower layout %s | FileCheck %s --check-prefix=LAYOUT
// RUN: %cblower emit-llvm --rules clang-22 %s | FileCheck %s --check-prefix=CLANG
// RUN: %clang-22 -cc1 -triple dxil-pc-shadermodel6.6-library -emit-llvm -disable-llvm-passes -o - %s | FileCheck %s --check-prefix=CLANG

struct E {};
struct S { E e; };
struct T { float q[0]; };
struct U : E { };
cbuffer CB { float a; S s; float b; T t; float c; U u; vector<float, 2> d; float e; }

// LAYOUT:      cbuffer CB  [rules: cbuffer, size: 28 bytes]
// LAYOUT:        0      4     4  float  a
// LAYOUT-NEXT:   4      4     4  float  b
// LAYOUT-NEXT:   8      4     4  float  c
// LAYOUT-NEXT:  16      8     4  float2 d
// LAYOUT-NEXT:  24      4     4  float  e

// CLANG: %__cblayout_CB = type <{ float, float, float, target("dx.Padding", 4), <2 x float>, float }>
