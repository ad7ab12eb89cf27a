; Handle chains dxil-forward-handle-accesses cannot follow are errors in
; LLVM's words (the pointer the handle is loaded from "is not a global
; resource handle"), with a note at the instruction that breaks the chain
; (exit 1, no output): an alloca stored with two different handles,
; an alloca that escapes into a call, and a handle read through a field of
; an argument (clang's -O0 member function `operator[]` on `this`), and an
; alloca stored with a value of another type.
; RUN: rm -f %t.out
; RUN: split-file %s %t
; RUN: not %cblower-opt -S -passes=dxil-forward-handle-accesses %t/second.ll -o %t.out 2>&1 | FileCheck %s --check-prefix=SECOND
; RUN: not %cblower-opt -S -passes=dxil-forward-handle-accesses %t/escape.ll -o %t.out 2>&1 | FileCheck %s --check-prefix=ESCAPE
; RUN: not %cblower-opt -S -passes=dxil-forward-handle-accesses %t/arg.ll -o %t.out 2>&1 | FileCheck %s --check-prefix=ARG
; RUN: not %cblower-opt -S -passes=dxil-forward-handle-accesses %t/pun.ll -o %t.out 2>&1 | FileCheck %s --check-prefix=PUN
; RUN: not test -e %t.out

; SECOND: {{^}}error: Load of "h.addr" is not a global resource handle
; SECOND-NEXT: {{^}}note: in function 'main': this store writes another value into %h.addr than %h, so the handle %a loaded from it cannot be followed (an alloca is followed when every store into it writes the same handle)
; SECOND-NEXT: {{^}}  store target("dx.CBuffer", %__cblayout_CB) %k, ptr %h.addr, align 4

; ESCAPE: {{^}}error: Load of "h.addr" is not a global resource handle
; ESCAPE-NEXT: {{^}}note: in function 'main': %h.addr escapes here, so the handle %a loaded from it cannot be followed
; ESCAPE-NEXT: call void @keep(ptr %h.addr)

; ARG: {{^}}error: Load of "__handle" is not a global resource handle
; ARG-NEXT: {{^}}note: in function 'get': the handle %h is loaded through %__handle, which cannot be followed to the handle's creation (handles are followed through globals and through allocas that hold one handle; inline the function that passes it)
; ARG-NEXT: %__handle = getelementptr inbounds nuw %"class.hlsl::Wrapper", ptr %this, i32 0, i32 0

; PUN: {{^}}error: Load of "h.addr" is not a global resource handle
; PUN-NEXT: {{^}}note: in function 'main': this store writes %h.addr with another type than the handle %a loaded from it
; PUN-NEXT: store i32 7, ptr %h.addr, align 4

;--- second.ll
target triple = "dxil-pc-shadermodel6.6-compute"
%__cblayout_CB = type <{ float }>
define float @main(i1 %c) {
entry:
  %h.addr = alloca target("dx.CBuffer", %__cblayout_CB), align 4
  %h = call target("dx.CBuffer", %__cblayout_CB) @llvm.dx.resource.handlefrombinding.tdx.CBuffer_s___cblayout_CBst(i32 0, i32 0, i32 1, i32 0, ptr null)
  %k = call target("dx.CBuffer", %__cblayout_CB) @llvm.dx.resource.handlefrombinding.tdx.CBuffer_s___cblayout_CBst(i32 0, i32 1, i32 1, i32 0, ptr null)
  store target("dx.CBuffer", %__cblayout_CB) %h, ptr %h.addr, align 4
  br i1 %c, label %other, label %done
other:
  store target("dx.CBuffer", %__cblayout_CB) %k, ptr %h.addr, align 4
  br label %done
done:
  %a = load target("dx.CBuffer", %__cblayout_CB), ptr %h.addr, align 4
  %r = call { float, float, float, float } @llvm.dx.resource.load.cbufferrow.4(target("dx.CBuffer", %__cblayout_CB) %a, i32 0)
  %x = extractvalue { float, float, float, float } %r, 0
  ret float %x
}
;--- escape.ll
target triple = "dxil-pc-shadermodel6.6-compute"
%__cblayout_CB = type <{ float }>
declare void @keep(ptr)
define float @main() {
entry:
  %h.addr = alloca target("dx.CBuffer", %__cblayout_CB), align 4
  %h = call target("dx.CBuffer", %__cblayout_CB) @llvm.dx.resource.handlefrombinding.tdx.CBuffer_s___cblayout_CBst(i32 0, i32 0, i32 1, i32 0, ptr null)
  store target("dx.CBuffer", %__cblayout_CB) %h, ptr %h.addr, align 4
  call void @keep(ptr %h.addr)
  %a = load target("dx.CBuffer", %__cblayout_CB), ptr %h.addr, align 4
  %r = call { float, float, float, float } @llvm.dx.resource.load.cbufferrow.4(target("dx.CBuffer", %__cblayout_CB) %a, i32 0)
  %x = extractvalue { float, float, float, float } %r, 0
  ret float %x
}
;--- arg.ll
target triple = "dxil-pc-shadermodel6.6-compute"
%__cblayout_CB = type <{ float }>
%"class.hlsl::Wrapper" = type { target("dx.CBuffer", %__cblayout_CB) }
define float @get(ptr %this) {
entry:
  %__handle = getelementptr inbounds nuw %"class.hlsl::Wrapper", ptr %this, i32 0, i32 0
  %h = load target("dx.CBuffer", %__cblayout_CB), ptr %__handle, align 4
  %r = call { float, float, float, float } @llvm.dx.resource.load.cbufferrow.4(target("dx.CBuffer", %__cblayout_CB) %h, i32 0)
  %x = extractvalue { float, float, float, float } %r, 0
  ret float %x
}
;--- pun.ll
target triple = "dxil-pc-shadermodel6.6-compute"
%__cblayout_CB = type <{ float }>
define float @main() {
entry:
  %h.addr = alloca target("dx.CBuffer", %__cblayout_CB), align 4
  store i32 7, ptr %h.addr, align 4
  %a = load target("dx.CBuffer", %__cblayout_CB), ptr %h.addr, align 4
  %r = call { float, float, float, float } @llvm.dx.resource.load.cbufferrow.4(target("dx.CBuffer", %__cblayout_CB) %a, i32 0)
  %x = extractvalue { float, float, float, float } %r, 0
  ret float %x
}
