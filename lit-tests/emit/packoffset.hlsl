// packoffset: members are sorted by offset, so the layout struct, the member
// globals and the !hlsl.cbs tuple are in offset order, not declaration order.
// Members without packoffset go after the annotated ones, packed from the end
// of the last annotated member. Both rule sets agree except for t's global
// alignment in P3 (clang-22 says 8 though t sits at byte 4).
// RUN: %cblower emit-llvm %s | %opt-22 -S -passes=verify | FileCheck %s --check-prefixes=CHECK,DXC
// RUN: %cblower emit-llvm --rules clang-22 %s | %opt-22 -S -passes=verify | FileCheck %s --check-prefixes=CHECK,CLANG

// Out of order: w 0, y 8, z 16, x 32; size 48.
cbuffer P1 { float4 x : packoffset(c2); float y : packoffset(c0.z); float2 z : packoffset(c1); int w : packoffset(c0); }
// Mixed: c 0, a 20, then b 24 and d 32; size 40.
cbuffer P2 { float a : packoffset(c1.y); float b; float c : packoffset(c0.x); double d; }
// A float2 at c0.y is legal (element alignment): e 0, t 4, u 12; size 16.
cbuffer P3 { float e : packoffset(c0.x); float2 t : packoffset(c0.y); float u : packoffset(c0.w); }

// CHECK:      %__cblayout_P1 = type <{ i32, target("dx.Padding", 4), float, target("dx.Padding", 4), <2 x float>, target("dx.Padding", 8), <4 x float> }>
// CHECK-NEXT: %__cblayout_P2 = type <{ float, target("dx.Padding", 16), float, float, target("dx.Padding", 4), double }>
// CHECK-NEXT: %__cblayout_P3 = type <{ float, <2 x float>, float }>
// CHECK:      @P1.cb = global target("dx.CBuffer", %__cblayout_P1) poison
// CHECK-NEXT: @w = external hidden addrspace(2) global i32, align 4
// CHECK-NEXT: @y = external hidden addrspace(2) global float, align 4
// CHECK-NEXT: @z = external hidden addrspace(2) global <2 x float>, align 8
// CHECK-NEXT: @x = external hidden addrspace(2) global <4 x float>, align 16
// CHECK-NEXT: @P1.str = private unnamed_addr constant [3 x i8] c"P1\00", align 1
// CHECK-NEXT: @P2.cb = global target("dx.CBuffer", %__cblayout_P2) poison
// CHECK-NEXT: @c = external hidden addrspace(2) global float, align 4
// CHECK-NEXT: @a = external hidden addrspace(2) global float, align 4
// CHECK-NEXT: @b = external hidden addrspace(2) global float, align 4
// CHECK-NEXT: @d = external hidden addrspace(2) global double, align 8
// CHECK-NEXT: @P2.str = private unnamed_addr constant [3 x i8] c"P2\00", align 1
// CHECK-NEXT: @P3.cb = global target("dx.CBuffer", %__cblayout_P3) poison
// CHECK-NEXT: @e = external hidden addrspace(2) global float, align 4
// DXC-NEXT:   @t = external hidden addrspace(2) global <2 x float>, align 4
// CLANG-NEXT: @t = external hidden addrspace(2) global <2 x float>, align 8
// CHECK-NEXT: @u = external hidden addrspace(2) global float, align 4
// CHECK-NEXT: @P3.str = private unnamed_addr constant [3 x i8] c"P3\00", align 1

// CHECK:      !{ptr @P1.cb, ptr addrspace(2) @w, ptr addrspace(2) @y, ptr addrspace(2) @z, ptr addrspace(2) @x}
// CHECK-NEXT: !{ptr @P2.cb, ptr addrspace(2) @c, ptr addrspace(2) @a, ptr addrspace(2) @b, ptr addrspace(2) @d}
// CHECK-NEXT: !{ptr @P3.cb, ptr addrspace(2) @e, ptr addrspace(2) @t, ptr addrspace(2) @u}
// DXC-NEXT:   !{!"__cblayout_P1", i32 48, i32 0, i32 8, i32 16, i32 32}
// DXC-NEXT:   !{!"__cblayout_P2", i32 40, i32 0, i32 20, i32 24, i32 32}
// DXC-NEXT:   !{!"__cblayout_P3", i32 16, i32 0, i32 4, i32 12}
// CLANG-NOT:  !{!"
