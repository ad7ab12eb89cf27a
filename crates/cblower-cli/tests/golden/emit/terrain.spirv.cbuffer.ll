; ModuleID = 'terrain.hlsl'
source_filename = "terrain.hlsl"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64-G10"
target triple = "spirv-unknown-vulkan1.3-library"

%"Terrain::__cblayout_TerrainParams" = type <{ [16 x %"Terrain::Patch"], [3 x <4 x float>], float }>
%"Terrain::Patch" = type <{ <2 x float>, float, i32 }>
%__cblayout_HeightTiles = type <{ [64 x <4 x float>] }>
%__cblayout_Wind = type <{ [3 x float], float }>

@TerrainParams.cb = global target("spirv.VulkanBuffer", %"Terrain::__cblayout_TerrainParams", 2, 0) poison
@_ZN7Terrain7PatchesE = external hidden addrspace(12) global [16 x %"Terrain::Patch"], align 1
@_ZN7Terrain5SplatE = external hidden addrspace(12) global [3 x <4 x float>], align 16
@_ZN7Terrain11HeightScaleE = external hidden addrspace(12) global float, align 4
@TerrainParams.str = private unnamed_addr constant [14 x i8] c"TerrainParams\00", align 1
@HeightTiles.tb = global target("spirv.VulkanBuffer", %__cblayout_HeightTiles, 2, 0) poison
@TileRects = external hidden addrspace(12) global [64 x <4 x float>], align 16
@HeightTiles.str = private unnamed_addr constant [12 x i8] c"HeightTiles\00", align 1
@Wind.cb = global target("spirv.VulkanBuffer", %__cblayout_Wind, 2, 0) poison
@WindDirection = external hidden addrspace(12) global [3 x float], align 16
@WindStrength = external hidden addrspace(12) global float, align 4
@Wind.str = private unnamed_addr constant [5 x i8] c"Wind\00", align 1
@llvm.global_ctors = appending global [1 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 65535, ptr @_GLOBAL__sub_I_terrain.hlsl, ptr null }]

; Function Attrs: alwaysinline
define internal spir_func void @_init_buffer_TerrainParams.cb() #0 {
entry:
  %TerrainParams.cb_h = call target("spirv.VulkanBuffer", %"Terrain::__cblayout_TerrainParams", 2, 0) @"llvm.spv.resource.handlefrombinding.tspirv.VulkanBuffer_s_Terrain::__cblayout_TerrainParamss_2_0t"(i32 0, i32 5, i32 1, i32 0, ptr @TerrainParams.str)
  store target("spirv.VulkanBuffer", %"Terrain::__cblayout_TerrainParams", 2, 0) %TerrainParams.cb_h, ptr @TerrainParams.cb, align 8
  ret void
}

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare target("spirv.VulkanBuffer", %"Terrain::__cblayout_TerrainParams", 2, 0) @"llvm.spv.resource.handlefrombinding.tspirv.VulkanBuffer_s_Terrain::__cblayout_TerrainParamss_2_0t"(i32, i32, i32, i32, ptr) #1

; Function Attrs: alwaysinline
define internal spir_func void @_init_buffer_HeightTiles.tb() #0 {
entry:
  %HeightTiles.tb_h = call target("spirv.VulkanBuffer", %__cblayout_HeightTiles, 2, 0) @llvm.spv.resource.handlefrombinding.tspirv.VulkanBuffer_s___cblayout_HeightTiless_2_0t(i32 2, i32 3, i32 1, i32 0, ptr @HeightTiles.str)
  store target("spirv.VulkanBuffer", %__cblayout_HeightTiles, 2, 0) %HeightTiles.tb_h, ptr @HeightTiles.tb, align 8
  ret void
}

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare target("spirv.VulkanBuffer", %__cblayout_HeightTiles, 2, 0) @llvm.spv.resource.handlefrombinding.tspirv.VulkanBuffer_s___cblayout_HeightTiless_2_0t(i32, i32, i32, i32, ptr) #1

; Function Attrs: alwaysinline
define internal spir_func void @_init_buffer_Wind.cb() #0 {
entry:
  %Wind.cb_h = call target("spirv.VulkanBuffer", %__cblayout_Wind, 2, 0) @llvm.spv.resource.handlefrombinding.tspirv.VulkanBuffer_s___cblayout_Winds_2_0t(i32 3, i32 7, i32 1, i32 0, ptr @Wind.str)
  store target("spirv.VulkanBuffer", %__cblayout_Wind, 2, 0) %Wind.cb_h, ptr @Wind.cb, align 8
  ret void
}

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare target("spirv.VulkanBuffer", %__cblayout_Wind, 2, 0) @llvm.spv.resource.handlefrombinding.tspirv.VulkanBuffer_s___cblayout_Winds_2_0t(i32, i32, i32, i32, ptr) #1

; Function Attrs: alwaysinline convergent nounwind
define internal spir_func void @_GLOBAL__sub_I_terrain.hlsl() #2 {
entry:
  %0 = call token @llvm.experimental.convergence.entry()
  call spir_func void @_init_buffer_TerrainParams.cb()
  call spir_func void @_init_buffer_HeightTiles.tb()
  call spir_func void @_init_buffer_Wind.cb()
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

!0 = !{ptr @TerrainParams.cb, ptr addrspace(12) @_ZN7Terrain7PatchesE, ptr addrspace(12) @_ZN7Terrain5SplatE, ptr addrspace(12) @_ZN7Terrain11HeightScaleE}
!1 = !{ptr @HeightTiles.tb, ptr addrspace(12) @TileRects}
!2 = !{ptr @Wind.cb, ptr addrspace(12) @WindDirection, ptr addrspace(12) @WindStrength}
!3 = !{!"Terrain::Patch", i32 16, i32 0, i32 8, i32 12}
!4 = !{!"Terrain::__cblayout_TerrainParams", i32 308, i32 0, i32 256, i32 304}
!5 = !{!"__cblayout_HeightTiles", i32 1024, i32 0}
!6 = !{!"__cblayout_Wind", i32 16, i32 0, i32 12}
!7 = !{i32 1, !"wchar_size", i32 4}
