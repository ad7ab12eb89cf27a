; dxil-forward-handle-accesses on a library: clang-22 (-O1, library triple)
; creates the handle in the global constructor and stores it into @CB.cb;
; the exported functions only load @CB.cb. Each function gets its own copy
; of the creation call (the same intrinsic and constant arguments) at the top
; of its entry block; the constructor's store and @CB.cb go once nothing
; loads it. Source:
;   cbuffer CB : register(b1) { float4 tint; float scale; };
;   export float4 get_tint() { return tint; }
;   export float get_scale() { return scale; }
; RUN: %cblower-opt -S -passes=dxil-lower %s | FileCheck %s
; RUN: %cblower-opt -S -passes=dxil-lower %s | %opt-22 -passes=verify -disable-output
; RUN: %cblower-opt -S -passes=dxil-cbuffer-access,dxil-resource-access,dxil-forward-handle-accesses %s | FileCheck %s --check-prefix=FWD

; CHECK-NOT: @CB.cb =
; CHECK-LABEL: define noundef nofpclass(nan inf) <4 x float> @_Z8get_tintv()
; CHECK-NEXT: entry:
; CHECK-NEXT: %CB.cb_h.i = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 1, i32 1, i32 0, i8 2 }, i32 1, i1 false)
; CHECK-NEXT: %CB.cb_h.i_annot = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %CB.cb_h.i, %dx.types.ResourceProperties { i32 13, i32 20 })
; CHECK-NEXT: %.load = call %dx.types.CBufRet.f32 @dx.op.cbufferLoadLegacy.f32(i32 59, %dx.types.Handle %CB.cb_h.i_annot, i32 0)
; CHECK-LABEL: define noundef nofpclass(nan inf) float @_Z9get_scalev()
; CHECK-NEXT: entry:
; CHECK-NEXT: %CB.cb_h.i = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 1, i32 1, i32 0, i8 2 }, i32 1, i1 false)
; CHECK-NEXT: %CB.cb_h.i_annot = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %CB.cb_h.i, %dx.types.ResourceProperties { i32 13, i32 20 })
; CHECK-NEXT: %.load = call %dx.types.CBufRet.f32 @dx.op.cbufferLoadLegacy.f32(i32 59, %dx.types.Handle %CB.cb_h.i_annot, i32 1)
; CHECK-NEXT: %.extract = extractvalue %dx.types.CBufRet.f32 %.load, 0
; CHECK-NEXT: ret float %.extract
; CHECK-LABEL: define internal void @_GLOBAL__sub_I_lib.hlsl()
; CHECK-NEXT: entry:
; CHECK-NEXT: %CB.cb_h.i = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 1, i32 1, i32 0, i8 2 }, i32 1, i1 false)
; CHECK-NEXT: %CB.cb_h.i_annot = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %CB.cb_h.i, %dx.types.ResourceProperties { i32 13, i32 20 })
; CHECK-NEXT: ret void

; FWD-NOT: @CB.cb =
; FWD-LABEL: define noundef nofpclass(nan inf) float @_Z9get_scalev()
; FWD-NEXT: entry:
; FWD-NEXT: %CB.cb_h.i = tail call target("dx.CBuffer", %__cblayout_CB) @llvm.dx.resource.handlefrombinding.tdx.CBuffer_s___cblayout_CBst(i32 0, i32 1, i32 1, i32 0, ptr nonnull @CB.str)
; FWD-NEXT: %.load = call { float, float, float, float } @llvm.dx.resource.load.cbufferrow.4.f32.f32.f32.f32.tdx.CBuffer_s___cblayout_CBst(target("dx.CBuffer", %__cblayout_CB) %CB.cb_h.i, i32 1)
; FWD-LABEL: define internal void @_GLOBAL__sub_I_lib.hlsl()
; FWD-NEXT: entry:
; FWD-NEXT: %CB.cb_h.i = tail call target("dx.CBuffer", %__cblayout_CB) @llvm.dx.resource.handlefrombinding.tdx.CBuffer_s___cblayout_CBst(i32 0, i32 1, i32 1, i32 0, ptr nonnull @CB.str)
; FWD-NEXT: ret void

target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64-v48:16:16-v96:32:32-v192:64:64"
target triple = "dxilv1.6-pc-shadermodel6.6-library"
%__cblayout_CB = type <{ <4 x float>, float }>
@CB.cb = local_unnamed_addr global target("dx.CBuffer", %__cblayout_CB) poison
@tint = external hidden local_unnamed_addr addrspace(2) global <4 x float>, align 16
@scale = external hidden local_unnamed_addr addrspace(2) global float, align 4
@CB.str = private unnamed_addr constant [3 x i8] c"CB\00", align 1
@llvm.global_ctors = appending global [1 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 65535, ptr @_GLOBAL__sub_I_lib.hlsl, ptr null }]
declare target("dx.CBuffer", %__cblayout_CB) @llvm.dx.resource.handlefrombinding.tdx.CBuffer_s___cblayout_CBst(i32, i32, i32, i32, ptr)
define noundef nofpclass(nan inf) <4 x float> @_Z8get_tintv() local_unnamed_addr {
entry:
  %0 = load <4 x float>, ptr addrspace(2) @tint, align 16
  ret <4 x float> %0
}
define noundef nofpclass(nan inf) float @_Z9get_scalev() local_unnamed_addr {
entry:
  %0 = load float, ptr addrspace(2) @scale, align 4
  ret float %0
}
define internal void @_GLOBAL__sub_I_lib.hlsl() {
entry:
  %CB.cb_h.i = tail call target("dx.CBuffer", %__cblayout_CB) @llvm.dx.resource.handlefrombinding.tdx.CBuffer_s___cblayout_CBst(i32 0, i32 1, i32 1, i32 0, ptr nonnull @CB.str)
  store target("dx.CBuffer", %__cblayout_CB) %CB.cb_h.i, ptr @CB.cb, align 4
  ret void
}
!hlsl.cbs = !{!0}
!0 = !{ptr @CB.cb, ptr addrspace(2) @tint, ptr addrspace(2) @scale}
