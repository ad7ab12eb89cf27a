; A store through a cbuffer pointer is reported with the function and the
; instruction; exit 1 and no output file.
; RUN: rm -f %t.out
; RUN: not opt -S -mtriple=dxil -dxil-resource-access %s -o %t.out 2>&1 | FileCheck %s
; RUN: not test -e %t.out

; CHECK: cblower-opt: {{.*}}store-error.ll: dxil-resource-access: in function 'poke': a store through a cbuffer pointer (cbuffers are read-only)
; CHECK-NEXT: store float 1.000000e+00, ptr addrspace(2) %p, align 4

%__cblayout_B = type <{ float }>
@B.cb = global target("dx.CBuffer", %__cblayout_B) poison

define void @poke() {
  %h = load target("dx.CBuffer", %__cblayout_B), ptr @B.cb, align 4
  %p = call ptr addrspace(2) @llvm.dx.resource.getpointer(target("dx.CBuffer", %__cblayout_B) %h, i32 0)
  store float 1.0, ptr addrspace(2) %p, align 4
  ret void
}
