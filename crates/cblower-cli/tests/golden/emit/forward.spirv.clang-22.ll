; ModuleID = 'forward.hlsl'
source_filename = "forward.hlsl"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64-G10"
target triple = "spirv-unknown-vulkan1.3-library"

%__cblayout_PerFrame = type <{ [16 x float], <3 x float>, float, <{ [7 x <{ %Light, target("spirv.Padding", 8) }>], %Light }>, i32 }>
%Light = type <{ <3 x float>, float, <3 x float>, i32 }>
%__cblayout_PerObject = type <{ [16 x float], [32 x [12 x float]] }>
%__cblayout_PerMaterial = type <{ <4 x float>, float, float }>

@PerFrame.cb = global target("spirv.VulkanBuffer", %__cblayout_PerFrame, 2, 0) poison
@ViewProj = external hidden addrspace(12) global [16 x float], align 4
@EyePos = external hidden addrspace(12) global <3 x float>, align 16
@Time = external hidden addrspace(12) global float, align 4
@Lights = external hidden addrspace(12) global <{ [7 x <{ %Light, target("spirv.Padding", 8) }>], %Light }>, align 1
@LightCount = external hidden addrspace(12) global i32, align 4
@PerFrame.str = private unnamed_addr constant [9 x i8] c"PerFrame\00", align 1
@PerObject.cb = global target("spirv.VulkanBuffer", %__cblayout_PerObject, 2, 0) poison
@World = external hidden addrspace(12) global [16 x float], align 4
@Bones = external hidden addrspace(12) global [32 x [12 x float]], align 4
@PerObject.str = private unnamed_addr constant [10 x i8] c"PerObject\00", align 1
@PerMaterial.cb = global target("spirv.VulkanBuffer", %__cblayout_PerMaterial, 2, 0) poison
@Albedo = external hidden addrspace(12) global <4 x float>, align 16
@Roughness = external hidden addrspace(12) global float, align 4
@Metalness = external hidden addrspace(12) global float, align 4
@PerMaterial.str = private unnamed_addr constant [12 x i8] c"PerMaterial\00", align 1
@llvm.global_ctors = appending global [1 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 65535, ptr @_GLOBAL__sub_I_forward.hlsl, ptr null }]

; Function Attrs: alwaysinline
define internal void @_init_buffer_PerFrame.cb() #0 {
entry:
  %PerFrame.cb_h = call target("spirv.VulkanBuffer", %__cblayout_PerFrame, 2, 0) @llvm.spv.resource.handlefrombinding.tspirv.VulkanBuffer_s___cblayout_PerFrames_2_0t(i32 1, i32 0, i32 1, i32 0, ptr @PerFrame.str)
  store target("spirv.VulkanBuffer", %__cblayout_PerFrame, 2, 0) %PerFrame.cb_h, ptr @PerFrame.cb, align 8
  ret void
}

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare target("spirv.VulkanBuffer", %__cblayout_PerFrame, 2, 0) @llvm.spv.resource.handlefrombinding.tspirv.VulkanBuffer_s___cblayout_PerFrames_2_0t(i32, i32, i32, i32, ptr) #1

; Function Attrs: alwaysinline
define internal void @_init_buffer_PerObject.cb() #0 {
entry:
  %PerObject.cb_h = call target("spirv.VulkanBuffer", %__cblayout_PerObject, 2, 0) @llvm.spv.resource.handlefrombinding.tspirv.VulkanBuffer_s___cblayout_PerObjects_2_0t(i32 1, i32 1, i32 1, i32 0, ptr @PerObject.str)
  store target("spirv.VulkanBuffer", %__cblayout_PerObject, 2, 0) %PerObject.cb_h, ptr @PerObject.cb, align 8
  ret void
}

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare target("spirv.VulkanBuffer", %__cblayout_PerObject, 2, 0) @llvm.spv.resource.handlefrombinding.tspirv.VulkanBuffer_s___cblayout_PerObjects_2_0t(i32, i32, i32, i32, ptr) #1

; Function Attrs: alwaysinline
define internal void @_init_buffer_PerMaterial.cb() #0 {
entry:
  %PerMaterial.cb_h = call target("spirv.VulkanBuffer", %__cblayout_PerMaterial, 2, 0) @llvm.spv.resource.handlefrombinding.tspirv.VulkanBuffer_s___cblayout_PerMaterials_2_0t(i32 1, i32 2, i32 1, i32 0, ptr @PerMaterial.str)
  store target("spirv.VulkanBuffer", %__cblayout_PerMaterial, 2, 0) %PerMaterial.cb_h, ptr @PerMaterial.cb, align 8
  ret void
}

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare target("spirv.VulkanBuffer", %__cblayout_PerMaterial, 2, 0) @llvm.spv.resource.handlefrombinding.tspirv.VulkanBuffer_s___cblayout_PerMaterials_2_0t(i32, i32, i32, i32, ptr) #1

; Function Attrs: alwaysinline convergent nounwind
define internal spir_func void @_GLOBAL__sub_I_forward.hlsl() #2 {
entry:
  %0 = call token @llvm.experimental.convergence.entry()
  call spir_func void @_init_buffer_PerFrame.cb()
  call spir_func void @_init_buffer_PerObject.cb()
  call spir_func void @_init_buffer_PerMaterial.cb()
  ret void
}

; Function Attrs: convergent nocallback nofree nosync nounwind willreturn memory(none)
declare token @llvm.experimental.convergence.entry() #3

attributes #0 = { alwaysinline }
attributes #1 = { nocallback nofree nosync nounwind willreturn memory(none) }
attributes #2 = { alwaysinline convergent nounwind "no-infs-fp-math"="true" "no-nans-fp-math"="true" "no-signed-zeros-fp-math"="true" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #3 = { convergent nocallback nofree nosync nounwind willreturn memory(none) }

!hlsl.cbs = !{!0, !1, !2}
!llvm.module.flags = !{!3}

!0 = !{ptr @PerFrame.cb, ptr addrspace(12) @ViewProj, ptr addrspace(12) @EyePos, ptr addrspace(12) @Time, ptr addrspace(12) @Lights, ptr addrspace(12) @LightCount}
!1 = !{ptr @PerObject.cb, ptr addrspace(12) @World, ptr addrspace(12) @Bones}
!2 = !{ptr @PerMaterial.cb, ptr addrspace(12) @Albedo, ptr addrspace(12) @Roughness, ptr addrspace(12) @Metalness}
!3 = !{i32 1, !"wchar_size", i32 4}
