; dxil-resource-implicit-binding: implicitly bound cbuffers take the lowest
; free b registers of their space, in order-ID order (not module order):
; explicit cbuffer bindings are occupied (b0 and b2..b3 in space 0), so order
; 1 gets b1, order 3 (a range of 2) b4..b5, order 4 (space 1) b0, order 5 b6; a repeated order ID (the handle
; created in a second entry point) reuses its register; other resource
; classes do not occupy b registers. The new calls are unnamed, as LLVM's.
; RUN: opt -S -dxil-resource-implicit-binding %s | FileCheck %s

target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64-v48:16:16-v96:32:32-v192:64:64"
target triple = "dxil-pc-shadermodel6.6-library"

%__cblayout_E = type <{ float }>
%__cblayout_I = type <{ float }>

@h5 = global target("dx.CBuffer", %__cblayout_I) poison
@h1 = global target("dx.CBuffer", %__cblayout_I) poison
@h3 = global target("dx.CBuffer", %__cblayout_I) poison
@h4 = global target("dx.CBuffer", %__cblayout_I) poison

; CHECK-LABEL: define void @first()
; CHECK-NEXT: %e0 = call target("dx.CBuffer", %__cblayout_E) @llvm.dx.resource.handlefrombinding.tdx.CBuffer_s___cblayout_Est(i32 0, i32 0, i32 1, i32 0, ptr null)
; CHECK-NEXT: %e2 = call target("dx.CBuffer", %__cblayout_E) @llvm.dx.resource.handlefrombinding.tdx.CBuffer_s___cblayout_Est(i32 0, i32 2, i32 2, i32 0, ptr null)
; CHECK-NEXT: %u = call target("dx.TypedBuffer", float, 1, 0, 0) @llvm.dx.resource.handlefrombinding.tdx.TypedBuffer_f32_1_0_0t(i32 0, i32 1, i32 1, i32 0, ptr null)
; CHECK-NEXT: [[O5:%.*]] = call target("dx.CBuffer", %__cblayout_I) @llvm.dx.resource.handlefrombinding.tdx.CBuffer_s___cblayout_Ist(i32 0, i32 6, i32 1, i32 0, ptr null)
; CHECK-NEXT: [[O1:%.*]] = call target("dx.CBuffer", %__cblayout_I) @llvm.dx.resource.handlefrombinding.tdx.CBuffer_s___cblayout_Ist(i32 0, i32 1, i32 1, i32 0, ptr null)
; CHECK-NEXT: [[O3:%.*]] = call target("dx.CBuffer", %__cblayout_I) @llvm.dx.resource.handlefrombinding.tdx.CBuffer_s___cblayout_Ist(i32 0, i32 4, i32 2, i32 0, ptr null)
; CHECK-NEXT: [[S1:%.*]] = call target("dx.CBuffer", %__cblayout_I) @llvm.dx.resource.handlefrombinding.tdx.CBuffer_s___cblayout_Ist(i32 1, i32 0, i32 1, i32 0, ptr null)
; CHECK-NEXT: store target("dx.CBuffer", %__cblayout_I) [[O5]], ptr @h5
; CHECK-NEXT: store target("dx.CBuffer", %__cblayout_I) [[O1]], ptr @h1
; CHECK-NEXT: store target("dx.CBuffer", %__cblayout_I) [[O3]], ptr @h3
; CHECK-NEXT: store target("dx.CBuffer", %__cblayout_I) [[S1]], ptr @h4
; CHECK-LABEL: define void @second()
; CHECK-NEXT: [[AGAIN:%.*]] = call target("dx.CBuffer", %__cblayout_I) @llvm.dx.resource.handlefrombinding.tdx.CBuffer_s___cblayout_Ist(i32 0, i32 6, i32 1, i32 0, ptr null)
; CHECK-NEXT: store target("dx.CBuffer", %__cblayout_I) [[AGAIN]], ptr @h5
; CHECK-NOT: handlefromimplicitbinding

define void @first() {
  %e0 = call target("dx.CBuffer", %__cblayout_E) @llvm.dx.resource.handlefrombinding.tdx.CBuffer_s___cblayout_Est(i32 0, i32 0, i32 1, i32 0, ptr null)
  %e2 = call target("dx.CBuffer", %__cblayout_E) @llvm.dx.resource.handlefrombinding.tdx.CBuffer_s___cblayout_Est(i32 0, i32 2, i32 2, i32 0, ptr null)
  %u = call target("dx.TypedBuffer", float, 1, 0, 0) @llvm.dx.resource.handlefrombinding.tdx.TypedBuffer_f32_1_0_0t(i32 0, i32 1, i32 1, i32 0, ptr null)
  %o5 = call target("dx.CBuffer", %__cblayout_I) @llvm.dx.resource.handlefromimplicitbinding.tdx.CBuffer_s___cblayout_Ist(i32 5, i32 0, i32 1, i32 0, ptr null)
  %o1 = call target("dx.CBuffer", %__cblayout_I) @llvm.dx.resource.handlefromimplicitbinding.tdx.CBuffer_s___cblayout_Ist(i32 1, i32 0, i32 1, i32 0, ptr null)
  %o3 = call target("dx.CBuffer", %__cblayout_I) @llvm.dx.resource.handlefromimplicitbinding.tdx.CBuffer_s___cblayout_Ist(i32 3, i32 0, i32 2, i32 0, ptr null)
  %s1 = call target("dx.CBuffer", %__cblayout_I) @llvm.dx.resource.handlefromimplicitbinding.tdx.CBuffer_s___cblayout_Ist(i32 4, i32 1, i32 1, i32 0, ptr null)
  store target("dx.CBuffer", %__cblayout_I) %o5, ptr @h5
  store target("dx.CBuffer", %__cblayout_I) %o1, ptr @h1
  store target("dx.CBuffer", %__cblayout_I) %o3, ptr @h3
  store target("dx.CBuffer", %__cblayout_I) %s1, ptr @h4
  ret void
}

define void @second() {
  %o5 = call target("dx.CBuffer", %__cblayout_I) @llvm.dx.resource.handlefromimplicitbinding.tdx.CBuffer_s___cblayout_Ist(i32 5, i32 0, i32 1, i32 0, ptr null)
  store target("dx.CBuffer", %__cblayout_I) %o5, ptr @h5
  ret void
}

