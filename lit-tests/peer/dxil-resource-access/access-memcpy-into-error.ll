; A memcpy into cbuffer memory writes a read-only buffer: a diagnostic naming
; the function and the call, exit 1, no output.
; RUN: rm -f %t.out
; RUN: not opt -S -dxil-resource-access %s -o %t.out 2>&1 | FileCheck %s
; RUN: not test -e %t.out

; CHECK: dxil-resource-access: in function 'fill': a memory copy into a cbuffer (cbuffers are read-only)
; CHECK-NEXT: call void @llvm.memcpy.p2.p0.i32(ptr addrspace(2) %p, ptr %src, i32 16, i1 false)

target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64-v48:16:16-v96:32:32-v192:64:64"
%__cblayout_B = type <{ <4 x float> }>
@B.cb = global target("dx.CBuffer", %__cblayout_B) poison

define void @fill(ptr %src) {
  %h = load target("dx.CBuffer", %__cblayout_B), ptr @B.cb, align 4
  %p = call ptr addrspace(2) @llvm.dx.resource.getpointer(target("dx.CBuffer", %__cblayout_B) %h, i32 0)
  call void @llvm.memcpy.p2.p0.i32(ptr addrspace(2) %p, ptr %src, i32 16, i1 false)
  ret void
}
