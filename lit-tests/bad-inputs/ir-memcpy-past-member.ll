; A memcpy of 12 bytes from an 8-byte member: it would copy the next member's bytes too.
; RUN: rm -f %t.out
; RUN: sh -c '%cblower-opt -S -passes=dxil-cbuffer-lowering %s -o %t.out; echo "exit=$?"' 2>&1 | FileCheck %s
; RUN: not test -e %t.out

; CHECK: cblower-opt: {{.*}}ir-memcpy-past-member.ll: dxil-cbuffer-access: in function 'f': the copy reads bytes 0..12 of cbuffer member @a, which is 8 bytes long; copy at most 8 bytes from there
; CHECK-NEXT: call void @llvm.memcpy.p0.p2.i32(ptr align 4 %d, ptr addrspace(2) align 4 @a, i32 12, i1 false)
; CHECK-NEXT: exit=1

target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64-v48:16:16-v96:32:32-v192:64:64"
target triple = "dxil-pc-shadermodel6.6-compute"
%__cblayout_CB = type <{ <2 x float>, <2 x float> }>
@CB.cb = global target("dx.CBuffer", %__cblayout_CB) poison
@a = external hidden addrspace(2) global <2 x float>, align 4
@b = external hidden addrspace(2) global <2 x float>, align 4
define void @f(ptr %d) {
  call void @llvm.memcpy.p0.p2.i32(ptr align 4 %d, ptr addrspace(2) align 4 @a, i32 12, i1 false)
  ret void
}
declare void @llvm.memcpy.p0.p2.i32(ptr, ptr addrspace(2), i32, i1)
!hlsl.cbs = !{!0}
!0 = !{ptr @CB.cb, ptr addrspace(2) @a, ptr addrspace(2) @b}
