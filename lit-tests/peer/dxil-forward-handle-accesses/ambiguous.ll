; Two different handle creations stored into one global: LLVM's error
; naming both calls, then a note naming the function, the global and the
; second call (exit 1, no output).
; RUN: rm -f %t.out
; RUN: not opt -S -dxil-forward-handle-accesses %s -o %t.out 2>&1 | FileCheck %s
; RUN: not test -e %t.out

; CHECK: {{^}}error: Handle at "second" overwrites handle at "first"
; CHECK-NEXT: {{^}}note: in function 'main': both are stored into @Out, which can hold one handle: a load of it could read either (store each handle into a global of its own)
; CHECK-NEXT: {{^}}  %second = call target("dx.RawBuffer", float, 1, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_f32_1_0t(i32 0, i32 1, i32 1, i32 0, ptr null)

target triple = "dxilv1.6-pc-shadermodel6.6-compute"
%"class.hlsl::RWStructuredBuffer" = type { target("dx.RawBuffer", float, 1, 0) }
@Out = internal global %"class.hlsl::RWStructuredBuffer" poison, align 4

define void @main() {
entry:
  %first = call target("dx.RawBuffer", float, 1, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_f32_1_0t(i32 0, i32 0, i32 1, i32 0, ptr null)
  store target("dx.RawBuffer", float, 1, 0) %first, ptr @Out, align 4
  %second = call target("dx.RawBuffer", float, 1, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_f32_1_0t(i32 0, i32 1, i32 1, i32 0, ptr null)
  store target("dx.RawBuffer", float, 1, 0) %second, ptr @Out, align 4
  %h = load target("dx.RawBuffer", float, 1, 0), ptr @Out, align 4
  ret void
}
