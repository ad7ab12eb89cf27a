; dxil-resource-access: a select of pointers into two different cbuffers
; (clang-22 -O1, library, for
;   struct L { float4 color; float range; };
;   cbuffer A : register(b0) { L la; };  cbuffer B : register(b1) { L lb; };
;   export float pick(int i) { return ((i & 1) ? la : lb).range; }
; ) cannot be one row computation: the load moves into both arms and the
; loaded values are selected.
; RUN: %cblower-opt -S -passes=dxil-cbuffer-lowering %s | FileCheck %s
; RUN: %cblower-opt -S -passes=dxil-lower %s | %opt-22 -passes=verify -disable-output

; CHECK-LABEL: define noundef nofpclass(nan inf) float @_Z4picki(i32 noundef %i)
; CHECK-NEXT: entry:
; CHECK-NEXT: %and = and i32 %i, 1
; CHECK-NEXT: %tobool.not = icmp eq i32 %and, 0
; CHECK-NEXT: %B.cb = load target("dx.CBuffer", %__cblayout_B), ptr @B.cb, align 4
; CHECK-NEXT: %A.cb = load target("dx.CBuffer", %__cblayout_A), ptr @A.cb, align 4
; CHECK-NEXT: %.load = call { float, float, float, float } @llvm.dx.resource.load.cbufferrow.4.f32.f32.f32.f32.tdx.CBuffer_s___cblayout_Bst(target("dx.CBuffer", %__cblayout_B) %B.cb, i32 1)
; CHECK-NEXT: %.extract = extractvalue { float, float, float, float } %.load, 0
; CHECK-NEXT: %.load1 = call { float, float, float, float } @llvm.dx.resource.load.cbufferrow.4.f32.f32.f32.f32.tdx.CBuffer_s___cblayout_Ast(target("dx.CBuffer", %__cblayout_A) %A.cb, i32 1)
; CHECK-NEXT: %.extract2 = extractvalue { float, float, float, float } %.load1, 0
; CHECK-NEXT: %0 = select i1 %tobool.not, float %.extract, float %.extract2
; CHECK-NEXT: ret float %0
; CHECK-NEXT: }

target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64-v48:16:16-v96:32:32-v192:64:64"
target triple = "dxilv1.6-pc-shadermodel6.6-library"
%__cblayout_A = type <{ %L }>
%L = type <{ <4 x float>, float }>
%__cblayout_B = type <{ %L }>
@A.cb = local_unnamed_addr global target("dx.CBuffer", %__cblayout_A) poison
@la = external hidden local_unnamed_addr addrspace(2) global %L, align 1
@A.str = private unnamed_addr constant [2 x i8] c"A\00", align 1
@B.cb = local_unnamed_addr global target("dx.CBuffer", %__cblayout_B) poison
@lb = external hidden local_unnamed_addr addrspace(2) global %L, align 1
@B.str = private unnamed_addr constant [2 x i8] c"B\00", align 1
@llvm.global_ctors = appending global [1 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 65535, ptr @_GLOBAL__sub_I_sel2.hlsl, ptr null }]
declare target("dx.CBuffer", %__cblayout_A) @llvm.dx.resource.handlefrombinding.tdx.CBuffer_s___cblayout_Ast(i32, i32, i32, i32, ptr)
declare target("dx.CBuffer", %__cblayout_B) @llvm.dx.resource.handlefrombinding.tdx.CBuffer_s___cblayout_Bst(i32, i32, i32, i32, ptr)
define noundef nofpclass(nan inf) float @_Z4picki(i32 noundef %i) local_unnamed_addr {
entry:
  %and = and i32 %i, 1
  %tobool.not = icmp eq i32 %and, 0
  %range = select i1 %tobool.not, ptr addrspace(2) getelementptr inbounds nuw (i8, ptr addrspace(2) @lb, i32 16), ptr addrspace(2) getelementptr inbounds nuw (i8, ptr addrspace(2) @la, i32 16)
  %0 = load float, ptr addrspace(2) %range, align 4
  ret float %0
}
define internal void @_GLOBAL__sub_I_sel2.hlsl() {
entry:
  %A.cb_h.i = tail call target("dx.CBuffer", %__cblayout_A) @llvm.dx.resource.handlefrombinding.tdx.CBuffer_s___cblayout_Ast(i32 0, i32 0, i32 1, i32 0, ptr nonnull @A.str)
  store target("dx.CBuffer", %__cblayout_A) %A.cb_h.i, ptr @A.cb, align 4
  %B.cb_h.i = tail call target("dx.CBuffer", %__cblayout_B) @llvm.dx.resource.handlefrombinding.tdx.CBuffer_s___cblayout_Bst(i32 0, i32 1, i32 1, i32 0, ptr nonnull @B.str)
  store target("dx.CBuffer", %__cblayout_B) %B.cb_h.i, ptr @B.cb, align 4
  ret void
}

!hlsl.cbs = !{!0, !1}
!0 = !{ptr @A.cb, ptr addrspace(2) @la}
!1 = !{ptr @B.cb, ptr addrspace(2) @lb}
