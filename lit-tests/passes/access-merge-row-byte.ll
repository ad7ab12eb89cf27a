; A select of two pointers into one cbuffer at different bytes of their
; rows (bytes 0 and 4): the select becomes one of offsets in 4-byte units,
; and the load reads the row at `(4 * off) >> 4` and extracts element
; `((4 * off) & 15) >> 2` of it at run time.
; RUN: %cblower-opt -S -passes=dxil-cbuffer-lowering %s | FileCheck %s
; RUN: %cblower-opt -S -passes=dxil-lower %s | %opt-22 -passes=verify -disable-output

; CHECK-LABEL: define float @pick(
; CHECK-NEXT: %p.off = select i1 %k, i32 0, i32 1
; CHECK-NEXT: %B.cb{{[0-9]+}} = load target("dx.CBuffer", %__cblayout_B), ptr @B.cb, align 4
; CHECK-NEXT: [[BYTE:%[0-9]+]] = mul i32 %p.off, 4
; CHECK-NEXT: [[ROW:%[0-9]+]] = ashr i32 [[BYTE]], 4
; CHECK-NEXT: %v.load = call { float, float, float, float } @llvm.dx.resource.load.cbufferrow.4.f32.f32.f32.f32.tdx.CBuffer_s___cblayout_Bst(target("dx.CBuffer", %__cblayout_B) %B.cb{{[0-9]+}}, i32 [[ROW]])
; CHECK: [[IN:%[0-9]+]] = and i32 [[BYTE]], 15
; CHECK-NEXT: [[ELT:%[0-9]+]] = lshr i32 [[IN]], 2
; CHECK-NEXT: %v.elt = extractelement <4 x float> %v.row{{[0-9]+}}, i32 [[ELT]]
; CHECK-NEXT: ret float %v.elt

target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64-v48:16:16-v96:32:32-v192:64:64"
target triple = "dxilv1.6-pc-shadermodel6.6-library"
%__cblayout_B = type <{ float, float }>
@B.cb = global target("dx.CBuffer", %__cblayout_B) poison
@x = external hidden addrspace(2) global float, align 4
@y = external hidden addrspace(2) global float, align 4

define float @pick(i1 %k) {
  %p = select i1 %k, ptr addrspace(2) @x, ptr addrspace(2) @y
  %v = load float, ptr addrspace(2) %p, align 4
  ret float %v
}

@B.str = private unnamed_addr constant [2 x i8] c"B\00", align 1
define internal void @_init_buffer_B.cb() {
entry:
  %B.cb_h = call target("dx.CBuffer", %__cblayout_B) @llvm.dx.resource.handlefrombinding.tdx.CBuffer_s___cblayout_Bst(i32 0, i32 0, i32 1, i32 0, ptr @B.str)
  store target("dx.CBuffer", %__cblayout_B) %B.cb_h, ptr @B.cb, align 4
  ret void
}
declare target("dx.CBuffer", %__cblayout_B) @llvm.dx.resource.handlefrombinding.tdx.CBuffer_s___cblayout_Bst(i32, i32, i32, i32, ptr)
@llvm.global_ctors = appending global [1 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 65535, ptr @_GLOBAL__sub_I_cb, ptr null }]
define internal void @_GLOBAL__sub_I_cb() {
  call void @_init_buffer_B.cb()
  ret void
}

!hlsl.cbs = !{!0}
!0 = !{ptr @B.cb, ptr addrspace(2) @x, ptr addrspace(2) @y}
