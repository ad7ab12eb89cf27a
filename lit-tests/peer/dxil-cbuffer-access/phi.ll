; A phi that reads a member global gets its handle load and getpointer at the
; end of the incoming block (LLVM 22 would insert them before the phi, which
; the verifier rejects). Constant GEPs feeding a phi expand in the incoming block.
; RUN: opt -S -dxil-cbuffer-access %s | FileCheck %s

target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64-v48:16:16-v96:32:32-v192:64:64"

%__cblayout_P = type <{ float, target("dx.Padding", 12), <{ [1 x <{ float, target("dx.Padding", 12) }>], float }> }>
@P.cb = global target("dx.CBuffer", %__cblayout_P) poison
@a = external hidden addrspace(2) global float, align 4
@arr = external hidden addrspace(2) global <{ [1 x <{ float, target("dx.Padding", 12) }>], float }>, align 4

; CHECK-LABEL: define float @pick(i1 %c)
; CHECK:      left:
; CHECK-NEXT: [[H1:%.*]] = load target("dx.CBuffer", %__cblayout_P), ptr @P.cb
; CHECK-NEXT: [[L:%.*]] = call ptr addrspace(2) @llvm.dx.resource.getpointer.{{.*}}(target("dx.CBuffer", %__cblayout_P) [[H1]], i32 0)
; CHECK-NEXT: br label %join
; CHECK:      right:
; CHECK-NEXT: [[H2:%.*]] = load target("dx.CBuffer", %__cblayout_P), ptr @P.cb
; CHECK-NEXT: [[R:%.*]] = call ptr addrspace(2) @llvm.dx.resource.getpointer.{{.*}}(target("dx.CBuffer", %__cblayout_P) [[H2]], i32 16)
; CHECK-NEXT: [[G:%.*]] = getelementptr inbounds nuw i8, ptr addrspace(2) [[R]], i32 16
; CHECK-NEXT: br label %join
; CHECK:      join:
; CHECK-NEXT: %p = phi ptr addrspace(2) [ [[L]], %left ], [ [[G]], %right ]
define float @pick(i1 %c) {
entry:
  br i1 %c, label %left, label %right
left:
  br label %join
right:
  br label %join
join:
  %p = phi ptr addrspace(2) [ @a, %left ], [ getelementptr inbounds nuw (i8, ptr addrspace(2) @arr, i32 16), %right ]
  %v = load float, ptr addrspace(2) %p, align 4
  ret float %v
}

!hlsl.cbs = !{!0}
!0 = !{ptr @P.cb, ptr addrspace(2) @a, ptr addrspace(2) @arr}
