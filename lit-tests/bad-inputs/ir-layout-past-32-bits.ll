; A layout whose member offsets do not fit the i32 offset of getpointer (the member after 4 GiB was read at offset 0).
; RUN: rm -f %t.out
; RUN: sh -c '%cblower-opt -S -passes=dxil-cbuffer-lowering %s -o %t.out; echo "exit=$?"' 2>&1 | FileCheck %s
; RUN: not test -e %t.out

; CHECK: cblower-opt: {{.*}}ir-layout-past-32-bits.ll: dxil-cbuffer-access: in function 'f': !hlsl.cbs entry 0: layout %__cblayout_CB = type <{ [268435456 x <4 x float>], float }> is 4294967300 bytes, more than the 32-bit offsets of cbuffer accesses can address (at most 2147483647 bytes)
; CHECK-NEXT: %x = load float, ptr addrspace(2) @b, align 4
; CHECK-NEXT: exit=1

target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64-v48:16:16-v96:32:32-v192:64:64"
target triple = "dxil-pc-shadermodel6.6-compute"
%__cblayout_CB = type <{ [268435456 x <4 x float>], float }>
@CB.cb = global target("dx.CBuffer", %__cblayout_CB) poison
@a = external hidden addrspace(2) global [268435456 x <4 x float>], align 4
@b = external hidden addrspace(2) global float, align 4
define float @f() {
  %x = load float, ptr addrspace(2) @b, align 4
  ret float %x
}
!hlsl.cbs = !{!0}
!0 = !{ptr @CB.cb, ptr addrspace(2) @a, ptr addrspace(2) @b}
