; A load wider than its member that runs past the buffer's last row: the
; rows after it do not exist (LLVM 22 reads them anyway).
; RUN: rm -f %t.out
; RUN: sh -c '%cblower-opt -S -passes=dxil-cbuffer-lowering %s -o %t.out; echo "exit=$?"' 2>&1 | FileCheck %s
; RUN: not test -e %t.out

; CHECK: cblower-opt: {{.*}}ir-load-past-last-row.ll: dxil-resource-access: in function 'f': the load reads bytes 4..20, past the end of the cbuffer (its last row ends at byte 16)
; CHECK-NEXT: %v = load <4 x float>, ptr addrspace(2) %{{[0-9]+}}, align 4
; CHECK-NEXT: exit=1

target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64-v48:16:16-v96:32:32-v192:64:64"
target triple = "dxil-pc-shadermodel6.6-compute"

%__cblayout_CB = type <{ float, float }>
@CB.cb = global target("dx.CBuffer", %__cblayout_CB) poison
@a = external hidden addrspace(2) global float, align 4
@b = external hidden addrspace(2) global float, align 4

define <4 x float> @f() {
  %v = load <4 x float>, ptr addrspace(2) @b, align 4
  ret <4 x float> %v
}

!hlsl.cbs = !{!0}
!0 = !{ptr @CB.cb, ptr addrspace(2) @a, ptr addrspace(2) @b}
