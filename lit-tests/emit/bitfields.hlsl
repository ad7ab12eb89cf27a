// HLSL 2021 bitfields per mode. The default mode packs them as DXC does:
// consecutive bitfields share a storage unit of their declared type while
// the bits fit, `: 0` closes the unit. clang-22 does not pack bitfields at
// all: every declaration is a member of its declared type, unnamed and
// zero-width ones included, so --rules clang-22 emits the struct clang-22
// emits (S below is clang-22's own output, with -fnative-half-type
// -fnative-int16-type), and `layout --rules clang-22` shows those members.
// RUN: %cblower emit-llvm --enable-16bit-types %s | %opt-22 -S -passes=verify | FileCheck %s --check-prefix=DXC
// RUN: %cblower emit-llvm --enable-16bit-types --rules clang-22 %s | %opt-22 -S -passes=verify | FileCheck %s --check-prefix=CLANG
// RUN: %cblower emit-llvm --enable-16bit-types --rules clang-22 --target spirv %s | %opt-22 -S -passes=verify | FileCheck %s --check-prefix=CLANG-SPV
// RUN: %cblower layout --enable-16bit-types --rules clang-22 %s | FileCheck %s --check-prefix=LAYOUT

struct S { uint a : 4; uint b : 28; int c : 3; uint : 0; uint16_t d : 2; float f; };
struct T : S { uint z : 2; float w; };
cbuffer CB { S s; float g; T t; }

// DXC:      %__cblayout_CB = type <{ %S, float, target("dx.Padding", 12), %T }>
// DXC-NEXT: %S = type <{ i32, i32, i16, target("dx.Padding", 2), float }>
// DXC-NEXT: %T = type <{ i32, i32, i16, target("dx.Padding", 2), float, i32, float }>
// DXC:      !{!"S", i32 16, i32 0, i32 4, i32 8, i32 12}

// CLANG:      %__cblayout_CB = type <{ %S, float, target("dx.Padding", 4), %T }>
// CLANG-NEXT: %S = type <{ i32, i32, i32, i32, i16, target("dx.Padding", 2), float }>
// CLANG-NEXT: %T = type <{ i32, i32, i32, i32, i16, target("dx.Padding", 2), float, i32, float }>
// CLANG-SPV:  %S = type <{ i32, i32, i32, i32, i16, target("spirv.Padding", 2), float }>

// LAYOUT:      0     24    16  S                        s
// LAYOUT-NEXT: 0      4     4  uint                       a
// LAYOUT-NEXT: 4      4     4  uint                       b
// LAYOUT-NEXT: 8      4     4  int                        c
// LAYOUT-NEXT: 12      4     4  uint
// LAYOUT-NEXT: 16      2     2  uint16_t                   d
// LAYOUT-NEXT: 20      4     4  float                      f
