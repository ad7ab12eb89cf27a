; dxil-cbuffer-access: every use of a member global becomes a handle load from
; @Params.cb and a getpointer call at the member's byte offset (taken from the
; layout struct's non-padding elements); member globals and !hlsl.cbs go away.
; RUN: opt -S -dxil-cbuffer-access %s | FileCheck %s

target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64-v48:16:16-v96:32:32-v192:64:64"
target triple = "dxilv1.3-pc-shadermodel6.3-library"

; cbuffer Params { float gain; float3 tint; double bias; int steps; }
%__cblayout_Params = type <{ float, target("dx.Padding", 12), <3 x float>, target("dx.Padding", 4), double, i32 }>

@Params.cb = global target("dx.CBuffer", %__cblayout_Params) poison
@gain = external hidden addrspace(2) global float, align 4
@tint = external hidden addrspace(2) global <3 x float>, align 16
@bias = external hidden addrspace(2) global double, align 8
@steps = external hidden addrspace(2) global i32, align 4

; CHECK: @Params.cb = global target("dx.CBuffer", %__cblayout_Params) poison
; CHECK-NOT: addrspace(2) global

; CHECK-LABEL: define float @shade(
; CHECK-NEXT: entry:
; CHECK-NEXT: [[H0:%.*]] = load target("dx.CBuffer", %__cblayout_Params), ptr @Params.cb, align 4
; CHECK-NEXT: [[P0:%.*]] = call ptr addrspace(2) @llvm.dx.resource.getpointer.p2.tdx.CBuffer_s___cblayout_Paramsst(target("dx.CBuffer", %__cblayout_Params) [[H0]], i32 0)
; CHECK-NEXT: %g = load float, ptr addrspace(2) [[P0]], align 4
; CHECK-NEXT: [[H1:%.*]] = load target("dx.CBuffer", %__cblayout_Params), ptr @Params.cb, align 4
; CHECK-NEXT: [[P1:%.*]] = call ptr addrspace(2) @llvm.dx.resource.getpointer.p2.tdx.CBuffer_s___cblayout_Paramsst(target("dx.CBuffer", %__cblayout_Params) [[H1]], i32 16)
; CHECK-NEXT: %t = load <3 x float>, ptr addrspace(2) [[P1]], align 16
; CHECK:      [[H2:%.*]] = load target("dx.CBuffer", %__cblayout_Params), ptr @Params.cb, align 4
; CHECK-NEXT: [[P2:%.*]] = call ptr addrspace(2) @llvm.dx.resource.getpointer.p2.tdx.CBuffer_s___cblayout_Paramsst(target("dx.CBuffer", %__cblayout_Params) [[H2]], i32 32)
; CHECK-NEXT: %b = load double, ptr addrspace(2) [[P2]], align 8
; CHECK:      [[H3:%.*]] = load target("dx.CBuffer", %__cblayout_Params), ptr @Params.cb, align 4
; CHECK-NEXT: [[P3:%.*]] = call ptr addrspace(2) @llvm.dx.resource.getpointer.p2.tdx.CBuffer_s___cblayout_Paramsst(target("dx.CBuffer", %__cblayout_Params) [[H3]], i32 40)
; CHECK-NEXT: %s = load i32, ptr addrspace(2) [[P3]], align 4
define float @shade() {
entry:
  %g = load float, ptr addrspace(2) @gain, align 4
  %t = load <3 x float>, ptr addrspace(2) @tint, align 16
  %ty = extractelement <3 x float> %t, i32 1
  %b = load double, ptr addrspace(2) @bias, align 8
  %bf = fptrunc double %b to float
  %s = load i32, ptr addrspace(2) @steps, align 4
  %sf = sitofp i32 %s to float
  %r0 = fmul float %g, %ty
  %r1 = fadd float %r0, %bf
  %r2 = fadd float %r1, %sf
  ret float %r2
}

; CHECK-NOT: !hlsl.cbs
!hlsl.cbs = !{!0}
!0 = !{ptr @Params.cb, ptr addrspace(2) @gain, ptr addrspace(2) @tint, ptr addrspace(2) @bias, ptr addrspace(2) @steps}
