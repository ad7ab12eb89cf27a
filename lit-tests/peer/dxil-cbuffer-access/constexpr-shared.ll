; Identical constant-expression GEPs on a member global used twice in one
; block are expanded once and share one getpointer; another block gets its own
; expansion (LLVM 22 behaviour since llvm/llvm-project#169848).
; RUN: opt -S -dxil-cbuffer-access %s | FileCheck %s

target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64-v48:16:16-v96:32:32-v192:64:64"

; cbuffer Weights { float w[4]; }
%__cblayout_Weights = type <{ <{ [3 x <{ float, target("dx.Padding", 12) }>], float }> }>
@Weights.cb = global target("dx.CBuffer", %__cblayout_Weights) poison
@w = external hidden addrspace(2) global <{ [3 x <{ float, target("dx.Padding", 12) }>], float }>, align 4

; CHECK-LABEL: define float @same_block(
; CHECK:      [[P:%.*]] = call ptr addrspace(2) @llvm.dx.resource.getpointer.{{.*}}, i32 0)
; CHECK-NEXT: [[G:%.*]] = getelementptr inbounds nuw i8, ptr addrspace(2) [[P]], i32 32
; CHECK-NEXT: %x = load float, ptr addrspace(2) [[G]], align 4
; CHECK-NEXT: %y = load float, ptr addrspace(2) [[G]], align 4
; CHECK-NOT:  getpointer
; CHECK:      ret float
define float @same_block() {
entry:
  %x = load float, ptr addrspace(2) getelementptr inbounds nuw (i8, ptr addrspace(2) @w, i32 32), align 4
  %y = load float, ptr addrspace(2) getelementptr inbounds nuw (i8, ptr addrspace(2) @w, i32 32), align 4
  %s = fadd float %x, %y
  ret float %s
}

; CHECK-LABEL: define float @two_blocks(
; CHECK:      entry:
; CHECK:      [[P1:%.*]] = call ptr addrspace(2) @llvm.dx.resource.getpointer.{{.*}}, i32 0)
; CHECK-NEXT: [[G1:%.*]] = getelementptr inbounds nuw i8, ptr addrspace(2) [[P1]], i32 48
; CHECK-NEXT: %x = load float, ptr addrspace(2) [[G1]], align 4
; CHECK:      next:
; CHECK:      [[P2:%.*]] = call ptr addrspace(2) @llvm.dx.resource.getpointer.{{.*}}, i32 0)
; CHECK-NEXT: [[G2:%.*]] = getelementptr inbounds nuw i8, ptr addrspace(2) [[P2]], i32 48
; CHECK-NEXT: %y = load float, ptr addrspace(2) [[G2]], align 4
define float @two_blocks() {
entry:
  %x = load float, ptr addrspace(2) getelementptr inbounds nuw (i8, ptr addrspace(2) @w, i32 48), align 4
  br label %next
next:
  %y = load float, ptr addrspace(2) getelementptr inbounds nuw (i8, ptr addrspace(2) @w, i32 48), align 4
  %s = fadd float %x, %y
  ret float %s
}

!hlsl.cbs = !{!0}
!0 = !{ptr @Weights.cb, ptr addrspace(2) @w}
