// `layout --compare clang-22` lays the file out as clang-22 reads it, not
// as the reference rules' compiler does: here the `: 0` bitfields that
// clang-22 keeps as members after a non-empty base (DXC gives them no
// bytes) and clang-22's 32-bit reading of an array length (2^32 + 1
// elements are one). Both sides come from one command; see
// emit/bitfields-zero-width-only.hlsl and emit/array-length-dxil-clang22.hlsl
// for the IR, checked against clang-22.
// RUN: %cblower layout --compare clang-22 %s | FileCheck %s

struct S { float f; };
struct T : S { int : 0; };
cbuffer CB { T t; float h; };
cbuffer Big { float one[4294967297]; };

// CHECK:      cbuffer CB: cbuffer 8 bytes, clang-22 12 bytes
// CHECK:      t       T          0+4       0+8  clang-22: size 4 -> 8
// CHECK:      t.      int          -       4+4  cbuffer: not stored
// CHECK:      cbuffer Big: cbuffer 68719476740 bytes, clang-22 4 bytes
// CHECK-NEXT: member      type                     cbuffer  clang-22  why
// CHECK-NEXT: one         float[4294967297]  0+68719476740       0+4  clang-22: array stride 16 -> 4
