// Matrices. Default mode (seed 000 rule 3a): an array of column vectors (row
// vectors for row_major), padded like any array; a matrix with one column
// (one row when row_major) is just a vector and is not row-aligned.
// clang-22 lays every matrix out as a flat [R*C x T] array without padding,
// always starting a row. (clang-22 itself rejects the row_major/column_major
// keywords; its layout types do not depend on the order, so the CLANG lines
// are clang-22's output for this file with the keywords removed.)
// RUN: %cblower emit-llvm %s | %opt-22 -S -passes=verify | FileCheck %s --check-prefix=DXC
// RUN: %cblower emit-llvm --matrix-order row %s | %opt-22 -S -passes=verify | FileCheck %s --check-prefix=ROW
// RUN: %cblower emit-llvm --rules clang-22 %s | %opt-22 -S -passes=verify | FileCheck %s --check-prefix=CLANG

cbuffer Matrices {
  float2 before;          // DXC   0 | clang-22   0
  float2x3 mat;           //      16 |           16  3 columns of float2: 16, 32, 48; 40 bytes (clang-22: 24)
  float2x1 smol;          //      56 |           48  one column: a float2 (clang-22: [2 x float], row-aligned)
  row_major float2x3 rm;  //      64 |           64  2 rows of float3: 64, 80; 28 bytes
  row_major float1x3 rone;//      96 |           96  one row: a float3
  float3x3 arr[2];        //     112 |          112  each 44 bytes, stride 48 (clang-22: 36, stride 48)
  float4x4 big;           //     208 |          208
  float tail;             //     272 |          272, size 276 | 276
};

cbuffer OneColumn {
  float1x3 c13;               // DXC   0 | clang-22   0  3 columns of <1 x float>
  row_major float3x1 r31;     //      48 |           16  3 rows of <1 x float>
  column_major float3x1 c31;  //      84 |           32  one column: a float3
  float t;                    //      96 |           44, size 100 | 48
};

// DXC:      %__cblayout_Matrices = type <{ <2 x float>, target("dx.Padding", 8), <{ [2 x <{ <2 x float>, target("dx.Padding", 8) }>], <2 x float> }>, <2 x float>, <{ [1 x <{ <3 x float>, target("dx.Padding", 4) }>], <3 x float> }>, target("dx.Padding", 4), <3 x float>, target("dx.Padding", 4), <{ [1 x <{ <{ [2 x <{ <3 x float>, target("dx.Padding", 4) }>], <3 x float> }>, target("dx.Padding", 4) }>], <{ [2 x <{ <3 x float>, target("dx.Padding", 4) }>], <3 x float> }> }>, target("dx.Padding", 4), [4 x <4 x float>], float }>
// DXC-NEXT: %__cblayout_OneColumn = type <{ <{ [2 x <{ <1 x float>, target("dx.Padding", 12) }>], <1 x float> }>, target("dx.Padding", 12), <{ [2 x <{ <1 x float>, target("dx.Padding", 12) }>], <1 x float> }>, <3 x float>, float }>
// DXC:      @before = external hidden addrspace(2) global <2 x float>, align 8
// DXC-NEXT: @mat = external hidden addrspace(2) global <{ [2 x <{ <2 x float>, target("dx.Padding", 8) }>], <2 x float> }>, align 4
// DXC-NEXT: @smol = external hidden addrspace(2) global <2 x float>, align 4
// DXC-NEXT: @rm = external hidden addrspace(2) global <{ [1 x <{ <3 x float>, target("dx.Padding", 4) }>], <3 x float> }>, align 4
// DXC-NEXT: @rone = external hidden addrspace(2) global <3 x float>, align 4
// DXC-NEXT: @arr = external hidden addrspace(2) global <{ [1 x <{ <{ [2 x <{ <3 x float>, target("dx.Padding", 4) }>], <3 x float> }>, target("dx.Padding", 4) }>], <{ [2 x <{ <3 x float>, target("dx.Padding", 4) }>], <3 x float> }> }>, align 4
// DXC-NEXT: @big = external hidden addrspace(2) global [4 x <4 x float>], align 4
// DXC-NEXT: @tail = external hidden addrspace(2) global float, align 4
// DXC:      @c13 = external hidden addrspace(2) global <{ [2 x <{ <1 x float>, target("dx.Padding", 12) }>], <1 x float> }>, align 4
// DXC-NEXT: @r31 = external hidden addrspace(2) global <{ [2 x <{ <1 x float>, target("dx.Padding", 12) }>], <1 x float> }>, align 4
// DXC-NEXT: @c31 = external hidden addrspace(2) global <3 x float>, align 4
// DXC-NEXT: @t = external hidden addrspace(2) global float, align 4
// DXC:      !{!"__cblayout_Matrices", i32 276, i32 0, i32 16, i32 56, i32 64, i32 96, i32 112, i32 208, i32 272}
// DXC-NEXT: !{!"__cblayout_OneColumn", i32 100, i32 0, i32 48, i32 84, i32 96}

// --matrix-order row makes the unannotated matrices row-major: mat is 2 rows
// of float3 (16, 32; 28 bytes), smol 2 rows of <1 x float> (48, 64; 20
// bytes), rm at 80, rone at 112, arr at 128, big at 224, tail at 288; in
// OneColumn c13 becomes one row, a float3 at 0, and r31 moves to 16.
// ROW:      %__cblayout_Matrices = type <{ <2 x float>, target("dx.Padding", 8), <{ [1 x <{ <3 x float>, target("dx.Padding", 4) }>], <3 x float> }>, target("dx.Padding", 4), <{ [1 x <{ <1 x float>, target("dx.Padding", 12) }>], <1 x float> }>, target("dx.Padding", 12), <{ [1 x <{ <3 x float>, target("dx.Padding", 4) }>], <3 x float> }>, target("dx.Padding", 4), <3 x float>, target("dx.Padding", 4), <{ [1 x <{ <{ [2 x <{ <3 x float>, target("dx.Padding", 4) }>], <3 x float> }>, target("dx.Padding", 4) }>], <{ [2 x <{ <3 x float>, target("dx.Padding", 4) }>], <3 x float> }> }>, target("dx.Padding", 4), [4 x <4 x float>], float }>
// ROW-NEXT: %__cblayout_OneColumn = type <{ <3 x float>, target("dx.Padding", 4), <{ [2 x <{ <1 x float>, target("dx.Padding", 12) }>], <1 x float> }>, <3 x float>, float }>
// ROW:      !{!"__cblayout_Matrices", i32 292, i32 0, i32 16, i32 48, i32 80, i32 112, i32 128, i32 224, i32 288}
// ROW-NEXT: !{!"__cblayout_OneColumn", i32 68, i32 0, i32 16, i32 52, i32 64}

// CLANG:      %__cblayout_Matrices = type <{ <2 x float>, target("dx.Padding", 8), [6 x float], target("dx.Padding", 8), [2 x float], target("dx.Padding", 8), [6 x float], target("dx.Padding", 8), [3 x float], target("dx.Padding", 4), <{ [1 x <{ [9 x float], target("dx.Padding", 12) }>], [9 x float] }>, target("dx.Padding", 12), [16 x float], float }>
// CLANG-NEXT: %__cblayout_OneColumn = type <{ [3 x float], target("dx.Padding", 4), [3 x float], target("dx.Padding", 4), [3 x float], float }>
// CLANG:      @before = external hidden addrspace(2) global <2 x float>, align 8
// CLANG-NEXT: @mat = external hidden addrspace(2) global [6 x float], align 4
// CLANG-NEXT: @smol = external hidden addrspace(2) global [2 x float], align 4
// CLANG-NEXT: @rm = external hidden addrspace(2) global [6 x float], align 4
// CLANG-NEXT: @rone = external hidden addrspace(2) global [3 x float], align 4
// CLANG-NEXT: @arr = external hidden addrspace(2) global <{ [1 x <{ [9 x float], target("dx.Padding", 12) }>], [9 x float] }>, align 4
// CLANG-NEXT: @big = external hidden addrspace(2) global [16 x float], align 4
// CLANG-NEXT: @tail = external hidden addrspace(2) global float, align 4
// CLANG:      @c13 = external hidden addrspace(2) global [3 x float], align 4
// CLANG-NEXT: @r31 = external hidden addrspace(2) global [3 x float], align 4
// CLANG-NEXT: @c31 = external hidden addrspace(2) global [3 x float], align 4
// CLANG-NEXT: @t = external hidden addrspace(2) global float, align 4
// CLANG-NOT:  !hlsl.layouts
// CLANG:      !{ptr @Matrices.cb, ptr addrspace(2) @before, ptr addrspace(2) @mat, ptr addrspace(2) @smol, ptr addrspace(2) @rm, ptr addrspace(2) @rone, ptr addrspace(2) @arr, ptr addrspace(2) @big, ptr addrspace(2) @tail}
// CLANG-NEXT: !{ptr @OneColumn.cb, ptr addrspace(2) @c13, ptr addrspace(2) @r31, ptr addrspace(2) @c31, ptr addrspace(2) @t}
