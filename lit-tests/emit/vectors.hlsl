// Vectors align to their component (DXC). clang-22 over-aligns 2-component
// 32-bit vectors to 8 and double4 to 32 (its DXIL data layout's natural
// vector alignment), so the two rule sets place b, e, h and everything after
// differently. float3 and double3 are element-aligned in both.
// RUN: %cblower emit-llvm %s | %opt-22 -S -passes=verify | FileCheck %s --check-prefix=DXC
// RUN: %cblower emit-llvm --rules clang-22 %s | %opt-22 -S -passes=verify | FileCheck %s --check-prefix=CLANG

cbuffer Vectors {
  float a;            // DXC  0 | clang-22  0
  float2 b;           //      4 |           8
  float c;            //     12 |          16
  float3 d;           //     16 |          20
  int2 e;             //     32 |          32
  float g;            //     40 |          40
  double4 h;          //     48 |          64
  bool2 k;            //     80 |          96
  vector<double,1> one; //   88 |         104
  double3 t;          //     96 |         112, size DXC 120, clang-22 136
};

// Every padding element is the gap in the offsets: 28 -> 32 and 44 -> 48.
// DXC:      %__cblayout_Vectors = type <{ float, <2 x float>, float, <3 x float>, target("dx.Padding", 4), <2 x i32>, float, target("dx.Padding", 4), <4 x double>, <2 x i32>, <1 x double>, <3 x double> }>
// DXC:      @Vectors.cb = global target("dx.CBuffer", %__cblayout_Vectors) poison
// The member globals carry clang's alignment, capped by what the offset
// guarantees (b at 4 cannot promise 8, h at 48 cannot promise 32).
// DXC-NEXT: @a = external hidden addrspace(2) global float, align 4
// DXC-NEXT: @b = external hidden addrspace(2) global <2 x float>, align 4
// DXC-NEXT: @c = external hidden addrspace(2) global float, align 4
// DXC-NEXT: @d = external hidden addrspace(2) global <3 x float>, align 16
// DXC-NEXT: @e = external hidden addrspace(2) global <2 x i32>, align 8
// DXC-NEXT: @g = external hidden addrspace(2) global float, align 4
// DXC-NEXT: @h = external hidden addrspace(2) global <4 x double>, align 16
// DXC-NEXT: @k = external hidden addrspace(2) global <2 x i32>, align 8
// DXC-NEXT: @one = external hidden addrspace(2) global <1 x double>, align 8
// DXC-NEXT: @t = external hidden addrspace(2) global <3 x double>, align 16
// DXC-NEXT: @Vectors.str = private unnamed_addr constant [8 x i8] c"Vectors\00", align 1
// DXC:      !{ptr @Vectors.cb, ptr addrspace(2) @a, ptr addrspace(2) @b, ptr addrspace(2) @c, ptr addrspace(2) @d, ptr addrspace(2) @e, ptr addrspace(2) @g, ptr addrspace(2) @h, ptr addrspace(2) @k, ptr addrspace(2) @one, ptr addrspace(2) @t}
// DXC-NEXT: !{!"__cblayout_Vectors", i32 120, i32 0, i32 4, i32 12, i32 16, i32 32, i32 40, i32 48, i32 80, i32 88, i32 96}

// clang-22's output for the same declarations.
// CLANG:      %__cblayout_Vectors = type <{ float, target("dx.Padding", 4), <2 x float>, float, <3 x float>, <2 x i32>, float, target("dx.Padding", 20), <4 x double>, <2 x i32>, <1 x double>, <3 x double> }>
// CLANG:      @Vectors.cb = global target("dx.CBuffer", %__cblayout_Vectors) poison
// CLANG-NEXT: @a = external hidden addrspace(2) global float, align 4
// CLANG-NEXT: @b = external hidden addrspace(2) global <2 x float>, align 8
// CLANG-NEXT: @c = external hidden addrspace(2) global float, align 4
// CLANG-NEXT: @d = external hidden addrspace(2) global <3 x float>, align 16
// CLANG-NEXT: @e = external hidden addrspace(2) global <2 x i32>, align 8
// CLANG-NEXT: @g = external hidden addrspace(2) global float, align 4
// CLANG-NEXT: @h = external hidden addrspace(2) global <4 x double>, align 32
// CLANG-NEXT: @k = external hidden addrspace(2) global <2 x i32>, align 8
// CLANG-NEXT: @one = external hidden addrspace(2) global <1 x double>, align 8
// CLANG-NEXT: @t = external hidden addrspace(2) global <3 x double>, align 32
// CLANG-NEXT: @Vectors.str = private unnamed_addr constant [8 x i8] c"Vectors\00", align 1
// CLANG-NOT:  !hlsl.layouts
// CLANG:      !{ptr @Vectors.cb, ptr addrspace(2) @a, ptr addrspace(2) @b, ptr addrspace(2) @c, ptr addrspace(2) @d, ptr addrspace(2) @e, ptr addrspace(2) @g, ptr addrspace(2) @h, ptr addrspace(2) @k, ptr addrspace(2) @one, ptr addrspace(2) @t}
