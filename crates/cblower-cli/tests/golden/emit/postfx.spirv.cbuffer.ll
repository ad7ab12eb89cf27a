; ModuleID = 'postfx.hlsl'
source_filename = "postfx.hlsl"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64-G10"
target triple = "spirv-unknown-vulkan1.3-library"

%__cblayout_Tonemap = type <{ %TonemapParams }>
%TonemapParams = type <{ [4 x <4 x float>], float, <2 x float>, target("spirv.Padding", 4) }>
%"__cblayout_$Globals" = type <{ target("spirv.Padding", 128), [4 x <4 x float>], <{ [2 x <{ [3 x float], target("spirv.Padding", 4) }>], [3 x float] }>, target("spirv.Padding", 4), <{ [1 x <{ <2 x float>, target("spirv.Padding", 8) }>], <2 x float> }> }>

@Tonemap.cb = global target("spirv.VulkanBuffer", %__cblayout_Tonemap, 2, 0) poison
@Tonemap = external hidden addrspace(12) global %TonemapParams, align 1
@Tonemap.str = private unnamed_addr constant [8 x i8] c"Tonemap\00", align 1
@"$Globals.cb" = global target("spirv.VulkanBuffer", %"__cblayout_$Globals", 2, 0) poison
@Reproject = external hidden addrspace(12) global [4 x <4 x float>], align 4
@ColorGrade = external hidden addrspace(12) global <{ [2 x <{ [3 x float], target("spirv.Padding", 4) }>], [3 x float] }>, align 4
@Dither = external hidden addrspace(12) global <{ [1 x <{ <2 x float>, target("spirv.Padding", 8) }>], <2 x float> }>, align 4
@"$Globals.str" = private unnamed_addr constant [9 x i8] c"$Globals\00", align 1
@llvm.global_ctors = appending global [1 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 65535, ptr @_GLOBAL__sub_I_postfx.hlsl, ptr null }]

; Function Attrs: alwaysinline
define internal spir_func void @_init_buffer_Tonemap.cb() #0 {
entry:
  %Tonemap.cb_h = call target("spirv.VulkanBuffer", %__cblayout_Tonemap, 2, 0) @llvm.spv.resource.handlefrombinding.tspirv.VulkanBuffer_s___cblayout_Tonemaps_2_0t(i32 0, i32 4, i32 1, i32 0, ptr @Tonemap.str)
  store target("spirv.VulkanBuffer", %__cblayout_Tonemap, 2, 0) %Tonemap.cb_h, ptr @Tonemap.cb, align 8
  ret void
}

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare target("spirv.VulkanBuffer", %__cblayout_Tonemap, 2, 0) @llvm.spv.resource.handlefrombinding.tspirv.VulkanBuffer_s___cblayout_Tonemaps_2_0t(i32, i32, i32, i32, ptr) #1

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
define internal spir_func void @_GLOBAL__sub_I_postfx.hlsl() #2 {
entry:
  %0 = call token @llvm.experimental.convergence.entry()
  call spir_func void @_init_buffer_Tonemap.cb()
  call spir_func void @"_init_buffer_$Globals.cb"()
  ret void
}

; Function Attrs: convergent nocallback nofree nosync nounwind willreturn memory(none)
declare token @llvm.experimental.convergence.entry() #3

attributes #0 = { alwaysinline }
attributes #1 = { nocallback nofree nosync nounwind willreturn memory(none) }
attributes #2 = { alwaysinline convergent nounwind "no-infs-fp-math"="true" "no-nans-fp-math"="true" "no-signed-zeros-fp-math"="true" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #3 = { convergent nocallback nofree nosync nounwind willreturn memory(none) }

!hlsl.cbs = !{!0, !1}
!hlsl.layouts = !{!2, !3, !4}
!llvm.module.flags = !{!5}

!0 = !{ptr @Tonemap.cb, ptr addrspace(12) @Tonemap}
!1 = !{ptr @"$Globals.cb", ptr addrspace(12) @Reproject, ptr addrspace(12) @ColorGrade, ptr addrspace(12) @Dither}
!2 = !{!"TonemapParams", i32 80, i32 0, i32 64, i32 68}
!3 = !{!"__cblayout_Tonemap", i32 80, i32 0}
!4 = !{!"__cblayout_$Globals", i32 264, i32 128, i32 192, i32 240}
!5 = !{i32 1, !"wchar_size", i32 4}
