; DXIL passes on a SPIR-V module (clang-22 -O1 output for spirv-unknown-vulkan1.3-compute): the spirv.Padding element was counted as a member.
; RUN: rm -f %t.out
; RUN: sh -c '%cblower-opt -S -passes=dxil-lower %s -o %t.out; echo "exit=$?"' 2>&1 | FileCheck %s
; RUN: not test -e %t.out

; CHECK: cblower-opt: {{.*}}ir-spirv-module-dxil-pass.ll: dxil-cbuffer-access: in function 'main': !hlsl.cbs entry 0: handle @CB.cb has type target("spirv.VulkanBuffer", %__cblayout_CB, 2, 0): this is a SPIR-V module: run spirv-cbuffer-access instead of the DXIL passes
; CHECK-NEXT: %x = load float, ptr addrspace(12) @a, align 4
; CHECK-NEXT: exit=1

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64-G10"
target triple = "spirv-unknown-vulkan1.3-compute"

%__cblayout_CB = type <{ float, target("spirv.Padding", 12), <4 x float> }>

@CB.cb = local_unnamed_addr global target("spirv.VulkanBuffer", %__cblayout_CB, 2, 0) poison
@a = external hidden local_unnamed_addr addrspace(12) global float, align 4
@b = external hidden local_unnamed_addr addrspace(12) global <4 x float>, align 16
@CB.str = private unnamed_addr constant [3 x i8] c"CB\00", align 1

define float @main() {
entry:
  %h = tail call target("spirv.VulkanBuffer", %__cblayout_CB, 2, 0) @llvm.spv.resource.handlefrombinding.tspirv.VulkanBuffer_s___cblayout_CBs_2_0t(i32 0, i32 0, i32 1, i32 0, ptr nonnull @CB.str)
  store target("spirv.VulkanBuffer", %__cblayout_CB, 2, 0) %h, ptr @CB.cb, align 8
  %x = load float, ptr addrspace(12) @a, align 4
  %v = load <4 x float>, ptr addrspace(12) @b, align 16
  %y = extractelement <4 x float> %v, i64 1
  %s = fadd float %x, %y
  ret float %s
}

declare target("spirv.VulkanBuffer", %__cblayout_CB, 2, 0) @llvm.spv.resource.handlefrombinding.tspirv.VulkanBuffer_s___cblayout_CBs_2_0t(i32, i32, i32, i32, ptr)

!hlsl.cbs = !{!0}
!0 = !{ptr @CB.cb, ptr addrspace(12) @a, ptr addrspace(12) @b}
