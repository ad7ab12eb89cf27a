; Regression tests for the Clang/LLVM cbuffer miscompiles cblower fixes, in
; the shapes clang emits at -O0 (struct field GEPs use the layout struct's
; element numbers, as cblower's access API emits them).
; RUN: opt -S -dxil-cbuffer-access -dxil-resource-access %s | FileCheck %s
target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64-v48:16:16-v96:32:32-v192:64:64"
target triple = "dxilv1.3-pc-shadermodel6.3-library"

; struct X { int a1; }; struct Q { int xs[2]; X y; }; cbuffer cbq { Q qs[2]; }
%X = type <{ i32 }>
%Q = type <{ <{ [1 x <{ i32, target("dx.Padding", 12) }>], i32 }>, target("dx.Padding", 12), %X }>
%__cblayout_cbq = type <{ <{ [1 x <{ %Q, target("dx.Padding", 12) }>], %Q }> }>
@cbq.cb = global target("dx.CBuffer", %__cblayout_cbq) poison
@qs = external hidden addrspace(2) global <{ [1 x <{ %Q, target("dx.Padding", 12) }>], %Q }>, align 4

; cbuffer Halves { float f0; float f1; int2 c; }
%__cblayout_Halves = type <{ float, float, <2 x i32> }>
@Halves.cb = global target("dx.CBuffer", %__cblayout_Halves) poison
@f0 = external hidden addrspace(2) global float, align 4
@f1 = external hidden addrspace(2) global float, align 4
@c = external hidden addrspace(2) global <2 x i32>, align 4

; cbuffer Constants { uint v[2]; }
%__cblayout_Constants = type <{ <{ [1 x <{ i32, target("dx.Padding", 12) }>], i32 }> }>
@Constants.cb = global target("dx.CBuffer", %__cblayout_Constants) poison
@v = external hidden addrspace(2) global <{ [1 x <{ i32, target("dx.Padding", 12) }>], i32 }>, align 4

; llvm/llvm-project#179716: y starts its own row after xs (row 2 of each
; 3-row Q), so qs[0].y.a1 is row 2 (clang-22 read row 1), qs[1].y.a1 row 5,
; qs[i].y.a1 row 3 * i + 2.
; CHECK-LABEL: @issue179716(
; CHECK: %cbq.cb = load target("dx.CBuffer", %__cblayout_cbq), ptr @cbq.cb, align 4
; CHECK-NEXT: %a.load = call { i32, i32, i32, i32 } @llvm.dx.resource.load.cbufferrow.4.{{.*}}(target("dx.CBuffer", %__cblayout_cbq) %cbq.cb, i32 2)
; CHECK-NEXT: %a.extract = extractvalue { i32, i32, i32, i32 } %a.load, 0
; CHECK-NEXT: store i32 %a.extract, ptr %out, align 4
; CHECK-NEXT: %cbq.cb1 = load target("dx.CBuffer", %__cblayout_cbq), ptr @cbq.cb, align 4
; CHECK-NEXT: %b.load = call { i32, i32, i32, i32 } @llvm.dx.resource.load.cbufferrow.4.{{.*}}(target("dx.CBuffer", %__cblayout_cbq) %cbq.cb1, i32 5)
; CHECK-NEXT: %b.extract = extractvalue { i32, i32, i32, i32 } %b.load, 0
; CHECK-NEXT: store i32 %b.extract, ptr %out, align 4
; CHECK-NEXT: %cbq.cb2 = load target("dx.CBuffer", %__cblayout_cbq), ptr @cbq.cb, align 4
; CHECK-NEXT: [[V1:%[0-9]+]] = mul i32 %i, 3
; CHECK-NEXT: [[V2:%[0-9]+]] = add i32 [[V1]], 2
; CHECK-NEXT: %d.load = call { i32, i32, i32, i32 } @llvm.dx.resource.load.cbufferrow.4.{{.*}}(target("dx.CBuffer", %__cblayout_cbq) %cbq.cb2, i32 [[V2]])
; CHECK-NEXT: %d.extract = extractvalue { i32, i32, i32, i32 } %d.load, 0
; CHECK-NEXT: store i32 %d.extract, ptr %out, align 4
; CHECK-NEXT: ret void
define void @issue179716(ptr %out, i32 %i) {
  %a = load i32, ptr addrspace(2) getelementptr inbounds nuw (%X, ptr addrspace(2) getelementptr inbounds nuw (%Q, ptr addrspace(2) getelementptr (<{ %Q, target("dx.Padding", 12) }>, ptr addrspace(2) @qs, i32 0, i32 0), i32 0, i32 2), i32 0, i32 0), align 4
  store i32 %a, ptr %out, align 4
  %b = load i32, ptr addrspace(2) getelementptr inbounds nuw (%X, ptr addrspace(2) getelementptr inbounds nuw (%Q, ptr addrspace(2) getelementptr (<{ %Q, target("dx.Padding", 12) }>, ptr addrspace(2) @qs, i32 1, i32 0), i32 0, i32 2), i32 0, i32 0), align 4
  store i32 %b, ptr %out, align 4
  %cbufferidx = getelementptr <{ %Q, target("dx.Padding", 12) }>, ptr addrspace(2) @qs, i32 %i, i32 0
  %y = getelementptr inbounds nuw %Q, ptr addrspace(2) %cbufferidx, i32 0, i32 2
  %a1 = getelementptr inbounds nuw %X, ptr addrspace(2) %y, i32 0, i32 0
  %d = load i32, ptr addrspace(2) %a1, align 4
  store i32 %d, ptr %out, align 4
  ret void
}

; llvm/llvm-project#174656: c is in the second half of row 0, so its
; components are elements 2 and 3 (not 0 and 1).
; CHECK-LABEL: @issue174656(
; CHECK: %Halves.cb = load target("dx.CBuffer", %__cblayout_Halves), ptr @Halves.cb, align 4
; CHECK-NEXT: %r.load = call { i32, i32, i32, i32 } @llvm.dx.resource.load.cbufferrow.4.{{.*}}(target("dx.CBuffer", %__cblayout_Halves) %Halves.cb, i32 0)
; CHECK-NEXT: %r.extract = extractvalue { i32, i32, i32, i32 } %r.load, 2
; CHECK-NEXT: %r.extract1 = extractvalue { i32, i32, i32, i32 } %r.load, 3
; CHECK-NEXT: %r.upto0 = insertelement <2 x i32> poison, i32 %r.extract, i32 0
; CHECK-NEXT: %r.upto1 = insertelement <2 x i32> %r.upto0, i32 %r.extract1, i32 1
; CHECK-NEXT: ret <2 x i32> %r.upto1
define <2 x i32> @issue174656() {
  %r = load <2 x i32>, ptr addrspace(2) @c, align 4
  ret <2 x i32> %r
}

; llvm/llvm-project#144573: v[tid] with a run-time index is row tid (LLVM
; asserted, or read row 0 in release builds).
; CHECK-LABEL: @issue144573(
; CHECK: %Constants.cb = load target("dx.CBuffer", %__cblayout_Constants), ptr @Constants.cb, align 4
; CHECK-NEXT: %x.load = call { i32, i32, i32, i32 } @llvm.dx.resource.load.cbufferrow.4.{{.*}}(target("dx.CBuffer", %__cblayout_Constants) %Constants.cb, i32 %tid)
; CHECK-NEXT: %x.extract = extractvalue { i32, i32, i32, i32 } %x.load, 0
; CHECK-NEXT: ret i32 %x.extract
define i32 @issue144573(i32 %tid) {
  %cbufferidx = getelementptr <{ i32, target("dx.Padding", 12) }>, ptr addrspace(2) @v, i32 %tid, i32 0
  %x = load i32, ptr addrspace(2) %cbufferidx, align 16
  ret i32 %x
}

!hlsl.cbs = !{!0, !1, !2}
!0 = !{ptr @cbq.cb, ptr addrspace(2) @qs}
!1 = !{ptr @Halves.cb, ptr addrspace(2) @f0, ptr addrspace(2) @f1, ptr addrspace(2) @c}
!2 = !{ptr @Constants.cb, ptr addrspace(2) @v}
