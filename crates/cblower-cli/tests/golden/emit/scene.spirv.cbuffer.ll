; ModuleID = 'scene.hlsl'
source_filename = "scene.hlsl"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64-G10"
target triple = "spirv-unknown-vulkan1.3-library"

%__cblayout_FrameConstants = type <{ [4 x <4 x float>], [4 x <4 x float>], [3 x float], float, <2 x float>, i32 }>
%__cblayout_ObjectConstants = type <{ [4 x <4 x float>], <{ [63 x <{ <{ [3 x <{ [3 x float], target("spirv.Padding", 4) }>], [3 x float] }>, target("spirv.Padding", 4) }>], <{ [3 x <{ [3 x float], target("spirv.Padding", 4) }>], [3 x float] }> }>, target("spirv.Padding", 4), [4 x %PointLight], <{ [7 x <{ i32, target("spirv.Padding", 12) }>], i32 }>, target("spirv.Padding", 12), i32 }>
%PointLight = type <{ [3 x float], float, [3 x float], float }>
%__cblayout_MaterialConstants = type <{ <4 x float>, float, float, <2 x float>, %TextureTransform }>
%TextureTransform = type <{ <2 x float>, <2 x float> }>
%__cblayout_Post = type <{ %PostSettings }>
%PostSettings = type <{ float, [3 x float], float, target("spirv.Padding", 12) }>
%"__cblayout_$Globals" = type <{ target("spirv.Padding", 64), <4 x float>, float }>

@FrameConstants.cb = global target("spirv.VulkanBuffer", %__cblayout_FrameConstants, 2, 0) poison
@ViewProjection = external hidden addrspace(12) global [4 x <4 x float>], align 4
@InverseView = external hidden addrspace(12) global [4 x <4 x float>], align 4
@CameraPosition = external hidden addrspace(12) global [3 x float], align 16
@Time = external hidden addrspace(12) global float, align 4
@ViewportSize = external hidden addrspace(12) global <2 x float>, align 8
@FrameIndex = external hidden addrspace(12) global i32, align 4
@FrameConstants.str = private unnamed_addr constant [15 x i8] c"FrameConstants\00", align 1
@ObjectConstants.cb = global target("spirv.VulkanBuffer", %__cblayout_ObjectConstants, 2, 0) poison
@World = external hidden addrspace(12) global [4 x <4 x float>], align 4
@Bones = external hidden addrspace(12) global <{ [63 x <{ <{ [3 x <{ [3 x float], target("spirv.Padding", 4) }>], [3 x float] }>, target("spirv.Padding", 4) }>], <{ [3 x <{ [3 x float], target("spirv.Padding", 4) }>], [3 x float] }> }>, align 4
@Lights = external hidden addrspace(12) global [4 x %PointLight], align 1
@LightMask = external hidden addrspace(12) global <{ [7 x <{ i32, target("spirv.Padding", 12) }>], i32 }>, align 4
@LightCount = external hidden addrspace(12) global i32, align 4
@ObjectConstants.str = private unnamed_addr constant [16 x i8] c"ObjectConstants\00", align 1
@MaterialConstants.cb = global target("spirv.VulkanBuffer", %__cblayout_MaterialConstants, 2, 0) poison
@BaseColor = external hidden addrspace(12) global <4 x float>, align 16
@Roughness = external hidden addrspace(12) global float, align 4
@Metallic = external hidden addrspace(12) global float, align 4
@EmissiveScale = external hidden addrspace(12) global <2 x float>, align 8
@UvTransform = external hidden addrspace(12) global %TextureTransform, align 1
@MaterialConstants.str = private unnamed_addr constant [18 x i8] c"MaterialConstants\00", align 1
@Post.cb = global target("spirv.VulkanBuffer", %__cblayout_Post, 2, 0) poison
@Post = external hidden addrspace(12) global %PostSettings, align 1
@Post.str = private unnamed_addr constant [5 x i8] c"Post\00", align 1
@"$Globals.cb" = global target("spirv.VulkanBuffer", %"__cblayout_$Globals", 2, 0) poison
@FogColor = external hidden addrspace(12) global <4 x float>, align 16
@DebugMode = external hidden addrspace(12) global float, align 4
@"$Globals.str" = private unnamed_addr constant [9 x i8] c"$Globals\00", align 1
@llvm.global_ctors = appending global [1 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 65535, ptr @_GLOBAL__sub_I_scene.hlsl, ptr null }]

; Function Attrs: alwaysinline
define internal spir_func void @_init_buffer_FrameConstants.cb() #0 {
entry:
  %FrameConstants.cb_h = call target("spirv.VulkanBuffer", %__cblayout_FrameConstants, 2, 0) @llvm.spv.resource.handlefrombinding.tspirv.VulkanBuffer_s___cblayout_FrameConstantss_2_0t(i32 0, i32 0, i32 1, i32 0, ptr @FrameConstants.str)
  store target("spirv.VulkanBuffer", %__cblayout_FrameConstants, 2, 0) %FrameConstants.cb_h, ptr @FrameConstants.cb, align 8
  ret void
}

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare target("spirv.VulkanBuffer", %__cblayout_FrameConstants, 2, 0) @llvm.spv.resource.handlefrombinding.tspirv.VulkanBuffer_s___cblayout_FrameConstantss_2_0t(i32, i32, i32, i32, ptr) #1

; Function Attrs: alwaysinline
define internal spir_func void @_init_buffer_ObjectConstants.cb() #0 {
entry:
  %ObjectConstants.cb_h = call target("spirv.VulkanBuffer", %__cblayout_ObjectConstants, 2, 0) @llvm.spv.resource.handlefrombinding.tspirv.VulkanBuffer_s___cblayout_ObjectConstantss_2_0t(i32 0, i32 1, i32 1, i32 0, ptr @ObjectConstants.str)
  store target("spirv.VulkanBuffer", %__cblayout_ObjectConstants, 2, 0) %ObjectConstants.cb_h, ptr @ObjectConstants.cb, align 8
  ret void
}

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare target("spirv.VulkanBuffer", %__cblayout_ObjectConstants, 2, 0) @llvm.spv.resource.handlefrombinding.tspirv.VulkanBuffer_s___cblayout_ObjectConstantss_2_0t(i32, i32, i32, i32, ptr) #1

; Function Attrs: alwaysinline
define internal spir_func void @_init_buffer_MaterialConstants.cb() #0 {
entry:
  %MaterialConstants.cb_h = call target("spirv.VulkanBuffer", %__cblayout_MaterialConstants, 2, 0) @llvm.spv.resource.handlefrombinding.tspirv.VulkanBuffer_s___cblayout_MaterialConstantss_2_0t(i32 0, i32 2, i32 1, i32 0, ptr @MaterialConstants.str)
  store target("spirv.VulkanBuffer", %__cblayout_MaterialConstants, 2, 0) %MaterialConstants.cb_h, ptr @MaterialConstants.cb, align 8
  ret void
}

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare target("spirv.VulkanBuffer", %__cblayout_MaterialConstants, 2, 0) @llvm.spv.resource.handlefrombinding.tspirv.VulkanBuffer_s___cblayout_MaterialConstantss_2_0t(i32, i32, i32, i32, ptr) #1

; Function Attrs: alwaysinline
define internal spir_func void @_init_buffer_Post.cb() #0 {
entry:
  %Post.cb_h = call target("spirv.VulkanBuffer", %__cblayout_Post, 2, 0) @llvm.spv.resource.handlefrombinding.tspirv.VulkanBuffer_s___cblayout_Posts_2_0t(i32 1, i32 3, i32 1, i32 0, ptr @Post.str)
  store target("spirv.VulkanBuffer", %__cblayout_Post, 2, 0) %Post.cb_h, ptr @Post.cb, align 8
  ret void
}

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare target("spirv.VulkanBuffer", %__cblayout_Post, 2, 0) @llvm.spv.resource.handlefrombinding.tspirv.VulkanBuffer_s___cblayout_Posts_2_0t(i32, i32, i32, i32, ptr) #1

; Function Attrs: alwaysinline
define internal spir_func void @"_init_buffer_$Globals.cb"() #0 {
entry:
  %"$Globals.cb_h" = call target("spirv.VulkanBuffer", %"__cblayout_$Globals", 2, 0) @"llvm.spv.resource.handlefromimplicitbinding.tspirv.VulkanBuffer_s___cblayout_$Globalss_2_0t"(i32 0, i32 0, i32 1, i32 0, ptr @"$Globals.str")
  store target("spirv.VulkanBuffer", %"__cblayout_$Globals", 2, 0) %"$Globals.cb_h", ptr @"$Globals.cb", align 8
  ret void
}

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare target("spirv.VulkanBuffer", %"__cblayout_$Globals", 2, 0) @"llvm.spv.resource.handlefromimplicitbinding.tspirv.VulkanBuffer_s___cblayout_$Globalss_2_0t"(i32, i32, i32, i32, ptr) #1

; Function Attrs: alwaysinline convergent nounwind
define internal spir_func void @_GLOBAL__sub_I_scene.hlsl() #2 {
entry:
  %0 = call token @llvm.experimental.convergence.entry()
  call spir_func void @_init_buffer_FrameConstants.cb()
  call spir_func void @_init_buffer_ObjectConstants.cb()
  call spir_func void @_init_buffer_MaterialConstants.cb()
  call spir_func void @_init_buffer_Post.cb()
  call spir_func void @"_init_buffer_$Globals.cb"()
  ret void
}

; Function Attrs: convergent nocallback nofree nosync nounwind willreturn memory(none)
declare token @llvm.experimental.convergence.entry() #3

attributes #0 = { alwaysinline }
attributes #1 = { nocallback nofree nosync nounwind willreturn memory(none) }
attributes #2 = { alwaysinline convergent nounwind "no-infs-fp-math"="true" "no-nans-fp-math"="true" "no-signed-zeros-fp-math"="true" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #3 = { convergent nocallback nofree nosync nounwind willreturn memory(none) }

!hlsl.cbs = !{!0, !1, !2, !3, !4}
!hlsl.layouts = !{!5, !6, !7, !8, !9, !10, !11, !12}
!llvm.module.flags = !{!13}

!0 = !{ptr @FrameConstants.cb, ptr addrspace(12) @ViewProjection, ptr addrspace(12) @InverseView, ptr addrspace(12) @CameraPosition, ptr addrspace(12) @Time, ptr addrspace(12) @ViewportSize, ptr addrspace(12) @FrameIndex}
!1 = !{ptr @ObjectConstants.cb, ptr addrspace(12) @World, ptr addrspace(12) @Bones, ptr addrspace(12) @Lights, ptr addrspace(12) @LightMask, ptr addrspace(12) @LightCount}
!2 = !{ptr @MaterialConstants.cb, ptr addrspace(12) @BaseColor, ptr addrspace(12) @Roughness, ptr addrspace(12) @Metallic, ptr addrspace(12) @EmissiveScale, ptr addrspace(12) @UvTransform}
!3 = !{ptr @Post.cb, ptr addrspace(12) @Post}
!4 = !{ptr @"$Globals.cb", ptr addrspace(12) @FogColor, ptr addrspace(12) @DebugMode}
!5 = !{!"__cblayout_FrameConstants", i32 156, i32 0, i32 64, i32 128, i32 140, i32 144, i32 152}
!6 = !{!"PointLight", i32 32, i32 0, i32 12, i32 16, i32 28}
!7 = !{!"__cblayout_ObjectConstants", i32 4420, i32 0, i32 64, i32 4160, i32 4288, i32 4416}
!8 = !{!"TextureTransform", i32 16, i32 0, i32 8}
!9 = !{!"__cblayout_MaterialConstants", i32 48, i32 0, i32 16, i32 20, i32 24, i32 32}
!10 = !{!"PostSettings", i32 32, i32 0, i32 4, i32 16}
!11 = !{!"__cblayout_Post", i32 32, i32 0}
!12 = !{!"__cblayout_$Globals", i32 84, i32 64, i32 80}
!13 = !{i32 1, !"wchar_size", i32 4}
