; dxil-resource-access: clang-22's -O0 shape of `((i & 1) ? la : lb).range`
; with la and lb in different cbuffers (the source of
; access-merge-split-buffers.ll): a phi of the two member pointers, a field
; GEP and a load. The GEP and load are repeated at the end of each incoming
; block and the loaded values are merged by a phi.
; RUN: %cblower-opt -S -passes=dxil-cbuffer-lowering %s | FileCheck %s
; RUN: %cblower-opt -S -passes=dxil-lower %s | %opt-22 -passes=verify -disable-output

; CHECK-LABEL: cond.true:
; CHECK-NEXT: %A.cb = load target("dx.CBuffer", %__cblayout_A), ptr @A.cb, align 4
; CHECK-NEXT: %.load = call { float, float, float, float } @llvm.dx.resource.load.cbufferrow.4.f32.f32.f32.f32.tdx.CBuffer_s___cblayout_Ast(target("dx.CBuffer", %__cblayout_A) %A.cb, i32 1)
; CHECK-NEXT: %.extract = extractvalue { float, float, float, float } %.load, 0
; CHECK-NEXT: br label %cond.end
; CHECK-LABEL: cond.false:
; CHECK-NEXT: %B.cb = load target("dx.CBuffer", %__cblayout_B), ptr @B.cb, align 4
; CHECK-NEXT: %.load1 = call { float, float, float, float } @llvm.dx.resource.load.cbufferrow.4.f32.f32.f32.f32.tdx.CBuffer_s___cblayout_Bst(target("dx.CBuffer", %__cblayout_B) %B.cb, i32 1)
; CHECK-NEXT: %.extract2 = extractvalue { float, float, float, float } %.load1, 0
; CHECK-NEXT: br label %cond.end
; CHECK-LABEL: cond.end:
; CHECK-NEXT: %1 = phi float [ %.extract, %cond.true ], [ %.extract2, %cond.false ]
; CHECK-NEXT: ret float %1

target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64-v48:16:16-v96:32:32-v192:64:64"
target triple = "dxilv1.6-pc-shadermodel6.6-library"
%__cblayout_A = type <{ %L }>
%L = type <{ <4 x float>, float }>
%__cblayout_B = type <{ %L }>
@A.cb = global target("dx.CBuffer", %__cblayout_A) poison
@la = external hidden addrspace(2) global %L, align 1
@A.str = private unnamed_addr constant [2 x i8] c"A\00", align 1
@B.cb = global target("dx.CBuffer", %__cblayout_B) poison
@lb = external hidden addrspace(2) global %L, align 1
@B.str = private unnamed_addr constant [2 x i8] c"B\00", align 1
@llvm.global_ctors = appending global [1 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 65535, ptr @_GLOBAL__sub_I_sel2.hlsl, ptr null }]
define internal void @_init_buffer_A.cb() {
entry:
  %A.cb_h = call target("dx.CBuffer", %__cblayout_A) @llvm.dx.resource.handlefrombinding.tdx.CBuffer_s___cblayout_Ast(i32 0, i32 0, i32 1, i32 0, ptr @A.str)
  store target("dx.CBuffer", %__cblayout_A) %A.cb_h, ptr @A.cb, align 4
  ret void
}
declare target("dx.CBuffer", %__cblayout_A) @llvm.dx.resource.handlefrombinding.tdx.CBuffer_s___cblayout_Ast(i32, i32, i32, i32, ptr)
define internal void @_init_buffer_B.cb() {
entry:
  %B.cb_h = call target("dx.CBuffer", %__cblayout_B) @llvm.dx.resource.handlefrombinding.tdx.CBuffer_s___cblayout_Bst(i32 0, i32 1, i32 1, i32 0, ptr @B.str)
  store target("dx.CBuffer", %__cblayout_B) %B.cb_h, ptr @B.cb, align 4
  ret void
}
declare target("dx.CBuffer", %__cblayout_B) @llvm.dx.resource.handlefrombinding.tdx.CBuffer_s___cblayout_Bst(i32, i32, i32, i32, ptr)
define noundef nofpclass(nan inf) float @_Z4picki(i32 noundef %i) {
entry:
  %i.addr = alloca i32, align 4
  store i32 %i, ptr %i.addr, align 4
  %0 = load i32, ptr %i.addr, align 4
  %and = and i32 %0, 1
  %tobool = icmp ne i32 %and, 0
  br i1 %tobool, label %cond.true, label %cond.false
cond.true:                                        ; preds = %entry
  br label %cond.end
cond.false:                                       ; preds = %entry
  br label %cond.end
cond.end:                                         ; preds = %cond.false, %cond.true
  %cond = phi ptr addrspace(2) [ @la, %cond.true ], [ @lb, %cond.false ]
  %range = getelementptr inbounds nuw %L, ptr addrspace(2) %cond, i32 0, i32 1
  %1 = load float, ptr addrspace(2) %range, align 4
  ret float %1
}
define internal void @_GLOBAL__sub_I_sel2.hlsl() {
entry:
  call void @_init_buffer_A.cb()
  call void @_init_buffer_B.cb()
  ret void
}

!hlsl.cbs = !{!0, !1}
!0 = !{ptr @A.cb, ptr addrspace(2) @la}
!1 = !{ptr @B.cb, ptr addrspace(2) @lb}
