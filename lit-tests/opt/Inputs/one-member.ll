; cbuffer CB { float a; float b; } read in one function.
target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64-v48:16:16-v96:32:32-v192:64:64"
target triple = "dxilv1.6-pc-shadermodel6.6-compute"

%__cblayout_CB = type <{ float, float }>
@CB.cb = global target("dx.CBuffer", %__cblayout_CB) poison
@a = external hidden addrspace(2) global float, align 4
@b = external hidden addrspace(2) global float, align 4

define float @read() {
entry:
  %x = load float, ptr addrspace(2) @a, align 4
  %y = load float, ptr addrspace(2) @b, align 4
  %s = fadd float %x, -0.0
  %r = fadd float %s, %y
  ret float %r
}

!hlsl.cbs = !{!0}
!0 = !{ptr @CB.cb, ptr addrspace(2) @a, ptr addrspace(2) @b}
