; spirv-cbuffer-access on an inlined compute shader: one getpointer per used
; member right after the handle creation, in member order, indexed by the
; layout element holding the member (padding elements count: 0, 2, 3, 5);
; constant-expression GEPs become instructions before their users; unused
; members, the handle store, the handle global and !hlsl.cbs go away.
; The same lines pass with LLVM 22's opt (lit-tests/peer-opt22). The legacy
; flag spelling is cblower-opt's only (LLVM 22's opt refuses `-passname` for
; this pass), hence the %if.
; RUN: opt -S -passes=spirv-cbuffer-access %s | FileCheck %s
; RUN: opt -S -p spirv-cbuffer-access %s | FileCheck %s
; RUN: %if cblower-opt %{ opt -S -spirv-cbuffer-access %s | FileCheck %s %}

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64-G10"
target triple = "spirv-unknown-vulkan1.3-compute"

; cbuffer CB : register(b0) { float a1[3]; float2 v; int j; float4 w; float unused; }
%__cblayout_CB = type <{ <{ [2 x <{ float, target("spirv.Padding", 12) }>], float }>, target("spirv.Padding", 4), <2 x float>, i32, target("spirv.Padding", 12), <4 x float>, float }>

@CB.cb = local_unnamed_addr global target("spirv.VulkanBuffer", %__cblayout_CB, 2, 0) poison
@a1 = external hidden local_unnamed_addr addrspace(12) global <{ [2 x <{ float, target("spirv.Padding", 12) }>], float }>, align 4
@v = external hidden local_unnamed_addr addrspace(12) global <2 x float>, align 8
@j = external hidden local_unnamed_addr addrspace(12) global i32, align 4
@w = external hidden local_unnamed_addr addrspace(12) global <4 x float>, align 16
@unused = external hidden local_unnamed_addr addrspace(12) global float, align 4
@CB.str = private unnamed_addr constant [3 x i8] c"CB\00", align 1

; CHECK-NOT: @CB.cb
; CHECK-NOT: addrspace(12) global
; CHECK-LABEL: define void @main(i32 %x)
; CHECK-NEXT: entry:
; CHECK-NEXT: %h = tail call target("spirv.VulkanBuffer", %__cblayout_CB, 2, 0) @llvm.spv.resource.handlefrombinding.tspirv.VulkanBuffer_s___cblayout_CBs_2_0t(i32 0, i32 0, i32 1, i32 0, ptr nonnull @CB.str)
; CHECK-NEXT: [[A1:%.*]] = call ptr addrspace(12) @llvm.spv.resource.getpointer.p12.tspirv.VulkanBuffer_s___cblayout_CBs_2_0t(target("spirv.VulkanBuffer", %__cblayout_CB, 2, 0) %h, i32 0)
; CHECK-NEXT: [[V:%.*]] = call ptr addrspace(12) @llvm.spv.resource.getpointer.p12.tspirv.VulkanBuffer_s___cblayout_CBs_2_0t(target("spirv.VulkanBuffer", %__cblayout_CB, 2, 0) %h, i32 2)
; CHECK-NEXT: [[J:%.*]] = call ptr addrspace(12) @llvm.spv.resource.getpointer.p12.tspirv.VulkanBuffer_s___cblayout_CBs_2_0t(target("spirv.VulkanBuffer", %__cblayout_CB, 2, 0) %h, i32 3)
; CHECK-NEXT: [[W:%.*]] = call ptr addrspace(12) @llvm.spv.resource.getpointer.p12.tspirv.VulkanBuffer_s___cblayout_CBs_2_0t(target("spirv.VulkanBuffer", %__cblayout_CB, 2, 0) %h, i32 5)
; CHECK-NEXT: %idx = zext i32 %x to i64
; CHECK-NEXT: %p = getelementptr <{ float, target("spirv.Padding", 12) }>, ptr addrspace(12) [[A1]], i64 %idx
; CHECK-NEXT: %a = load float, ptr addrspace(12) %p, align 16
; CHECK-NEXT: %vv = load <2 x float>, ptr addrspace(12) [[V]], align 8
; CHECK-NEXT: %jj = load i32, ptr addrspace(12) [[J]], align 4
; CHECK-NEXT: [[C1:%.*]] = getelementptr inbounds nuw i8, ptr addrspace(12) [[A1]], i64 32
; CHECK-NEXT: %c1 = load float, ptr addrspace(12) [[C1]], align 16
; CHECK-NEXT: %c2 = load float, ptr addrspace(12) [[C1]], align 16
; CHECK-NEXT: %cond = icmp eq i32 %jj, 0
; CHECK-NEXT: br i1 %cond, label %then, label %done
; CHECK: then:
; CHECK-NEXT: [[C3:%.*]] = getelementptr inbounds nuw i8, ptr addrspace(12) [[W]], i64 8
; CHECK-NEXT: %ww = load float, ptr addrspace(12) [[C3]], align 8
; CHECK: done:
; CHECK-NEXT: %pp = phi ptr addrspace(12) [ [[J]], %entry ], [ [[V]], %then ]
; CHECK-NOT: !hlsl.cbs

define void @main(i32 %x) {
entry:
  %h = tail call target("spirv.VulkanBuffer", %__cblayout_CB, 2, 0) @llvm.spv.resource.handlefrombinding.tspirv.VulkanBuffer_s___cblayout_CBs_2_0t(i32 0, i32 0, i32 1, i32 0, ptr nonnull @CB.str)
  store target("spirv.VulkanBuffer", %__cblayout_CB, 2, 0) %h, ptr @CB.cb, align 8
  %idx = zext i32 %x to i64
  %p = getelementptr <{ float, target("spirv.Padding", 12) }>, ptr addrspace(12) @a1, i64 %idx
  %a = load float, ptr addrspace(12) %p, align 16
  %vv = load <2 x float>, ptr addrspace(12) @v, align 8
  %jj = load i32, ptr addrspace(12) @j, align 4
  %c1 = load float, ptr addrspace(12) getelementptr inbounds nuw (i8, ptr addrspace(12) @a1, i64 32), align 16
  %c2 = load float, ptr addrspace(12) getelementptr inbounds nuw (i8, ptr addrspace(12) @a1, i64 32), align 16
  %cond = icmp eq i32 %jj, 0
  br i1 %cond, label %then, label %done

then:
  %ww = load float, ptr addrspace(12) getelementptr inbounds nuw (i8, ptr addrspace(12) @w, i64 8), align 8
  br label %done

done:
  %pp = phi ptr addrspace(12) [ @j, %entry ], [ @v, %then ]
  %last = load i32, ptr addrspace(12) %pp, align 4
  ret void
}

declare target("spirv.VulkanBuffer", %__cblayout_CB, 2, 0) @llvm.spv.resource.handlefrombinding.tspirv.VulkanBuffer_s___cblayout_CBs_2_0t(i32, i32, i32, i32, ptr)

!hlsl.cbs = !{!0}
!0 = !{ptr @CB.cb, ptr addrspace(12) @a1, ptr addrspace(12) @v, ptr addrspace(12) @j, ptr addrspace(12) @w, ptr addrspace(12) @unused}
