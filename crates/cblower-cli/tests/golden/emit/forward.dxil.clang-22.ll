; ModuleID = 'forward.hlsl'
source_filename = "forward.hlsl"
target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64-v48:16:16-v96:32:32-v192:64:64"
target triple = "dxilv1.3-pc-shadermodel6.3-library"

%__cblayout_PerFrame = type <{ [16 x float], <3 x float>, float, [8 x %Light], i32 }>
%Light = type <{ <3 x float>, float, <3 x float>, i32 }>
%__cblayout_PerObject = type <{ [16 x float], [32 x [12 x float]] }>
%__cblayout_PerMaterial = type <{ <4 x float>, float, float }>

@PerFrame.cb = global target("dx.CBuffer", %__cblayout_PerFrame) poison
@ViewProj = external hidden addrspace(2) global [16 x float], align 4
@EyePos = external hidden addrspace(2) global <3 x float>, align 16
@Time = external hidden addrspace(2) global float, align 4
@Lights = external hidden addrspace(2) global [8 x %Light], align 1
@LightCount = external hidden addrspace(2) global i32, align 4
@PerFrame.str = private unnamed_addr constant [9 x i8] c"PerFrame\00", align 1
@PerObject.cb = global target("dx.CBuffer", %__cblayout_PerObject) poison
@World = external hidden addrspace(2) global [16 x float], align 4
@Bones = external hidden addrspace(2) global [32 x [12 x float]], align 4
@PerObject.str = private unnamed_addr constant [10 x i8] c"PerObject\00", align 1
@PerMaterial.cb = global target("dx.CBuffer", %__cblayout_PerMaterial) poison
@Albedo = external hidden addrspace(2) global <4 x float>, align 16
@Roughness = external hidden addrspace(2) global float, align 4
@Metalness = external hidden addrspace(2) global float, align 4
@PerMaterial.str = private unnamed_addr constant [12 x i8] c"PerMaterial\00", align 1
@llvm.global_ctors = appending global [1 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 65535, ptr @_GLOBAL__sub_I_forward.hlsl, ptr null }]

; Function Attrs: alwaysinline
define internal void @_init_buffer_PerFrame.cb() #0 {
entry:
  %PerFrame.cb_h = call target("dx.CBuffer", %__cblayout_PerFrame) @llvm.dx.resource.handlefrombinding.tdx.CBuffer_s___cblayout_PerFramest(i32 1, i32 0, i32 1, i32 0, ptr @PerFrame.str)
  store target("dx.CBuffer", %__cblayout_PerFrame) %PerFrame.cb_h, ptr @PerFrame.cb, align 4
  ret void
}

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare target("dx.CBuffer", %__cblayout_PerFrame) @llvm.dx.resource.handlefrombinding.tdx.CBuffer_s___cblayout_PerFramest(i32, i32, i32, i32, ptr) #1

; Function Attrs: alwaysinline
define internal void @_init_buffer_PerObject.cb() #0 {
entry:
  %PerObject.cb_h = call target("dx.CBuffer", %__cblayout_PerObject) @llvm.dx.resource.handlefrombinding.tdx.CBuffer_s___cblayout_PerObjectst(i32 1, i32 1, i32 1, i32 0, ptr @PerObject.str)
  store target("dx.CBuffer", %__cblayout_PerObject) %PerObject.cb_h, ptr @PerObject.cb, align 4
  ret void
}

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare target("dx.CBuffer", %__cblayout_PerObject) @llvm.dx.resource.handlefrombinding.tdx.CBuffer_s___cblayout_PerObjectst(i32, i32, i32, i32, ptr) #1

; Function Attrs: alwaysinline
define internal void @_init_buffer_PerMaterial.cb() #0 {
entry:
  %PerMaterial.cb_h = call target("dx.CBuffer", %__cblayout_PerMaterial) @llvm.dx.resource.handlefrombinding.tdx.CBuffer_s___cblayout_PerMaterialst(i32 1, i32 2, i32 1, i32 0, ptr @PerMaterial.str)
  store target("dx.CBuffer", %__cblayout_PerMaterial) %PerMaterial.cb_h, ptr @PerMaterial.cb, align 4
  ret void
}

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare target("dx.CBuffer", %__cblayout_PerMaterial) @llvm.dx.resource.handlefrombinding.tdx.CBuffer_s___cblayout_PerMaterialst(i32, i32, i32, i32, ptr) #1

; Function Attrs: alwaysinline convergent nounwind
define internal void @_GLOBAL__sub_I_forward.hlsl() #2 {
entry:
  call void @_init_buffer_PerFrame.cb()
  call void @_init_buffer_PerObject.cb()
  call void @_init_buffer_PerMaterial.cb()
  ret void
}

attributes #0 = { alwaysinline }
attributes #1 = { nocallback nofree nosync nounwind willreturn memory(none) }
attributes #2 = { alwaysinline convergent nounwind "no-infs-fp-math"="true" "no-nans-fp-math"="true" "no-signed-zeros-fp-math"="true" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }

!hlsl.cbs = !{!0, !1, !2}
!llvm.module.flags = !{!3}
!dx.valver = !{!4}

!0 = !{ptr @PerFrame.cb, ptr addrspace(2) @ViewProj, ptr addrspace(2) @EyePos, ptr addrspace(2) @Time, ptr addrspace(2) @Lights, ptr addrspace(2) @LightCount}
!1 = !{ptr @PerObject.cb, ptr addrspace(2) @World, ptr addrspace(2) @Bones}
!2 = !{ptr @PerMaterial.cb, ptr addrspace(2) @Albedo, ptr addrspace(2) @Roughness, ptr addrspace(2) @Metalness}
!3 = !{i32 1, !"wchar_size", i32 4}
!4 = !{i32 1, i32 8}
