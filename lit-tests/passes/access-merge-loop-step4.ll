; dxil-resource-access: pointers carried around a loop and stepped by 4
; bytes, inside a row and across rows (`p = &va[0].y; ...; s += *p; ++p;`,
; the shape loop strength reduction gives a walk over the floats of a
; float4 array). The phi becomes an i32 phi of the offset in 4-byte units
; (`%p.off`), and the load reads at `getpointer + 4 * %p.off`: the row is
; `(4 * off) >> 4`, the element `((4 * off) & 15) >> 2`, picked from the
; loaded row by extractelement. @two starts in one of two buffers, so the
; load is made on each (the one not taken at offset 0) and a select picks.
; RUN: %cblower-opt -S -passes=dxil-cbuffer-lowering %s | FileCheck %s
; RUN: %cblower-opt -S -passes=dxil-lower %s | %opt-22 -passes=verify -disable-output

; CHECK-LABEL: define float @one(
; CHECK: loop:
; CHECK-NEXT: %p.off = phi i32 [ 1, %entry ], [ %next.off, %loop ]
; CHECK-NEXT: %k = phi i32 [ 0, %entry ], [ %k.next, %loop ]
; CHECK-NEXT: %s = phi float [ 0.000000e+00, %entry ], [ %add, %loop ]
; CHECK-NEXT: %A.cb1 = load target("dx.CBuffer", %__cblayout_A), ptr @A.cb, align 4
; CHECK-NEXT: %0 = mul i32 %p.off, 4
; CHECK-NEXT: %1 = ashr i32 %0, 4
; CHECK-NEXT: %v.load = call { float, float, float, float } @llvm.dx.resource.load.cbufferrow.4.f32.f32.f32.f32.tdx.CBuffer_s___cblayout_Ast(target("dx.CBuffer", %__cblayout_A) %A.cb1, i32 %1)
; CHECK: %2 = and i32 %0, 15
; CHECK-NEXT: %3 = lshr i32 %2, 2
; CHECK-NEXT: %v.elt = extractelement <4 x float> %v.row{{[0-9]+}}, i32 %3
; CHECK-NEXT: %add = fadd float %s, %v.elt
; CHECK: %next.off = add i32 %p.off, 1
; CHECK-NEXT: br i1 %more, label %loop, label %done

; CHECK-LABEL: define float @two(
; CHECK: entry:
; CHECK-NEXT: %p.arm0 = select i1 %c, i1 true, i1 false
; CHECK-NEXT: %p.arm1 = select i1 %c, i1 false, i1 true
; CHECK-NEXT: %p.off = select i1 %c, i32 1, i32 6
; CHECK-NEXT: br label %loop
; CHECK: loop:
; CHECK-NEXT: %q.arm0 = phi i1 [ %p.arm0, %entry ], [ %q.arm0, %loop ]
; CHECK-NEXT: %q.arm1 = phi i1 [ %p.arm1, %entry ], [ %q.arm1, %loop ]
; CHECK-NEXT: %q.off = phi i32 [ %p.off, %entry ], [ %next.off, %loop ]
; CHECK: %A.cb1 = load target("dx.CBuffer", %__cblayout_A), ptr @A.cb, align 4
; CHECK-NEXT: %0 = select i1 %q.arm0, i32 %q.off, i32 0
; CHECK-NEXT: %1 = mul i32 %0, 4
; CHECK: %v.q0.elt = extractelement <4 x float> %v.q0.row{{[0-9]+}}, i32 %{{[0-9]+}}
; CHECK-NEXT: %B.cb2 = load target("dx.CBuffer", %__cblayout_B), ptr @B.cb, align 4
; CHECK-NEXT: %{{[0-9]+}} = select i1 %q.arm1, i32 %q.off, i32 0
; CHECK: %v.q1.elt = extractelement <4 x float> %v.q1.row{{[0-9]+}}, i32 %{{[0-9]+}}
; CHECK-NEXT: %v = select i1 %q.arm0, float %v.q0.elt, float %v.q1.elt
; CHECK: %next.off = add i32 %q.off, 1
; CHECK-NOT: phi ptr

target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64-v48:16:16-v96:32:32-v192:64:64"
target triple = "dxilv1.6-pc-shadermodel6.6-library"
%__cblayout_A = type <{ [4 x <4 x float>] }>
%__cblayout_B = type <{ float, target("dx.Padding", 12), [4 x <4 x float>] }>
@A.cb = global target("dx.CBuffer", %__cblayout_A) poison
@va = external hidden addrspace(2) global [4 x <4 x float>], align 16
@B.cb = global target("dx.CBuffer", %__cblayout_B) poison
@sb = external hidden addrspace(2) global float, align 4
@vb = external hidden addrspace(2) global [4 x <4 x float>], align 16

define float @one(i32 %n) {
entry:
  %start = getelementptr inbounds i8, ptr addrspace(2) @va, i32 4
  br label %loop

loop:
  %p = phi ptr addrspace(2) [ %start, %entry ], [ %next, %loop ]
  %k = phi i32 [ 0, %entry ], [ %k.next, %loop ]
  %s = phi float [ 0.000000e+00, %entry ], [ %add, %loop ]
  %v = load float, ptr addrspace(2) %p, align 4
  %add = fadd float %s, %v
  %next = getelementptr inbounds i8, ptr addrspace(2) %p, i32 4
  %k.next = add i32 %k, 1
  %more = icmp ult i32 %k.next, %n
  br i1 %more, label %loop, label %done

done:
  ret float %add
}

define float @two(i1 %c, i32 %n) {
entry:
  %a = getelementptr inbounds i8, ptr addrspace(2) @va, i32 4
  %b = getelementptr inbounds i8, ptr addrspace(2) @vb, i32 8
  %p = select i1 %c, ptr addrspace(2) %a, ptr addrspace(2) %b
  br label %loop

loop:
  %q = phi ptr addrspace(2) [ %p, %entry ], [ %next, %loop ]
  %k = phi i32 [ 0, %entry ], [ %k.next, %loop ]
  %s = phi float [ 0.000000e+00, %entry ], [ %add, %loop ]
  %v = load float, ptr addrspace(2) %q, align 4
  %add = fadd float %s, %v
  %next = getelementptr inbounds i8, ptr addrspace(2) %q, i32 4
  %k.next = add i32 %k, 1
  %more = icmp ult i32 %k.next, %n
  br i1 %more, label %loop, label %done

done:
  ret float %add
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
!0 = !{ptr @A.cb, ptr addrspace(2) @va}
!1 = !{ptr @B.cb, ptr addrspace(2) @sb, ptr addrspace(2) @vb}
