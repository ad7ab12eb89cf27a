; clang-22's -O0 shape of `(i > 1 ? wa : wb)[i & 3]` with wa and wb arrays
; of two different cbuffers: a phi of the two members, then a GEP with a
; run-time index. The load cannot move into the incoming blocks (the index
; is computed after the phi), so the phi gets an i1 phi saying which arm
; was taken (%cond.arm0), each arm's load is repeated right where the load
; is, on a fresh handle and getpointer, and a select picks the value.
; RUN: opt -S -passes=dxil-cbuffer-lowering %s | FileCheck %s

; CHECK-LABEL: cond.end:
; CHECK-NEXT: %cond.arm0 = phi i1 [ true, %cond.true ], [ false, %cond.false ]
; CHECK-NEXT: %and = and i32 %i, 3
; CHECK-NEXT: %A.cb1 = load target("dx.CBuffer", %__cblayout_A), ptr @A.cb, align 4
; CHECK-NEXT: %v.cond0.load = call { float, float, float, float } @llvm.dx.resource.load.cbufferrow.4.f32.f32.f32.f32.tdx.CBuffer_s___cblayout_Ast(target("dx.CBuffer", %__cblayout_A) %A.cb1, i32 %and)
; CHECK:      %v.cond0.upto3 = insertelement <4 x float> %v.cond0.upto2, float %v.cond0.extract5, i32 3
; CHECK-NEXT: %B.cb2 = load target("dx.CBuffer", %__cblayout_B), ptr @B.cb, align 4
; CHECK-NEXT: %v.cond1.load = call { float, float, float, float } @llvm.dx.resource.load.cbufferrow.4.f32.f32.f32.f32.tdx.CBuffer_s___cblayout_Bst(target("dx.CBuffer", %__cblayout_B) %B.cb2, i32 %and)
; CHECK:      %v.cond1.upto3 = insertelement <4 x float> %v.cond1.upto2, float %v.cond1.extract8, i32 3
; CHECK-NEXT: %v = select i1 %cond.arm0, <4 x float> %v.cond0.upto3, <4 x float> %v.cond1.upto3
; CHECK-NEXT: ret <4 x float> %v

target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64-v48:16:16-v96:32:32-v192:64:64"
target triple = "dxilv1.6-pc-shadermodel6.6-library"

%__cblayout_A = type <{ [4 x <4 x float>], float }>
%__cblayout_B = type <{ [4 x <4 x float>], float }>

@A.cb = global target("dx.CBuffer", %__cblayout_A) poison
@wa = external hidden addrspace(2) global [4 x <4 x float>], align 16
@sa = external hidden addrspace(2) global float, align 4
@B.cb = global target("dx.CBuffer", %__cblayout_B) poison
@wb = external hidden addrspace(2) global [4 x <4 x float>], align 16
@sb = external hidden addrspace(2) global float, align 4

define <4 x float> @pick(i32 %i) {
entry:
  %cmp = icmp ugt i32 %i, 1
  br i1 %cmp, label %cond.true, label %cond.false

cond.true:
  br label %cond.end

cond.false:
  br label %cond.end

cond.end:
  %cond = phi ptr addrspace(2) [ @wa, %cond.true ], [ @wb, %cond.false ]
  %and = and i32 %i, 3
  %arrayidx = getelementptr inbounds nuw [4 x <4 x float>], ptr addrspace(2) %cond, i32 0, i32 %and
  %v = load <4 x float>, ptr addrspace(2) %arrayidx, align 16
  ret <4 x float> %v
}

!hlsl.cbs = !{!0, !1}
!0 = !{ptr @A.cb, ptr addrspace(2) @wa, ptr addrspace(2) @sa}
!1 = !{ptr @B.cb, ptr addrspace(2) @wb, ptr addrspace(2) @sb}
