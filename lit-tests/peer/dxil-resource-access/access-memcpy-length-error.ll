; A memcpy out of a cbuffer whose length is only known at run time cannot be
; expanded: a diagnostic naming the function and the call, exit 1, no output.
; RUN: rm -f %t.out
; RUN: not opt -S -dxil-cbuffer-access -dxil-resource-access %s -o %t.out 2>&1 | FileCheck %s
; RUN: not test -e %t.out

; CHECK: dxil-resource-access: in function 'copy_n': a memcpy from a cbuffer with a run-time length is not supported
; CHECK-NEXT: call void @llvm.memcpy.p0.p2.i32(ptr %dst, ptr addrspace(2) %{{[0-9]+}}, i32 %n, i1 false)

target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64-v48:16:16-v96:32:32-v192:64:64"
%__cblayout_B = type <{ [2 x <4 x float>] }>
@B.cb = global target("dx.CBuffer", %__cblayout_B) poison
@rows = external hidden addrspace(2) global [2 x <4 x float>], align 4

define void @copy_n(ptr %dst, i32 %n) {
  call void @llvm.memcpy.p0.p2.i32(ptr %dst, ptr addrspace(2) @rows, i32 %n, i1 false)
  ret void
}

!hlsl.cbs = !{!0}
!0 = !{ptr @B.cb, ptr addrspace(2) @rows}
