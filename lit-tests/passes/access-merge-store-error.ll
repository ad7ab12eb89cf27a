; A select of pointers into two cbuffers stored to a local and loaded back
; (the -O0 shape a front end keeping pointers in variables would emit;
; clang-22 never does: it loads the chosen value in each branch, or copies
; arrays element by element). Only loads (through GEPs) can be repeated on
; each buffer, so the store stops the rewrite: LLVM's error with LLVM's
; notes, then a note naming the function and the store, and the select;
; exit 1, no output.
; RUN: rm -f %t.out
; RUN: not %cblower-opt -S -passes=dxil-cbuffer-lowering %s -o %t.out 2>&1 | FileCheck %s
; RUN: not test -e %t.out

; CHECK: {{^}}note: At resource access:  store ptr addrspace(2) %p, ptr %slot, align 4
; CHECK-NEXT: {{^}}note: Uses resource handle:  %A.cb = load target("dx.CBuffer", %__cblayout_A), ptr @A.cb, align 4
; CHECK-NEXT: {{^}}note: Uses resource handle:  %B.cb = load target("dx.CBuffer", %__cblayout_B), ptr @B.cb, align 4
; CHECK-NEXT: {{^}}error: Resource access is not guaranteed to map to a unique global resource
; CHECK-NEXT: {{^}}note: in function 'pick': this merge selects pointers into @A.cb and @B.cb and cannot be rewritten into one load per buffer: it is read by this instruction, and only loads (through GEPs) can be repeated on each buffer: store ptr addrspace(2) %p, ptr %slot, align 4
; CHECK-NEXT: {{^}}  %p = select i1 %k, ptr addrspace(2) %{{[0-9]+}}, ptr addrspace(2) %{{[0-9]+}}

target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64-v48:16:16-v96:32:32-v192:64:64"
%__cblayout_A = type <{ float }>
%__cblayout_B = type <{ float }>
@A.cb = global target("dx.CBuffer", %__cblayout_A) poison
@B.cb = global target("dx.CBuffer", %__cblayout_B) poison
@a = external hidden addrspace(2) global float, align 4
@b = external hidden addrspace(2) global float, align 4

define float @pick(i1 %k) {
entry:
  %slot = alloca ptr addrspace(2), align 4
  %p = select i1 %k, ptr addrspace(2) @a, ptr addrspace(2) @b
  store ptr addrspace(2) %p, ptr %slot, align 4
  %q = load ptr addrspace(2), ptr %slot, align 4
  %v = load float, ptr addrspace(2) %q, align 4
  ret float %v
}

!hlsl.cbs = !{!0, !1}
!0 = !{ptr @A.cb, ptr addrspace(2) @a}
!1 = !{ptr @B.cb, ptr addrspace(2) @b}
