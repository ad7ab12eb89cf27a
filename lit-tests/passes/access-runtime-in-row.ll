; Run-time offsets inside a row (issue #14 item 1): `v[i]` on a vector,
; `data[i >> 2][i & 3]` on a uint4 array, a vector that may cross into the
; next row, and a byte at a run-time offset. Row = offset >> 4, then a
; run-time element (or byte) of the loaded row(s).
; RUN: %cblower-opt -S -passes=dxil-cbuffer-lowering %s | FileCheck %s
; RUN: %cblower-opt -S -passes=dxil-cbuffer-lowering %s | %opt-22 -passes=verify -disable-output
target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64-v48:16:16-v96:32:32-v192:64:64"
target triple = "dxil-pc-shadermodel6.6-compute"

%__cblayout_CB = type <{ <4 x float>, [4 x <4 x i32>], <2 x float> }>
@CB.cb = global target("dx.CBuffer", %__cblayout_CB) poison
@v = external hidden addrspace(2) global <4 x float>, align 4
@data = external hidden addrspace(2) global [4 x <4 x i32>], align 4
@w = external hidden addrspace(2) global <2 x float>, align 4

; v[i]: byte 4*i, row (4*i) >> 4, element ((4*i) & 15) >> 2.
; CHECK-LABEL: define float @vi(
; CHECK-NEXT: %CB.cb = load target("dx.CBuffer", %__cblayout_CB), ptr @CB.cb, align 4
; CHECK-NEXT: [[B:%[0-9]+]] = mul i32 %i, 4
; CHECK-NEXT: [[R:%[0-9]+]] = ashr i32 [[B]], 4
; CHECK-NEXT: %x.load = call { float, float, float, float } @llvm.dx.resource.load.cbufferrow.4.{{.*}}(target("dx.CBuffer", %__cblayout_CB) %CB.cb, i32 [[R]])
; CHECK-NEXT: %x.extract = extractvalue { float, float, float, float } %x.load, 0
; CHECK-NEXT: %x.row = insertelement <4 x float> poison, float %x.extract, i32 0
; CHECK-NEXT: %x.extract1 = extractvalue { float, float, float, float } %x.load, 1
; CHECK-NEXT: %x.row2 = insertelement <4 x float> %x.row, float %x.extract1, i32 1
; CHECK-NEXT: %x.extract3 = extractvalue { float, float, float, float } %x.load, 2
; CHECK-NEXT: %x.row4 = insertelement <4 x float> %x.row2, float %x.extract3, i32 2
; CHECK-NEXT: %x.extract5 = extractvalue { float, float, float, float } %x.load, 3
; CHECK-NEXT: %x.row6 = insertelement <4 x float> %x.row4, float %x.extract5, i32 3
; CHECK-NEXT: [[IN:%[0-9]+]] = and i32 [[B]], 15
; CHECK-NEXT: [[E:%[0-9]+]] = lshr i32 [[IN]], 2
; CHECK-NEXT: %x.elt = extractelement <4 x float> %x.row6, i32 [[E]]
; CHECK-NEXT: ret float %x.elt
define float @vi(i32 %i) {
  %p = getelementptr float, ptr addrspace(2) @v, i32 %i
  %x = load float, ptr addrspace(2) %p, align 4
  ret float %x
}

; data[hi][lo]: whole rows for hi, 4-byte steps for lo from byte 16.
; CHECK-LABEL: define i32 @data2(
; CHECK-NEXT: %CB.cb = load target("dx.CBuffer", %__cblayout_CB), ptr @CB.cb, align 4
; CHECK-NEXT: [[LO:%[0-9]+]] = mul i32 %lo, 4
; CHECK-NEXT: [[S:%[0-9]+]] = add i32 [[LO]], 16
; CHECK-NEXT: [[SR:%[0-9]+]] = ashr i32 [[S]], 4
; CHECK-NEXT: [[R:%[0-9]+]] = add i32 %hi, [[SR]]
; CHECK-NEXT: %x.load = call { i32, i32, i32, i32 } @llvm.dx.resource.load.cbufferrow.4.{{.*}}(target("dx.CBuffer", %__cblayout_CB) %CB.cb, i32 [[R]])
; CHECK: %x.row6 = insertelement <4 x i32> %x.row4, i32 %x.extract5, i32 3
; CHECK-NEXT: [[IN:%[0-9]+]] = and i32 [[S]], 15
; CHECK-NEXT: [[E:%[0-9]+]] = lshr i32 [[IN]], 2
; CHECK-NEXT: %x.elt = extractelement <4 x i32> %x.row6, i32 [[E]]
; CHECK-NEXT: ret i32 %x.elt
define i32 @data2(i32 %hi, i32 %lo) {
  %p = getelementptr [4 x <4 x i32>], ptr addrspace(2) @data, i32 0, i32 %hi, i32 %lo
  %x = load i32, ptr addrspace(2) %p, align 4
  ret i32 %x
}

; Two floats from byte 4*i: they can cross into the next row, so both rows
; are loaded (the second clamped to the last row, 5) and joined.
; CHECK-LABEL: define <2 x float> @pair(
; CHECK: %x.row6 = insertelement <4 x float> %x.row4, float %x.extract5, i32 3
; CHECK-NEXT: [[N:%[0-9]+]] = add i32 [[R:%[0-9]+]], 1
; CHECK-NEXT: [[C:%[0-9]+]] = call i32 @llvm.umin.i32(i32 [[N]], i32 5)
; CHECK-NEXT: %x.load7 = call { float, float, float, float } @llvm.dx.resource.load.cbufferrow.4.{{.*}}(target("dx.CBuffer", %__cblayout_CB) %CB.cb, i32 [[C]])
; CHECK: %x.row15 = insertelement <4 x float> %x.row13, float %x.extract14, i32 3
; CHECK-NEXT: %x.rows = shufflevector <4 x float> %x.row6, <4 x float> %x.row15, <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7>
; CHECK-NEXT: [[IN:%[0-9]+]] = and i32 {{%[0-9]+}}, 15
; CHECK-NEXT: [[E:%[0-9]+]] = lshr i32 [[IN]], 2
; CHECK-NEXT: %x.elt = extractelement <8 x float> %x.rows, i32 [[E]]
; CHECK-NEXT: [[E1:%[0-9]+]] = add i32 [[E]], 1
; CHECK-NEXT: %x.elt16 = extractelement <8 x float> %x.rows, i32 [[E1]]
; CHECK-NEXT: %x.upto0 = insertelement <2 x float> poison, float %x.elt, i32 0
; CHECK-NEXT: %x.upto1 = insertelement <2 x float> %x.upto0, float %x.elt16, i32 1
; CHECK-NEXT: ret <2 x float> %x.upto1
define <2 x float> @pair(i32 %i) {
  %p = getelementptr float, ptr addrspace(2) @v, i32 %i
  %x = load <2 x float>, ptr addrspace(2) %p, align 4
  ret <2 x float> %x
}

; A byte at a run-time offset: the row as <16 x i8>, then a run-time byte.
; CHECK-LABEL: define i8 @byte(
; CHECK-NEXT: %CB.cb = load target("dx.CBuffer", %__cblayout_CB), ptr @CB.cb, align 4
; CHECK-NEXT: [[S:%[0-9]+]] = add i32 %i, 80
; CHECK-NEXT: [[R:%[0-9]+]] = ashr i32 [[S]], 4
; CHECK-NEXT: %x.load = call { i32, i32, i32, i32 } @llvm.dx.resource.load.cbufferrow.4.{{.*}}(target("dx.CBuffer", %__cblayout_CB) %CB.cb, i32 [[R]])
; CHECK: %x.row6 = insertelement <4 x i32> %x.row4, i32 %x.extract5, i32 3
; CHECK-NEXT: %x.bytes = bitcast <4 x i32> %x.row6 to <16 x i8>
; CHECK-NEXT: [[IN:%[0-9]+]] = and i32 [[S]], 15
; CHECK-NEXT: [[X:%[0-9]+]] = extractelement <16 x i8> %x.bytes, i32 [[IN]]
; CHECK-NEXT: ret i8 [[X]]
define i8 @byte(i32 %i) {
  %p = getelementptr i8, ptr addrspace(2) @w, i32 %i
  %x = load i8, ptr addrspace(2) %p, align 1
  ret i8 %x
}

!hlsl.cbs = !{!0}
!0 = !{ptr @CB.cb, ptr addrspace(2) @v, ptr addrspace(2) @data, ptr addrspace(2) @w}
