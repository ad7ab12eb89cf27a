; ModuleID = 'deferred.hlsl'
source_filename = "deferred.hlsl"
target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64-v48:16:16-v96:32:32-v192:64:64"
target triple = "dxilv1.3-pc-shadermodel6.3-library"

%__cblayout_PerView = type <{ [4 x <4 x float>], [4 x <4 x float>], <4 x float>, <2 x float>, float, float }>
%__cblayout_PerDraw = type <{ <{ [3 x <{ <3 x float>, target("dx.Padding", 4) }>], <3 x float> }>, target("dx.Padding", 4), <4 x float>, i32, float }>
%__cblayout_Material = type <{ %MaterialParams }>
%MaterialParams = type <{ <4 x float>, float, float, <2 x float>, i32, target("dx.Padding", 12), [2 x <4 x float>] }>

@PerView.cb = global target("dx.CBuffer", %__cblayout_PerView) poison
@View = external hidden addrspace(2) global [4 x <4 x float>], align 4
@Proj = external hidden addrspace(2) global [4 x <4 x float>], align 4
@ViewportSize = external hidden addrspace(2) global <4 x float>, align 16
@Jitter = external hidden addrspace(2) global <2 x float>, align 8
@NearZ = external hidden addrspace(2) global float, align 4
@FarZ = external hidden addrspace(2) global float, align 4
@PerView.str = private unnamed_addr constant [8 x i8] c"PerView\00", align 1
@PerDraw.cb = global target("dx.CBuffer", %__cblayout_PerDraw) poison
@WorldColumns = external hidden addrspace(2) global <{ [3 x <{ <3 x float>, target("dx.Padding", 4) }>], <3 x float> }>, align 4
@InstanceColor = external hidden addrspace(2) global <4 x float>, align 16
@InstanceId = external hidden addrspace(2) global i32, align 4
@LodFade = external hidden addrspace(2) global float, align 4
@PerDraw.str = private unnamed_addr constant [8 x i8] c"PerDraw\00", align 1
@Material.cb = global target("dx.CBuffer", %__cblayout_Material) poison
@Material = external hidden addrspace(2) global %MaterialParams, align 1
@Material.str = private unnamed_addr constant [9 x i8] c"Material\00", align 1
@llvm.global_ctors = appending global [1 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 65535, ptr @_GLOBAL__sub_I_deferred.hlsl, ptr null }]

; Function Attrs: alwaysinline
define internal void @_init_buffer_PerView.cb() #0 {
entry:
  %PerView.cb_h = call target("dx.CBuffer", %__cblayout_PerView) @llvm.dx.resource.handlefrombinding.tdx.CBuffer_s___cblayout_PerViewst(i32 1, i32 0, i32 1, i32 0, ptr @PerView.str)
  store target("dx.CBuffer", %__cblayout_PerView) %PerView.cb_h, ptr @PerView.cb, align 4
  ret void
}

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare target("dx.CBuffer", %__cblayout_PerView) @llvm.dx.resource.handlefrombinding.tdx.CBuffer_s___cblayout_PerViewst(i32, i32, i32, i32, ptr) #1

; Function Attrs: alwaysinline
define internal void @_init_buffer_PerDraw.cb() #0 {
entry:
  %PerDraw.cb_h = call target("dx.CBuffer", %__cblayout_PerDraw) @llvm.dx.resource.handlefrombinding.tdx.CBuffer_s___cblayout_PerDrawst(i32 1, i32 1, i32 1, i32 0, ptr @PerDraw.str)
  store target("dx.CBuffer", %__cblayout_PerDraw) %PerDraw.cb_h, ptr @PerDraw.cb, align 4
  ret void
}

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare target("dx.CBuffer", %__cblayout_PerDraw) @llvm.dx.resource.handlefrombinding.tdx.CBuffer_s___cblayout_PerDrawst(i32, i32, i32, i32, ptr) #1

; Function Attrs: alwaysinline
define internal void @_init_buffer_Material.cb() #0 {
entry:
  %Material.cb_h = call target("dx.CBuffer", %__cblayout_Material) @llvm.dx.resource.handlefrombinding.tdx.CBuffer_s___cblayout_Materialst(i32 1, i32 2, i32 1, i32 0, ptr @Material.str)
  store target("dx.CBuffer", %__cblayout_Material) %Material.cb_h, ptr @Material.cb, align 4
  ret void
}

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare target("dx.CBuffer", %__cblayout_Material) @llvm.dx.resource.handlefrombinding.tdx.CBuffer_s___cblayout_Materialst(i32, i32, i32, i32, ptr) #1

; Function Attrs: alwaysinline convergent nounwind
define internal void @_GLOBAL__sub_I_deferred.hlsl() #2 {
entry:
  call void @_init_buffer_PerView.cb()
  call void @_init_buffer_PerDraw.cb()
  call void @_init_buffer_Material.cb()
  ret void
}

attributes #0 = { alwaysinline }
attributes #1 = { nocallback nofree nosync nounwind willreturn memory(none) }
attributes #2 = { alwaysinline convergent nounwind "no-infs-fp-math"="true" "no-nans-fp-math"="true" "no-signed-zeros-fp-math"="true" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }

!hlsl.cbs = !{!0, !1, !2}
!hlsl.layouts = !{!3, !4, !5, !6}
!llvm.module.flags = !{!7}
!dx.valver = !{!8}

!0 = !{ptr @PerView.cb, ptr addrspace(2) @View, ptr addrspace(2) @Proj, ptr addrspace(2) @ViewportSize, ptr addrspace(2) @Jitter, ptr addrspace(2) @NearZ, ptr addrspace(2) @FarZ}
!1 = !{ptr @PerDraw.cb, ptr addrspace(2) @WorldColumns, ptr addrspace(2) @InstanceColor, ptr addrspace(2) @InstanceId, ptr addrspace(2) @LodFade}
!2 = !{ptr @Material.cb, ptr addrspace(2) @Material}
!3 = !{!"__cblayout_PerView", i32 160, i32 0, i32 64, i32 128, i32 144, i32 152, i32 156}
!4 = !{!"__cblayout_PerDraw", i32 88, i32 0, i32 64, i32 80, i32 84}
!5 = !{!"MaterialParams", i32 80, i32 0, i32 16, i32 20, i32 24, i32 32, i32 48}
!6 = !{!"__cblayout_Material", i32 80, i32 0}
!7 = !{i32 1, !"wchar_size", i32 4}
!8 = !{i32 1, i32 8}
