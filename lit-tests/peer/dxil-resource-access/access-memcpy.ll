; memcpy from cbuffer memory with a constant length (LLVM 22 rejects it): the
; byte range is copied exactly, in i32/i16/i8 pieces read from rows and stored
; to the destination, from a whole member or from inside one (GEPs, run-time
; indices, odd offsets).
; RUN: opt -S -dxil-cbuffer-access -dxil-resource-access %s | FileCheck %s
; cbuffer Copy { float a[3]; int2 v; half h[3]; float4 rows[2]; }
target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64-v48:16:16-v96:32:32-v192:64:64"
target triple = "dxilv1.3-pc-shadermodel6.3-library"

%__cblayout_Copy = type <{ <{ [2 x <{ float, target("dx.Padding", 12) }>], float }>, <2 x i32>, target("dx.Padding", 4), <{ [2 x <{ half, target("dx.Padding", 14) }>], half }>, target("dx.Padding", 14), [2 x <4 x float>] }>
@Copy.cb = global target("dx.CBuffer", %__cblayout_Copy) poison
@a = external hidden addrspace(2) global <{ [2 x <{ float, target("dx.Padding", 12) }>], float }>, align 4
@v = external hidden addrspace(2) global <2 x i32>, align 4
@h = external hidden addrspace(2) global <{ [2 x <{ half, target("dx.Padding", 14) }>], half }>, align 2
@rows = external hidden addrspace(2) global [2 x <4 x float>], align 4

; All 36 bytes of a (rows 0, 1 and the first word of row 2), padding
; included: nine i32 pieces.
; CHECK-LABEL: @whole(
; CHECK: %Copy.cb = load target("dx.CBuffer", %__cblayout_Copy), ptr @Copy.cb, align 4
; CHECK-NEXT: %memcpy.load = call { i32, i32, i32, i32 } @llvm.dx.resource.load.cbufferrow.4.{{.*}}(target("dx.CBuffer", %__cblayout_Copy) %Copy.cb, i32 0)
; CHECK-NEXT: %memcpy.extract = extractvalue { i32, i32, i32, i32 } %memcpy.load, 0
; CHECK-NEXT: store i32 %memcpy.extract, ptr %dst, align 4
; CHECK-NEXT: %memcpy.extract1 = extractvalue { i32, i32, i32, i32 } %memcpy.load, 1
; CHECK-NEXT: %memcpy.dest = getelementptr inbounds i8, ptr %dst, i32 4
; CHECK-NEXT: store i32 %memcpy.extract1, ptr %memcpy.dest, align 4
; CHECK-NEXT: %memcpy.extract2 = extractvalue { i32, i32, i32, i32 } %memcpy.load, 2
; CHECK-NEXT: %memcpy.dest3 = getelementptr inbounds i8, ptr %dst, i32 8
; CHECK-NEXT: store i32 %memcpy.extract2, ptr %memcpy.dest3, align 4
; CHECK-NEXT: %memcpy.extract4 = extractvalue { i32, i32, i32, i32 } %memcpy.load, 3
; CHECK-NEXT: %memcpy.dest5 = getelementptr inbounds i8, ptr %dst, i32 12
; CHECK-NEXT: store i32 %memcpy.extract4, ptr %memcpy.dest5, align 4
; CHECK-NEXT: %memcpy.load6 = call { i32, i32, i32, i32 } @llvm.dx.resource.load.cbufferrow.4.{{.*}}(target("dx.CBuffer", %__cblayout_Copy) %Copy.cb, i32 1)
; CHECK-NEXT: %memcpy.extract7 = extractvalue { i32, i32, i32, i32 } %memcpy.load6, 0
; CHECK-NEXT: %memcpy.dest8 = getelementptr inbounds i8, ptr %dst, i32 16
; CHECK-NEXT: store i32 %memcpy.extract7, ptr %memcpy.dest8, align 4
; CHECK-NEXT: %memcpy.extract9 = extractvalue { i32, i32, i32, i32 } %memcpy.load6, 1
; CHECK-NEXT: %memcpy.dest10 = getelementptr inbounds i8, ptr %dst, i32 20
; CHECK-NEXT: store i32 %memcpy.extract9, ptr %memcpy.dest10, align 4
; CHECK-NEXT: %memcpy.extract11 = extractvalue { i32, i32, i32, i32 } %memcpy.load6, 2
; CHECK-NEXT: %memcpy.dest12 = getelementptr inbounds i8, ptr %dst, i32 24
; CHECK-NEXT: store i32 %memcpy.extract11, ptr %memcpy.dest12, align 4
; CHECK-NEXT: %memcpy.extract13 = extractvalue { i32, i32, i32, i32 } %memcpy.load6, 3
; CHECK-NEXT: %memcpy.dest14 = getelementptr inbounds i8, ptr %dst, i32 28
; CHECK-NEXT: store i32 %memcpy.extract13, ptr %memcpy.dest14, align 4
; CHECK-NEXT: %memcpy.load15 = call { i32, i32, i32, i32 } @llvm.dx.resource.load.cbufferrow.4.{{.*}}(target("dx.CBuffer", %__cblayout_Copy) %Copy.cb, i32 2)
; CHECK-NEXT: %memcpy.extract16 = extractvalue { i32, i32, i32, i32 } %memcpy.load15, 0
; CHECK-NEXT: %memcpy.dest17 = getelementptr inbounds i8, ptr %dst, i32 32
; CHECK-NEXT: store i32 %memcpy.extract16, ptr %memcpy.dest17, align 4
; CHECK-NEXT: ret void
define void @whole(ptr %dst) {
  call void @llvm.memcpy.p0.p2.i32(ptr align 4 %dst, ptr addrspace(2) align 4 @a, i32 36, i1 false)
  ret void
}

; h[i] (row 3 + i, one i16); 6 bytes from byte 1 of v (row 2, bytes 5..10:
; the high byte of i16 element 2, elements 3 and 4, the low byte of element 5);
; a zero-length copy disappears.
; CHECK-LABEL: @part(
; CHECK: %Copy.cb1 = load target("dx.CBuffer", %__cblayout_Copy), ptr @Copy.cb, align 4
; CHECK-NEXT: [[V1:%[0-9]+]] = add i32 %i, 3
; CHECK-NEXT: %memcpy.load = call { i16, i16, i16, i16, i16, i16, i16, i16 } @llvm.dx.resource.load.cbufferrow.8.{{.*}}(target("dx.CBuffer", %__cblayout_Copy) %Copy.cb1, i32 [[V1]])
; CHECK-NEXT: %memcpy.extract = extractvalue { i16, i16, i16, i16, i16, i16, i16, i16 } %memcpy.load, 0
; CHECK-NEXT: store i16 %memcpy.extract, ptr %dst, align 2
; CHECK-NEXT: %Copy.cb = load target("dx.CBuffer", %__cblayout_Copy), ptr @Copy.cb, align 4
; CHECK-NEXT: %memcpy.load3 = call { i16, i16, i16, i16, i16, i16, i16, i16 } @llvm.dx.resource.load.cbufferrow.8.{{.*}}(target("dx.CBuffer", %__cblayout_Copy) %Copy.cb, i32 2)
; CHECK-NEXT: %memcpy.extract4 = extractvalue { i16, i16, i16, i16, i16, i16, i16, i16 } %memcpy.load3, 2
; CHECK-NEXT: [[V2:%[0-9]+]] = lshr i16 %memcpy.extract4, 8
; CHECK-NEXT: [[V3:%[0-9]+]] = trunc i16 [[V2]] to i8
; CHECK-NEXT: store i8 [[V3]], ptr %dst, align 1
; CHECK-NEXT: %memcpy.extract5 = extractvalue { i16, i16, i16, i16, i16, i16, i16, i16 } %memcpy.load3, 3
; CHECK-NEXT: %memcpy.dest = getelementptr inbounds i8, ptr %dst, i32 1
; CHECK-NEXT: store i16 %memcpy.extract5, ptr %memcpy.dest, align 1
; CHECK-NEXT: %memcpy.extract6 = extractvalue { i16, i16, i16, i16, i16, i16, i16, i16 } %memcpy.load3, 4
; CHECK-NEXT: %memcpy.dest7 = getelementptr inbounds i8, ptr %dst, i32 3
; CHECK-NEXT: store i16 %memcpy.extract6, ptr %memcpy.dest7, align 1
; CHECK-NEXT: %memcpy.extract8 = extractvalue { i16, i16, i16, i16, i16, i16, i16, i16 } %memcpy.load3, 5
; CHECK-NEXT: [[V4:%[0-9]+]] = trunc i16 %memcpy.extract8 to i8
; CHECK-NEXT: %memcpy.dest9 = getelementptr inbounds i8, ptr %dst, i32 5
; CHECK-NEXT: store i8 [[V4]], ptr %memcpy.dest9, align 1
; CHECK-NEXT: ret void
define void @part(ptr %dst, i32 %i) {
  %cbufferidx = getelementptr <{ half, target("dx.Padding", 14) }>, ptr addrspace(2) @h, i32 %i, i32 0
  call void @llvm.memcpy.p0.p2.i32(ptr align 2 %dst, ptr addrspace(2) align 2 %cbufferidx, i32 2, i1 false)
  %odd = getelementptr inbounds i8, ptr addrspace(2) @v, i32 1
  call void @llvm.memcpy.p0.p2.i32(ptr %dst, ptr addrspace(2) %odd, i32 6, i1 false)
  call void @llvm.memcpy.p0.p2.i32(ptr %dst, ptr addrspace(2) @rows, i32 0, i1 false)
  ret void
}
declare void @llvm.memcpy.p0.p2.i32(ptr noalias writeonly captures(none), ptr addrspace(2) noalias readonly captures(none), i32, i1 immarg)

!hlsl.cbs = !{!0}
!0 = !{ptr @Copy.cb, ptr addrspace(2) @a, ptr addrspace(2) @v, ptr addrspace(2) @h, ptr addrspace(2) @rows}
