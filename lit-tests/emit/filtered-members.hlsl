// Members a constant buffer does not store: static and groupshared
// variables, resources, empty structs, zero-size arrays. A struct member that
// contains a resource gets a filtered copy %__cblayout_<Struct> without it
// (and so does a struct containing such a struct). clang-22 aligns a member
// global of a struct that directly held a resource like the handle (4 on
// DXIL), other structs to 1. The resource declared inside the buffer takes
// implicit order id 0, so the buffer gets 1. Both rule sets agree; clang-22
// also emits the static, groupshared and resource variables as ordinary
// globals, which cblower leaves to the front end.
// RUN: %cblower emit-llvm %s | %opt-22 -S -passes=verify | FileCheck %s --check-prefixes=CHECK,DXC
// RUN: %cblower emit-llvm --rules clang-22 %s | %opt-22 -S -passes=verify | FileCheck %s --check-prefixes=CHECK,CLANG

struct Empty {};
struct W { float a; RWBuffer<float> r; float b; };   // filtered: a 0, b 4, size 8
struct N { W w; float c; };                          // filtered: w 0, c 8, size 12
cbuffer Filtered {
  float x;                //  0
  static float st = 3.0;
  groupshared float gs;
  RWBuffer<float> buf;
  Empty e;
  float z0[0];
  W wr;                   // 16
  N nn;                   // 32
  float y;                // 44, size 48
};

// CHECK:      %__cblayout_Filtered = type <{ float, target("dx.Padding", 12), %__cblayout_W, target("dx.Padding", 8), %__cblayout_N, float }>
// CHECK-NEXT: %__cblayout_W = type <{ float, float }>
// CHECK-NEXT: %__cblayout_N = type <{ %__cblayout_W, float }>
// CHECK-NOT:  type
// CHECK:      @Filtered.cb = global target("dx.CBuffer", %__cblayout_Filtered) poison
// CHECK-NEXT: @x = external hidden addrspace(2) global float, align 4
// CHECK-NEXT: @wr = external hidden addrspace(2) global %__cblayout_W, align 4
// CHECK-NEXT: @nn = external hidden addrspace(2) global %__cblayout_N, align 1
// CHECK-NEXT: @y = external hidden addrspace(2) global float, align 4
// CHECK-NEXT: @Filtered.str = private unnamed_addr constant [9 x i8] c"Filtered\00", align 1
// CHECK:      %Filtered.cb_h = call target("dx.CBuffer", %__cblayout_Filtered) @llvm.dx.resource.handlefromimplicitbinding.tdx.CBuffer_s___cblayout_Filteredst(i32 1, i32 0, i32 1, i32 0, ptr @Filtered.str)
// CHECK:      !{ptr @Filtered.cb, ptr addrspace(2) @x, ptr addrspace(2) @wr, ptr addrspace(2) @nn, ptr addrspace(2) @y}
// DXC-NEXT:   !{!"__cblayout_W", i32 8, i32 0, i32 4}
// DXC-NEXT:   !{!"__cblayout_N", i32 12, i32 0, i32 8}
// DXC-NEXT:   !{!"__cblayout_Filtered", i32 48, i32 0, i32 16, i32 32, i32 44}
// CLANG-NOT:  !{!"
