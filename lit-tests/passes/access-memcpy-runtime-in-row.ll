; A memcpy whose source moves inside a row at run time (6 bytes from float
; element %i of a float4 array): the covering rows (the second clamped to the
; last row) as bytes, the copied bytes taken from the run-time start and
; stored as one <6 x i8>.
; RUN: %cblower-opt -S -passes=dxil-cbuffer-lowering %s | FileCheck %s
; RUN: %cblower-opt -S -passes=dxil-cbuffer-lowering %s | %opt-22 -passes=verify -disable-output
; CHECK-LABEL: define void @f(
; CHECK-NEXT: %CB.cb = load target("dx.CBuffer", %__cblayout_CB), ptr @CB.cb, align 4
; CHECK-NEXT: [[V1:%[0-9]+]] = mul i32 %i, 4
; CHECK-NEXT: [[V2:%[0-9]+]] = ashr i32 [[V1]], 4
; CHECK-NEXT: %memcpy.load = call { i32, i32, i32, i32 } @llvm.dx.resource.load.cbufferrow.4.{{.*}}(target("dx.CBuffer", %__cblayout_CB) %CB.cb, i32 [[V2]])
; CHECK-NEXT: %memcpy.extract = extractvalue { i32, i32, i32, i32 } %memcpy.load, 0
; CHECK-NEXT: %memcpy.row = insertelement <4 x i32> poison, i32 %memcpy.extract, i32 0
; CHECK-NEXT: %memcpy.extract1 = extractvalue { i32, i32, i32, i32 } %memcpy.load, 1
; CHECK-NEXT: %memcpy.row2 = insertelement <4 x i32> %memcpy.row, i32 %memcpy.extract1, i32 1
; CHECK-NEXT: %memcpy.extract3 = extractvalue { i32, i32, i32, i32 } %memcpy.load, 2
; CHECK-NEXT: %memcpy.row4 = insertelement <4 x i32> %memcpy.row2, i32 %memcpy.extract3, i32 2
; CHECK-NEXT: %memcpy.extract5 = extractvalue { i32, i32, i32, i32 } %memcpy.load, 3
; CHECK-NEXT: %memcpy.row6 = insertelement <4 x i32> %memcpy.row4, i32 %memcpy.extract5, i32 3
; CHECK-NEXT: [[V3:%[0-9]+]] = add i32 [[V2]], 1
; CHECK-NEXT: [[V4:%[0-9]+]] = call i32 @llvm.umin.i32(i32 [[V3]], i32 1)
; CHECK-NEXT: %memcpy.load7 = call { i32, i32, i32, i32 } @llvm.dx.resource.load.cbufferrow.4.{{.*}}(target("dx.CBuffer", %__cblayout_CB) %CB.cb, i32 [[V4]])
; CHECK-NEXT: %memcpy.extract8 = extractvalue { i32, i32, i32, i32 } %memcpy.load7, 0
; CHECK-NEXT: %memcpy.row9 = insertelement <4 x i32> poison, i32 %memcpy.extract8, i32 0
; CHECK-NEXT: %memcpy.extract10 = extractvalue { i32, i32, i32, i32 } %memcpy.load7, 1
; CHECK-NEXT: %memcpy.row11 = insertelement <4 x i32> %memcpy.row9, i32 %memcpy.extract10, i32 1
; CHECK-NEXT: %memcpy.extract12 = extractvalue { i32, i32, i32, i32 } %memcpy.load7, 2
; CHECK-NEXT: %memcpy.row13 = insertelement <4 x i32> %memcpy.row11, i32 %memcpy.extract12, i32 2
; CHECK-NEXT: %memcpy.extract14 = extractvalue { i32, i32, i32, i32 } %memcpy.load7, 3
; CHECK-NEXT: %memcpy.row15 = insertelement <4 x i32> %memcpy.row13, i32 %memcpy.extract14, i32 3
; CHECK-NEXT: %memcpy.rows = shufflevector <4 x i32> %memcpy.row6, <4 x i32> %memcpy.row15, <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7>
; CHECK-NEXT: %memcpy.bytes = bitcast <8 x i32> %memcpy.rows to <32 x i8>
; CHECK-NEXT: [[V5:%[0-9]+]] = and i32 [[V1]], 15
; CHECK-NEXT: [[V6:%[0-9]+]] = extractelement <32 x i8> %memcpy.bytes, i32 [[V5]]
; CHECK-NEXT: [[V7:%[0-9]+]] = insertelement <6 x i8> poison, i8 [[V6]], i32 0
; CHECK-NEXT: [[V8:%[0-9]+]] = add i32 [[V5]], 1
; CHECK-NEXT: [[V9:%[0-9]+]] = extractelement <32 x i8> %memcpy.bytes, i32 [[V8]]
; CHECK-NEXT: [[V10:%[0-9]+]] = insertelement <6 x i8> [[V7]], i8 [[V9]], i32 1
; CHECK-NEXT: [[V11:%[0-9]+]] = add i32 [[V5]], 2
; CHECK-NEXT: [[V12:%[0-9]+]] = extractelement <32 x i8> %memcpy.bytes, i32 [[V11]]
; CHECK-NEXT: [[V13:%[0-9]+]] = insertelement <6 x i8> [[V10]], i8 [[V12]], i32 2
; CHECK-NEXT: [[V14:%[0-9]+]] = add i32 [[V5]], 3
; CHECK-NEXT: [[V15:%[0-9]+]] = extractelement <32 x i8> %memcpy.bytes, i32 [[V14]]
; CHECK-NEXT: [[V16:%[0-9]+]] = insertelement <6 x i8> [[V13]], i8 [[V15]], i32 3
; CHECK-NEXT: [[V17:%[0-9]+]] = add i32 [[V5]], 4
; CHECK-NEXT: [[V18:%[0-9]+]] = extractelement <32 x i8> %memcpy.bytes, i32 [[V17]]
; CHECK-NEXT: [[V19:%[0-9]+]] = insertelement <6 x i8> [[V16]], i8 [[V18]], i32 4
; CHECK-NEXT: [[V20:%[0-9]+]] = add i32 [[V5]], 5
; CHECK-NEXT: [[V21:%[0-9]+]] = extractelement <32 x i8> %memcpy.bytes, i32 [[V20]]
; CHECK-NEXT: [[V22:%[0-9]+]] = insertelement <6 x i8> [[V19]], i8 [[V21]], i32 5
; CHECK-NEXT: store <6 x i8> [[V22]], ptr %d, align 4
; CHECK-NEXT: ret void
; CHECK-NEXT: }

target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64-v48:16:16-v96:32:32-v192:64:64"
target triple = "dxil-pc-shadermodel6.6-compute"

%__cblayout_CB = type <{ [2 x <4 x float>] }>
@CB.cb = global target("dx.CBuffer", %__cblayout_CB) poison
@a = external hidden addrspace(2) global [2 x <4 x float>], align 4

define void @f(ptr %d, i32 %i) {
  %p = getelementptr float, ptr addrspace(2) @a, i32 %i
  call void @llvm.memcpy.p0.p2.i32(ptr align 4 %d, ptr addrspace(2) align 4 %p, i32 6, i1 false)
  ret void
}

declare void @llvm.memcpy.p0.p2.i32(ptr, ptr addrspace(2), i32, i1)

!hlsl.cbs = !{!0}
!0 = !{ptr @CB.cb, ptr addrspace(2) @a}
