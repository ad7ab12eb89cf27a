// Arrays start a row and every element starts a row. With two or more
// elements and a gap between them the type is <{ [N-1 x <{ E, pad }>], E }>
// (no padding after the last element, so the next member can pack into the
// array's last row); one element, or elements that fill whole rows, give a
// plain [N x E]; each dimension of a multi-dimensional array is padded on its
// own. Both rule sets agree on Arrays (only d3's global alignment differs);
// in ExampleArrays (seed 000) clang-22 moves `after` to 40 because it aligns
// float2 to 8.
// RUN: %cblower emit-llvm %s | %opt-22 -S -passes=verify | FileCheck %s --check-prefixes=CHECK,DXC
// RUN: %cblower emit-llvm --rules clang-22 %s | %opt-22 -S -passes=verify | FileCheck %s --check-prefixes=CHECK,CLANG

struct P { float a; float3 b; };   // 16 bytes: no padding between elements
struct Q { float a; };             // 4 bytes: stride 16

cbuffer Arrays {
  float one[1];      //   0, [1 x float]
  float a[3];        //  16, elements 16 32 48, 36 bytes
  float4 plain[2];   //  64, no padding needed
  double3 d3[2];     //  96, elements 96 128, 56 bytes
  int2 m[2][2];      // 160, inner int2[2] is 24 bytes, stride 32: 160 192, 56 bytes
  P ps[2];           // 224, [2 x %P]
  Q qs[3];           // 256, elements 256 272 288, 36 bytes
  float last;        // 292 (packs into qs's last row), size 296
};

cbuffer ExampleArrays {
  float2 before;     // DXC  0 | clang-22  0
  float array[2];    //     16 |          16, 20 bytes
  float2 after;      //     36 |          40, size 44 | 48
};

// CHECK:      %__cblayout_Arrays = type <{ [1 x float], target("dx.Padding", 12), <{ [2 x <{ float, target("dx.Padding", 12) }>], float }>, target("dx.Padding", 12), [2 x <4 x float>], <{ [1 x <{ <3 x double>, target("dx.Padding", 8) }>], <3 x double> }>, target("dx.Padding", 8), <{ [1 x <{ <{ [1 x <{ <2 x i32>, target("dx.Padding", 8) }>], <2 x i32> }>, target("dx.Padding", 8) }>], <{ [1 x <{ <2 x i32>, target("dx.Padding", 8) }>], <2 x i32> }> }>, target("dx.Padding", 8), [2 x %P], <{ [2 x <{ %Q, target("dx.Padding", 12) }>], %Q }>, float }>
// CHECK-NEXT: %P = type <{ float, <3 x float> }>
// CHECK-NEXT: %Q = type <{ float }>
// DXC-NEXT:   %__cblayout_ExampleArrays = type <{ <2 x float>, target("dx.Padding", 8), <{ [1 x <{ float, target("dx.Padding", 12) }>], float }>, <2 x float> }>
// CLANG-NEXT: %__cblayout_ExampleArrays = type <{ <2 x float>, target("dx.Padding", 8), <{ [1 x <{ float, target("dx.Padding", 12) }>], float }>, target("dx.Padding", 4), <2 x float> }>
// CHECK:      @Arrays.cb = global target("dx.CBuffer", %__cblayout_Arrays) poison
// CHECK-NEXT: @one = external hidden addrspace(2) global [1 x float], align 4
// CHECK-NEXT: @a = external hidden addrspace(2) global <{ [2 x <{ float, target("dx.Padding", 12) }>], float }>, align 4
// CHECK-NEXT: @plain = external hidden addrspace(2) global [2 x <4 x float>], align 16
// DXC-NEXT:   @d3 = external hidden addrspace(2) global <{ [1 x <{ <3 x double>, target("dx.Padding", 8) }>], <3 x double> }>, align 16
// CLANG-NEXT: @d3 = external hidden addrspace(2) global <{ [1 x <{ <3 x double>, target("dx.Padding", 8) }>], <3 x double> }>, align 32
// CHECK-NEXT: @m = external hidden addrspace(2) global <{ [1 x <{ <{ [1 x <{ <2 x i32>, target("dx.Padding", 8) }>], <2 x i32> }>, target("dx.Padding", 8) }>], <{ [1 x <{ <2 x i32>, target("dx.Padding", 8) }>], <2 x i32> }> }>, align 8
// CHECK-NEXT: @ps = external hidden addrspace(2) global [2 x %P], align 1
// CHECK-NEXT: @qs = external hidden addrspace(2) global <{ [2 x <{ %Q, target("dx.Padding", 12) }>], %Q }>, align 1
// CHECK-NEXT: @last = external hidden addrspace(2) global float, align 4
// CHECK:      @ExampleArrays.cb = global target("dx.CBuffer", %__cblayout_ExampleArrays) poison
// CHECK-NEXT: @before = external hidden addrspace(2) global <2 x float>, align 8
// CHECK-NEXT: @array = external hidden addrspace(2) global <{ [1 x <{ float, target("dx.Padding", 12) }>], float }>, align 4
// DXC-NEXT:   @after = external hidden addrspace(2) global <2 x float>, align 4
// CLANG-NEXT: @after = external hidden addrspace(2) global <2 x float>, align 8

// CHECK:      !{ptr @Arrays.cb, ptr addrspace(2) @one, ptr addrspace(2) @a, ptr addrspace(2) @plain, ptr addrspace(2) @d3, ptr addrspace(2) @m, ptr addrspace(2) @ps, ptr addrspace(2) @qs, ptr addrspace(2) @last}
// CHECK-NEXT: !{ptr @ExampleArrays.cb, ptr addrspace(2) @before, ptr addrspace(2) @array, ptr addrspace(2) @after}
// DXC-NEXT:   !{!"P", i32 16, i32 0, i32 4}
// DXC-NEXT:   !{!"Q", i32 4, i32 0}
// DXC-NEXT:   !{!"__cblayout_Arrays", i32 296, i32 0, i32 16, i32 64, i32 96, i32 160, i32 224, i32 256, i32 292}
// DXC-NEXT:   !{!"__cblayout_ExampleArrays", i32 44, i32 0, i32 16, i32 36}
