; ModuleID = 'postfx.hlsl'
source_filename = "postfx.hlsl"
target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64-v48:16:16-v96:32:32-v192:64:64"
target triple = "dxilv1.3-pc-shadermodel6.3-library"

%__cblayout_Tonemap = type <{ %TonemapParams }>
%TonemapParams = type <{ [4 x <4 x float>], float, <2 x float> }>
%"__cblayout_$Globals" = type <{ target("dx.Padding", 128), [4 x <4 x float>], <{ [2 x <{ <3 x float>, target("dx.Padding", 4) }>], <3 x float> }>, target("dx.Padding", 4), <{ [1 x <{ <2 x float>, target("dx.Padding", 8) }>], <2 x float> }> }>

@Tonemap.cb = global target("dx.CBuffer", %__cblayout_Tonemap) poison
@Tonemap = external hidden addrspace(2) global %TonemapParams, align 1
@Tonemap.str = private unnamed_addr constant [8 x i8] c"Tonemap\00", align 1
@"$Globals.cb" = global target("dx.CBuffer", %"__cblayout_$Globals") poison
@Reproject = external hidden addrspace(2) global [4 x <4 x float>], align 4
@ColorGrade = external hidden addrspace(2) global <{ [2 x <{ <3 x float>, target("dx.Padding", 4) }>], <3 x float> }>, align 4
@Dither = external hidden addrspace(2) global <{ [1 x <{ <2 x float>, target("dx.Padding", 8) }>], <2 x float> }>, align 4
@"$Globals.str" = private unnamed_addr constant [9 x i8] c"$Globals\00", align 1
@llvm.global_ctors = appending global [1 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 65535, ptr @_GLOBAL__sub_I_postfx.hlsl, ptr null }]

; Function Attrs: alwaysinline
define internal void @_init_buffer_Tonemap.cb() #0 {
entry:
  %Tonemap.cb_h = call target("dx.CBuffer", %__cblayout_Tonemap) @llvm.dx.resource.handlefrombinding.tdx.CBuffer_s___cblayout_Tonemapst(i32 0, i32 4, i32 1, i32 0, ptr @Tonemap.str)
  store target("dx.CBuffer", %__cblayout_Tonemap) %Tonemap.cb_h, ptr @Tonemap.cb, align 4
  ret void
}

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare target("dx.CBuffer", %__cblayout_Tonemap) @llvm.dx.resource.handlefrombinding.tdx.CBuffer_s___cblayout_Tonemapst(i32, i32, i32, i32, ptr) #1

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
define internal void @_GLOBAL__sub_I_postfx.hlsl() #2 {
entry:
  call void @_init_buffer_Tonemap.cb()
  call void @"_init_buffer_$Globals.cb"()
  ret void
}

attributes #0 = { alwaysinline }
attributes #1 = { nocallback nofree nosync nounwind willreturn memory(none) }
attributes #2 = { alwaysinline convergent nounwind "no-infs-fp-math"="true" "no-nans-fp-math"="true" "no-signed-zeros-fp-math"="true" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }

!hlsl.cbs = !{!0, !1}
!hlsl.layouts = !{!2, !3, !4}
!llvm.module.flags = !{!5}
!dx.valver = !{!6}

!0 = !{ptr @Tonemap.cb, ptr addrspace(2) @Tonemap}
!1 = !{ptr @"$Globals.cb", ptr addrspace(2) @Reproject, ptr addrspace(2) @ColorGrade, ptr addrspace(2) @Dither}
!2 = !{!"TonemapParams", i32 76, i32 0, i32 64, i32 68}
!3 = !{!"__cblayout_Tonemap", i32 76, i32 0}
!4 = !{!"__cblayout_$Globals", i32 264, i32 128, i32 192, i32 240}
!5 = !{i32 1, !"wchar_size", i32 4}
!6 = !{i32 1, i32 8}
