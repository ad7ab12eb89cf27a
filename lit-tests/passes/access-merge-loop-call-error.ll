; A loop-carried phi of pointers into two cbuffers that a call also reads:
; only loads (through GEPs) can be repeated on each buffer, and no single
; handle serves both. LLVM's error with LLVM's notes (the access, each
; handle), then a note naming the function, the call that stops the rewrite
; and the phi; exit 1, no output. (clang-22 never passes a cbuffer pointer
; to a call: it copies the value into a temporary first.)
; RUN: rm -f %t.out
; RUN: not %cblower-opt -S -passes=dxil-cbuffer-lowering %s -o %t.out 2>&1 | FileCheck %s
; RUN: not test -e %t.out

; CHECK: {{^}}note: At resource access:  %v = load float, ptr addrspace(2) %p, align 4
; CHECK-NEXT: {{^}}note: Uses resource handle:  %A.cb = load target("dx.CBuffer", %__cblayout_A), ptr @A.cb, align 4
; CHECK-NEXT: {{^}}note: Uses resource handle:  %B.cb = load target("dx.CBuffer", %__cblayout_B), ptr @B.cb, align 4
; CHECK-NEXT: {{^}}error: Resource access is not guaranteed to map to a unique global resource
; CHECK-NEXT: {{^}}note: in function 'walk': this merge selects pointers into @A.cb and @B.cb and cannot be rewritten into one load per buffer: it is read by this instruction, and only loads (through GEPs) can be repeated on each buffer: call void @keep(ptr addrspace(2) %p)
; CHECK-NEXT: {{^}}  %p = phi ptr addrspace(2) [ %{{[0-9]+}}, %entry ], [ %{{[0-9]+}}, %other ], [ %next, %loop ]

target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64-v48:16:16-v96:32:32-v192:64:64"
%__cblayout_A = type <{ float }>
%__cblayout_B = type <{ float }>
@A.cb = global target("dx.CBuffer", %__cblayout_A) poison
@B.cb = global target("dx.CBuffer", %__cblayout_B) poison
@a = external hidden addrspace(2) global float, align 4
@b = external hidden addrspace(2) global float, align 4

declare void @keep(ptr addrspace(2))

define float @walk(i1 %k, i32 %n) {
entry:
  br i1 %k, label %loop, label %other
other:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ 0, %other ], [ %i.next, %loop ]
  %p = phi ptr addrspace(2) [ @a, %entry ], [ @b, %other ], [ %next, %loop ]
  %v = load float, ptr addrspace(2) %p, align 4
  call void @keep(ptr addrspace(2) %p)
  %next = getelementptr <{ float, target("dx.Padding", 12) }>, ptr addrspace(2) %p, i32 1
  %i.next = add i32 %i, 1
  %more = icmp ult i32 %i.next, %n
  br i1 %more, label %loop, label %done
done:
  ret float %v
}

!hlsl.cbs = !{!0, !1}
!0 = !{ptr @A.cb, ptr addrspace(2) @a}
!1 = !{ptr @B.cb, ptr addrspace(2) @b}
