; ModuleID = 'scene.hlsl'
source_filename = "scene.hlsl"
target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64-v48:16:16-v96:32:32-v192:64:64"
target triple = "dxilv1.3-pc-shadermodel6.3-library"

%__cblayout_FrameConstants = type <{ [4 x <4 x float>], [4 x <4 x float>], <3 x float>, float, <2 x float>, i32 }>
%__cblayout_ObjectConstants = type <{ [4 x <4 x float>], <{ [63 x <{ <{ [3 x <{ <3 x float>, target("dx.Padding", 4) }>], <3 x float> }>, target("dx.Padding", 4) }>], <{ [3 x <{ <3 x float>, target("dx.Padding", 4) }>], <3 x float> }> }>, target("dx.Padding", 4), [4 x %PointLight], <{ [7 x <{ i32, target("dx.Padding", 12) }>], i32 }>, i32 }>
%PointLight = type <{ <3 x float>, float, <3 x float>, float }>
%__cblayout_MaterialConstants = type <{ <4 x float>, float, float, <2 x float>, %TextureTransform }>
%TextureTransform = type <{ <2 x float>, <2 x float> }>
%__cblayout_Post = type <{ %PostSettings }>
%PostSettings = type <{ float, <3 x float>, float }>
%"__cblayout_$Globals" = type <{ target("dx.Padding", 64), <4 x float>, float }>

@FrameConstants.cb = global target("dx.CBuffer", %__cblayout_FrameConstants) poison
@ViewProjection = external hidden addrspace(2) global [4 x <4 x float>], align 4
@InverseView = external hidden addrspace(2) global [4 x <4 x float>], align 4
@CameraPosition = external hidden addrspace(2) global <3 x float>, align 16
@Time = external hidden addrspace(2) global float, align 4
@ViewportSize = external hidden addrspace(2) global <2 x float>, align 8
@FrameIndex = external hidden addrspace(2) global i32, align 4
@FrameConstants.str = private unnamed_addr constant [15 x i8] c"FrameConstants\00", align 1
@ObjectConstants.cb = global target("dx.CBuffer", %__cblayout_ObjectConstants) poison
@World = external hidden addrspace(2) global [4 x <4 x float>], align 4
@Bones = external hidden addrspace(2) global <{ [63 x <{ <{ [3 x <{ <3 x float>, target("dx.Padding", 4) }>], <3 x float> }>, target("dx.Padding", 4) }>], <{ [3 x <{ <3 x float>, target("dx.Padding", 4) }>], <3 x float> }> }>, align 4
@Lights = external hidden addrspace(2) global [4 x %PointLight], align 1
@LightMask = external hidden addrspace(2) global <{ [7 x <{ i32, target("dx.Padding", 12) }>], i32 }>, align 4
@LightCount = external hidden addrspace(2) global i32, align 4
@ObjectConstants.str = private unnamed_addr constant [16 x i8] c"ObjectConstants\00", align 1
@MaterialConstants.cb = global target("dx.CBuffer", %__cblayout_MaterialConstants) poison
@BaseColor = external hidden addrspace(2) global <4 x float>, align 16
@Roughness = external hidden addrspace(2) global float, align 4
@Metallic = external hidden addrspace(2) global float, align 4
@EmissiveScale = external hidden addrspace(2) global <2 x float>, align 8
@UvTransform = external hidden addrspace(2) global %TextureTransform, align 1
@MaterialConstants.str = private unnamed_addr constant [18 x i8] c"MaterialConstants\00", align 1
@Post.cb = global target("dx.CBuffer", %__cblayout_Post) poison
@Post = external hidden addrspace(2) global %PostSettings, align 1
@Post.str = private unnamed_addr constant [5 x i8] c"Post\00", align 1
@"$Globals.cb" = global target("dx.CBuffer", %"__cblayout_$Globals") poison
@FogColor = external hidden addrspace(2) global <4 x float>, align 16
@DebugMode = external hidden addrspace(2) global float, align 4
@"$Globals.str" = private unnamed_addr constant [9 x i8] c"$Globals\00", align 1
@llvm.global_ctors = appending global [1 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 65535, ptr @_GLOBAL__sub_I_scene.hlsl, ptr null }]

; Function Attrs: alwaysinline
define internal void @_init_buffer_FrameConstants.cb() #0 {
entry:
  %FrameConstants.cb_h = call target("dx.CBuffer", %__cblayout_FrameConstants) @llvm.dx.resource.handlefrombinding.tdx.CBuffer_s___cblayout_FrameConstantsst(i32 0, i32 0, i32 1, i32 0, ptr @FrameConstants.str)
  store target("dx.CBuffer", %__cblayout_FrameConstants) %FrameConstants.cb_h, ptr @FrameConstants.cb, align 4
  ret void
}

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare target("dx.CBuffer", %__cblayout_FrameConstants) @llvm.dx.resource.handlefrombinding.tdx.CBuffer_s___cblayout_FrameConstantsst(i32, i32, i32, i32, ptr) #1

; Function Attrs: alwaysinline
define internal void @_init_buffer_ObjectConstants.cb() #0 {
entry:
  %ObjectConstants.cb_h = call target("dx.CBuffer", %__cblayout_ObjectConstants) @llvm.dx.resource.handlefrombinding.tdx.CBuffer_s___cblayout_ObjectConstantsst(i32 0, i32 1, i32 1, i32 0, ptr @ObjectConstants.str)
  store target("dx.CBuffer", %__cblayout_ObjectConstants) %ObjectConstants.cb_h, ptr @ObjectConstants.cb, align 4
  ret void
}

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare target("dx.CBuffer", %__cblayout_ObjectConstants) @llvm.dx.resource.handlefrombinding.tdx.CBuffer_s___cblayout_ObjectConstantsst(i32, i32, i32, i32, ptr) #1

; Function Attrs: alwaysinline
define internal void @_init_buffer_MaterialConstants.cb() #0 {
entry:
  %MaterialConstants.cb_h = call target("dx.CBuffer", %__cblayout_MaterialConstants) @llvm.dx.resource.handlefrombinding.tdx.CBuffer_s___cblayout_MaterialConstantsst(i32 0, i32 2, i32 1, i32 0, ptr @MaterialConstants.str)
  store target("dx.CBuffer", %__cblayout_MaterialConstants) %MaterialConstants.cb_h, ptr @MaterialConstants.cb, align 4
  ret void
}

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare target("dx.CBuffer", %__cblayout_MaterialConstants) @llvm.dx.resource.handlefrombinding.tdx.CBuffer_s___cblayout_MaterialConstantsst(i32, i32, i32, i32, ptr) #1

; Function Attrs: alwaysinline
define internal void @_init_buffer_Post.cb() #0 {
entry:
  %Post.cb_h = call target("dx.CBuffer", %__cblayout_Post) @llvm.dx.resource.handlefrombinding.tdx.CBuffer_s___cblayout_Postst(i32 1, i32 3, i32 1, i32 0, ptr @Post.str)
  store target("dx.CBuffer", %__cblayout_Post) %Post.cb_h, ptr @Post.cb, align 4
  ret void
}

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare target("dx.CBuffer", %__cblayout_Post) @llvm.dx.resource.handlefrombinding.tdx.CBuffer_s___cblayout_Postst(i32, i32, i32, i32, ptr) #1

; Function Attrs: alwaysinline
define internal void @"_init_buffer_$Globals.cb"() #0 {
entry:
  %"$Globals.cb_h" = call target("dx.CBuffer", %"__cblayout_$Globals") @"llvm.dx.resource.handlefromimplicitbinding.tdx.CBuffer_s___cblayout_$Globalsst"(i32 0, i32 0, i32 1, i32 0, ptr @"$Globals.str")
  store target("dx.CBuffer", %"__cblayout_$Globals") %"$Globals.cb_h", ptr @"$Globals.cb", align 4
  ret void
}

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare target("dx.CBuffer", %"__cblayout_$Globals") @"llvm.dx.resource.handlefromimplicitbinding.tdx.CBuffer_s___cblayout_$Globalsst"(i32, i32, i32, i32, ptr) #1

; Function Attrs: alwaysinline convergent nounwind
define internal void @_GLOBAL__sub_I_scene.hlsl() #2 {
entry:
  call void @_init_buffer_FrameConstants.cb()
  call void @_init_buffer_ObjectConstants.cb()
  call void @_init_buffer_MaterialConstants.cb()
  call void @_init_buffer_Post.cb()
  call void @"_init_buffer_$Globals.cb"()
  ret void
}

attributes #0 = { alwaysinline }
attributes #1 = { nocallback nofree nosync nounwind willreturn memory(none) }
attributes #2 = { alwaysinline convergent nounwind "no-infs-fp-math"="true" "no-nans-fp-math"="true" "no-signed-zeros-fp-math"="true" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }

!hlsl.cbs = !{!0, !1, !2, !3, !4}
!hlsl.layouts = !{!5, !6, !7, !8, !9, !10, !11, !12}
!llvm.module.flags = !{!13}
!dx.valver = !{!14}

!0 = !{ptr @FrameConstants.cb, ptr addrspace(2) @ViewProjection, ptr addrspace(2) @InverseView, ptr addrspace(2) @CameraPosition, ptr addrspace(2) @Time, ptr addrspace(2) @ViewportSize, ptr addrspace(2) @FrameIndex}
!1 = !{ptr @ObjectConstants.cb, ptr addrspace(2) @World, ptr addrspace(2) @Bones, ptr addrspace(2) @Lights, ptr addrspace(2) @LightMask, ptr addrspace(2) @LightCount}
!2 = !{ptr @MaterialConstants.cb, ptr addrspace(2) @BaseColor, ptr addrspace(2) @Roughness, ptr addrspace(2) @Metallic, ptr addrspace(2) @EmissiveScale, ptr addrspace(2) @UvTransform}
!3 = !{ptr @Post.cb, ptr addrspace(2) @Post}
!4 = !{ptr @"$Globals.cb", ptr addrspace(2) @FogColor, ptr addrspace(2) @DebugMode}
!5 = !{!"__cblayout_FrameConstants", i32 156, i32 0, i32 64, i32 128, i32 140, i32 144, i32 152}
!6 = !{!"PointLight", i32 32, i32 0, i32 12, i32 16, i32 28}
!7 = !{!"__cblayout_ObjectConstants", i32 4408, i32 0, i32 64, i32 4160, i32 4288, i32 4404}
!8 = !{!"TextureTransform", i32 16, i32 0, i32 8}
!9 = !{!"__cblayout_MaterialConstants", i32 48, i32 0, i32 16, i32 20, i32 24, i32 32}
!10 = !{!"PostSettings", i32 20, i32 0, i32 4, i32 16}
!11 = !{!"__cblayout_Post", i32 20, i32 0}
!12 = !{!"__cblayout_$Globals", i32 84, i32 64, i32 80}
!13 = !{i32 1, !"wchar_size", i32 4}
!14 = !{i32 1, i32 8}
