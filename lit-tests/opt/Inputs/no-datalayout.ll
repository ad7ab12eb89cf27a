; cbuffer CB { float a; float b; } read in one function.


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
