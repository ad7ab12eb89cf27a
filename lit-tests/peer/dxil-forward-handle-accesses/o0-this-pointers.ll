; clang-22's -O0 shape after always-inline: a member function's `this` is
; stored into a local and loaded back, and the handle is read through it
; (field 0 of the resource class, or the object itself). The load of a
; load is followed to the global, as LLVM follows it, for any resource
; class, and replaced by the creation stored into that global.
; RUN: opt -S -dxil-forward-handle-accesses %s | FileCheck %s

; CHECK-LABEL: define void @main()
; CHECK: %src = call target("dx.TypedBuffer", float, 1, 0, 0) @llvm.dx.resource.handlefrombinding.tdx.TypedBuffer_f32_1_0_0t(i32 0, i32 0, i32 1, i32 0, ptr null)
; CHECK: %dst = call target("dx.RawBuffer", float, 1, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_f32_1_0t(i32 0, i32 1, i32 1, i32 0, ptr null)
; CHECK-NOT: load target(
; CHECK: %p = call ptr @llvm.dx.resource.getpointer.p0.tdx.TypedBuffer_f32_1_0_0t(target("dx.TypedBuffer", float, 1, 0, 0) %src, i32 3)
; CHECK-NOT: load target(
; CHECK: %q = call ptr @llvm.dx.resource.getpointer.p0.tdx.RawBuffer_f32_1_0t(target("dx.RawBuffer", float, 1, 0) %dst, i32 0)
; CHECK: ret void

target triple = "dxilv1.6-pc-shadermodel6.6-compute"
%"class.hlsl::RWBuffer" = type { target("dx.TypedBuffer", float, 1, 0, 0) }
%"class.hlsl::RWStructuredBuffer" = type { target("dx.RawBuffer", float, 1, 0), target("dx.RawBuffer", float, 1, 0) }
@_ZL3Src = internal global %"class.hlsl::RWBuffer" poison, align 4
@_ZL3Dst = internal global %"class.hlsl::RWStructuredBuffer" poison, align 4

define void @main() {
entry:
  %this.addr.i = alloca ptr, align 4
  %this.addr.i2 = alloca ptr, align 4
  %src = call target("dx.TypedBuffer", float, 1, 0, 0) @llvm.dx.resource.handlefrombinding.tdx.TypedBuffer_f32_1_0_0t(i32 0, i32 0, i32 1, i32 0, ptr null)
  store target("dx.TypedBuffer", float, 1, 0, 0) %src, ptr @_ZL3Src, align 4
  %dst = call target("dx.RawBuffer", float, 1, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_f32_1_0t(i32 0, i32 1, i32 1, i32 0, ptr null)
  store target("dx.RawBuffer", float, 1, 0) %dst, ptr @_ZL3Dst, align 4
  store ptr @_ZL3Src, ptr %this.addr.i, align 4
  %this1.i = load ptr, ptr %this.addr.i, align 4
  %__handle.i = getelementptr inbounds nuw %"class.hlsl::RWBuffer", ptr %this1.i, i32 0, i32 0
  %0 = load target("dx.TypedBuffer", float, 1, 0, 0), ptr %__handle.i, align 4
  %p = call ptr @llvm.dx.resource.getpointer.p0.tdx.TypedBuffer_f32_1_0_0t(target("dx.TypedBuffer", float, 1, 0, 0) %0, i32 3)
  %v = load float, ptr %p, align 4
  store ptr @_ZL3Dst, ptr %this.addr.i2, align 4
  %this1.i2 = load ptr, ptr %this.addr.i2, align 4
  %1 = load target("dx.RawBuffer", float, 1, 0), ptr %this1.i2, align 4
  %q = call ptr @llvm.dx.resource.getpointer.p0.tdx.RawBuffer_f32_1_0t(target("dx.RawBuffer", float, 1, 0) %1, i32 0)
  store float %v, ptr %q, align 4
  ret void
}
