; clang-22's SPIR-V output for a compute shader (-O1, LLVM passes disabled)
; with a helper function, through LLVM passes around spirv-cbuffer-access in
; one pipeline: always-inline and globaldce first (so the members are read
; only in the entry point), the access pass, then instcombine and
; default<O1>. LLVM's passes run in LLVM's pass builder; LLVM 22's opt gives
; the same output (lit-tests/peer-opt22).
;
; typedef unsigned int uint; typedef vector<uint,3> uint3; typedef vector<float,4> float4;
; cbuffer CB : register(b0) { float4 scale; float bias[3]; int count; };
; void sink(float4 v);
; static float4 shade(uint i) { return scale * bias[i % 3] + count; }
; [numthreads(4, 1, 1)] void main(uint3 id : SV_DispatchThreadID) { sink(shade(id.x)); }
;
; RUN: opt -S -passes='always-inline,globaldce,spirv-cbuffer-access,instcombine,default<O1>' %s | FileCheck %s
; Given several times, only the last -passes counts, in both tools:
; RUN: opt -S -passes=verify -passes='always-inline,globaldce,spirv-cbuffer-access,instcombine,default<O1>' %s | FileCheck %s

; CHECK-NOT: @CB.cb =
; CHECK-NOT: @bias =
; CHECK-NOT: define {{.*}}@_ZL5shadej
; CHECK-LABEL: define void @main()
; CHECK-NEXT: entry:
; CHECK-NEXT: %0 = tail call token @llvm.experimental.convergence.entry()
; CHECK-NEXT: %CB.cb_h.i.i = tail call target("spirv.VulkanBuffer", %__cblayout_CB, 2, 0) @llvm.spv.resource.handlefrombinding.tspirv.VulkanBuffer_s___cblayout_CBs_2_0t(i32 0, i32 0, i32 1, i32 0, ptr nonnull @CB.str)
; CHECK-NEXT: %1 = tail call ptr addrspace(12) @llvm.spv.resource.getpointer.p12.tspirv.VulkanBuffer_s___cblayout_CBs_2_0t(target("spirv.VulkanBuffer", %__cblayout_CB, 2, 0) %CB.cb_h.i.i, i32 0)
; CHECK-NEXT: %2 = tail call ptr addrspace(12) @llvm.spv.resource.getpointer.p12.tspirv.VulkanBuffer_s___cblayout_CBs_2_0t(target("spirv.VulkanBuffer", %__cblayout_CB, 2, 0) %CB.cb_h.i.i, i32 1)
; CHECK-NEXT: %3 = tail call ptr addrspace(12) @llvm.spv.resource.getpointer.p12.tspirv.VulkanBuffer_s___cblayout_CBs_2_0t(target("spirv.VulkanBuffer", %__cblayout_CB, 2, 0) %CB.cb_h.i.i, i32 2)
; CHECK-NEXT: %4 = tail call i32 @llvm.spv.thread.id.i32(i32 0)
; CHECK-NEXT: %5 = load <4 x float>, ptr addrspace(12) %1, align 16
; CHECK-NEXT: %rem.i = urem i32 %4, 3
; CHECK-NEXT: %idxprom.i = zext nneg i32 %rem.i to i64
; CHECK-NEXT: %cbufferidx.i = getelementptr <{ float, target("spirv.Padding", 12) }>, ptr addrspace(12) %2, i64 %idxprom.i
; CHECK-NEXT: %6 = load float, ptr addrspace(12) %cbufferidx.i, align 16
; CHECK:      %7 = load i32, ptr addrspace(12) %3, align 4
; CHECK:      call spir_func void @_Z4sinkDv4_f(<4 x float> noundef nofpclass(nan inf) %add.i)
; CHECK-NEXT: ret void

source_filename = "cs2.hlsl"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64-G10"
target triple = "spirv-unknown-vulkan1.3-compute"

%__cblayout_CB = type <{ <4 x float>, <{ [2 x <{ float, target("spirv.Padding", 12) }>], float }>, i32 }>

@CB.cb = global target("spirv.VulkanBuffer", %__cblayout_CB, 2, 0) poison
@scale = external hidden addrspace(12) global <4 x float>, align 16
@bias = external hidden addrspace(12) global <{ [2 x <{ float, target("spirv.Padding", 12) }>], float }>, align 4
@count = external hidden addrspace(12) global i32, align 4
@CB.str = private unnamed_addr constant [3 x i8] c"CB\00", align 1

; Function Attrs: alwaysinline
define internal void @_init_buffer_CB.cb() #0 {
entry:
  %CB.cb_h = call target("spirv.VulkanBuffer", %__cblayout_CB, 2, 0) @llvm.spv.resource.handlefrombinding.tspirv.VulkanBuffer_s___cblayout_CBs_2_0t(i32 0, i32 0, i32 1, i32 0, ptr @CB.str)
  store target("spirv.VulkanBuffer", %__cblayout_CB, 2, 0) %CB.cb_h, ptr @CB.cb, align 8
  ret void
}

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare target("spirv.VulkanBuffer", %__cblayout_CB, 2, 0) @llvm.spv.resource.handlefrombinding.tspirv.VulkanBuffer_s___cblayout_CBs_2_0t(i32, i32, i32, i32, ptr) #1

; Function Attrs: alwaysinline convergent mustprogress norecurse nounwind
define internal spir_func void @_Z4mainDv3_j(<3 x i32> noundef %id) #2 {
entry:
  %0 = call token @llvm.experimental.convergence.entry()
  %id.addr = alloca <3 x i32>, align 16
  store <3 x i32> %id, ptr %id.addr, align 16, !tbaa !7
  %1 = load <3 x i32>, ptr %id.addr, align 16
  %2 = extractelement <3 x i32> %1, i64 0
  %call1 = call reassoc nnan ninf nsz arcp afn spir_func noundef nofpclass(nan inf) <4 x float> @_ZL5shadej(i32 noundef %2) #8 [ "convergencectrl"(token %0) ]
  call spir_func void @_Z4sinkDv4_f(<4 x float> noundef nofpclass(nan inf) %call1) #8 [ "convergencectrl"(token %0) ]
  ret void
}

; Function Attrs: convergent noinline norecurse
define void @main() #3 {
entry:
  %0 = call token @llvm.experimental.convergence.entry()
  call spir_func void @_GLOBAL__sub_I_cs2.hlsl() [ "convergencectrl"(token %0) ]
  %1 = call i32 @llvm.spv.thread.id.i32(i32 0)
  %2 = insertelement <3 x i32> poison, i32 %1, i64 0
  %3 = call i32 @llvm.spv.thread.id.i32(i32 1)
  %4 = insertelement <3 x i32> %2, i32 %3, i64 1
  %5 = call i32 @llvm.spv.thread.id.i32(i32 2)
  %6 = insertelement <3 x i32> %4, i32 %5, i64 2
  call spir_func void @_Z4mainDv3_j(<3 x i32> %6) [ "convergencectrl"(token %0) ]
  ret void
}

; Function Attrs: convergent nocallback nofree nosync nounwind willreturn memory(none)
declare token @llvm.experimental.convergence.entry() #4

; Function Attrs: nounwind willreturn memory(none)
declare i32 @llvm.spv.thread.id.i32(i32) #5

; Function Attrs: convergent
declare hidden spir_func void @_Z4sinkDv4_f(<4 x float> noundef nofpclass(nan inf)) #6

; Function Attrs: alwaysinline convergent mustprogress norecurse nounwind
define internal spir_func noundef nofpclass(nan inf) <4 x float> @_ZL5shadej(i32 noundef %i) #2 {
entry:
  %0 = call token @llvm.experimental.convergence.entry()
  %i.addr = alloca i32, align 4
  store i32 %i, ptr %i.addr, align 4, !tbaa !3
  %1 = load <4 x float>, ptr addrspace(12) @scale, align 16, !tbaa !7
  %2 = load i32, ptr %i.addr, align 4, !tbaa !3
  %rem = urem i32 %2, 3
  %idxprom = zext i32 %rem to i64
  %cbufferidx = getelementptr <{ float, target("spirv.Padding", 12) }>, ptr addrspace(12) @bias, i64 %idxprom, i32 0
  %3 = load float, ptr addrspace(12) %cbufferidx, align 16, !tbaa !8
  %splat.splatinsert = insertelement <4 x float> poison, float %3, i64 0
  %splat.splat = shufflevector <4 x float> %splat.splatinsert, <4 x float> poison, <4 x i32> zeroinitializer
  %mul = fmul reassoc nnan ninf nsz arcp afn <4 x float> %1, %splat.splat
  %4 = load i32, ptr addrspace(12) @count, align 4, !tbaa !3
  %splat.splatinsert1 = insertelement <4 x i32> poison, i32 %4, i64 0
  %splat.splat2 = shufflevector <4 x i32> %splat.splatinsert1, <4 x i32> poison, <4 x i32> zeroinitializer
  %conv = sitofp <4 x i32> %splat.splat2 to <4 x float>
  %add = fadd reassoc nnan ninf nsz arcp afn <4 x float> %mul, %conv
  ret <4 x float> %add
}

; Function Attrs: alwaysinline convergent nounwind
define internal spir_func void @_GLOBAL__sub_I_cs2.hlsl() #7 {
entry:
  %0 = call token @llvm.experimental.convergence.entry()
  call spir_func void @_init_buffer_CB.cb()
  ret void
}

attributes #0 = { alwaysinline }
attributes #1 = { nocallback nofree nosync nounwind willreturn memory(none) }
attributes #2 = { alwaysinline convergent mustprogress norecurse nounwind "no-infs-fp-math"="true" "no-nans-fp-math"="true" "no-signed-zeros-fp-math"="true" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #3 = { convergent noinline norecurse "hlsl.numthreads"="4,1,1" "hlsl.shader"="compute" "no-infs-fp-math"="true" "no-nans-fp-math"="true" "no-signed-zeros-fp-math"="true" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #4 = { convergent nocallback nofree nosync nounwind willreturn memory(none) }
attributes #5 = { nounwind willreturn memory(none) }
attributes #6 = { convergent "no-infs-fp-math"="true" "no-nans-fp-math"="true" "no-signed-zeros-fp-math"="true" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #7 = { alwaysinline convergent nounwind "no-infs-fp-math"="true" "no-nans-fp-math"="true" "no-signed-zeros-fp-math"="true" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #8 = { convergent }

!hlsl.cbs = !{!0}
!llvm.module.flags = !{!1}
!llvm.ident = !{!2}
!llvm.errno.tbaa = !{!3}

!0 = !{ptr @CB.cb, ptr addrspace(12) @scale, ptr addrspace(12) @bias, ptr addrspace(12) @count}
!1 = !{i32 1, !"wchar_size", i32 4}
!2 = !{!"Debian clang version 22.1.8 (1~deb12u1)"}
!3 = !{!4, !4, i64 0}
!4 = !{!"int", !5, i64 0}
!5 = !{!"omnipotent char", !6, i64 0}
!6 = !{!"Simple C++ TBAA"}
!7 = !{!5, !5, i64 0}
!8 = !{!9, !9, i64 0}
!9 = !{!"float", !5, i64 0}
