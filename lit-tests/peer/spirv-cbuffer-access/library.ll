; spirv-cbuffer-access on a library: the handle is created in the buffer's
; init function and the members are read in exported functions. LLVM 22
; points those reads at the getpointer calls of the init function, which the
; verifier rejects; here each reading function gets its own copy of the
; handle creation (after the convergence entry) and its own getpointer calls.
; LLVM 22's module fails the verifier ("Referring to an instruction in another
; function!"), so this test is not run against it.
; UNSUPPORTED: llvm-opt
; RUN: opt -S -passes=spirv-cbuffer-access %s | FileCheck %s

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64-G10"
target triple = "spirv-unknown-vulkan1.3-library"

; cbuffer CB : register(b0) { float a1[3]; float2 v; }  cbuffer CB2 { float q; }
%__cblayout_CB = type <{ <{ [2 x <{ float, target("spirv.Padding", 12) }>], float }>, target("spirv.Padding", 4), <2 x float> }>
%__cblayout_CB2 = type <{ float }>

@CB.cb = global target("spirv.VulkanBuffer", %__cblayout_CB, 2, 0) poison
@a1 = external hidden addrspace(12) global <{ [2 x <{ float, target("spirv.Padding", 12) }>], float }>, align 4
@v = external hidden addrspace(12) global <2 x float>, align 8
@CB2.cb = global target("spirv.VulkanBuffer", %__cblayout_CB2, 2, 0) poison
@q = external hidden addrspace(12) global float, align 4
@CB.str = private unnamed_addr constant [3 x i8] c"CB\00", align 1
@CB2.str = private unnamed_addr constant [4 x i8] c"CB2\00", align 1

; CHECK-NOT: @CB.cb =
; CHECK-NOT: @CB2.cb =
; CHECK-NOT: addrspace(12) global

; The init functions keep the handle creation, without the store.
; CHECK-LABEL: define internal void @_init_buffer_CB.cb()
; CHECK-NEXT: entry:
; CHECK-NEXT: %CB.cb_h = call target("spirv.VulkanBuffer", %__cblayout_CB, 2, 0) @llvm.spv.resource.handlefrombinding.tspirv.VulkanBuffer_s___cblayout_CBs_2_0t(i32 0, i32 0, i32 1, i32 0, ptr @CB.str)
; CHECK-NEXT: ret void
define internal void @_init_buffer_CB.cb() {
entry:
  %CB.cb_h = call target("spirv.VulkanBuffer", %__cblayout_CB, 2, 0) @llvm.spv.resource.handlefrombinding.tspirv.VulkanBuffer_s___cblayout_CBs_2_0t(i32 0, i32 0, i32 1, i32 0, ptr @CB.str)
  store target("spirv.VulkanBuffer", %__cblayout_CB, 2, 0) %CB.cb_h, ptr @CB.cb, align 8
  ret void
}

; CHECK-LABEL: define internal void @_init_buffer_CB2.cb()
; CHECK-NEXT: entry:
; CHECK-NEXT: %CB2.cb_h = call target("spirv.VulkanBuffer", %__cblayout_CB2, 2, 0) @llvm.spv.resource.handlefromimplicitbinding.tspirv.VulkanBuffer_s___cblayout_CB2s_2_0t(i32 0, i32 0, i32 1, i32 0, ptr @CB2.str)
; CHECK-NEXT: ret void
define internal void @_init_buffer_CB2.cb() {
entry:
  %CB2.cb_h = call target("spirv.VulkanBuffer", %__cblayout_CB2, 2, 0) @llvm.spv.resource.handlefromimplicitbinding.tspirv.VulkanBuffer_s___cblayout_CB2s_2_0t(i32 0, i32 0, i32 1, i32 0, ptr @CB2.str)
  store target("spirv.VulkanBuffer", %__cblayout_CB2, 2, 0) %CB2.cb_h, ptr @CB2.cb, align 8
  ret void
}

; CHECK-LABEL: define spir_func float @foo(i32 %i)
; CHECK-NEXT: entry:
; CHECK-NEXT: %t = call token @llvm.experimental.convergence.entry()
; CHECK-NEXT: %CB.cb_h = call target("spirv.VulkanBuffer", %__cblayout_CB, 2, 0) @llvm.spv.resource.handlefrombinding.tspirv.VulkanBuffer_s___cblayout_CBs_2_0t(i32 0, i32 0, i32 1, i32 0, ptr @CB.str)
; CHECK-NEXT: [[A1:%.*]] = call ptr addrspace(12) @llvm.spv.resource.getpointer.p12.tspirv.VulkanBuffer_s___cblayout_CBs_2_0t(target("spirv.VulkanBuffer", %__cblayout_CB, 2, 0) %CB.cb_h, i32 0)
; CHECK-NEXT: [[V:%.*]] = call ptr addrspace(12) @llvm.spv.resource.getpointer.p12.tspirv.VulkanBuffer_s___cblayout_CBs_2_0t(target("spirv.VulkanBuffer", %__cblayout_CB, 2, 0) %CB.cb_h, i32 2)
; CHECK-NEXT: %idx = sext i32 %i to i64
; CHECK-NEXT: %p = getelementptr <{ float, target("spirv.Padding", 12) }>, ptr addrspace(12) [[A1]], i64 %idx, i32 0
; CHECK-NEXT: %a = load float, ptr addrspace(12) %p, align 16
; CHECK-NEXT: %vv = load <2 x float>, ptr addrspace(12) [[V]], align 8
define spir_func float @foo(i32 %i) convergent {
entry:
  %t = call token @llvm.experimental.convergence.entry()
  %idx = sext i32 %i to i64
  %p = getelementptr <{ float, target("spirv.Padding", 12) }>, ptr addrspace(12) @a1, i64 %idx, i32 0
  %a = load float, ptr addrspace(12) %p, align 16
  %vv = load <2 x float>, ptr addrspace(12) @v, align 8
  %y = extractelement <2 x float> %vv, i64 1
  %r = fadd float %a, %y
  ret float %r
}

; Buffers are handled in !hlsl.cbs order, each inserted at the top: CB2's
; handle ends up first.
; CHECK-LABEL: define spir_func float @bar()
; CHECK-NEXT: entry:
; CHECK-NEXT: %CB2.cb_h = call target("spirv.VulkanBuffer", %__cblayout_CB2, 2, 0) @llvm.spv.resource.handlefromimplicitbinding.tspirv.VulkanBuffer_s___cblayout_CB2s_2_0t(i32 0, i32 0, i32 1, i32 0, ptr @CB2.str)
; CHECK-NEXT: [[Q:%.*]] = call ptr addrspace(12) @llvm.spv.resource.getpointer.p12.tspirv.VulkanBuffer_s___cblayout_CB2s_2_0t(target("spirv.VulkanBuffer", %__cblayout_CB2, 2, 0) %CB2.cb_h, i32 0)
; CHECK-NEXT: %CB.cb_h = call target("spirv.VulkanBuffer", %__cblayout_CB, 2, 0) @llvm.spv.resource.handlefrombinding.tspirv.VulkanBuffer_s___cblayout_CBs_2_0t(i32 0, i32 0, i32 1, i32 0, ptr @CB.str)
; CHECK-NEXT: [[A1B:%.*]] = call ptr addrspace(12) @llvm.spv.resource.getpointer.p12.tspirv.VulkanBuffer_s___cblayout_CBs_2_0t(target("spirv.VulkanBuffer", %__cblayout_CB, 2, 0) %CB.cb_h, i32 0)
; CHECK-NEXT: [[E:%.*]] = getelementptr inbounds nuw i8, ptr addrspace(12) [[A1B]], i64 32
; CHECK-NEXT: %a = load float, ptr addrspace(12) [[E]], align 16
; CHECK-NEXT: %qq = load float, ptr addrspace(12) [[Q]], align 4
define spir_func float @bar() {
entry:
  %a = load float, ptr addrspace(12) getelementptr inbounds nuw (i8, ptr addrspace(12) @a1, i64 32), align 16
  %qq = load float, ptr addrspace(12) @q, align 4
  %r = fadd float %a, %qq
  ret float %r
}

; CHECK-NOT: !hlsl.cbs

declare token @llvm.experimental.convergence.entry()
declare target("spirv.VulkanBuffer", %__cblayout_CB, 2, 0) @llvm.spv.resource.handlefrombinding.tspirv.VulkanBuffer_s___cblayout_CBs_2_0t(i32, i32, i32, i32, ptr)
declare target("spirv.VulkanBuffer", %__cblayout_CB2, 2, 0) @llvm.spv.resource.handlefromimplicitbinding.tspirv.VulkanBuffer_s___cblayout_CB2s_2_0t(i32, i32, i32, i32, ptr)

!hlsl.cbs = !{!0, !1}
!0 = !{ptr @CB.cb, ptr addrspace(12) @a1, ptr addrspace(12) @v}
!1 = !{ptr @CB2.cb, ptr addrspace(12) @q}
