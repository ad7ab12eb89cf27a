; A general byte-assembly fallback (issue #14 item 2): any load type at any
; byte the layout permits. `<96 x i1>` (InstCombine's bool3), `i24`, `i128`,
; `<3 x i8>`, `i1` and literal structs are assembled from 16-bit row elements,
; little-endian, into an integer of the type's store size, truncated to its
; bit size and bitcast to the type; `<8 x half>` keeps the row fast path.
; RUN: %cblower-opt -S -passes=dxil-cbuffer-lowering %s | FileCheck %s
; RUN: %cblower-opt -S -passes=dxil-cbuffer-lowering %s | %opt-22 -passes=verify -disable-output
target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64-v48:16:16-v96:32:32-v192:64:64"
target triple = "dxil-pc-shadermodel6.6-compute"

%__cblayout_CB = type <{ <3 x i32>, float, <4 x i32> }>
@CB.cb = global target("dx.CBuffer", %__cblayout_CB) poison
@b = external hidden addrspace(2) global <3 x i32>, align 4
@f = external hidden addrspace(2) global float, align 4
@u = external hidden addrspace(2) global <4 x i32>, align 4

; CHECK-LABEL: define <96 x i1> @bools(
; CHECK-NEXT: %CB.cb = load target("dx.CBuffer", %__cblayout_CB), ptr @CB.cb, align 4
; CHECK-NEXT: %x.load = call { i16, i16, i16, i16, i16, i16, i16, i16 } @llvm.dx.resource.load.cbufferrow.8.{{.*}}(target("dx.CBuffer", %__cblayout_CB) %CB.cb, i32 0)
; CHECK-NEXT: %x.extract = extractvalue { i16, i16, i16, i16, i16, i16, i16, i16 } %x.load, 0
; CHECK-NEXT: [[V1:%[0-9]+]] = zext i16 %x.extract to i96
; CHECK-NEXT: %x.extract1 = extractvalue { i16, i16, i16, i16, i16, i16, i16, i16 } %x.load, 1
; CHECK-NEXT: [[V2:%[0-9]+]] = zext i16 %x.extract1 to i96
; CHECK-NEXT: [[V3:%[0-9]+]] = shl i96 [[V2]], 16
; CHECK-NEXT: [[V4:%[0-9]+]] = or i96 [[V1]], [[V3]]
; CHECK-NEXT: %x.extract2 = extractvalue { i16, i16, i16, i16, i16, i16, i16, i16 } %x.load, 2
; CHECK-NEXT: [[V5:%[0-9]+]] = zext i16 %x.extract2 to i96
; CHECK-NEXT: [[V6:%[0-9]+]] = shl i96 [[V5]], 32
; CHECK-NEXT: [[V7:%[0-9]+]] = or i96 [[V4]], [[V6]]
; CHECK-NEXT: %x.extract3 = extractvalue { i16, i16, i16, i16, i16, i16, i16, i16 } %x.load, 3
; CHECK-NEXT: [[V8:%[0-9]+]] = zext i16 %x.extract3 to i96
; CHECK-NEXT: [[V9:%[0-9]+]] = shl i96 [[V8]], 48
; CHECK-NEXT: [[V10:%[0-9]+]] = or i96 [[V7]], [[V9]]
; CHECK-NEXT: %x.extract4 = extractvalue { i16, i16, i16, i16, i16, i16, i16, i16 } %x.load, 4
; CHECK-NEXT: [[V11:%[0-9]+]] = zext i16 %x.extract4 to i96
; CHECK-NEXT: [[V12:%[0-9]+]] = shl i96 [[V11]], 64
; CHECK-NEXT: [[V13:%[0-9]+]] = or i96 [[V10]], [[V12]]
; CHECK-NEXT: %x.extract5 = extractvalue { i16, i16, i16, i16, i16, i16, i16, i16 } %x.load, 5
; CHECK-NEXT: [[V14:%[0-9]+]] = zext i16 %x.extract5 to i96
; CHECK-NEXT: [[V15:%[0-9]+]] = shl i96 [[V14]], 80
; CHECK-NEXT: [[V16:%[0-9]+]] = or i96 [[V13]], [[V15]]
; CHECK-NEXT: %x.bits = bitcast i96 [[V16]] to <96 x i1>
; CHECK-NEXT: ret <96 x i1> %x.bits
; CHECK-NEXT: }
define <96 x i1> @bools() {
  %x = load <96 x i1>, ptr addrspace(2) @b, align 4
  ret <96 x i1> %x
}
; CHECK-LABEL: define i24 @odd(
; CHECK-NEXT: %CB.cb = load target("dx.CBuffer", %__cblayout_CB), ptr @CB.cb, align 4
; CHECK-NEXT: %x.load = call { i16, i16, i16, i16, i16, i16, i16, i16 } @llvm.dx.resource.load.cbufferrow.8.{{.*}}(target("dx.CBuffer", %__cblayout_CB) %CB.cb, i32 0)
; CHECK-NEXT: %x.extract = extractvalue { i16, i16, i16, i16, i16, i16, i16, i16 } %x.load, 0
; CHECK-NEXT: [[V1:%[0-9]+]] = lshr i16 %x.extract, 8
; CHECK-NEXT: [[V2:%[0-9]+]] = trunc i16 [[V1]] to i8
; CHECK-NEXT: [[V3:%[0-9]+]] = zext i8 [[V2]] to i24
; CHECK-NEXT: %x.extract1 = extractvalue { i16, i16, i16, i16, i16, i16, i16, i16 } %x.load, 1
; CHECK-NEXT: [[V4:%[0-9]+]] = zext i16 %x.extract1 to i24
; CHECK-NEXT: [[V5:%[0-9]+]] = shl i24 [[V4]], 8
; CHECK-NEXT: [[V6:%[0-9]+]] = or i24 [[V3]], [[V5]]
; CHECK-NEXT: ret i24 [[V6]]
; CHECK-NEXT: }
define i24 @odd() {
  %p = getelementptr i8, ptr addrspace(2) @b, i32 1
  %x = load i24, ptr addrspace(2) %p, align 1
  ret i24 %x
}
; CHECK-LABEL: define i128 @wide(
; CHECK-NEXT: %CB.cb = load target("dx.CBuffer", %__cblayout_CB), ptr @CB.cb, align 4
; CHECK-NEXT: %x.load = call { i16, i16, i16, i16, i16, i16, i16, i16 } @llvm.dx.resource.load.cbufferrow.8.{{.*}}(target("dx.CBuffer", %__cblayout_CB) %CB.cb, i32 1)
; CHECK-NEXT: %x.extract = extractvalue { i16, i16, i16, i16, i16, i16, i16, i16 } %x.load, 0
; CHECK-NEXT: [[V1:%[0-9]+]] = zext i16 %x.extract to i128
; CHECK-NEXT: %x.extract1 = extractvalue { i16, i16, i16, i16, i16, i16, i16, i16 } %x.load, 1
; CHECK-NEXT: [[V2:%[0-9]+]] = zext i16 %x.extract1 to i128
; CHECK-NEXT: [[V3:%[0-9]+]] = shl i128 [[V2]], 16
; CHECK-NEXT: [[V4:%[0-9]+]] = or i128 [[V1]], [[V3]]
; CHECK-NEXT: %x.extract2 = extractvalue { i16, i16, i16, i16, i16, i16, i16, i16 } %x.load, 2
; CHECK-NEXT: [[V5:%[0-9]+]] = zext i16 %x.extract2 to i128
; CHECK-NEXT: [[V6:%[0-9]+]] = shl i128 [[V5]], 32
; CHECK-NEXT: [[V7:%[0-9]+]] = or i128 [[V4]], [[V6]]
; CHECK-NEXT: %x.extract3 = extractvalue { i16, i16, i16, i16, i16, i16, i16, i16 } %x.load, 3
; CHECK-NEXT: [[V8:%[0-9]+]] = zext i16 %x.extract3 to i128
; CHECK-NEXT: [[V9:%[0-9]+]] = shl i128 [[V8]], 48
; CHECK-NEXT: [[V10:%[0-9]+]] = or i128 [[V7]], [[V9]]
; CHECK-NEXT: %x.extract4 = extractvalue { i16, i16, i16, i16, i16, i16, i16, i16 } %x.load, 4
; CHECK-NEXT: [[V11:%[0-9]+]] = zext i16 %x.extract4 to i128
; CHECK-NEXT: [[V12:%[0-9]+]] = shl i128 [[V11]], 64
; CHECK-NEXT: [[V13:%[0-9]+]] = or i128 [[V10]], [[V12]]
; CHECK-NEXT: %x.extract5 = extractvalue { i16, i16, i16, i16, i16, i16, i16, i16 } %x.load, 5
; CHECK-NEXT: [[V14:%[0-9]+]] = zext i16 %x.extract5 to i128
; CHECK-NEXT: [[V15:%[0-9]+]] = shl i128 [[V14]], 80
; CHECK-NEXT: [[V16:%[0-9]+]] = or i128 [[V13]], [[V15]]
; CHECK-NEXT: %x.extract6 = extractvalue { i16, i16, i16, i16, i16, i16, i16, i16 } %x.load, 6
; CHECK-NEXT: [[V17:%[0-9]+]] = zext i16 %x.extract6 to i128
; CHECK-NEXT: [[V18:%[0-9]+]] = shl i128 [[V17]], 96
; CHECK-NEXT: [[V19:%[0-9]+]] = or i128 [[V16]], [[V18]]
; CHECK-NEXT: %x.extract7 = extractvalue { i16, i16, i16, i16, i16, i16, i16, i16 } %x.load, 7
; CHECK-NEXT: [[V20:%[0-9]+]] = zext i16 %x.extract7 to i128
; CHECK-NEXT: [[V21:%[0-9]+]] = shl i128 [[V20]], 112
; CHECK-NEXT: [[V22:%[0-9]+]] = or i128 [[V19]], [[V21]]
; CHECK-NEXT: ret i128 [[V22]]
; CHECK-NEXT: }
define i128 @wide() {
  %x = load i128, ptr addrspace(2) @u, align 4
  ret i128 %x
}
; CHECK-LABEL: define <3 x i8> @bytes3(
; CHECK-NEXT: %CB.cb = load target("dx.CBuffer", %__cblayout_CB), ptr @CB.cb, align 4
; CHECK-NEXT: %x.load = call { i16, i16, i16, i16, i16, i16, i16, i16 } @llvm.dx.resource.load.cbufferrow.8.{{.*}}(target("dx.CBuffer", %__cblayout_CB) %CB.cb, i32 0)
; CHECK-NEXT: %x.extract = extractvalue { i16, i16, i16, i16, i16, i16, i16, i16 } %x.load, 6
; CHECK-NEXT: [[V1:%[0-9]+]] = lshr i16 %x.extract, 8
; CHECK-NEXT: [[V2:%[0-9]+]] = trunc i16 [[V1]] to i8
; CHECK-NEXT: %x.upto0 = insertelement <3 x i8> poison, i8 [[V2]], i32 0
; CHECK-NEXT: %x.extract1 = extractvalue { i16, i16, i16, i16, i16, i16, i16, i16 } %x.load, 7
; CHECK-NEXT: [[V3:%[0-9]+]] = trunc i16 %x.extract1 to i8
; CHECK-NEXT: %x.upto1 = insertelement <3 x i8> %x.upto0, i8 [[V3]], i32 1
; CHECK-NEXT: %x.extract2 = extractvalue { i16, i16, i16, i16, i16, i16, i16, i16 } %x.load, 7
; CHECK-NEXT: [[V4:%[0-9]+]] = lshr i16 %x.extract2, 8
; CHECK-NEXT: [[V5:%[0-9]+]] = trunc i16 [[V4]] to i8
; CHECK-NEXT: %x.upto2 = insertelement <3 x i8> %x.upto1, i8 [[V5]], i32 2
; CHECK-NEXT: ret <3 x i8> %x.upto2
; CHECK-NEXT: }
define <3 x i8> @bytes3() {
  %p = getelementptr i8, ptr addrspace(2) @f, i32 1
  %x = load <3 x i8>, ptr addrspace(2) %p, align 1
  ret <3 x i8> %x
}
; CHECK-LABEL: define <8 x half> @halves(
; CHECK-NEXT: %CB.cb = load target("dx.CBuffer", %__cblayout_CB), ptr @CB.cb, align 4
; CHECK-NEXT: %x.load = call { half, half, half, half, half, half, half, half } @llvm.dx.resource.load.cbufferrow.8.{{.*}}(target("dx.CBuffer", %__cblayout_CB) %CB.cb, i32 1)
; CHECK-NEXT: %x.extract = extractvalue { half, half, half, half, half, half, half, half } %x.load, 0
; CHECK-NEXT: %x.extract1 = extractvalue { half, half, half, half, half, half, half, half } %x.load, 1
; CHECK-NEXT: %x.extract2 = extractvalue { half, half, half, half, half, half, half, half } %x.load, 2
; CHECK-NEXT: %x.extract3 = extractvalue { half, half, half, half, half, half, half, half } %x.load, 3
; CHECK-NEXT: %x.extract4 = extractvalue { half, half, half, half, half, half, half, half } %x.load, 4
; CHECK-NEXT: %x.extract5 = extractvalue { half, half, half, half, half, half, half, half } %x.load, 5
; CHECK-NEXT: %x.extract6 = extractvalue { half, half, half, half, half, half, half, half } %x.load, 6
; CHECK-NEXT: %x.extract7 = extractvalue { half, half, half, half, half, half, half, half } %x.load, 7
; CHECK-NEXT: %x.upto0 = insertelement <8 x half> poison, half %x.extract, i32 0
; CHECK-NEXT: %x.upto1 = insertelement <8 x half> %x.upto0, half %x.extract1, i32 1
; CHECK-NEXT: %x.upto2 = insertelement <8 x half> %x.upto1, half %x.extract2, i32 2
; CHECK-NEXT: %x.upto3 = insertelement <8 x half> %x.upto2, half %x.extract3, i32 3
; CHECK-NEXT: %x.upto4 = insertelement <8 x half> %x.upto3, half %x.extract4, i32 4
; CHECK-NEXT: %x.upto5 = insertelement <8 x half> %x.upto4, half %x.extract5, i32 5
; CHECK-NEXT: %x.upto6 = insertelement <8 x half> %x.upto5, half %x.extract6, i32 6
; CHECK-NEXT: %x.upto7 = insertelement <8 x half> %x.upto6, half %x.extract7, i32 7
; CHECK-NEXT: ret <8 x half> %x.upto7
; CHECK-NEXT: }
define <8 x half> @halves() {
  %x = load <8 x half>, ptr addrspace(2) @u, align 4
  ret <8 x half> %x
}
; CHECK-LABEL: define { i8, i16, [2 x i1] } @lit(
; CHECK-NEXT: %CB.cb = load target("dx.CBuffer", %__cblayout_CB), ptr @CB.cb, align 4
; CHECK-NEXT: %x.load = call { i16, i16, i16, i16, i16, i16, i16, i16 } @llvm.dx.resource.load.cbufferrow.8.{{.*}}(target("dx.CBuffer", %__cblayout_CB) %CB.cb, i32 0)
; CHECK-NEXT: %x.extract = extractvalue { i16, i16, i16, i16, i16, i16, i16, i16 } %x.load, 6
; CHECK-NEXT: [[V1:%[0-9]+]] = lshr i16 %x.extract, 8
; CHECK-NEXT: [[V2:%[0-9]+]] = trunc i16 [[V1]] to i8
; CHECK-NEXT: %x.insert = insertvalue { i8, i16, [2 x i1] } poison, i8 [[V2]], 0
; CHECK-NEXT: %x.extract1 = extractvalue { i16, i16, i16, i16, i16, i16, i16, i16 } %x.load, 7
; CHECK-NEXT: [[V3:%[0-9]+]] = lshr i16 %x.extract1, 8
; CHECK-NEXT: [[V4:%[0-9]+]] = trunc i16 [[V3]] to i8
; CHECK-NEXT: [[V5:%[0-9]+]] = zext i8 [[V4]] to i16
; CHECK-NEXT: %x.load2 = call { i16, i16, i16, i16, i16, i16, i16, i16 } @llvm.dx.resource.load.cbufferrow.8.{{.*}}(target("dx.CBuffer", %__cblayout_CB) %CB.cb, i32 1)
; CHECK-NEXT: %x.extract3 = extractvalue { i16, i16, i16, i16, i16, i16, i16, i16 } %x.load2, 0
; CHECK-NEXT: [[V6:%[0-9]+]] = trunc i16 %x.extract3 to i8
; CHECK-NEXT: [[V7:%[0-9]+]] = zext i8 [[V6]] to i16
; CHECK-NEXT: [[V8:%[0-9]+]] = shl i16 [[V7]], 8
; CHECK-NEXT: [[V9:%[0-9]+]] = or i16 [[V5]], [[V8]]
; CHECK-NEXT: %x.insert4 = insertvalue { i8, i16, [2 x i1] } %x.insert, i16 [[V9]], 1
; CHECK-NEXT: %x.extract5 = extractvalue { i16, i16, i16, i16, i16, i16, i16, i16 } %x.load2, 0
; CHECK-NEXT: [[V10:%[0-9]+]] = lshr i16 %x.extract5, 8
; CHECK-NEXT: [[V11:%[0-9]+]] = trunc i16 [[V10]] to i8
; CHECK-NEXT: [[V12:%[0-9]+]] = trunc i8 [[V11]] to i1
; CHECK-NEXT: %x.insert6 = insertvalue [2 x i1] poison, i1 [[V12]], 0
; CHECK-NEXT: %x.extract7 = extractvalue { i16, i16, i16, i16, i16, i16, i16, i16 } %x.load2, 2
; CHECK-NEXT: [[V13:%[0-9]+]] = lshr i16 %x.extract7, 8
; CHECK-NEXT: [[V14:%[0-9]+]] = trunc i16 [[V13]] to i8
; CHECK-NEXT: [[V15:%[0-9]+]] = trunc i8 [[V14]] to i1
; CHECK-NEXT: %x.insert8 = insertvalue [2 x i1] %x.insert6, i1 [[V15]], 1
; CHECK-NEXT: %x.insert9 = insertvalue { i8, i16, [2 x i1] } %x.insert4, [2 x i1] %x.insert8, 2
; CHECK-NEXT: ret { i8, i16, [2 x i1] } %x.insert9
; CHECK-NEXT: }
define { i8, i16, [2 x i1] } @lit() {
  %p = getelementptr i8, ptr addrspace(2) @f, i32 1
  %x = load { i8, i16, [2 x i1] }, ptr addrspace(2) %p, align 1
  ret { i8, i16, [2 x i1] } %x
}
; CHECK-LABEL: define i1 @bit(
; CHECK-NEXT: %CB.cb = load target("dx.CBuffer", %__cblayout_CB), ptr @CB.cb, align 4
; CHECK-NEXT: %x.load = call { i16, i16, i16, i16, i16, i16, i16, i16 } @llvm.dx.resource.load.cbufferrow.8.{{.*}}(target("dx.CBuffer", %__cblayout_CB) %CB.cb, i32 0)
; CHECK-NEXT: %x.extract = extractvalue { i16, i16, i16, i16, i16, i16, i16, i16 } %x.load, 6
; CHECK-NEXT: [[V1:%[0-9]+]] = trunc i16 %x.extract to i8
; CHECK-NEXT: [[V2:%[0-9]+]] = trunc i8 [[V1]] to i1
; CHECK-NEXT: ret i1 [[V2]]
; CHECK-NEXT: }
define i1 @bit() {
  %x = load i1, ptr addrspace(2) @f, align 1
  ret i1 %x
}
!hlsl.cbs = !{!0}
!0 = !{ptr @CB.cb, ptr addrspace(2) @b, ptr addrspace(2) @f, ptr addrspace(2) @u}
