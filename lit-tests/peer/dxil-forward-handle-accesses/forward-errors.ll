; Handle loads that can be neither forwarded nor rematerialised are errors
; in LLVM's words, with a note naming the function and the load (exit 1, no output): a load the creation
; does not dominate, when the creation reads a run-time value (so it cannot
; be repeated at the top of the function), and a load of a global into which
; no handle is ever stored.
; RUN: rm -f %t.out
; RUN: split-file %s %t
; RUN: not opt -S -dxil-forward-handle-accesses %t/undominated.ll -o %t.out 2>&1 | FileCheck %s --check-prefix=UNDOM
; RUN: not opt -S -dxil-lower %t/library.ll -o %t.out 2>&1 | FileCheck %s --check-prefix=LIB
; RUN: not test -e %t.out

; As LLVM's dxil-forward-handle-accesses words them, then a note naming the
; function and the load, and why cblower could not repeat the creation.
; UNDOM: {{^}}error: Load at "early" is not dominated by handle creation at "h"
; UNDOM-NEXT: {{^}}note: in function 'main': @CB.cb can be read before %h is stored into it, and the creation cannot be repeated at the top of the function: the creation %h in 'main' has a run-time argument
; UNDOM-NEXT: {{^}}  %early = load target("dx.CBuffer", %__cblayout_CB), ptr @CB.cb, align 4

; LIB: {{^}}error: Load of "CB.cb" is not a global resource handle
; LIB-NEXT: {{^}}note: in function 'get': no handle creation is ever stored into @CB.cb, in any function: nothing creates the handle this load reads
; LIB-NEXT: {{^}}  %CB.cb = load target("dx.CBuffer", %__cblayout_CB), ptr @CB.cb, align 4

;--- undominated.ll
target triple = "dxil-pc-shadermodel6.6-compute"
%__cblayout_CB = type <{ float }>
@CB.cb = global target("dx.CBuffer", %__cblayout_CB) poison

define void @main(i32 %k) {
entry:
  %early = load target("dx.CBuffer", %__cblayout_CB), ptr @CB.cb, align 4
  %h = call target("dx.CBuffer", %__cblayout_CB) @llvm.dx.resource.handlefrombinding.tdx.CBuffer_s___cblayout_CBst(i32 0, i32 0, i32 4, i32 %k, ptr null)
  store target("dx.CBuffer", %__cblayout_CB) %h, ptr @CB.cb, align 4
  ret void
}

;--- library.ll
target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64-v48:16:16-v96:32:32-v192:64:64"
target triple = "dxilv1.3-pc-shadermodel6.3-library"
%__cblayout_CB = type <{ float }>
@CB.cb = global target("dx.CBuffer", %__cblayout_CB) poison
@x = external hidden addrspace(2) global float, align 4

define float @get() {
entry:
  %v = load float, ptr addrspace(2) @x, align 4
  ret float %v
}

!hlsl.cbs = !{!0}
!0 = !{ptr @CB.cb, ptr addrspace(2) @x}
