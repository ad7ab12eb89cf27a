; dxil-resource-access: a loop-carried pointer that starts either in a
; cbuffer or at a pointer that is not a cbuffer's (here an argument in the
; same address space; clang-22 itself never makes one: a local array is in
; address space 0 and the front end copies cbuffer values into it, so no
; phi can mix them). The cbuffer arm reads rows at the carried offset, the
; other arm loads from its own pointer at the same offset, and a select
; picks the value.
; RUN: %cblower-opt -S -passes=dxil-cbuffer-lowering %s | FileCheck %s
; RUN: %cblower-opt -S -passes=dxil-lower %s | %opt-22 -passes=verify -disable-output

; CHECK-LABEL: loop:
; CHECK-NEXT: %p.arm0 = phi i1 [ true, %entry ], [ false, %other ], [ %p.arm0, %loop ]
; CHECK-NEXT: %p.arm1 = phi i1 [ false, %entry ], [ true, %other ], [ %p.arm1, %loop ]
; CHECK-NEXT: %p.off = phi i32 [ 1, %entry ], [ 0, %other ], [ %next.off, %loop ]
; CHECK-NEXT: %k = phi i32 [ 0, %entry ], [ 0, %other ], [ %k.next, %loop ]
; CHECK-NEXT: %s.acc = phi float [ 0.000000e+00, %entry ], [ 0.000000e+00, %other ], [ %add, %loop ]
; CHECK-NEXT: %A.cb1 = load target("dx.CBuffer", %__cblayout_A), ptr @A.cb, align 4
; CHECK-NEXT: %0 = select i1 %p.arm0, i32 %p.off, i32 0
; CHECK-NEXT: %v.p0.load = call { float, float, float, float } @llvm.dx.resource.load.cbufferrow.4.f32.f32.f32.f32.tdx.CBuffer_s___cblayout_Ast(target("dx.CBuffer", %__cblayout_A) %A.cb1, i32 %0)
; CHECK-NEXT: %v.p0.extract = extractvalue { float, float, float, float } %v.p0.load, 0
; CHECK-NEXT: %1 = select i1 %p.arm1, i32 %p.off, i32 0
; CHECK-NEXT: %[[AT:p.at[0-9]*]] = getelementptr [16 x i8], ptr addrspace(2) %q, i32 %1
; CHECK-NEXT: %v.p1 = load float, ptr addrspace(2) %[[AT]], align 4
; CHECK-NEXT: %v = select i1 %p.arm0, float %v.p0.extract, float %v.p1
; CHECK: %next.off = add i32 %p.off, 1
; CHECK-NEXT: br i1 %more, label %loop, label %done

target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64-v48:16:16-v96:32:32-v192:64:64"
target triple = "dxilv1.6-pc-shadermodel6.6-library"
%__cblayout_A = type <{ float, target("dx.Padding", 12), [4 x <{ float, target("dx.Padding", 12) }>] }>
@A.cb = global target("dx.CBuffer", %__cblayout_A) poison
@s = external hidden addrspace(2) global float, align 4
@w = external hidden addrspace(2) global [4 x <{ float, target("dx.Padding", 12) }>], align 4

define float @mixed(i1 %c, ptr addrspace(2) %q, i32 %n) {
entry:
  br i1 %c, label %loop, label %other

other:
  br label %loop

loop:
  %p = phi ptr addrspace(2) [ @w, %entry ], [ %q, %other ], [ %next, %loop ]
  %k = phi i32 [ 0, %entry ], [ 0, %other ], [ %k.next, %loop ]
  %s.acc = phi float [ 0.000000e+00, %entry ], [ 0.000000e+00, %other ], [ %add, %loop ]
  %v = load float, ptr addrspace(2) %p, align 4
  %add = fadd float %s.acc, %v
  %next = getelementptr <{ float, target("dx.Padding", 12) }>, ptr addrspace(2) %p, i32 1
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
@llvm.global_ctors = appending global [1 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 65535, ptr @_GLOBAL__sub_I_cb, ptr null }]
define internal void @_GLOBAL__sub_I_cb() {
  call void @_init_buffer_A.cb()
  ret void
}

!hlsl.cbs = !{!0}
!0 = !{ptr @A.cb, ptr addrspace(2) @s, ptr addrspace(2) @w}
