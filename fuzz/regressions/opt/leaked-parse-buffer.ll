; ModuleID = 'lit-tests/emit/scalars.hlsl'
source_filename = "lit-tests/emit/scalars.hlsl"
target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64-v48:16:16-v96:32:32-v192:64:64"
target triple = "dxilv1.3-pc-shadermodel6.3-library"

%__cblayout_Scalars = type <{ float, i32, i32, i32, double, i64, i64, float, i32 }>

@Scalars.cb = global target("dx.CBuffer", %__cblayout_Scalars) poison
@f = external hidden addrspace(2) global float, align 4
@i = external hidden addrspace(2) global i32, align 4
@u = external hidden addrspace(2) global i32, align 4
@b = external hidden addrspace(2) global i32, align 4
@d = external hidden addrspace(2) global double, align 8
@l = external hidden addrspace(2) global i64, align 8
@ul = external hidden addrspace(2) global i64, align 8
@tail = external hidden addrspace(2) global float, align 4
@last = external hidden addrspace(2) global i32, align 4
@Scalars.str = private unnamed_addr constant [8 x i8] c"Scalars\00", align 1
@llvm.global_ctors = appending global [1 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 65535, ptr @_GLOBAL__sub_I_scalars.hlsl, ptr null }]

; Function Attrs: alwaysinline
define internal void @_init_buffer_Scalars.cb() #0 {
entry:
  %Scalars.cb_h = call target("dx.CBuffer", %__cblayout_Scalars) @llvm.dx.resource.handlefrombinding.tdx.CBuffer_s___cblayout_Scalarsst(i32 0, i32 0, i32 1, i32 0, ptr @Scalars.str)
  store target("dx.CBuffer", %__cblayout_Scalars) %Scalars.cb_h, ptr @Scalars.cb, align 4
  ret void
}

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare target("dx.CBuffer", %__cblayout_Scalars) @llvm.dx.resource.handlefrombinding.tdx.CBuffer_s___cblayout_Scalarsst(i32, i32, i32, i32, ptr) #1

; Function Attrs: alwaysinline convergent nounwind
define internal void @_GLOBAL__sub_I_scalars.hlsl() #2 {
entry:
  call void @_init_buffer_Scalars.cb()
  ret void
}

attributes #0 = { alwaysinline }
attributes #1 = { nocallback nofree nosync nounwind willreturn memory(none) }
attributes #2 = { alwaysinline convergent nounwind "no-infs-fp-math"="true" "no-nans-fp-math"="true" "no-signed-zeros-fp-math"="true" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }

!hlsl.cbs = !{!0}
!llvm.module.flags = !{!1}
!dx.valver = !{!2}

!0 = !{ptr @Scalars.cb, ptr addrspace(2) @f, ptr addrspace(2) @i, ptr addrspace(2) @u, ptr addrspace(2) @b, ptr addrspace(2) @d, ptr addrspace(2) @l, ptr addrspace(2) @ul, ptr addrspace(2) @tail, ptr addrspace(2) @last}
!1 = !{i32 1, !"wchar_size", i32 4}
!2 = !{i32 1, i32 8}
