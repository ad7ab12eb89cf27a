; The dxil-lower pipeline (dxil-cbuffer-access, dxil-resource-access,
; dxil-forward-handle-accesses, dxil-resource-implicit-binding,
; dxil-op-lower) on clang-22's -O1 output for
;   cbuffer CB : register(b1) { float a1[3]; float4 w; double d; }
;   cbuffer Imp { int n; }
;   [numthreads(1,1,1)] void main(uint3 id : SV_DispatchThreadID)
;     { Out[0] = a1[id.x] + w.z + (float)d + n; }
; gives DXIL ops only: Imp gets the free register b0, CB keeps b1; sizes 72
; (CB: a1 ends at 36, w at 48, d at 64) and 4.
; RUN: opt -S -dxil-lower %s | FileCheck %s

; CHECK-NOT: @CB.cb
; CHECK-NOT: @Imp.cb
; CHECK-NOT: addrspace(2) global
; CHECK-LABEL: define void @main()
; CHECK-NEXT: entry:
; CHECK-NEXT: %CB.cb_h.i.i = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 1, i32 1, i32 0, i8 2 }, i32 1, i1 false)
; CHECK-NEXT: %CB.cb_h.i.i_annot = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %CB.cb_h.i.i, %dx.types.ResourceProperties { i32 13, i32 72 })
; CHECK-NEXT: [[IMP:%.*]] = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 0, i32 0, i32 0, i8 2 }, i32 0, i1 false)
; CHECK-NEXT: [[IMPA:%.*]] = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle [[IMP]], %dx.types.ResourceProperties { i32 13, i32 4 })
; CHECK-NEXT: [[OUT:%.*]] = tail call target("dx.TypedBuffer", float, 1, 0, 0) @llvm.dx.resource.handlefrombinding.tdx.TypedBuffer_f32_1_0_0t(i32 0, i32 0, i32 1, i32 0, ptr nonnull @.str)
; CHECK-NEXT: [[ID:%.*]] = tail call i32 @llvm.dx.thread.id(i32 0)
; CHECK-NEXT: [[R0:%.*]] = call %dx.types.CBufRet.f32 @dx.op.cbufferLoadLegacy.f32(i32 59, %dx.types.Handle %CB.cb_h.i.i_annot, i32 [[ID]])
; CHECK-NEXT: [[A:%.*]] = extractvalue %dx.types.CBufRet.f32 [[R0]], 0
; CHECK-NEXT: [[R1:%.*]] = call %dx.types.CBufRet.f32 @dx.op.cbufferLoadLegacy.f32(i32 59, %dx.types.Handle %CB.cb_h.i.i_annot, i32 3)
; CHECK-NEXT: [[W:%.*]] = extractvalue %dx.types.CBufRet.f32 [[R1]], 2
; CHECK-NEXT: %add.i = fadd reassoc nnan ninf nsz arcp afn float [[W]], [[A]]
; CHECK-NEXT: [[R2:%.*]] = call %dx.types.CBufRet.f64 @dx.op.cbufferLoadLegacy.f64(i32 59, %dx.types.Handle %CB.cb_h.i.i_annot, i32 4)
; CHECK-NEXT: [[D:%.*]] = extractvalue %dx.types.CBufRet.f64 [[R2]], 0
; CHECK:      [[R3:%.*]] = call %dx.types.CBufRet.i32 @dx.op.cbufferLoadLegacy.i32(i32 59, %dx.types.Handle [[IMPA]], i32 0)
; CHECK-NEXT: [[N:%.*]] = extractvalue %dx.types.CBufRet.i32 [[R3]], 0
; CHECK-NOT: handlefromimplicitbinding
; CHECK-NOT: load.cbufferrow
; CHECK-NOT: @CB.str
; CHECK-NOT: @Imp.str

target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64-v48:16:16-v96:32:32-v192:64:64"
target triple = "dxilv1.6-pc-shadermodel6.6-compute"

%__cblayout_CB = type <{ <{ [2 x <{ float, target("dx.Padding", 12) }>], float }>, target("dx.Padding", 12), <4 x float>, double }>
%__cblayout_Imp = type <{ i32 }>

@CB.cb = local_unnamed_addr global target("dx.CBuffer", %__cblayout_CB) poison
@a1 = external hidden local_unnamed_addr addrspace(2) global <{ [2 x <{ float, target("dx.Padding", 12) }>], float }>, align 4
@w = external hidden local_unnamed_addr addrspace(2) global <4 x float>, align 16
@d = external hidden local_unnamed_addr addrspace(2) global double, align 8
@CB.str = private unnamed_addr constant [3 x i8] c"CB\00", align 1
@Imp.cb = local_unnamed_addr global target("dx.CBuffer", %__cblayout_Imp) poison
@n = external hidden local_unnamed_addr addrspace(2) global i32, align 4
@Imp.str = private unnamed_addr constant [4 x i8] c"Imp\00", align 1
@.str = private unnamed_addr constant [4 x i8] c"Out\00", align 1

declare target("dx.CBuffer", %__cblayout_CB) @llvm.dx.resource.handlefrombinding.tdx.CBuffer_s___cblayout_CBst(i32, i32, i32, i32, ptr)

declare target("dx.CBuffer", %__cblayout_Imp) @llvm.dx.resource.handlefromimplicitbinding.tdx.CBuffer_s___cblayout_Impst(i32, i32, i32, i32, ptr)

define void @main() local_unnamed_addr {
entry:
  %CB.cb_h.i.i = tail call target("dx.CBuffer", %__cblayout_CB) @llvm.dx.resource.handlefrombinding.tdx.CBuffer_s___cblayout_CBst(i32 0, i32 1, i32 1, i32 0, ptr nonnull @CB.str)
  store target("dx.CBuffer", %__cblayout_CB) %CB.cb_h.i.i, ptr @CB.cb, align 4
  %Imp.cb_h.i.i = tail call target("dx.CBuffer", %__cblayout_Imp) @llvm.dx.resource.handlefromimplicitbinding.tdx.CBuffer_s___cblayout_Impst(i32 0, i32 0, i32 1, i32 0, ptr nonnull @Imp.str)
  store target("dx.CBuffer", %__cblayout_Imp) %Imp.cb_h.i.i, ptr @Imp.cb, align 4
  %0 = tail call target("dx.TypedBuffer", float, 1, 0, 0) @llvm.dx.resource.handlefrombinding.tdx.TypedBuffer_f32_1_0_0t(i32 0, i32 0, i32 1, i32 0, ptr nonnull @.str)
  %1 = tail call i32 @llvm.dx.thread.id(i32 0)
  %cbufferidx.i = getelementptr <{ float, target("dx.Padding", 12) }>, ptr addrspace(2) @a1, i32 %1
  %2 = load float, ptr addrspace(2) %cbufferidx.i, align 16
  %3 = load float, ptr addrspace(2) getelementptr inbounds nuw (i8, ptr addrspace(2) @w, i32 8), align 8
  %add.i = fadd reassoc nnan ninf nsz arcp afn float %3, %2
  %4 = load double, ptr addrspace(2) @d, align 8
  %conv.i = fptrunc reassoc nnan ninf nsz arcp afn double %4 to float
  %add1.i = fadd reassoc nnan ninf nsz arcp afn float %add.i, %conv.i
  %5 = load i32, ptr addrspace(2) @n, align 4
  %conv2.i = sitofp i32 %5 to float
  %add3.i = fadd reassoc nnan ninf nsz arcp afn float %add1.i, %conv2.i
  %6 = tail call noundef nonnull align 4 dereferenceable(4) ptr @llvm.dx.resource.getpointer.p0.tdx.TypedBuffer_f32_1_0_0t(target("dx.TypedBuffer", float, 1, 0, 0) %0, i32 0)
  store float %add3.i, ptr %6, align 4
  ret void
}

declare i32 @llvm.dx.thread.id(i32)

declare target("dx.TypedBuffer", float, 1, 0, 0) @llvm.dx.resource.handlefrombinding.tdx.TypedBuffer_f32_1_0_0t(i32, i32, i32, i32, ptr)

declare ptr @llvm.dx.resource.getpointer.p0.tdx.TypedBuffer_f32_1_0_0t(target("dx.TypedBuffer", float, 1, 0, 0), i32)


!hlsl.cbs = !{!0, !1}
!0 = !{ptr @CB.cb, ptr addrspace(2) @a1, ptr addrspace(2) @w, ptr addrspace(2) @d}
!1 = !{ptr @Imp.cb, ptr addrspace(2) @n}
