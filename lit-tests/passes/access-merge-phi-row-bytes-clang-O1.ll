; dxil-resource-access: clang-22 -O1's shape of
;   float t = (i & 2) ? c.y : v[i % 3].z;
; (c a float2 at byte 8, v a float4 array at byte 16; reduced by hand): the
; load is sunk behind a phi of the two member pointers, at bytes 12 and
; 24 + 16 * (i % 3), so at different bytes of their rows. The phi becomes
; one of offsets in 4-byte units, and the load reads row `(4 * off) >> 4`
; and extracts element `((4 * off) & 15) >> 2` of it.
; RUN: %cblower-opt -S -passes=dxil-cbuffer-lowering %s | FileCheck %s
; RUN: %cblower-opt -S -passes=dxil-lower %s | %opt-22 -passes=verify -disable-output

; CHECK-LABEL: cond.false:
; CHECK-NEXT: %rem = urem i32 %i, 3
; CHECK-NEXT: [[STEP:%[0-9]+]] = mul i32 %rem, 4
; CHECK-NEXT: [[OFF:%[0-9]+]] = add i32 [[STEP]], 6
; CHECK-NEXT: br label %cond.end
; CHECK-LABEL: cond.end:
; CHECK-NEXT: %t.in.off = phi i32 [ [[OFF]], %cond.false ], [ 3, %entry ]
; CHECK-NEXT: %A.cb{{[0-9]+}} = load target("dx.CBuffer", %__cblayout_A), ptr @A.cb, align 4
; CHECK-NEXT: [[BYTE:%[0-9]+]] = mul i32 %t.in.off, 4
; CHECK-NEXT: [[ROW:%[0-9]+]] = ashr i32 [[BYTE]], 4
; CHECK-NEXT: %t.load = call { float, float, float, float } @llvm.dx.resource.load.cbufferrow.4.f32.f32.f32.f32.tdx.CBuffer_s___cblayout_Ast(target("dx.CBuffer", %__cblayout_A) %A.cb{{[0-9]+}}, i32 [[ROW]])
; CHECK: [[IN:%[0-9]+]] = and i32 [[BYTE]], 15
; CHECK-NEXT: [[ELT:%[0-9]+]] = lshr i32 [[IN]], 2
; CHECK-NEXT: %t.elt = extractelement <4 x float> %t.row{{[0-9]+}}, i32 [[ELT]]
; CHECK-NEXT: ret float %t.elt

target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64-v48:16:16-v96:32:32-v192:64:64"
target triple = "dxilv1.6-pc-shadermodel6.6-library"
%__cblayout_A = type <{ float, float, <2 x float>, [3 x <4 x float>] }>
@A.cb = local_unnamed_addr global target("dx.CBuffer", %__cblayout_A) poison
@a = external hidden local_unnamed_addr addrspace(2) global float, align 4
@b = external hidden local_unnamed_addr addrspace(2) global float, align 4
@c = external hidden local_unnamed_addr addrspace(2) global <2 x float>, align 8
@v = external hidden local_unnamed_addr addrspace(2) global [3 x <4 x float>], align 16
@A.str = private unnamed_addr constant [2 x i8] c"A\00", align 1
@llvm.global_ctors = appending global [1 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 65535, ptr @_GLOBAL__sub_I_t.hlsl, ptr null }]

define float @pick(i32 %i) {
entry:
  %and = and i32 %i, 2
  %tobool.not = icmp eq i32 %and, 0
  br i1 %tobool.not, label %cond.false, label %cond.end

cond.false:
  %rem = urem i32 %i, 3
  %arrayidx = getelementptr inbounds nuw <4 x float>, ptr addrspace(2) @v, i32 %rem
  %z = getelementptr inbounds nuw i8, ptr addrspace(2) %arrayidx, i32 8
  br label %cond.end

cond.end:
  %t.in = phi ptr addrspace(2) [ %z, %cond.false ], [ getelementptr inbounds nuw (i8, ptr addrspace(2) @c, i32 4), %entry ]
  %t = load float, ptr addrspace(2) %t.in, align 4
  ret float %t
}

define internal void @_init_buffer_A.cb() {
entry:
  %A.cb_h = call target("dx.CBuffer", %__cblayout_A) @llvm.dx.resource.handlefrombinding.tdx.CBuffer_s___cblayout_Ast(i32 0, i32 0, i32 1, i32 0, ptr @A.str)
  store target("dx.CBuffer", %__cblayout_A) %A.cb_h, ptr @A.cb, align 4
  ret void
}
declare target("dx.CBuffer", %__cblayout_A) @llvm.dx.resource.handlefrombinding.tdx.CBuffer_s___cblayout_Ast(i32, i32, i32, i32, ptr)
define internal void @_GLOBAL__sub_I_t.hlsl() {
entry:
  call void @_init_buffer_A.cb()
  ret void
}

!hlsl.cbs = !{!0}
!0 = !{ptr @A.cb, ptr addrspace(2) @a, ptr addrspace(2) @b, ptr addrspace(2) @c, ptr addrspace(2) @v}
