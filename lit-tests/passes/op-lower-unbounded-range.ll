; clang-22 writes an unbounded range (ConstantBuffer<T> A[]) as size -1: the upper bound is the last register (-1 in ResBind), the index lower + element.
; RUN: %cblower-opt -S -passes=dxil-lower %s | FileCheck %s
; RUN: %cblower-opt -S -passes=dxil-lower %s | %opt-22 -passes=verify -disable-output
; CHECK: %h = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 2, i32 -1, i32 0, i8 2 }, i32 3, i1 false)
; CHECK-NEXT: %h_annot = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %h, %dx.types.ResourceProperties { i32 13, i32 32 })
; CHECK-NEXT: %x.load = call %dx.types.CBufRet.f32 @dx.op.cbufferLoadLegacy.f32(i32 59, %dx.types.Handle %h_annot, i32 0)

target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64-v48:16:16-v96:32:32-v192:64:64"
target triple = "dxil-pc-shadermodel6.6-compute"

%__cblayout_CB = type <{ float, target("dx.Padding", 12), <4 x float> }>

@CB.cb = local_unnamed_addr global target("dx.CBuffer", %__cblayout_CB) poison
@a = external hidden local_unnamed_addr addrspace(2) global float, align 4
@b = external hidden local_unnamed_addr addrspace(2) global <4 x float>, align 16
@CB.str = private unnamed_addr constant [3 x i8] c"CB\00", align 1

define float @main() {
entry:
  %h = tail call target("dx.CBuffer", %__cblayout_CB) @llvm.dx.resource.handlefrombinding.tdx.CBuffer_s___cblayout_CBst(i32 0, i32 2, i32 -1, i32 1, ptr nonnull @CB.str)
  store target("dx.CBuffer", %__cblayout_CB) %h, ptr @CB.cb, align 4
  %x = load float, ptr addrspace(2) @a, align 4
  ret float %x
}

declare target("dx.CBuffer", %__cblayout_CB) @llvm.dx.resource.handlefrombinding.tdx.CBuffer_s___cblayout_CBst(i32, i32, i32, i32, ptr)

!hlsl.cbs = !{!0}
!0 = !{ptr @CB.cb, ptr addrspace(2) @a, ptr addrspace(2) @b}
