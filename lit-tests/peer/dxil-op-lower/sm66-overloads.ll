; dxil-op-lower, shader model 6.6: the cbuffer handle becomes
; createHandleFromBinding (217) with ResBind { lower, upper, space, i8 2 }
; and annotateHandle (216) with ResourceProperties { 13, size } (size = data
; layout size of the layout struct, 84 here, not rounded to 16); every row
; load becomes cbufferLoadLegacy (59) of its overload, and the extractvalues
; read the new call. The handle store, handle global, name string and the
; intrinsic declarations go away.
; RUN: opt -S -dxil-op-lower %s | FileCheck %s

target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64-v48:16:16-v96:32:32-v192:64:64"
target triple = "dxil-pc-shadermodel6.6-compute"

%__cblayout_CB = type <{ float, target("dx.Padding", 12), double, i64, half, target("dx.Padding", 14), i16, target("dx.Padding", 14), i32, target("dx.Padding", 12), float }>

@CB.cb = global target("dx.CBuffer", %__cblayout_CB) poison
@CB.str = private unnamed_addr constant [3 x i8] c"CB\00", align 1

; CHECK-DAG: %dx.types.Handle = type { ptr }
; CHECK-DAG: %dx.types.ResBind = type { i32, i32, i32, i8 }
; CHECK-DAG: %dx.types.ResourceProperties = type { i32, i32 }
; CHECK-DAG: %dx.types.CBufRet.f32 = type { float, float, float, float }
; CHECK-DAG: %dx.types.CBufRet.f64 = type { double, double }
; CHECK-DAG: %dx.types.CBufRet.i64 = type { i64, i64 }
; CHECK-DAG: %dx.types.CBufRet.f16.8 = type { half, half, half, half, half, half, half, half }
; CHECK-DAG: %dx.types.CBufRet.i16.8 = type { i16, i16, i16, i16, i16, i16, i16, i16 }
; CHECK-DAG: %dx.types.CBufRet.i32 = type { i32, i32, i32, i32 }
; CHECK-NOT: @CB.cb
; CHECK-NOT: @CB.str

; CHECK-LABEL: define void @main()
; CHECK-NEXT: %h = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 3, i32 3, i32 1, i8 2 }, i32 3, i1 false)
; CHECK-NEXT: %h_annot = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %h, %dx.types.ResourceProperties { i32 13, i32 84 })
; CHECK-NEXT: %r0 = call %dx.types.CBufRet.f32 @dx.op.cbufferLoadLegacy.f32(i32 59, %dx.types.Handle %h_annot, i32 0)
; CHECK-NEXT: %x0 = extractvalue %dx.types.CBufRet.f32 %r0, 0
; CHECK-NEXT: %r1 = call %dx.types.CBufRet.f64 @dx.op.cbufferLoadLegacy.f64(i32 59, %dx.types.Handle %h_annot, i32 1)
; CHECK-NEXT: %x1 = extractvalue %dx.types.CBufRet.f64 %r1, 0
; CHECK-NEXT: %r2 = call %dx.types.CBufRet.i64 @dx.op.cbufferLoadLegacy.i64(i32 59, %dx.types.Handle %h_annot, i32 1)
; CHECK-NEXT: %x2 = extractvalue %dx.types.CBufRet.i64 %r2, 1
; CHECK-NEXT: %r3 = call %dx.types.CBufRet.f16.8 @dx.op.cbufferLoadLegacy.f16(i32 59, %dx.types.Handle %h_annot, i32 2)
; CHECK-NEXT: %x3 = extractvalue %dx.types.CBufRet.f16.8 %r3, 0
; CHECK-NEXT: %r4 = call %dx.types.CBufRet.i16.8 @dx.op.cbufferLoadLegacy.i16(i32 59, %dx.types.Handle %h_annot, i32 3)
; CHECK-NEXT: %x4 = extractvalue %dx.types.CBufRet.i16.8 %r4, 0
; CHECK-NEXT: %r5 = call %dx.types.CBufRet.i32 @dx.op.cbufferLoadLegacy.i32(i32 59, %dx.types.Handle %h_annot, i32 4)
; CHECK-NEXT: %x5 = extractvalue %dx.types.CBufRet.i32 %r5, 0
; CHECK-NEXT: %r6 = call %dx.types.CBufRet.f32 @dx.op.cbufferLoadLegacy.f32(i32 59, %dx.types.Handle %h_annot, i32 5)
; CHECK-NEXT: %x6 = extractvalue %dx.types.CBufRet.f32 %r6, 0
; CHECK-NEXT: %x6b = extractvalue %dx.types.CBufRet.f32 %r6, 3
; CHECK-NEXT: call void @use

; CHECK-NOT: llvm.dx.resource.load.cbufferrow
; CHECK-NOT: llvm.dx.resource.handlefrombinding
; CHECK-DAG: declare %dx.types.Handle @dx.op.createHandleFromBinding(i32, %dx.types.ResBind, i32, i1)
; CHECK-DAG: declare %dx.types.Handle @dx.op.annotateHandle(i32, %dx.types.Handle, %dx.types.ResourceProperties)
; CHECK-DAG: declare %dx.types.CBufRet.f16.8 @dx.op.cbufferLoadLegacy.f16(i32, %dx.types.Handle, i32)

define void @main() {
  %h = call target("dx.CBuffer", %__cblayout_CB) @llvm.dx.resource.handlefrombinding(i32 1, i32 3, i32 1, i32 0, ptr @CB.str)
  store target("dx.CBuffer", %__cblayout_CB) %h, ptr @CB.cb, align 4
  %r0 = call { float, float, float, float } @llvm.dx.resource.load.cbufferrow.4(target("dx.CBuffer", %__cblayout_CB) %h, i32 0)
  %x0 = extractvalue { float, float, float, float } %r0, 0
  %r1 = call { double, double } @llvm.dx.resource.load.cbufferrow.2(target("dx.CBuffer", %__cblayout_CB) %h, i32 1)
  %x1 = extractvalue { double, double } %r1, 0
  %r2 = call { i64, i64 } @llvm.dx.resource.load.cbufferrow.2(target("dx.CBuffer", %__cblayout_CB) %h, i32 1)
  %x2 = extractvalue { i64, i64 } %r2, 1
  %r3 = call { half, half, half, half, half, half, half, half } @llvm.dx.resource.load.cbufferrow.8(target("dx.CBuffer", %__cblayout_CB) %h, i32 2)
  %x3 = extractvalue { half, half, half, half, half, half, half, half } %r3, 0
  %r4 = call { i16, i16, i16, i16, i16, i16, i16, i16 } @llvm.dx.resource.load.cbufferrow.8(target("dx.CBuffer", %__cblayout_CB) %h, i32 3)
  %x4 = extractvalue { i16, i16, i16, i16, i16, i16, i16, i16 } %r4, 0
  %r5 = call { i32, i32, i32, i32 } @llvm.dx.resource.load.cbufferrow.4(target("dx.CBuffer", %__cblayout_CB) %h, i32 4)
  %x5 = extractvalue { i32, i32, i32, i32 } %r5, 0
  %r6 = call { float, float, float, float } @llvm.dx.resource.load.cbufferrow.4(target("dx.CBuffer", %__cblayout_CB) %h, i32 5)
  %x6 = extractvalue { float, float, float, float } %r6, 0
  %x6b = extractvalue { float, float, float, float } %r6, 3
  call void @use(float %x0, double %x1, i64 %x2, half %x3, i16 %x4, i32 %x5, float %x6, float %x6b)
  ret void
}

declare void @use(float, double, i64, half, i16, i32, float, float)
