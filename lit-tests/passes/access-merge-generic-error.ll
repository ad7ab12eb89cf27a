; A merge of a cbuffer pointer with a local's needs one address space: the
; cbuffer pointer would have to be cast to the generic one first. clang-22
; emits no such cast (HLSL copies cbuffer values into locals), and a cast
; pointer could be read anywhere, so the cast itself is reported, naming
; the function and the instruction; exit 1, no output. (A merge within
; address space 2 whose other arm is not a cbuffer is lowered:
; access-merge-loop-foreign.ll.)
; RUN: rm -f %t.out
; RUN: not %cblower-opt -S -passes=dxil-cbuffer-lowering %s -o %t.out 2>&1 | FileCheck %s
; RUN: not test -e %t.out

; CHECK: dxil-resource-access: in function 'mix': a cbuffer pointer escapes: only getelementptr, load, memcpy, select and phi may use it
; CHECK-NEXT: {{^}}  %g = addrspacecast ptr addrspace(2) %{{[0-9]+}} to ptr

target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64-v48:16:16-v96:32:32-v192:64:64"
%__cblayout_A = type <{ float }>
@A.cb = global target("dx.CBuffer", %__cblayout_A) poison
@a = external hidden addrspace(2) global float, align 4

define float @mix(i1 %c) {
entry:
  %l = alloca float, align 4
  store float 1.0, ptr %l, align 4
  %g = addrspacecast ptr addrspace(2) @a to ptr
  %p = select i1 %c, ptr %g, ptr %l
  %v = load float, ptr %p, align 4
  ret float %v
}

!hlsl.cbs = !{!0}
!0 = !{ptr @A.cb, ptr addrspace(2) @a}
