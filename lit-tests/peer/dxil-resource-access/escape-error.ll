; A cbuffer pointer passed to a call escapes: reported, exit 1, no output.
; RUN: rm -f %t.out
; RUN: not opt -S -mtriple=dxil -dxil-resource-access %s -o %t.out 2>&1 | FileCheck %s
; RUN: not test -e %t.out

; CHECK: in function 'leak': a cbuffer pointer escapes: only getelementptr, load, memcpy, select and phi may use it
; CHECK-NEXT: call void @sink(ptr addrspace(2) %q)

%__cblayout_B = type <{ float, float }>
@B.cb = global target("dx.CBuffer", %__cblayout_B) poison
declare void @sink(ptr addrspace(2))

define void @leak() {
  %h = load target("dx.CBuffer", %__cblayout_B), ptr @B.cb, align 4
  %p = call ptr addrspace(2) @llvm.dx.resource.getpointer(target("dx.CBuffer", %__cblayout_B) %h, i32 0)
  %q = getelementptr inbounds nuw i8, ptr addrspace(2) %p, i32 4
  call void @sink(ptr addrspace(2) %q)
  ret void
}
