; A loop-carried phi of pointers into two different cbuffers (the pointer
; starts in A or B and steps a row at a time): an i1 phi per buffer says
; which one the pointer is in, an i32 phi carries its offset in rows, and
; the load is made on each buffer at that offset (the one not taken at row
; 0), a select picking the value.
; RUN: opt -S -dxil-cbuffer-access -dxil-resource-access %s | FileCheck %s

; CHECK-LABEL: loop:
; CHECK-NEXT: %i = phi i32 [ 0, %entry ], [ 0, %other ], [ %i.next, %loop ]
; CHECK-NEXT: %p.arm0 = phi i1 [ true, %entry ], [ false, %other ], [ %p.arm0, %loop ]
; CHECK-NEXT: %p.arm1 = phi i1 [ false, %entry ], [ true, %other ], [ %p.arm1, %loop ]
; CHECK-NEXT: %p.off = phi i32 [ 0, %entry ], [ 0, %other ], [ %next.off, %loop ]
; CHECK-NEXT: %A.cb1 = load target("dx.CBuffer", %__cblayout_A), ptr @A.cb, align 4
; CHECK-NEXT: %0 = select i1 %p.arm0, i32 %p.off, i32 0
; CHECK-NEXT: %v.p0.load = call { float, float, float, float } @llvm.dx.resource.load.cbufferrow.4.f32.f32.f32.f32.tdx.CBuffer_s___cblayout_Ast(target("dx.CBuffer", %__cblayout_A) %A.cb1, i32 %0)
; CHECK-NEXT: %v.p0.extract = extractvalue { float, float, float, float } %v.p0.load, 0
; CHECK-NEXT: %B.cb2 = load target("dx.CBuffer", %__cblayout_B), ptr @B.cb, align 4
; CHECK-NEXT: %1 = select i1 %p.arm1, i32 %p.off, i32 0
; CHECK-NEXT: %v.p1.load = call { float, float, float, float } @llvm.dx.resource.load.cbufferrow.4.f32.f32.f32.f32.tdx.CBuffer_s___cblayout_Bst(target("dx.CBuffer", %__cblayout_B) %B.cb2, i32 %1)
; CHECK-NEXT: %v.p1.extract = extractvalue { float, float, float, float } %v.p1.load, 0
; CHECK-NEXT: %v = select i1 %p.arm0, float %v.p0.extract, float %v.p1.extract
; CHECK-NEXT: %i.next = add i32 %i, 1
; CHECK-NEXT: %more = icmp ult i32 %i.next, %n
; CHECK-NEXT: %next.off = add i32 %p.off, 1
; CHECK-NEXT: br i1 %more, label %loop, label %done

target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64-v48:16:16-v96:32:32-v192:64:64"
%__cblayout_A = type <{ float }>
%__cblayout_B = type <{ float }>
@A.cb = global target("dx.CBuffer", %__cblayout_A) poison
@B.cb = global target("dx.CBuffer", %__cblayout_B) poison
@a = external hidden addrspace(2) global float, align 4
@b = external hidden addrspace(2) global float, align 4

define float @walk(i1 %k, i32 %n) {
entry:
  br i1 %k, label %loop, label %other
other:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ 0, %other ], [ %i.next, %loop ]
  %p = phi ptr addrspace(2) [ @a, %entry ], [ @b, %other ], [ %next, %loop ]
  %v = load float, ptr addrspace(2) %p, align 4
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
