; ModuleID = 'terrain.hlsl'
source_filename = "terrain.hlsl"
target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64-v48:16:16-v96:32:32-v192:64:64"
target triple = "dxilv1.3-pc-shadermodel6.3-library"

%"Terrain::__cblayout_TerrainParams" = type <{ [16 x %"Terrain::Patch"], [3 x <4 x float>], float }>
%"Terrain::Patch" = type <{ <2 x float>, float, i32 }>
%__cblayout_HeightTiles = type <{ [64 x <4 x float>] }>
%__cblayout_Wind = type <{ <3 x float>, float }>

@TerrainParams.cb = global target("dx.CBuffer", %"Terrain::__cblayout_TerrainParams") poison
@_ZN7Terrain7PatchesE = external hidden addrspace(2) global [16 x %"Terrain::Patch"], align 1
@_ZN7Terrain5SplatE = external hidden addrspace(2) global [3 x <4 x float>], align 16
@_ZN7Terrain11HeightScaleE = external hidden addrspace(2) global float, align 4
@TerrainParams.str = private unnamed_addr constant [14 x i8] c"TerrainParams\00", align 1
@HeightTiles.tb = global target("dx.CBuffer", %__cblayout_HeightTiles) poison
@TileRects = external hidden addrspace(2) global [64 x <4 x float>], align 16
@HeightTiles.str = private unnamed_addr constant [12 x i8] c"HeightTiles\00", align 1
@Wind.cb = global target("dx.CBuffer", %__cblayout_Wind) poison
@WindDirection = external hidden addrspace(2) global <3 x float>, align 16
@WindStrength = external hidden addrspace(2) global float, align 4
@Wind.str = private unnamed_addr constant [5 x i8] c"Wind\00", align 1
@llvm.global_ctors = appending global [1 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 65535, ptr @_GLOBAL__sub_I_terrain.hlsl, ptr null }]

; Function Attrs: alwaysinline
define internal void @_init_buffer_TerrainParams.cb() #0 {
entry:
  %TerrainParams.cb_h = call target("dx.CBuffer", %"Terrain::__cblayout_TerrainParams") @"llvm.dx.resource.handlefrombinding.tdx.CBuffer_s_Terrain::__cblayout_TerrainParamsst"(i32 0, i32 5, i32 1, i32 0, ptr @TerrainParams.str)
  store target("dx.CBuffer", %"Terrain::__cblayout_TerrainParams") %TerrainParams.cb_h, ptr @TerrainParams.cb, align 4
  ret void
}

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare target("dx.CBuffer", %"Terrain::__cblayout_TerrainParams") @"llvm.dx.resource.handlefrombinding.tdx.CBuffer_s_Terrain::__cblayout_TerrainParamsst"(i32, i32, i32, i32, ptr) #1

; Function Attrs: alwaysinline
define internal void @_init_buffer_HeightTiles.tb() #0 {
entry:
  %HeightTiles.tb_h = call target("dx.CBuffer", %__cblayout_HeightTiles) @llvm.dx.resource.handlefrombinding.tdx.CBuffer_s___cblayout_HeightTilesst(i32 2, i32 3, i32 1, i32 0, ptr @HeightTiles.str)
  store target("dx.CBuffer", %__cblayout_HeightTiles) %HeightTiles.tb_h, ptr @HeightTiles.tb, align 4
  ret void
}

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare target("dx.CBuffer", %__cblayout_HeightTiles) @llvm.dx.resource.handlefrombinding.tdx.CBuffer_s___cblayout_HeightTilesst(i32, i32, i32, i32, ptr) #1

; Function Attrs: alwaysinline
define internal void @_init_buffer_Wind.cb() #0 {
entry:
  %Wind.cb_h = call target("dx.CBuffer", %__cblayout_Wind) @llvm.dx.resource.handlefromimplicitbinding.tdx.CBuffer_s___cblayout_Windst(i32 0, i32 0, i32 1, i32 0, ptr @Wind.str)
  store target("dx.CBuffer", %__cblayout_Wind) %Wind.cb_h, ptr @Wind.cb, align 4
  ret void
}

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare target("dx.CBuffer", %__cblayout_Wind) @llvm.dx.resource.handlefromimplicitbinding.tdx.CBuffer_s___cblayout_Windst(i32, i32, i32, i32, ptr) #1

; Function Attrs: alwaysinline convergent nounwind
define internal void @_GLOBAL__sub_I_terrain.hlsl() #2 {
entry:
  call void @_init_buffer_TerrainParams.cb()
  call void @_init_buffer_HeightTiles.tb()
  call void @_init_buffer_Wind.cb()
  ret void
}

attributes #0 = { alwaysinline }
attributes #1 = { nocallback nofree nosync nounwind willreturn memory(none) }
attributes #2 = { alwaysinline convergent nounwind "no-infs-fp-math"="true" "no-nans-fp-math"="true" "no-signed-zeros-fp-math"="true" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }

!hlsl.cbs = !{!0, !1, !2}
!hlsl.layouts = !{!3, !4, !5, !6}
!llvm.module.flags = !{!7}
!dx.valver = !{!8}

!0 = !{ptr @TerrainParams.cb, ptr addrspace(2) @_ZN7Terrain7PatchesE, ptr addrspace(2) @_ZN7Terrain5SplatE, ptr addrspace(2) @_ZN7Terrain11HeightScaleE}
!1 = !{ptr @HeightTiles.tb, ptr addrspace(2) @TileRects}
!2 = !{ptr @Wind.cb, ptr addrspace(2) @WindDirection, ptr addrspace(2) @WindStrength}
!3 = !{!"Terrain::Patch", i32 16, i32 0, i32 8, i32 12}
!4 = !{!"Terrain::__cblayout_TerrainParams", i32 308, i32 0, i32 256, i32 304}
!5 = !{!"__cblayout_HeightTiles", i32 1024, i32 0}
!6 = !{!"__cblayout_Wind", i32 16, i32 0, i32 12}
!7 = !{i32 1, !"wchar_size", i32 4}
!8 = !{i32 1, i32 8}
