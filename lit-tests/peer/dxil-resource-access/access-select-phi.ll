; select and phi of pointers into cbuffer members (LLVM 22 reports an escape):
; they become a select or phi of row numbers feeding one getpointer, so the
; loads behind them are ordinary row loads.
; RUN: opt -S -dxil-cbuffer-access -dxil-resource-access %s | FileCheck %s
; cbuffer Pick { float a; float b; float4 c[3]; double d; }
target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64-v48:16:16-v96:32:32-v192:64:64"
target triple = "dxilv1.3-pc-shadermodel6.3-library"

%__cblayout_Pick = type <{ float, float, target("dx.Padding", 8), [3 x <4 x float>], double }>
@Pick.cb = global target("dx.CBuffer", %__cblayout_Pick) poison
@a = external hidden addrspace(2) global float, align 4
@b = external hidden addrspace(2) global float, align 4
@c = external hidden addrspace(2) global [3 x <4 x float>], align 4
@d = external hidden addrspace(2) global double, align 8

; c[i] or c (row 1 + i or 1), then byte 8: a select of rows, element 2.
; CHECK-LABEL: @sel(
; CHECK: [[V1:%[0-9]+]] = add i32 %i, 1
; CHECK-NEXT: %p.row = select i1 %k, i32 [[V1]], i32 1
; CHECK-NEXT: %Pick.cb2 = load target("dx.CBuffer", %__cblayout_Pick), ptr @Pick.cb, align 4
; CHECK-NEXT: [[V2:%[0-9]+]] = add i32 %p.row, 0
; CHECK-NEXT: [[V3:%[0-9]+]] = add i32 [[V2]], 0
; CHECK-NEXT: %v.load = call { float, float, float, float } @llvm.dx.resource.load.cbufferrow.4.{{.*}}(target("dx.CBuffer", %__cblayout_Pick) %Pick.cb2, i32 [[V3]])
; CHECK-NEXT: %v.extract = extractvalue { float, float, float, float } %v.load, 2
; CHECK-NEXT: ret float %v.extract
define float @sel(i1 %k, i32 %i) {
  %ci = getelementptr inbounds [3 x <4 x float>], ptr addrspace(2) @c, i32 0, i32 %i
  %p = select i1 %k, ptr addrspace(2) %ci, ptr addrspace(2) @c
  %q = getelementptr inbounds i8, ptr addrspace(2) %p, i32 8
  %v = load float, ptr addrspace(2) %q, align 4
  ret float %v
}

; a (row 0) or c[2] (row 3, a constant expression expanded in %then).
; CHECK-LABEL: @ph(
; CHECK: entry:
; CHECK: br i1 %k, label %then, label %join
; CHECK: then:
; CHECK: br label %join
; CHECK: join:
; CHECK: %p.row = phi i32 [ 0, %entry ], [ 3, %then ]
; CHECK-NEXT: %Pick.cb2 = load target("dx.CBuffer", %__cblayout_Pick), ptr @Pick.cb, align 4
; CHECK-NEXT: %v.load = call { float, float, float, float } @llvm.dx.resource.load.cbufferrow.4.{{.*}}(target("dx.CBuffer", %__cblayout_Pick) %Pick.cb2, i32 %p.row)
; CHECK-NEXT: %v.extract = extractvalue { float, float, float, float } %v.load, 0
; CHECK-NEXT: ret float %v.extract
define float @ph(i1 %k) {
entry:
  br i1 %k, label %then, label %join
then:
  br label %join
join:
  %p = phi ptr addrspace(2) [ @a, %entry ], [ getelementptr inbounds ([3 x <4 x float>], ptr addrspace(2) @c, i32 0, i32 2), %then ]
  %v = load float, ptr addrspace(2) %p, align 4
  ret float %v
}

; A pointer stepping through c in a loop: the row phi steps by one.
; CHECK-LABEL: @loop(
; CHECK: entry:
; CHECK: br label %body
; CHECK: body:
; CHECK: %p.row = phi i32 [ 1, %entry ], [ [[V0:%[0-9]+]], %body ]
; CHECK-NEXT: %sum = phi float [ 0.000000e+00, %entry ], [ %s, %body ]
; CHECK-NEXT: %k = phi i32 [ 0, %entry ], [ %k1, %body ]
; CHECK-NEXT: %Pick.cb1 = load target("dx.CBuffer", %__cblayout_Pick), ptr @Pick.cb, align 4
; CHECK-NEXT: %x.load = call { float, float, float, float } @llvm.dx.resource.load.cbufferrow.4.{{.*}}(target("dx.CBuffer", %__cblayout_Pick) %Pick.cb1, i32 %p.row)
; CHECK-NEXT: %x.extract = extractvalue { float, float, float, float } %x.load, 0
; CHECK-NEXT: %s = fadd float %sum, %x.extract
; CHECK-NEXT: %k1 = add i32 %k, 1
; CHECK-NEXT: %done = icmp eq i32 %k1, %n
; CHECK-NEXT: [[V0]] = add i32 %p.row, 1
; CHECK-NEXT: br i1 %done, label %exit, label %body
; CHECK: exit:
; CHECK: ret float %s
define float @loop(i32 %n) {
entry:
  br label %body
body:
  %p = phi ptr addrspace(2) [ @c, %entry ], [ %next, %body ]
  %sum = phi float [ 0.0, %entry ], [ %s, %body ]
  %k = phi i32 [ 0, %entry ], [ %k1, %body ]
  %x = load float, ptr addrspace(2) %p, align 4
  %s = fadd float %sum, %x
  %next = getelementptr inbounds <4 x float>, ptr addrspace(2) %p, i32 1
  %k1 = add i32 %k, 1
  %done = icmp eq i32 %k1, %n
  br i1 %done, label %exit, label %body
exit:
  ret float %s
}

; A select on a constant is its chosen pointer (b: row 0, element 1).
; CHECK-LABEL: @constant_select(
; CHECK: %Pick.cb1 = load target("dx.CBuffer", %__cblayout_Pick), ptr @Pick.cb, align 4
; CHECK-NEXT: %v.load = call { float, float, float, float } @llvm.dx.resource.load.cbufferrow.4.{{.*}}(target("dx.CBuffer", %__cblayout_Pick) %Pick.cb1, i32 0)
; CHECK-NEXT: %v.extract = extractvalue { float, float, float, float } %v.load, 1
; CHECK-NEXT: ret float %v.extract
define float @constant_select() {
  %p = select i1 true, ptr addrspace(2) @b, ptr addrspace(2) @a
  %v = load float, ptr addrspace(2) %p, align 4
  ret float %v
}

!hlsl.cbs = !{!0}
!0 = !{ptr @Pick.cb, ptr addrspace(2) @a, ptr addrspace(2) @b, ptr addrspace(2) @c, ptr addrspace(2) @d}
