; A memcpy whose source moves by 4 bytes at run time: loads at such offsets
; are lowered (access-runtime-in-row.ll), a memcpy from one is not yet.
; RUN: rm -f %t.out
; RUN: sh -c '%cblower-opt -S -passes=dxil-cbuffer-lowering %s -o %t.out; echo "exit=$?"' 2>&1 | FileCheck %s
; RUN: not test -e %t.out

; CHECK: cblower-opt: {{.*}}ir-memcpy-runtime-index-not-rows.ll: dxil-resource-access: in function 'f': a run-time index steps 4 bytes, which is not a whole number of rows
; CHECK-NEXT: call void @llvm.memcpy.p0.p2.i32(ptr align 4 %d, ptr addrspace(2) align 4 %p, i32 8, i1 false)
; CHECK-NEXT: exit=1

target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64-v48:16:16-v96:32:32-v192:64:64"
target triple = "dxil-pc-shadermodel6.6-compute"

%__cblayout_CB = type <{ [2 x <4 x float>] }>
@CB.cb = global target("dx.CBuffer", %__cblayout_CB) poison
@a = external hidden addrspace(2) global [2 x <4 x float>], align 4

define void @f(ptr %d, i32 %i) {
  %p = getelementptr float, ptr addrspace(2) @a, i32 %i
  call void @llvm.memcpy.p0.p2.i32(ptr align 4 %d, ptr addrspace(2) align 4 %p, i32 8, i1 false)
  ret void
}

declare void @llvm.memcpy.p0.p2.i32(ptr, ptr addrspace(2), i32, i1)

!hlsl.cbs = !{!0}
!0 = !{ptr @CB.cb, ptr addrspace(2) @a}
