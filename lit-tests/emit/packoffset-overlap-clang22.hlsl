// packoffset overlap checks per mode (issue #15 item 1). The default mode
// checks with DXC's sizes: a column-major float2x3 is three float2 columns
// 16 bytes apart (40 bytes), an array of two is 48 + 40 = 88 bytes, so a
// member at c3.z (byte 56) overlaps it. clang-22's Sema checks with its own
// sizes: a matrix is flat (24 bytes), an array is (n-1) elements rounded up
// to 16 plus one (32 + 24 = 56), so the same member is accepted and
// emitted, and --rules clang-22 emits exactly clang-22's IR. Sema counts a
// struct's own fields only (not its base's), so `h` at c0.y after a derived
// struct is accepted by clang-22 (and emitted right after the struct, as
// clang-22 emits it) but is an overlap for DXC. Where clang-22 rejects, so
// does --rules clang-22 (bool2 is 8 bytes for Sema).
// RUN: split-file %s %t
// RUN: %cblower emit-llvm --rules clang-22 %t/mat.hlsl | %opt-22 -S -passes=verify | FileCheck %s --check-prefix=CLANG-MAT
// RUN: not %cblower emit-llvm %t/mat.hlsl 2>&1 | FileCheck %s --check-prefix=DXC-MAT
// RUN: %cblower emit-llvm --rules clang-22 %t/base.hlsl | %opt-22 -S -passes=verify | FileCheck %s --check-prefix=CLANG-BASE
// RUN: not %cblower emit-llvm %t/base.hlsl 2>&1 | FileCheck %s --check-prefix=DXC-BASE
// RUN: not %cblower emit-llvm --rules clang-22 %t/bool.hlsl 2>&1 | FileCheck %s --check-prefix=BOOL
// RUN: not %cblower emit-llvm %t/bool.hlsl 2>&1 | FileCheck %s --check-prefix=BOOL
// RUN: not %cblower emit-llvm --rules clang-22 %t/struct-mat.hlsl 2>&1 | FileCheck %s --check-prefix=STRUCT-MAT

// CLANG-MAT:      %__cblayout_CB = type <{ <{ [1 x <{ [6 x float], target("dx.Padding", 8) }>], [6 x float] }>, float, target("dx.Padding", 20), <4 x float> }>
// CLANG-MAT:      @ma = external hidden addrspace(2) global <{ [1 x <{ [6 x float], target("dx.Padding", 8) }>], [6 x float] }>, align 4
// CLANG-MAT-NEXT: @z = external hidden addrspace(2) global float, align 4
// CLANG-MAT-NEXT: @after = external hidden addrspace(2) global <4 x float>, align 16
// DXC-MAT: error: packoffset of 'z' at byte 56 overlaps 'ma' (bytes 0..88)

// CLANG-BASE:      %__cblayout_CB3 = type <{ %D, float }>
// CLANG-BASE-NEXT: %D = type <{ <4 x float>, float }>
// DXC-BASE: error: packoffset of 'h' at byte 4 overlaps 'd' (bytes 0..20)

// BOOL: error: packoffset of 'f' at byte 4 overlaps 'v' (bytes 0..8)

// Sema aligns a matrix field inside a struct to its whole size (24 for a
// float2x3), so `m` drops to the next row: M is 16 + 24 = 40 bytes.
// STRUCT-MAT: error: packoffset of 'y' at byte 32 overlaps 'sm' (bytes 0..40)

//--- mat.hlsl
cbuffer CB { float2x3 ma[2] : packoffset(c0); float z : packoffset(c3.z); float4 after : packoffset(c5); }
//--- base.hlsl
struct B { float4 x; };
struct D : B { float y; };
cbuffer CB3 { D d : packoffset(c0); float h : packoffset(c0.y); }
//--- bool.hlsl
cbuffer CB1 { bool2 v : packoffset(c0); float f : packoffset(c0.y); }
//--- struct-mat.hlsl
struct M { float a; float2x3 m; };
cbuffer CB2 { M sm : packoffset(c0); float y : packoffset(c2.x); }
