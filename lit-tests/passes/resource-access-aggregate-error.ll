; Loading a whole struct from a cbuffer is not supported yet: a diagnostic
; naming the function and the load, exit 1, no output.
; RUN: rm -f %t.out
; RUN: not %cblower-opt -S -passes=dxil-resource-access %s -o %t.out 2>&1 | FileCheck %s
; RUN: not test -e %t.out

; CHECK: in function 'whole': loading a whole struct or array from a cbuffer is not supported
; CHECK-NEXT: %s = load %S, ptr addrspace(2) %p, align 4

%S = type <{ float, float }>
%__cblayout_B = type <{ %S }>
@B.cb = global target("dx.CBuffer", %__cblayout_B) poison

define %S @whole() {
  %h = load target("dx.CBuffer", %__cblayout_B), ptr @B.cb, align 4
  %p = call ptr addrspace(2) @llvm.dx.resource.getpointer(target("dx.CBuffer", %__cblayout_B) %h, i32 0)
  %s = load %S, ptr addrspace(2) %p, align 4
  ret %S %s
}
