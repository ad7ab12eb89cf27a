; A select between a cbuffer pointer and a pointer from elsewhere, passed to
; a call (a select that is only loaded from is split into two loads).
; RUN: rm -f %t.out
; RUN: sh -c '%cblower-opt -S -passes=dxil-cbuffer-lowering %s -o %t.out; echo "exit=$?"' 2>&1 | FileCheck %s
; RUN: not test -e %t.out

; CHECK: cblower-opt: {{.*}}ir-select-foreign-pointer.ll: dxil-resource-access: in function 'f': merges a cbuffer pointer with a pointer that does not come from a cbuffer
; CHECK-NEXT: %p = select i1 %k, ptr addrspace(2) %{{[0-9]+}}, ptr addrspace(2) %other
; CHECK-NEXT: exit=1

target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64-v48:16:16-v96:32:32-v192:64:64"
target triple = "dxil-pc-shadermodel6.6-compute"

%__cblayout_CB = type <{ float }>
@CB.cb = global target("dx.CBuffer", %__cblayout_CB) poison
@a = external hidden addrspace(2) global float, align 4

define float @f(i1 %k, ptr addrspace(2) %other) {
  %p = select i1 %k, ptr addrspace(2) @a, ptr addrspace(2) %other
  %v = load float, ptr addrspace(2) %p, align 4
  call void @keep(ptr addrspace(2) %p)
  ret float %v
}

declare void @keep(ptr addrspace(2))

!hlsl.cbs = !{!0}
!0 = !{ptr @CB.cb, ptr addrspace(2) @a}
