; dxil-op-lower refuses what earlier passes must handle (exit 1, no output):
; an unresolved implicit binding, a row load reading a handle loaded from a
; global, and a module without a DXIL triple.
; RUN: rm -f %t.out
; RUN: split-file %s %t
; RUN: not opt -S -dxil-op-lower %t/implicit.ll -o %t.out 2>&1 | FileCheck %s --check-prefix=IMPLICIT
; RUN: not opt -S -dxil-op-lower %t/unforwarded.ll -o %t.out 2>&1 | FileCheck %s --check-prefix=UNFORWARDED
; RUN: not opt -S -dxil-op-lower %t/notriple.ll -o %t.out 2>&1 | FileCheck %s --check-prefix=TRIPLE
; RUN: not test -e %t.out

; IMPLICIT: dxil-op-lower: in function 'main': the cbuffer has no register yet: run dxil-resource-implicit-binding first
; IMPLICIT-NEXT: %h = call target("dx.CBuffer", %__cblayout_CB) @llvm.dx.resource.handlefromimplicitbinding.tdx.CBuffer_s___cblayout_CBst(i32 0, i32 0, i32 1, i32 0, ptr null)

; UNFORWARDED: dxil-op-lower: in function 'main': the row load reads a handle loaded from a global: run dxil-forward-handle-accesses first
; UNFORWARDED-NEXT: %r = call { float, float, float, float }

; TRIPLE: dxil-op-lower: dxil-op-lower needs a DXIL triple with a shader model (dxil-pc-shadermodel6.6-compute), not 'spirv-unknown-vulkan1.3-compute'

;--- implicit.ll
target triple = "dxil-pc-shadermodel6.6-compute"
%__cblayout_CB = type <{ float }>
@CB.cb = global target("dx.CBuffer", %__cblayout_CB) poison
define void @main() {
  %h = call target("dx.CBuffer", %__cblayout_CB) @llvm.dx.resource.handlefromimplicitbinding.tdx.CBuffer_s___cblayout_CBst(i32 0, i32 0, i32 1, i32 0, ptr null)
  store target("dx.CBuffer", %__cblayout_CB) %h, ptr @CB.cb, align 4
  ret void
}

;--- unforwarded.ll
target triple = "dxil-pc-shadermodel6.6-compute"
%__cblayout_CB = type <{ float }>
@CB.cb = global target("dx.CBuffer", %__cblayout_CB) poison
define float @main() {
  %h = call target("dx.CBuffer", %__cblayout_CB) @llvm.dx.resource.handlefrombinding.tdx.CBuffer_s___cblayout_CBst(i32 0, i32 0, i32 1, i32 0, ptr null)
  store target("dx.CBuffer", %__cblayout_CB) %h, ptr @CB.cb, align 4
  %l = load target("dx.CBuffer", %__cblayout_CB), ptr @CB.cb, align 4
  %r = call { float, float, float, float } @llvm.dx.resource.load.cbufferrow.4(target("dx.CBuffer", %__cblayout_CB) %l, i32 0)
  %x = extractvalue { float, float, float, float } %r, 0
  ret float %x
}

;--- notriple.ll
target triple = "spirv-unknown-vulkan1.3-compute"
%__cblayout_CB = type <{ float }>
define void @main() {
  %h = call target("dx.CBuffer", %__cblayout_CB) @llvm.dx.resource.handlefrombinding.tdx.CBuffer_s___cblayout_CBst(i32 0, i32 0, i32 1, i32 0, ptr null)
  ret void
}
