; A select of two cbuffer pointers at different bytes of their rows would need
; a run-time element index: a diagnostic naming the function and the select,
; exit 1, no output.
; RUN: rm -f %t.out
; RUN: not opt -S -dxil-cbuffer-access -dxil-resource-access %s -o %t.out 2>&1 | FileCheck %s
; RUN: not test -e %t.out

; CHECK: dxil-resource-access: in function 'pick': merges cbuffer pointers at different bytes of a row (0 and 4); only pointers at the same byte within their rows can be merged
; CHECK-NEXT: %p = select i1 %k, ptr addrspace(2) %{{[0-9]+}}, ptr addrspace(2) %{{[0-9]+}}

target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64-v48:16:16-v96:32:32-v192:64:64"
%__cblayout_B = type <{ float, float }>
@B.cb = global target("dx.CBuffer", %__cblayout_B) poison
@x = external hidden addrspace(2) global float, align 4
@y = external hidden addrspace(2) global float, align 4

define float @pick(i1 %k) {
  %p = select i1 %k, ptr addrspace(2) @x, ptr addrspace(2) @y
  %v = load float, ptr addrspace(2) %p, align 4
  ret float %v
}

!hlsl.cbs = !{!0}
!0 = !{ptr @B.cb, ptr addrspace(2) @x, ptr addrspace(2) @y}
