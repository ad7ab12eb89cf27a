; Real clang-22 -O3 output (dxil-pc-shadermodel6.6-compute) of a shader that
; indexes a matrix and a uint4 array at run time:
;   cbuffer CB { float4 v; float3x3 mc; uint4 data[4]; ... };
;   Out[1] = mc[i][j];  Out[3] = (float)data[i >> 2][i & 3];
; clang's pipeline scalarises them to `getelementptr float, @mc, i32 %k` and
; `getelementptr i32, (getelementptr <4 x i32>, @data, i32 %hi), i32 %lo`,
; 4-byte run-time strides inside a row (refused before issue #14): the row is
; the byte offset >> 4 and the element a run-time extractelement.
; The rest of the shader is lowered too; the whole output verifies.
; RUN: %cblower-opt -S -passes=dxil-cbuffer-lowering %s | FileCheck %s
; RUN: %cblower-opt -S -passes=dxil-cbuffer-lowering %s | %opt-22 -passes=verify -disable-output
; RUN: %cblower-opt -S -passes=dxil-lower %s | %opt-22 -passes=verify -disable-output
; CHECK-LABEL: define void @main(
; CHECK: tail call void @llvm.assume(i1 %{{[0-9]+}})
; CHECK-NEXT: %CB.cb2 = load target("dx.CBuffer", %__cblayout_CB), ptr @CB.cb, align 4
; CHECK-NEXT: [[V7:%[0-9]+]] = mul i32 [[V5:%[0-9]+]], 4
; CHECK-NEXT: [[V8:%[0-9]+]] = add i32 [[V7]], 16
; CHECK-NEXT: [[V9:%[0-9]+]] = ashr i32 [[V8]], 4
; CHECK-NEXT: %matrixext.i.load = call { float, float, float, float } @llvm.dx.resource.load.cbufferrow.4.{{.*}}(target("dx.CBuffer", %__cblayout_CB) %CB.cb2, i32 [[V9]])
; CHECK-NEXT: %matrixext.i.extract = extractvalue { float, float, float, float } %matrixext.i.load, 0
; CHECK-NEXT: %matrixext.i.row = insertelement <4 x float> poison, float %matrixext.i.extract, i32 0
; CHECK-NEXT: %matrixext.i.extract15 = extractvalue { float, float, float, float } %matrixext.i.load, 1
; CHECK-NEXT: %matrixext.i.row16 = insertelement <4 x float> %matrixext.i.row, float %matrixext.i.extract15, i32 1
; CHECK-NEXT: %matrixext.i.extract17 = extractvalue { float, float, float, float } %matrixext.i.load, 2
; CHECK-NEXT: %matrixext.i.row18 = insertelement <4 x float> %matrixext.i.row16, float %matrixext.i.extract17, i32 2
; CHECK-NEXT: %matrixext.i.extract19 = extractvalue { float, float, float, float } %matrixext.i.load, 3
; CHECK-NEXT: %matrixext.i.row20 = insertelement <4 x float> %matrixext.i.row18, float %matrixext.i.extract19, i32 3
; CHECK-NEXT: [[V10:%[0-9]+]] = and i32 [[V8]], 15
; CHECK-NEXT: [[V11:%[0-9]+]] = lshr i32 [[V10]], 2
; CHECK-NEXT: %matrixext.i.elt = extractelement <4 x float> %matrixext.i.row20, i32 [[V11]]
; CHECK-NEXT: [[V12:%[0-9]+]] = tail call noundef nonnull align 4 dereferenceable(4) ptr @llvm.dx.resource.getpointer.p0.{{.*}}(target("dx.RawBuffer", float, 1, 0) [[V0:%[0-9]+]], i32 1)
; CHECK-NEXT: store float %matrixext.i.elt, ptr [[V12]], align 4, !tbaa !{{[0-9]+}}
; CHECK-NEXT: %shr.i = lshr i32 [[V1:%[0-9]+]], 2
; CHECK-NEXT: %CB.cb3 = load target("dx.CBuffer", %__cblayout_CB), ptr @CB.cb, align 4
; CHECK-NEXT: %and.i = and i32 [[V1]], 3
; CHECK-NEXT: [[V13:%[0-9]+]] = mul i32 %and.i, 4
; CHECK-NEXT: [[V14:%[0-9]+]] = add i32 [[V13]], 64
; CHECK-NEXT: [[V15:%[0-9]+]] = ashr i32 [[V14]], 4
; CHECK-NEXT: [[V16:%[0-9]+]] = add i32 %shr.i, [[V15]]
; CHECK-NEXT: %vecext2.i.load = call { i32, i32, i32, i32 } @llvm.dx.resource.load.cbufferrow.4.{{.*}}(target("dx.CBuffer", %__cblayout_CB) %CB.cb3, i32 [[V16]])
; CHECK-NEXT: %vecext2.i.extract = extractvalue { i32, i32, i32, i32 } %vecext2.i.load, 0
; CHECK-NEXT: %vecext2.i.row = insertelement <4 x i32> poison, i32 %vecext2.i.extract, i32 0
; CHECK-NEXT: %vecext2.i.extract21 = extractvalue { i32, i32, i32, i32 } %vecext2.i.load, 1
; CHECK-NEXT: %vecext2.i.row22 = insertelement <4 x i32> %vecext2.i.row, i32 %vecext2.i.extract21, i32 1
; CHECK-NEXT: %vecext2.i.extract23 = extractvalue { i32, i32, i32, i32 } %vecext2.i.load, 2
; CHECK-NEXT: %vecext2.i.row24 = insertelement <4 x i32> %vecext2.i.row22, i32 %vecext2.i.extract23, i32 2
; CHECK-NEXT: %vecext2.i.extract25 = extractvalue { i32, i32, i32, i32 } %vecext2.i.load, 3
; CHECK-NEXT: %vecext2.i.row26 = insertelement <4 x i32> %vecext2.i.row24, i32 %vecext2.i.extract25, i32 3
; CHECK-NEXT: [[V17:%[0-9]+]] = and i32 [[V14]], 15
; CHECK-NEXT: [[V18:%[0-9]+]] = lshr i32 [[V17]], 2
; CHECK-NEXT: %vecext2.i.elt = extractelement <4 x i32> %vecext2.i.row26, i32 [[V18]]
; CHECK-NEXT: %conv.i = uitofp i32 %vecext2.i.elt to float
; CHECK-NEXT: [[V19:%[0-9]+]] = tail call noundef nonnull align 4 dereferenceable(4) ptr @llvm.dx.resource.getpointer.p0.{{.*}}(target("dx.RawBuffer", float, 1, 0) [[V0]], i32 3)
; CHECK-NEXT: store float %conv.i, ptr [[V19]], align 4, !tbaa !{{[0-9]+}}

source_filename = "full3.hlsl"
target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64-v48:16:16-v96:32:32-v192:64:64"
target triple = "dxilv1.6-pc-shadermodel6.6-compute"

%__cblayout_CB = type <{ <4 x float>, [9 x float], target("dx.Padding", 12), [4 x <4 x i32>], <2 x float>, target("dx.Padding", 8), <2 x double>, <3 x float>, target("dx.Padding", 4), <{ [7 x <{ float, target("dx.Padding", 12) }>], float }>, target("dx.Padding", 12), [3 x %Light], <3 x i32>, target("dx.Padding", 4), <{ [2 x <{ <2 x i32>, target("dx.Padding", 8) }>], <2 x i32> }> }>
%Light = type <{ <3 x float>, float, [2 x <4 x float>] }>

@CB.cb = local_unnamed_addr global target("dx.CBuffer", %__cblayout_CB) poison
@v = external hidden local_unnamed_addr addrspace(2) global <4 x float>, align 16
@mc = external hidden local_unnamed_addr addrspace(2) global [9 x float], align 4
@data = external hidden local_unnamed_addr addrspace(2) global [4 x <4 x i32>], align 16
@w = external hidden local_unnamed_addr addrspace(2) global <2 x float>, align 8
@d = external hidden local_unnamed_addr addrspace(2) global <2 x double>, align 16
@t = external hidden local_unnamed_addr addrspace(2) global <3 x float>, align 16
@arr = external hidden local_unnamed_addr addrspace(2) global <{ [7 x <{ float, target("dx.Padding", 12) }>], float }>, align 4
@lights = external hidden local_unnamed_addr addrspace(2) global [3 x %Light], align 1
@flags = external hidden local_unnamed_addr addrspace(2) global <3 x i32>, align 16
@pairs = external hidden local_unnamed_addr addrspace(2) global <{ [2 x <{ <2 x i32>, target("dx.Padding", 8) }>], <2 x i32> }>, align 8
@CB.str = private unnamed_addr constant [3 x i8] c"CB\00", align 1
@.str = private unnamed_addr constant [4 x i8] c"Out\00", align 1

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(none)
declare target("dx.CBuffer", %__cblayout_CB) @llvm.dx.resource.handlefrombinding.tdx.CBuffer_s___cblayout_CBst(i32, i32, i32, i32, ptr) #0

; Function Attrs: mustprogress nofree noinline norecurse nosync nounwind willreturn memory(readwrite, argmem: write, inaccessiblemem: write, target_mem0: none, target_mem1: none)
define void @main() local_unnamed_addr #1 {
entry:
  %CB.cb_h.i.i = tail call target("dx.CBuffer", %__cblayout_CB) @llvm.dx.resource.handlefrombinding.tdx.CBuffer_s___cblayout_CBst(i32 0, i32 0, i32 1, i32 0, ptr nonnull @CB.str)
  store target("dx.CBuffer", %__cblayout_CB) %CB.cb_h.i.i, ptr @CB.cb, align 4
  %0 = tail call target("dx.RawBuffer", float, 1, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_f32_1_0t(i32 0, i32 0, i32 1, i32 0, ptr nonnull @.str)
  %1 = tail call i32 @llvm.dx.thread.id(i32 0)
  %2 = tail call i32 @llvm.dx.thread.id(i32 1)
  %3 = load <4 x float>, ptr addrspace(2) @v, align 16, !tbaa !8
  %vecext.i = extractelement <4 x float> %3, i32 %1
  %4 = tail call noundef nonnull align 4 dereferenceable(4) ptr @llvm.dx.resource.getpointer.p0.tdx.RawBuffer_f32_1_0t(target("dx.RawBuffer", float, 1, 0) %0, i32 0)
  store float %vecext.i, ptr %4, align 4, !tbaa !9
  %5 = mul i32 %2, 3
  %6 = add i32 %5, %1
  %7 = icmp ult i32 %6, 9
  tail call void @llvm.assume(i1 %7)
  %8 = getelementptr inbounds nuw float, ptr addrspace(2) @mc, i32 %6
  %matrixext.i = load float, ptr addrspace(2) %8, align 4
  %9 = tail call noundef nonnull align 4 dereferenceable(4) ptr @llvm.dx.resource.getpointer.p0.tdx.RawBuffer_f32_1_0t(target("dx.RawBuffer", float, 1, 0) %0, i32 1)
  store float %matrixext.i, ptr %9, align 4, !tbaa !9
  %shr.i = lshr i32 %1, 2
  %arrayidx.i = getelementptr inbounds nuw <4 x i32>, ptr addrspace(2) @data, i32 %shr.i
  %and.i = and i32 %1, 3
  %10 = getelementptr inbounds nuw i32, ptr addrspace(2) %arrayidx.i, i32 %and.i
  %vecext2.i = load i32, ptr addrspace(2) %10, align 4
  %conv.i = uitofp i32 %vecext2.i to float
  %11 = tail call noundef nonnull align 4 dereferenceable(4) ptr @llvm.dx.resource.getpointer.p0.tdx.RawBuffer_f32_1_0t(target("dx.RawBuffer", float, 1, 0) %0, i32 3)
  store float %conv.i, ptr %11, align 4, !tbaa !9
  %12 = load <9 x float>, ptr addrspace(2) @mc, align 4
  %13 = add i32 %1, 3
  %14 = extractelement <9 x float> %12, i32 %13
  %15 = insertelement <1 x float> poison, float %14, i64 0
  %16 = tail call noundef nonnull align 4 dereferenceable(4) ptr @llvm.dx.resource.getpointer.p0.tdx.RawBuffer_f32_1_0t(target("dx.RawBuffer", float, 1, 0) %0, i32 4)
  store <1 x float> %15, ptr %16, align 4, !tbaa !9
  %17 = load <2 x float>, ptr addrspace(2) @w, align 8, !tbaa !8
  %vecext5.i = extractelement <2 x float> %17, i32 %1
  %18 = tail call noundef nonnull align 4 dereferenceable(4) ptr @llvm.dx.resource.getpointer.p0.tdx.RawBuffer_f32_1_0t(target("dx.RawBuffer", float, 1, 0) %0, i32 6)
  store float %vecext5.i, ptr %18, align 4, !tbaa !9
  %19 = load <2 x double>, ptr addrspace(2) @d, align 16, !tbaa !8
  %vecext7.i = extractelement <2 x double> %19, i32 %1
  %conv8.i = fptrunc reassoc nnan ninf nsz arcp afn double %vecext7.i to float
  %20 = tail call noundef nonnull align 4 dereferenceable(4) ptr @llvm.dx.resource.getpointer.p0.tdx.RawBuffer_f32_1_0t(target("dx.RawBuffer", float, 1, 0) %0, i32 7)
  store float %conv8.i, ptr %20, align 4, !tbaa !9
  %21 = load <3 x float>, ptr addrspace(2) @t, align 16, !tbaa !8
  %vecext10.i = extractelement <3 x float> %21, i32 %2
  %22 = tail call noundef nonnull align 4 dereferenceable(4) ptr @llvm.dx.resource.getpointer.p0.tdx.RawBuffer_f32_1_0t(target("dx.RawBuffer", float, 1, 0) %0, i32 8)
  store float %vecext10.i, ptr %22, align 4, !tbaa !9
  %cbufferidx.i = getelementptr <{ float, target("dx.Padding", 12) }>, ptr addrspace(2) @arr, i32 %1
  %23 = load float, ptr addrspace(2) %cbufferidx.i, align 16, !tbaa !9
  %24 = tail call noundef nonnull align 4 dereferenceable(4) ptr @llvm.dx.resource.getpointer.p0.tdx.RawBuffer_f32_1_0t(target("dx.RawBuffer", float, 1, 0) %0, i32 9)
  store float %23, ptr %24, align 4, !tbaa !9
  %cbufferidx13.i = getelementptr %Light, ptr addrspace(2) @lights, i32 %1
  %range.i = getelementptr inbounds nuw i8, ptr addrspace(2) %cbufferidx13.i, i32 16
  %25 = load float, ptr addrspace(2) %range.i, align 4, !tbaa !9
  %26 = tail call noundef nonnull align 4 dereferenceable(4) ptr @llvm.dx.resource.getpointer.p0.tdx.RawBuffer_f32_1_0t(target("dx.RawBuffer", float, 1, 0) %0, i32 10)
  store float %25, ptr %26, align 4, !tbaa !9
  %27 = load <3 x float>, ptr addrspace(2) getelementptr inbounds nuw (i8, ptr addrspace(2) @lights, i32 48), align 4, !tbaa !8
  %vecext15.i = extractelement <3 x float> %27, i32 %2
  %28 = tail call noundef nonnull align 4 dereferenceable(4) ptr @llvm.dx.resource.getpointer.p0.tdx.RawBuffer_f32_1_0t(target("dx.RawBuffer", float, 1, 0) %0, i32 13)
  store float %vecext15.i, ptr %28, align 4, !tbaa !9
  %29 = load <3 x i32>, ptr addrspace(2) @flags, align 16, !tbaa !8
  %30 = extractelement <3 x i32> %29, i32 %1
  %vecext17.i = trunc i32 %30 to i1
  %cond.i = select reassoc nnan ninf nsz arcp afn i1 %vecext17.i, float 1.000000e+00, float 0.000000e+00
  %31 = tail call noundef nonnull align 4 dereferenceable(4) ptr @llvm.dx.resource.getpointer.p0.tdx.RawBuffer_f32_1_0t(target("dx.RawBuffer", float, 1, 0) %0, i32 11)
  store float %cond.i, ptr %31, align 4, !tbaa !9
  %cbufferidx19.i = getelementptr <{ <2 x i32>, target("dx.Padding", 8) }>, ptr addrspace(2) @pairs, i32 %1
  %32 = load <2 x i32>, ptr addrspace(2) %cbufferidx19.i, align 16, !tbaa !8
  %vecext20.i = extractelement <2 x i32> %32, i32 %2
  %conv21.i = sitofp i32 %vecext20.i to float
  %33 = tail call noundef nonnull align 4 dereferenceable(4) ptr @llvm.dx.resource.getpointer.p0.tdx.RawBuffer_f32_1_0t(target("dx.RawBuffer", float, 1, 0) %0, i32 12)
  store float %conv21.i, ptr %33, align 4, !tbaa !9
  ret void
}

; Function Attrs: mustprogress nofree nosync nounwind willreturn memory(none)
declare i32 @llvm.dx.thread.id(i32) #2

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(inaccessiblemem: write)
declare void @llvm.assume(i1 noundef) #3

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(none)
declare target("dx.RawBuffer", float, 1, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_f32_1_0t(i32, i32, i32, i32, ptr) #0

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(none)
declare ptr @llvm.dx.resource.getpointer.p0.tdx.RawBuffer_f32_1_0t(target("dx.RawBuffer", float, 1, 0), i32) #0

attributes #0 = { mustprogress nocallback nofree nosync nounwind willreturn memory(none) }
attributes #1 = { mustprogress nofree noinline norecurse nosync nounwind willreturn memory(readwrite, argmem: write, inaccessiblemem: write, target_mem0: none, target_mem1: none) "hlsl.numthreads"="1,1,1" "hlsl.shader"="compute" "no-infs-fp-math"="false" "no-nans-fp-math"="false" "no-signed-zeros-fp-math"="false" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #2 = { mustprogress nofree nosync nounwind willreturn memory(none) }
attributes #3 = { mustprogress nocallback nofree nosync nounwind willreturn memory(inaccessiblemem: write) }

!hlsl.cbs = !{!0}
!llvm.module.flags = !{!1}
!dx.valver = !{!2}
!llvm.ident = !{!3}
!llvm.errno.tbaa = !{!4}

!0 = !{ptr @CB.cb, ptr addrspace(2) @v, ptr addrspace(2) @mc, ptr addrspace(2) @data, ptr addrspace(2) @w, ptr addrspace(2) @d, ptr addrspace(2) @t, ptr addrspace(2) @arr, ptr addrspace(2) @lights, ptr addrspace(2) @flags, ptr addrspace(2) @pairs}
!1 = !{i32 1, !"wchar_size", i32 4}
!2 = !{i32 1, i32 8}
!3 = !{!"Debian clang version 22.1.8 (1~deb12u1)"}
!4 = !{!5, !5, i64 0}
!5 = !{!"int", !6, i64 0}
!6 = !{!"omnipotent char", !7, i64 0}
!7 = !{!"Simple C++ TBAA"}
!8 = !{!6, !6, i64 0}
!9 = !{!10, !10, i64 0}
!10 = !{!"float", !6, i64 0}
