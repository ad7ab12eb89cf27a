; A padding element with no size: the data layout would give it some size of its own and every later member a wrong offset.
; RUN: rm -f %t.out
; RUN: sh -c '%cblower-opt -S -passes=dxil-cbuffer-lowering %s -o %t.out; echo "exit=$?"' 2>&1 | FileCheck %s
; RUN: not test -e %t.out

; CHECK: cblower-opt: {{.*}}ir-padding-without-size.ll: dxil-cbuffer-access: in function 'f': !hlsl.cbs entry 0: layout %__cblayout_CB = type <{ float, target("dx.Padding"), <4 x float> }> holds target("dx.Padding"), a padding element without its size in bytes; write target("dx.Padding", N)
; CHECK-NEXT: %x = load float, ptr addrspace(2) @b, align 4
; CHECK-NEXT: exit=1

target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64-v48:16:16-v96:32:32-v192:64:64"
target triple = "dxil-pc-shadermodel6.6-compute"
%__cblayout_CB = type <{ float, target("dx.Padding"), <4 x float> }>
@CB.cb = global target("dx.CBuffer", %__cblayout_CB) poison
@a = external hidden addrspace(2) global float, align 4
@b = external hidden addrspace(2) global <4 x float>, align 4
define float @f() {
  %x = load float, ptr addrspace(2) @b, align 4
  ret float %x
}
!hlsl.cbs = !{!0}
!0 = !{ptr @CB.cb, ptr addrspace(2) @a, ptr addrspace(2) @b}
