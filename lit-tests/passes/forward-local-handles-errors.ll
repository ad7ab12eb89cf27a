; Handle chains dxil-forward-handle-accesses cannot follow are errors at the
; instruction that breaks them (exit 1, no output): an alloca stored twice,
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

; SECOND: dxil-forward-handle-accesses: in function 'main': this is one of 2 stores into %h.addr, so the handle %a loaded from it cannot be followed (an alloca is followed only when it is stored once)
; SECOND-NEXT: store target("dx.CBuffer", %__cblayout_CB) %h, ptr %h.addr, align 4

; ESCAPE: dxil-forward-handle-accesses: in function 'main': %h.addr escapes here, so the handle %a loaded from it cannot be followed
; ESCAPE-NEXT: call void @keep(ptr %h.addr)

; ARG: dxil-forward-handle-accesses: in function 'get': the handle %h is loaded through %__handle, which cannot be followed to the handle's creation (handles are followed through globals and through allocas stored once; inline the function that passes it)
; ARG-NEXT: %__handle = getelementptr inbounds nuw %"class.hlsl::Wrapper", ptr %this, i32 0, i32 0

; PUN: dxil-forward-handle-accesses: in function 'main': this store writes %h.addr with another type than the handle %a loaded from it
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
