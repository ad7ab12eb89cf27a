; A load of a UAV's global before the creation stored into it (the creation
; has a run-time index, so it cannot be repeated earlier): LLVM's error for
; any resource class, then cblower's note.
; RUN: not opt -S -dxil-forward-handle-accesses %s 2>&1 | FileCheck %s

; CHECK: {{^}}error: Load at "early" is not dominated by handle creation at "late"
; CHECK-NEXT: {{^}}note: in function 'main': @Out can be read before %late is stored into it, and the creation cannot be repeated at the top of the function: the creation %late in 'main' has a run-time argument
; CHECK-NEXT: {{^}}  %early = load target("dx.TypedBuffer", float, 1, 0, 0), ptr @Out, align 4

target triple = "dxilv1.6-pc-shadermodel6.6-compute"
%"class.hlsl::RWBuffer" = type { target("dx.TypedBuffer", float, 1, 0, 0) }
@Out = internal global %"class.hlsl::RWBuffer" poison, align 4

define void @main(i32 %i) {
entry:
  %early = load target("dx.TypedBuffer", float, 1, 0, 0), ptr @Out, align 4
  %late = call target("dx.TypedBuffer", float, 1, 0, 0) @llvm.dx.resource.handlefrombinding.tdx.TypedBuffer_f32_1_0_0t(i32 0, i32 0, i32 4, i32 %i, ptr null)
  store target("dx.TypedBuffer", float, 1, 0, 0) %late, ptr @Out, align 4
  ret void
}
