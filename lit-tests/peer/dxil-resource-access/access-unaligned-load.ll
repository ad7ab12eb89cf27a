; Loads no row element holds on its own (8-bit integers, scalars not aligned
; to their width in the row): assembled from the 16-bit elements around them,
; little-endian, with zext/shl/or and a bitcast for floats.
; RUN: opt -S -dxil-cbuffer-access -dxil-resource-access %s | FileCheck %s
; cbuffer U { int2 v; float f; }   (InstCombine turns small memcpys into such loads)
target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64-v48:16:16-v96:32:32-v192:64:64"
target triple = "dxilv1.3-pc-shadermodel6.3-library"

%__cblayout_U = type <{ <2 x i32>, float }>
@U.cb = global target("dx.CBuffer", %__cblayout_U) poison
@v = external hidden addrspace(2) global <2 x i32>, align 4
@f = external hidden addrspace(2) global float, align 4

; Byte 3 of row 0: the high half of i16 element 1.
; CHECK-LABEL: @byte(
; CHECK: %U.cb = load target("dx.CBuffer", %__cblayout_U), ptr @U.cb, align 4
; CHECK-NEXT: %b.load = call { i16, i16, i16, i16, i16, i16, i16, i16 } @llvm.dx.resource.load.cbufferrow.8.{{.*}}(target("dx.CBuffer", %__cblayout_U) %U.cb, i32 0)
; CHECK-NEXT: %b.extract = extractvalue { i16, i16, i16, i16, i16, i16, i16, i16 } %b.load, 1
; CHECK-NEXT: [[V1:%[0-9]+]] = lshr i16 %b.extract, 8
; CHECK-NEXT: [[V2:%[0-9]+]] = trunc i16 [[V1]] to i8
; CHECK-NEXT: ret i8 [[V2]]
define i8 @byte() {
  %p = getelementptr inbounds i8, ptr addrspace(2) @v, i32 3
  %b = load i8, ptr addrspace(2) %p, align 1
  ret i8 %b
}

; Bytes 6..9 of row 0: i16 elements 3 and 4, the second shifted up 16 bits.
; CHECK-LABEL: @straddle(
; CHECK: %U.cb = load target("dx.CBuffer", %__cblayout_U), ptr @U.cb, align 4
; CHECK-NEXT: %x.load = call { i16, i16, i16, i16, i16, i16, i16, i16 } @llvm.dx.resource.load.cbufferrow.8.{{.*}}(target("dx.CBuffer", %__cblayout_U) %U.cb, i32 0)
; CHECK-NEXT: %x.extract = extractvalue { i16, i16, i16, i16, i16, i16, i16, i16 } %x.load, 3
; CHECK-NEXT: [[V1:%[0-9]+]] = zext i16 %x.extract to i32
; CHECK-NEXT: %x.extract1 = extractvalue { i16, i16, i16, i16, i16, i16, i16, i16 } %x.load, 4
; CHECK-NEXT: [[V2:%[0-9]+]] = zext i16 %x.extract1 to i32
; CHECK-NEXT: [[V3:%[0-9]+]] = shl i32 [[V2]], 16
; CHECK-NEXT: [[V4:%[0-9]+]] = or i32 [[V1]], [[V3]]
; CHECK-NEXT: ret i32 [[V4]]
define i32 @straddle() {
  %p = getelementptr inbounds i8, ptr addrspace(2) @v, i32 6
  %x = load i32, ptr addrspace(2) %p, align 2
  ret i32 %x
}

; A float at byte 10: from i16 elements 5 and 6, then a bitcast.
; CHECK-LABEL: @float_at_10(
; CHECK: %U.cb = load target("dx.CBuffer", %__cblayout_U), ptr @U.cb, align 4
; CHECK-NEXT: %x.load = call { i16, i16, i16, i16, i16, i16, i16, i16 } @llvm.dx.resource.load.cbufferrow.8.{{.*}}(target("dx.CBuffer", %__cblayout_U) %U.cb, i32 0)
; CHECK-NEXT: %x.extract = extractvalue { i16, i16, i16, i16, i16, i16, i16, i16 } %x.load, 5
; CHECK-NEXT: [[V1:%[0-9]+]] = zext i16 %x.extract to i32
; CHECK-NEXT: %x.extract1 = extractvalue { i16, i16, i16, i16, i16, i16, i16, i16 } %x.load, 6
; CHECK-NEXT: [[V2:%[0-9]+]] = zext i16 %x.extract1 to i32
; CHECK-NEXT: [[V3:%[0-9]+]] = shl i32 [[V2]], 16
; CHECK-NEXT: [[V4:%[0-9]+]] = or i32 [[V1]], [[V3]]
; CHECK-NEXT: %x.bits = bitcast i32 [[V4]] to float
; CHECK-NEXT: ret float %x.bits
define float @float_at_10() {
  %p = getelementptr inbounds i8, ptr addrspace(2) @f, i32 2
  %x = load float, ptr addrspace(2) %p, align 2
  ret float %x
}

!hlsl.cbs = !{!0}
!0 = !{ptr @U.cb, ptr addrspace(2) @v, ptr addrspace(2) @f}
