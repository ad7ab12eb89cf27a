; The byte-assembly fallback for the wide floating-point types: an fp128 at a
; constant offset (eight 16-bit row elements into an i128) and an x86_fp80 at
; a run-time byte offset (ten bytes from the run-time start of the covering
; rows, into an i80): bitcast to the loaded type.
; RUN: %cblower-opt -S -passes=dxil-cbuffer-lowering %s | FileCheck %s
; RUN: %cblower-opt -S -passes=dxil-cbuffer-lowering %s | %opt-22 -passes=verify -disable-output
; CHECK-LABEL: define fp128 @quad(
; CHECK: %x.load = call { i16, i16, i16, i16, i16, i16, i16, i16 } @llvm.dx.resource.load.cbufferrow.8.{{.*}}(target("dx.CBuffer", %__cblayout_CB) %CB.cb, i32 1)
; CHECK: %x.extract7 = extractvalue { i16, i16, i16, i16, i16, i16, i16, i16 } %x.load, 7
; CHECK-NEXT: [[Z:%[0-9]+]] = zext i16 %x.extract7 to i128
; CHECK-NEXT: [[S:%[0-9]+]] = shl i128 [[Z]], 112
; CHECK-NEXT: [[O:%[0-9]+]] = or i128 {{%[0-9]+}}, [[S]]
; CHECK-NEXT: %x.bits = bitcast i128 [[O]] to fp128
; CHECK-NEXT: ret fp128 %x.bits
; CHECK-LABEL: define x86_fp80 @ext(
; CHECK: [[N:%[0-9]+]] = call i32 @llvm.umin.i32(i32 {{%[0-9]+}}, i32 1)
; CHECK: %x.bytes = bitcast <8 x i32> %x.rows to <32 x i8>
; CHECK: [[G:%[0-9]+]] = insertelement <10 x i8> {{%[0-9]+}}, i8 {{%[0-9]+}}, i32 9
; CHECK-NEXT: [[I:%[0-9]+]] = bitcast <10 x i8> [[G]] to i80
; CHECK-NEXT: %x.bits = bitcast i80 [[I]] to x86_fp80
; CHECK-NEXT: ret x86_fp80 %x.bits
target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64-v48:16:16-v96:32:32-v192:64:64"
target triple = "dxil-pc-shadermodel6.6-compute"
%__cblayout_CB = type <{ <4 x i32>, <4 x i32> }>
@CB.cb = global target("dx.CBuffer", %__cblayout_CB) poison
@u = external hidden addrspace(2) global <4 x i32>, align 4
@w = external hidden addrspace(2) global <4 x i32>, align 4
define fp128 @quad() {
  %x = load fp128, ptr addrspace(2) @w, align 4
  ret fp128 %x
}
define x86_fp80 @ext(i32 %i) {
  %p = getelementptr i8, ptr addrspace(2) @u, i32 %i
  %x = load x86_fp80, ptr addrspace(2) %p, align 1
  ret x86_fp80 %x
}
!hlsl.cbs = !{!0}
!0 = !{ptr @CB.cb, ptr addrspace(2) @u, ptr addrspace(2) @w}
