// 3-element vectors on SPIR-V. Under the SPIR-V data layout <3 x float> has
// an alloc size of 16 (and <3 x double> 32), so a packed struct holding one
// puts every later element 4 (or 8) bytes past the intended offset. The
// default mode emits such vectors as [3 x T] so that LLVM's own offsets are
// the cbuffer offsets; --rules clang-22 keeps clang's <3 x T> and warns once
// per member that LLVM places elsewhere. On DXIL (v96:32 etc.) nothing drifts.
// RUN: %cblower emit-llvm --target spirv %s 2>%t.dxc.err | %opt-22 -S -passes=verify | FileCheck %s --check-prefix=DXC
// RUN: count 0 < %t.dxc.err
// RUN: %cblower emit-llvm --target spirv --rules clang-22 %s 2>%t.clang.err | %opt-22 -S -passes=verify | FileCheck %s --check-prefix=CLANG
// RUN: FileCheck %s --check-prefix=WARN < %t.clang.err
// RUN: %cblower emit-llvm --rules clang-22 %s 2>&1 >/dev/null | count 0

cbuffer R : register(b0) {
  float3 position;   //  0
  float3 normal;     // 16
  uint index;        // 28
  float4 tail;       // 32
  half3 h3;          // 48 (half is float without --enable-16bit-types)
  double3 d3;        // 64
  float last;        // 88, size 92
};

// DXC:      %__cblayout_R = type <{ [3 x float], target("spirv.Padding", 4), [3 x float], i32, <4 x float>, [3 x float], target("spirv.Padding", 4), [3 x double], float }>
// DXC:      @R.cb = global target("spirv.VulkanBuffer", %__cblayout_R, 2, 0) poison
// DXC-NEXT: @position = external hidden addrspace(12) global [3 x float], align 16
// DXC-NEXT: @normal = external hidden addrspace(12) global [3 x float], align 16
// DXC-NEXT: @index = external hidden addrspace(12) global i32, align 4
// DXC-NEXT: @tail = external hidden addrspace(12) global <4 x float>, align 16
// DXC-NEXT: @h3 = external hidden addrspace(12) global [3 x float], align 16
// DXC-NEXT: @d3 = external hidden addrspace(12) global [3 x double], align 16
// DXC-NEXT: @last = external hidden addrspace(12) global float, align 4
// DXC:      !{ptr @R.cb, ptr addrspace(12) @position, ptr addrspace(12) @normal, ptr addrspace(12) @index, ptr addrspace(12) @tail, ptr addrspace(12) @h3, ptr addrspace(12) @d3, ptr addrspace(12) @last}
// DXC-NEXT: !{!"__cblayout_R", i32 92, i32 0, i32 16, i32 28, i32 32, i32 48, i32 64, i32 88}

// CLANG:      %__cblayout_R = type <{ <3 x float>, target("spirv.Padding", 4), <3 x float>, i32, <4 x float>, <3 x float>, target("spirv.Padding", 4), <3 x double>, float }>
// CLANG:      @R.cb = global target("spirv.VulkanBuffer", %__cblayout_R, 2, 0) poison
// CLANG-NEXT: @position = external hidden addrspace(12) global <3 x float>, align 16
// CLANG-NEXT: @normal = external hidden addrspace(12) global <3 x float>, align 16
// CLANG-NEXT: @index = external hidden addrspace(12) global i32, align 4
// CLANG-NEXT: @tail = external hidden addrspace(12) global <4 x float>, align 16
// CLANG-NEXT: @h3 = external hidden addrspace(12) global <3 x float>, align 16
// CLANG-NEXT: @d3 = external hidden addrspace(12) global <3 x double>, align 32
// CLANG-NEXT: @last = external hidden addrspace(12) global float, align 4
// CLANG-NOT:  !hlsl.layouts
// CLANG:      !{ptr @R.cb, ptr addrspace(12) @position, ptr addrspace(12) @normal, ptr addrspace(12) @index, ptr addrspace(12) @tail, ptr addrspace(12) @h3, ptr addrspace(12) @d3, ptr addrspace(12) @last}

// position is at 0 either way; every later member drifts by 4, then 8
// (after h3), then 20 (after d3's 8 extra bytes).
// WARN-NOT:  `position`
// WARN:      warning: `normal` in `R`: clang-22 means byte 16 (of the member or a part of it), but under the SPIR-V data layout LLVM computes 20 (3-element vectors have a larger alloc size there)
// WARN-NEXT: warning: `index` in `R`: clang-22 means byte 28 (of the member or a part of it), but under the SPIR-V data layout LLVM computes 36 (3-element vectors have a larger alloc size there)
// WARN-NEXT: warning: `tail` in `R`: clang-22 means byte 32 (of the member or a part of it), but under the SPIR-V data layout LLVM computes 40 (3-element vectors have a larger alloc size there)
// WARN-NEXT: warning: `h3` in `R`: clang-22 means byte 48 (of the member or a part of it), but under the SPIR-V data layout LLVM computes 56 (3-element vectors have a larger alloc size there)
// WARN-NEXT: warning: `d3` in `R`: clang-22 means byte 64 (of the member or a part of it), but under the SPIR-V data layout LLVM computes 76 (3-element vectors have a larger alloc size there)
// WARN-NEXT: warning: `last` in `R`: clang-22 means byte 88 (of the member or a part of it), but under the SPIR-V data layout LLVM computes 108 (3-element vectors have a larger alloc size there)
// WARN-NOT:  warning
