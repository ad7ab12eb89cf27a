// Arrays of structs that lose members in a constant buffer (default mode):
// an array of empty structs stores nothing (clang-22 crashes on it, llvm
// issue 183788), and an array of a struct holding a resource becomes an
// array of the filtered copy %__cblayout_WR (8 bytes, stride 16).
// clang-22's own output for WR arrays differs; see
// clang22-resource-struct-array.hlsl.
// SPIR-V runs use --fvk-use-dx-layout, so both targets lay out by the D3D
// rules (DXC's SPIR-V default, relaxed std140: vk-layout-flags.hlsl).
// RUN: %cblower emit-llvm %s | %opt-22 -S -passes=verify | FileCheck %s
// RUN: %cblower emit-llvm --target spirv --fvk-use-dx-layout %s | %opt-22 -S -passes=verify | FileCheck %s --check-prefix=SPV

struct A {};
struct WR { float a; RWBuffer<float> r; float b; };
cbuffer CB {
  A empties[2];   // nothing
  float x;        //  0
  WR wrs[2];      // 16, elements 16 32, 24 bytes
  float y;        // 40, size 44
}

// CHECK:      %__cblayout_CB = type <{ float, target("dx.Padding", 12), <{ [1 x <{ %__cblayout_WR, target("dx.Padding", 8) }>], %__cblayout_WR }>, float }>
// CHECK-NEXT: %__cblayout_WR = type <{ float, float }>
// CHECK:      @x = external hidden addrspace(2) global float, align 4
// CHECK-NEXT: @wrs = external hidden addrspace(2) global <{ [1 x <{ %__cblayout_WR, target("dx.Padding", 8) }>], %__cblayout_WR }>, align 4
// CHECK-NEXT: @y = external hidden addrspace(2) global float, align 4
// CHECK:      !{ptr @CB.cb, ptr addrspace(2) @x, ptr addrspace(2) @wrs, ptr addrspace(2) @y}
// CHECK-NEXT: !{!"__cblayout_WR", i32 8, i32 0, i32 4}
// CHECK-NEXT: !{!"__cblayout_CB", i32 44, i32 0, i32 16, i32 40}

// SPV:      @wrs = external hidden addrspace(12) global <{ [1 x <{ %__cblayout_WR, target("spirv.Padding", 8) }>], %__cblayout_WR }>, align 8
// SPV:      !{!"__cblayout_CB", i32 44, i32 0, i32 16, i32 40}
