; dxil-resource-access: a pointer carried around a loop that starts in one
; of two cbuffers, reduced by hand from clang-22 -O3 output of
;   for (uint k = 0; k < n; ++k) s += (i & 1) ? wa[k] : wb[k];
; put through opt-22 -passes=loop-reduce (which turns the indexing into a
; pointer phi stepped by 16 bytes). The phi becomes an i1 phi per buffer
; (which one the pointer is in) and an i32 phi of its offset in rows; the
; load is repeated on each buffer at that offset (the buffer not taken reads
; its row 0) and a select picks the value.
; RUN: %cblower-opt -S -passes=dxil-cbuffer-lowering %s | FileCheck %s
; RUN: %cblower-opt -S -passes=dxil-lower %s | %opt-22 -passes=verify -disable-output

; CHECK-LABEL: for.body.lr.ph:
; CHECK: %tobool.not = icmp eq i32 %and, 0
; CHECK-NEXT: %cond.in.v.arm0 = select i1 %tobool.not, i1 true, i1 false
; CHECK-NEXT: %cond.in.v.arm1 = select i1 %tobool.not, i1 false, i1 true
; CHECK-NEXT: br label %for.body
; CHECK-LABEL: for.body:
; CHECK-NEXT: %lsr.iv1.arm0 = phi i1 [ %lsr.iv1.arm0, %for.body ], [ %cond.in.v.arm0, %for.body.lr.ph ]
; CHECK-NEXT: %lsr.iv1.arm1 = phi i1 [ %lsr.iv1.arm1, %for.body ], [ %cond.in.v.arm1, %for.body.lr.ph ]
; CHECK-NEXT: %lsr.iv1.off = phi i32 [ %scevgep.off, %for.body ], [ 0, %for.body.lr.ph ]
; CHECK-NEXT: %lsr.iv = phi i32 [ %lsr.iv.next, %for.body ], [ %n, %for.body.lr.ph ]
; CHECK-NEXT: %s = phi float [ 0.000000e+00, %for.body.lr.ph ], [ %add, %for.body ]
; CHECK-NEXT: %B.cb1 = load target("dx.CBuffer", %__cblayout_B), ptr @B.cb, align 4
; CHECK-NEXT: %0 = select i1 %lsr.iv1.arm0, i32 %lsr.iv1.off, i32 0
; CHECK-NEXT: %cond.lsr.iv10.load = call { float, float, float, float } @llvm.dx.resource.load.cbufferrow.4.f32.f32.f32.f32.tdx.CBuffer_s___cblayout_Bst(target("dx.CBuffer", %__cblayout_B) %B.cb1, i32 %0)
; CHECK-NEXT: %cond.lsr.iv10.extract = extractvalue { float, float, float, float } %cond.lsr.iv10.load, 0
; CHECK-NEXT: %A.cb2 = load target("dx.CBuffer", %__cblayout_A), ptr @A.cb, align 4
; CHECK-NEXT: %1 = select i1 %lsr.iv1.arm1, i32 %lsr.iv1.off, i32 0
; CHECK-NEXT: %cond.lsr.iv11.load = call { float, float, float, float } @llvm.dx.resource.load.cbufferrow.4.f32.f32.f32.f32.tdx.CBuffer_s___cblayout_Ast(target("dx.CBuffer", %__cblayout_A) %A.cb2, i32 %1)
; CHECK-NEXT: %cond.lsr.iv11.extract = extractvalue { float, float, float, float } %cond.lsr.iv11.load, 0
; CHECK-NEXT: %cond = select i1 %lsr.iv1.arm0, float %cond.lsr.iv10.extract, float %cond.lsr.iv11.extract
; CHECK-NEXT: %add = fadd float %cond, %s
; CHECK-NEXT: %lsr.iv.next = add i32 %lsr.iv, -1
; CHECK-NEXT: %exitcond.not = icmp eq i32 %lsr.iv.next, 0
; CHECK-NEXT: %scevgep.off = add i32 %lsr.iv1.off, 1
; CHECK-NEXT: br i1 %exitcond.not, label %exit, label %for.body
; CHECK-NOT: phi ptr

target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64-v48:16:16-v96:32:32-v192:64:64"
target triple = "dxilv1.6-pc-shadermodel6.6-library"
%__cblayout_A = type <{ <{ [7 x <{ float, target("dx.Padding", 12) }>], float }> }>
%__cblayout_B = type <{ <{ [7 x <{ float, target("dx.Padding", 12) }>], float }> }>
@A.cb = global target("dx.CBuffer", %__cblayout_A) poison
@wa = external hidden addrspace(2) global <{ [7 x <{ float, target("dx.Padding", 12) }>], float }>, align 4
@B.cb = global target("dx.CBuffer", %__cblayout_B) poison
@wb = external hidden addrspace(2) global <{ [7 x <{ float, target("dx.Padding", 12) }>], float }>, align 4

define float @walk(i32 %i, i32 %n) {
entry:
  %none = icmp eq i32 %n, 0
  br i1 %none, label %exit, label %for.body.lr.ph

for.body.lr.ph:
  %and = and i32 %i, 1
  %tobool.not = icmp eq i32 %and, 0
  %cond.in.v = select i1 %tobool.not, ptr addrspace(2) @wb, ptr addrspace(2) @wa
  br label %for.body

for.body:
  %lsr.iv1 = phi ptr addrspace(2) [ %scevgep, %for.body ], [ %cond.in.v, %for.body.lr.ph ]
  %lsr.iv = phi i32 [ %lsr.iv.next, %for.body ], [ %n, %for.body.lr.ph ]
  %s = phi float [ 0.000000e+00, %for.body.lr.ph ], [ %add, %for.body ]
  %cond = load float, ptr addrspace(2) %lsr.iv1, align 16
  %add = fadd float %cond, %s
  %lsr.iv.next = add i32 %lsr.iv, -1
  %scevgep = getelementptr i8, ptr addrspace(2) %lsr.iv1, i32 16
  %exitcond.not = icmp eq i32 %lsr.iv.next, 0
  br i1 %exitcond.not, label %exit, label %for.body

exit:
  %r = phi float [ 0.000000e+00, %entry ], [ %add, %for.body ]
  ret float %r
}

@A.str = private unnamed_addr constant [2 x i8] c"A\00", align 1
define internal void @_init_buffer_A.cb() {
entry:
  %A.cb_h = call target("dx.CBuffer", %__cblayout_A) @llvm.dx.resource.handlefrombinding.tdx.CBuffer_s___cblayout_Ast(i32 0, i32 0, i32 1, i32 0, ptr @A.str)
  store target("dx.CBuffer", %__cblayout_A) %A.cb_h, ptr @A.cb, align 4
  ret void
}
declare target("dx.CBuffer", %__cblayout_A) @llvm.dx.resource.handlefrombinding.tdx.CBuffer_s___cblayout_Ast(i32, i32, i32, i32, ptr)
@B.str = private unnamed_addr constant [2 x i8] c"B\00", align 1
define internal void @_init_buffer_B.cb() {
entry:
  %B.cb_h = call target("dx.CBuffer", %__cblayout_B) @llvm.dx.resource.handlefrombinding.tdx.CBuffer_s___cblayout_Bst(i32 0, i32 1, i32 1, i32 0, ptr @B.str)
  store target("dx.CBuffer", %__cblayout_B) %B.cb_h, ptr @B.cb, align 4
  ret void
}
declare target("dx.CBuffer", %__cblayout_B) @llvm.dx.resource.handlefrombinding.tdx.CBuffer_s___cblayout_Bst(i32, i32, i32, i32, ptr)
@llvm.global_ctors = appending global [1 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 65535, ptr @_GLOBAL__sub_I_cb, ptr null }]
define internal void @_GLOBAL__sub_I_cb() {
  call void @_init_buffer_A.cb()
  call void @_init_buffer_B.cb()
  ret void
}

!hlsl.cbs = !{!0, !1}
!0 = !{ptr @A.cb, ptr addrspace(2) @wa}
!1 = !{ptr @B.cb, ptr addrspace(2) @wb}
