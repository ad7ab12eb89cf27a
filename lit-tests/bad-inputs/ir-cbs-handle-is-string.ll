; !hlsl.cbs naming its handle by a string instead of the global.
; RUN: rm -f %t.out
; RUN: sh -c '%cblower-opt -S -passes=dxil-cbuffer-access %s -o %t.out; echo "exit=$?"' 2>&1 | FileCheck %s
; RUN: not test -e %t.out

; CHECK: cblower-opt: {{.*}}ir-cbs-handle-is-string.ll: dxil-cbuffer-access: !hlsl.cbs entry 0: operand 0 is not a handle global
; CHECK-NEXT: exit=1

target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64-v48:16:16-v96:32:32-v192:64:64"
target triple = "dxil-pc-shadermodel6.6-compute"

%__cblayout_CB = type <{ float }>
@CB.cb = global target("dx.CBuffer", %__cblayout_CB) poison
@a = external hidden addrspace(2) global float, align 4

!hlsl.cbs = !{!0}
!0 = !{!"CB.cb", ptr addrspace(2) @a}
