; dxil-op-lower before DXIL 1.6 (the arch of dxilv1.3 wins over the shader
; model): createHandle (57) with class 2, the binding ID (rank of the binding
; among the distinct cbuffer bindings sorted by space, then lower bound: B at
; b7 space 0 is 0, C at b2 space 1 is 1, A at b5 space 1 is 2) and the
; absolute register index (index + lower
; bound: folded when constant, an add otherwise). Two calls of one binding
; share the ID. Handles of other resources stay as they are.
; RUN: opt -S -dxil-op-lower %s | FileCheck %s

target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64-v48:16:16-v96:32:32-v192:64:64"
target triple = "dxilv1.3-pc-shadermodel6.6-library"

%__cblayout_A = type <{ float }>
%__cblayout_B = type <{ i32 }>
%__cblayout_C = type <{ double }>

; CHECK-LABEL: define float @f(i32 %i)
; CHECK-NEXT: %a = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 2, i32 2, i32 5, i1 false)
; CHECK-NEXT: %b = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 2, i32 0, i32 7, i1 false)
; CHECK-NEXT: [[IDX:%.*]] = add i32 %i, 2
; CHECK-NEXT: %c = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 2, i32 1, i32 [[IDX]], i1 false)
; CHECK-NEXT: %a2 = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 2, i32 2, i32 5, i1 false)
; CHECK-NEXT: %buf = call target("dx.TypedBuffer", float, 1, 0, 0) @llvm.dx.resource.handlefrombinding.tdx.TypedBuffer_f32_1_0_0t(i32 0, i32 0, i32 1, i32 0, ptr null)
; CHECK-NEXT: %ra = call %dx.types.CBufRet.f32 @dx.op.cbufferLoadLegacy.f32(i32 59, %dx.types.Handle %a, i32 0)
; CHECK-NEXT: %xa = extractvalue %dx.types.CBufRet.f32 %ra, 0
; CHECK-NEXT: %rb = call %dx.types.CBufRet.i32 @dx.op.cbufferLoadLegacy.i32(i32 59, %dx.types.Handle %b, i32 0)
; CHECK-NEXT: %xb = extractvalue %dx.types.CBufRet.i32 %rb, 0
; CHECK-NEXT: %rc = call %dx.types.CBufRet.f64 @dx.op.cbufferLoadLegacy.f64(i32 59, %dx.types.Handle %c, i32 0)
; CHECK-NEXT: %xc = extractvalue %dx.types.CBufRet.f64 %rc, 0
; CHECK-NEXT: %ra2 = call %dx.types.CBufRet.f32 @dx.op.cbufferLoadLegacy.f32(i32 59, %dx.types.Handle %a2, i32 1)
; CHECK: declare target("dx.TypedBuffer", float, 1, 0, 0) @llvm.dx.resource.handlefrombinding.tdx.TypedBuffer_f32_1_0_0t(i32, i32, i32, i32, ptr)
; CHECK: declare %dx.types.Handle @dx.op.createHandle(i32, i8, i32, i32, i1)
; CHECK-NOT: handlefrombinding.tdx.CBuffer

define float @f(i32 %i) {
  %a = call target("dx.CBuffer", %__cblayout_A) @llvm.dx.resource.handlefrombinding.tdx.CBuffer_s___cblayout_Ast(i32 1, i32 5, i32 1, i32 0, ptr null)
  %b = call target("dx.CBuffer", %__cblayout_B) @llvm.dx.resource.handlefrombinding.tdx.CBuffer_s___cblayout_Bst(i32 0, i32 7, i32 1, i32 0, ptr null)
  %c = call target("dx.CBuffer", %__cblayout_C) @llvm.dx.resource.handlefrombinding.tdx.CBuffer_s___cblayout_Cst(i32 1, i32 2, i32 3, i32 %i, ptr null)
  %a2 = call target("dx.CBuffer", %__cblayout_A) @llvm.dx.resource.handlefrombinding.tdx.CBuffer_s___cblayout_Ast(i32 1, i32 5, i32 1, i32 0, ptr null)
  %buf = call target("dx.TypedBuffer", float, 1, 0, 0) @llvm.dx.resource.handlefrombinding.tdx.TypedBuffer_f32_1_0_0t(i32 0, i32 0, i32 1, i32 0, ptr null)
  %ra = call { float, float, float, float } @llvm.dx.resource.load.cbufferrow.4(target("dx.CBuffer", %__cblayout_A) %a, i32 0)
  %xa = extractvalue { float, float, float, float } %ra, 0
  %rb = call { i32, i32, i32, i32 } @llvm.dx.resource.load.cbufferrow.4(target("dx.CBuffer", %__cblayout_B) %b, i32 0)
  %xb = extractvalue { i32, i32, i32, i32 } %rb, 0
  %rc = call { double, double } @llvm.dx.resource.load.cbufferrow.2(target("dx.CBuffer", %__cblayout_C) %c, i32 0)
  %xc = extractvalue { double, double } %rc, 0
  %ra2 = call { float, float, float, float } @llvm.dx.resource.load.cbufferrow.4(target("dx.CBuffer", %__cblayout_A) %a2, i32 1)
  %xa2 = extractvalue { float, float, float, float } %ra2, 1
  %fb = sitofp i32 %xb to float
  %fc = fptrunc double %xc to float
  %s1 = fadd float %xa, %fb
  %s2 = fadd float %s1, %fc
  %s3 = fadd float %s2, %xa2
  ret float %s3
}
