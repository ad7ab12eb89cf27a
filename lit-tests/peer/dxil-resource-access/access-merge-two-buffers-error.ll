; A phi of pointers into two different cbuffers has no single handle to read
; rows from, and here the load behind it cannot move into the incoming blocks
; either (it reads through a run-time index computed after the phi): LLVM's
; error with LLVM's notes (the access, each handle), then a note naming the
; function and the phi; exit 1, no output.
; RUN: rm -f %t.out
; RUN: not opt -S -dxil-cbuffer-access -dxil-resource-access %s -o %t.out 2>&1 | FileCheck %s
; RUN: not test -e %t.out

; CHECK: {{^}}note: At resource access:  %v = load float, ptr addrspace(2) %q, align 4
; CHECK-NEXT: {{^}}note: Uses resource handle:  %A.cb = load target("dx.CBuffer", %__cblayout_A), ptr @A.cb, align 4
; CHECK-NEXT: {{^}}note: Uses resource handle:  %B.cb = load target("dx.CBuffer", %__cblayout_B), ptr @B.cb, align 4
; CHECK-NEXT: {{^}}error: Resource access is not guaranteed to map to a unique global resource
; CHECK-NEXT: {{^}}note: in function 'either': this merge selects pointers into @A.cb and @B.cb and cannot be split into one load per buffer (a merge is split when everything reading it is GEPs ending in loads, with constant indices behind a phi)
; CHECK-NEXT: {{^}}  %p = phi ptr addrspace(2) [ %{{[0-9]+}}, %entry ], [ %{{[0-9]+}}, %other ]

target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64-v48:16:16-v96:32:32-v192:64:64"
%__cblayout_A = type <{ float }>
%__cblayout_B = type <{ float }>
@A.cb = global target("dx.CBuffer", %__cblayout_A) poison
@B.cb = global target("dx.CBuffer", %__cblayout_B) poison
@a = external hidden addrspace(2) global float, align 4
@b = external hidden addrspace(2) global float, align 4

define float @either(i1 %k, i32 %n) {
entry:
  br i1 %k, label %join, label %other
other:
  br label %join
join:
  %p = phi ptr addrspace(2) [ @a, %entry ], [ @b, %other ]
  %m = and i32 %n, 1
  %q = getelementptr <{ float, target("dx.Padding", 12) }>, ptr addrspace(2) %p, i32 %m
  %v = load float, ptr addrspace(2) %q, align 4
  ret float %v
}

!hlsl.cbs = !{!0, !1}
!0 = !{ptr @A.cb, ptr addrspace(2) @a}
!1 = !{ptr @B.cb, ptr addrspace(2) @b}
