; dxil-op-lower checks that no two cbuffers share a register of a space, as
; LLVM's DXIL validation does: an unbounded range (size 0) overlaps every
; register after its start. The same buffer's handle created in two
; functions is one resource, and equal registers in different spaces do not
; clash (the OK cases lower without a diagnostic).
; RUN: rm -f %t.out
; RUN: split-file %s %t
; RUN: sh -c '%cblower-opt -S -passes=dxil-op-lower %t/unbounded.ll -o %t.out; echo "exit=$?"' 2>&1 | FileCheck %s --check-prefix=UNBOUNDED
; RUN: not test -e %t.out
; RUN: %cblower-opt -S -passes=dxil-op-lower %t/ok.ll | FileCheck %s --check-prefix=OK

; UNBOUNDED: dxil-op-lower: in function 'main': resource Many at register 2 overlaps with resource Late at register 7 in space 1
; UNBOUNDED-NEXT: %late = call target("dx.CBuffer", %__cblayout_CB) @llvm.dx.resource.handlefrombinding.tdx.CBuffer_s___cblayout_CBst(i32 1, i32 7, i32 1, i32 0, ptr @Late.str)
; UNBOUNDED-NEXT: exit=1

; OK-COUNT-3: call %dx.types.Handle @dx.op.createHandleFromBinding(
; OK-NOT: call %dx.types.Handle @dx.op.createHandleFromBinding(

;--- unbounded.ll
target triple = "dxil-pc-shadermodel6.6-compute"
%__cblayout_CB = type <{ float }>
@Many.str = private unnamed_addr constant [5 x i8] c"Many\00", align 1
@Late.str = private unnamed_addr constant [5 x i8] c"Late\00", align 1
define void @main() {
  %many = call target("dx.CBuffer", %__cblayout_CB) @llvm.dx.resource.handlefrombinding.tdx.CBuffer_s___cblayout_CBst(i32 1, i32 2, i32 0, i32 0, ptr @Many.str)
  %late = call target("dx.CBuffer", %__cblayout_CB) @llvm.dx.resource.handlefrombinding.tdx.CBuffer_s___cblayout_CBst(i32 1, i32 7, i32 1, i32 0, ptr @Late.str)
  ret void
}

;--- ok.ll
target triple = "dxil-pc-shadermodel6.6-compute"
%__cblayout_CB = type <{ float }>
@A.str = private unnamed_addr constant [2 x i8] c"A\00", align 1
@B.str = private unnamed_addr constant [2 x i8] c"B\00", align 1
define void @main() {
  %a = call target("dx.CBuffer", %__cblayout_CB) @llvm.dx.resource.handlefrombinding.tdx.CBuffer_s___cblayout_CBst(i32 0, i32 3, i32 1, i32 0, ptr @A.str)
  %b = call target("dx.CBuffer", %__cblayout_CB) @llvm.dx.resource.handlefrombinding.tdx.CBuffer_s___cblayout_CBst(i32 1, i32 3, i32 1, i32 0, ptr @B.str)
  ret void
}
define void @other() {
  %a = call target("dx.CBuffer", %__cblayout_CB) @llvm.dx.resource.handlefrombinding.tdx.CBuffer_s___cblayout_CBst(i32 0, i32 3, i32 1, i32 0, ptr @A.str)
  ret void
}
