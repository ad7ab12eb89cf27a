; ModuleID = 'deferred.hlsl'
source_filename = "deferred.hlsl"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64-G10"
target triple = "spirv-unknown-vulkan1.3-library"

%__cblayout_PerView = type <{ [4 x <4 x float>], [4 x <4 x float>], <4 x float>, <2 x float>, float, float }>
%__cblayout_PerDraw = type <{ <{ [3 x <{ [3 x float], target("spirv.Padding", 4) }>], [3 x float] }>, target("spirv.Padding", 4), <4 x float>, i32, float }>
%__cblayout_Material = type <{ %MaterialParams }>
%MaterialParams = type <{ <4 x float>, float, float, <2 x float>, i32, target("spirv.Padding", 12), [2 x <4 x float>] }>

@PerView.cb = global target("spirv.VulkanBuffer", %__cblayout_PerView, 2, 0) poison
@View = external hidden addrspace(12) global [4 x <4 x float>], align 4
@Proj = external hidden addrspace(12) global [4 x <4 x float>], align 4
@ViewportSize = external hidden addrspace(12) global <4 x float>, align 16
@Jitter = external hidden addrspace(12) global <2 x float>, align 8
@NearZ = external hidden addrspace(12) global float, align 4
@FarZ = external hidden addrspace(12) global float, align 4
@PerView.str = private unnamed_addr constant [8 x i8] c"PerView\00", align 1
@PerDraw.cb = global target("spirv.VulkanBuffer", %__cblayout_PerDraw, 2, 0) poison
@WorldColumns = external hidden addrspace(12) global <{ [3 x <{ [3 x float], target("spirv.Padding", 4) }>], [3 x float] }>, align 4
@InstanceColor = external hidden addrspace(12) global <4 x float>, align 16
@InstanceId = external hidden addrspace(12) global i32, align 4
@LodFade = external hidden addrspace(12) global float, align 4
@PerDraw.str = private unnamed_addr constant [8 x i8] c"PerDraw\00", align 1
@Material.cb = global target("spirv.VulkanBuffer", %__cblayout_Material, 2, 0) poison
@Material = external hidden addrspace(12) global %MaterialParams, align 1
@Material.str = private unnamed_addr constant [9 x i8] c"Material\00", align 1
@llvm.global_ctors = appending global [1 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 65535, ptr @_GLOBAL__sub_I_deferred.hlsl, ptr null }]

; Function Attrs: alwaysinline
define internal spir_func void @_init_buffer_PerView.cb() #0 {
entry:
  %PerView.cb_h = call target("spirv.VulkanBuffer", %__cblayout_PerView, 2, 0) @llvm.spv.resource.handlefrombinding.tspirv.VulkanBuffer_s___cblayout_PerViews_2_0t(i32 1, i32 0, i32 1, i32 0, ptr @PerView.str)
  store target("spirv.VulkanBuffer", %__cblayout_PerView, 2, 0) %PerView.cb_h, ptr @PerView.cb, align 8
  ret void
}

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare target("spirv.VulkanBuffer", %__cblayout_PerView, 2, 0) @llvm.spv.resource.handlefrombinding.tspirv.VulkanBuffer_s___cblayout_PerViews_2_0t(i32, i32, i32, i32, ptr) #1

; Function Attrs: alwaysinline
define internal spir_func void @_init_buffer_PerDraw.cb() #0 {
entry:
  %PerDraw.cb_h = call target("spirv.VulkanBuffer", %__cblayout_PerDraw, 2, 0) @llvm.spv.resource.handlefrombinding.tspirv.VulkanBuffer_s___cblayout_PerDraws_2_0t(i32 1, i32 1, i32 1, i32 0, ptr @PerDraw.str)
  store target("spirv.VulkanBuffer", %__cblayout_PerDraw, 2, 0) %PerDraw.cb_h, ptr @PerDraw.cb, align 8
  ret void
}

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare target("spirv.VulkanBuffer", %__cblayout_PerDraw, 2, 0) @llvm.spv.resource.handlefrombinding.tspirv.VulkanBuffer_s___cblayout_PerDraws_2_0t(i32, i32, i32, i32, ptr) #1

; Function Attrs: alwaysinline
define internal spir_func void @_init_buffer_Material.cb() #0 {
entry:
  %Material.cb_h = call target("spirv.VulkanBuffer", %__cblayout_Material, 2, 0) @llvm.spv.resource.handlefrombinding.tspirv.VulkanBuffer_s___cblayout_Materials_2_0t(i32 1, i32 2, i32 1, i32 0, ptr @Material.str)
  store target("spirv.VulkanBuffer", %__cblayout_Material, 2, 0) %Material.cb_h, ptr @Material.cb, align 8
  ret void
}

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare target("spirv.VulkanBuffer", %__cblayout_Material, 2, 0) @llvm.spv.resource.handlefrombinding.tspirv.VulkanBuffer_s___cblayout_Materials_2_0t(i32, i32, i32, i32, ptr) #1

; Function Attrs: alwaysinline convergent nounwind
define internal spir_func void @_GLOBAL__sub_I_deferred.hlsl() #2 {
entry:
  %0 = call token @llvm.experimental.convergence.entry()
  call spir_func void @_init_buffer_PerView.cb()
  call spir_func void @_init_buffer_PerDraw.cb()
  call spir_func void @_init_buffer_Material.cb()
  ret void
}

; Function Attrs: convergent nocallback nofree nosync nounwind willreturn memory(none)
declare token @llvm.experimental.convergence.entry() #3

attributes #0 = { alwaysinline }
attributes #1 = { nocallback nofree nosync nounwind willreturn memory(none) }
attributes #2 = { alwaysinline convergent nounwind "no-infs-fp-math"="true" "no-nans-fp-math"="true" "no-signed-zeros-fp-math"="true" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #3 = { convergent nocallback nofree nosync nounwind willreturn memory(none) }

!hlsl.cbs = !{!0, !1, !2}
!hlsl.layouts = !{!3, !4, !5, !6}
!llvm.module.flags = !{!7}

!0 = !{ptr @PerView.cb, ptr addrspace(12) @View, ptr addrspace(12) @Proj, ptr addrspace(12) @ViewportSize, ptr addrspace(12) @Jitter, ptr addrspace(12) @NearZ, ptr addrspace(12) @FarZ}
!1 = !{ptr @PerDraw.cb, ptr addrspace(12) @WorldColumns, ptr addrspace(12) @InstanceColor, ptr addrspace(12) @InstanceId, ptr addrspace(12) @LodFade}
!2 = !{ptr @Material.cb, ptr addrspace(12) @Material}
!3 = !{!"__cblayout_PerView", i32 160, i32 0, i32 64, i32 128, i32 144, i32 152, i32 156}
!4 = !{!"__cblayout_PerDraw", i32 88, i32 0, i32 64, i32 80, i32 84}
!5 = !{!"MaterialParams", i32 80, i32 0, i32 16, i32 20, i32 24, i32 32, i32 48}
!6 = !{!"__cblayout_Material", i32 80, i32 0}
!7 = !{i32 1, !"wchar_size", i32 4}
