// A struct template instance is a layout type named after its template, as
// clang names every record by its declaration (`%Pair`); further instances
// take LLVM's `.N` renaming, and two instances of one shape stay two types.
// The last RUN line is clang-22 itself on this file.
// RUN: %cblower emit-llvm %s | %opt-22 -S -passes=verify | FileCheck %s --check-prefixes=CHECK,DXC
// RUN: %cblower emit-llvm --rules clang-22 %s | %opt-22 -S -passes=verify | FileCheck %s
// RUN: %clang-22 -cc1 -triple dxilv1.3-pc-shadermodel6.3-library -x hlsl -std=hlsl202x -emit-llvm -disable-llvm-passes -o - %s | FileCheck %s

typedef vector<float, 3> float3;
typedef unsigned int uint;
template <typename T> struct Pair { T a; T b; };
cbuffer CB { Pair<float3> p; Pair<int> q; Pair<uint> r; float x; };

// CHECK: %__cblayout_CB = type <{ %Pair, target("dx.Padding", 4), %Pair.0, target("dx.Padding", 8), %Pair.1, float }>
// CHECK: %Pair = type <{ <3 x float>, target("dx.Padding", 4), <3 x float> }>
// CHECK: %Pair.0 = type <{ i32, i32 }>
// CHECK: %Pair.1 = type <{ i32, i32 }>
// CHECK: @p = external hidden addrspace(2) global %Pair, align 1
// CHECK: @q = external hidden addrspace(2) global %Pair.0, align 1
// CHECK: @r = external hidden addrspace(2) global %Pair.1, align 1
// DXC: !{!"Pair", i32 28, i32 0, i32 16}
// DXC: !{!"Pair.0", i32 8, i32 0, i32 4}
// DXC: !{!"Pair.1", i32 8, i32 0, i32 4}
