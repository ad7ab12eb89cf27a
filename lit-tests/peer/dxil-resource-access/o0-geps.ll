; GEP shapes clang emits without optimisation, which LLVM 22's pass asserts on
; or gets wrong; cblower computes the row from every index and its stride.
; Regression for llvm/llvm-project#144573 (run-time index into a cbuffer array).
; RUN: opt -S -dxil-resource-access %s | FileCheck %s

target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64-v48:16:16-v96:32:32-v192:64:64"

; struct Inner { float start; double d; float end; };
; cbuffer Grid { float m[2][3]; double4 big[2]; Inner inner; }
%Inner = type <{ float, target("dx.Padding", 4), double, float }>
%__cblayout_Grid = type <{
  <{ [1 x <{ <{ [2 x <{ float, target("dx.Padding", 12) }>], float }>, target("dx.Padding", 12) }>],
     <{ [2 x <{ float, target("dx.Padding", 12) }>], float }> }>, target("dx.Padding", 12),
  [2 x <4 x double>],
  %Inner }>
@Grid.cb = global target("dx.CBuffer", %__cblayout_Grid) poison

define void @o0(ptr %out, i32 %i, i32 %j) {
entry:
  %h = load target("dx.CBuffer", %__cblayout_Grid), ptr @Grid.cb, align 4

; m[i][j]: two-index padded GEPs; the outer element is 3 rows, the inner 1.
; CHECK:      [[A:%.*]] = mul i32 %i, 3
; CHECK-NEXT: [[B:%.*]] = add i32 %j, [[A]]
; CHECK-NEXT: %mij.load = call { float, float, float, float } @llvm.dx.resource.load.cbufferrow.4.{{.*}}(target("dx.CBuffer", %__cblayout_Grid) %h, i32 [[B]])
; CHECK-NEXT: %mij.extract = extractvalue { float, float, float, float } %mij.load, 0
  %pm = call ptr addrspace(2) @llvm.dx.resource.getpointer(target("dx.CBuffer", %__cblayout_Grid) %h, i32 0)
  %cbufferidx = getelementptr <{ <{ [2 x <{ float, target("dx.Padding", 12) }>], float }>, target("dx.Padding", 12) }>, ptr addrspace(2) %pm, i32 %i, i32 0
  %arraydecay = getelementptr inbounds [3 x float], ptr addrspace(2) %cbufferidx, i32 0, i32 0
  %cbufferidx1 = getelementptr <{ float, target("dx.Padding", 12) }>, ptr addrspace(2) %arraydecay, i32 %j, i32 0
  %mij = load float, ptr addrspace(2) %cbufferidx1, align 16
  store float %mij, ptr %out, align 4

; big[i].w: a 32-byte element is 2 rows (LLVM 22 would use 1); w is row 1, element 1.
; CHECK:      [[C:%.*]] = mul i32 %i, 2
; CHECK-NEXT: [[D:%.*]] = add i32 [[C]], 7
; CHECK-NEXT: %bw.load = call { double, double } @llvm.dx.resource.load.cbufferrow.2.{{.*}}(target("dx.CBuffer", %__cblayout_Grid) %h, i32 [[D]])
; CHECK-NEXT: %bw.extract = extractvalue { double, double } %bw.load, 1
  %pb = call ptr addrspace(2) @llvm.dx.resource.getpointer(target("dx.CBuffer", %__cblayout_Grid) %h, i32 96)
  %gb = getelementptr inbounds [2 x <4 x double>], ptr addrspace(2) %pb, i32 0, i32 %i
  %gbw = getelementptr inbounds <4 x double>, ptr addrspace(2) %gb, i32 0, i32 3
  %bw = load double, ptr addrspace(2) %gbw, align 8
  store double %bw, ptr %out, align 8

; inner.d through a field GEP on the padded layout struct: byte 8 of row 10
; (the fixed field number of llvm/llvm-project#179716, element 2 of %Inner).
; CHECK:      %d.load = call { double, double } @llvm.dx.resource.load.cbufferrow.2.{{.*}}(target("dx.CBuffer", %__cblayout_Grid) %h, i32 10)
; CHECK-NEXT: %d.extract = extractvalue { double, double } %d.load, 1
  %pi = call ptr addrspace(2) @llvm.dx.resource.getpointer(target("dx.CBuffer", %__cblayout_Grid) %h, i32 160)
  %gd = getelementptr inbounds nuw %Inner, ptr addrspace(2) %pi, i32 0, i32 2
  %d = load double, ptr addrspace(2) %gd, align 8
  store double %d, ptr %out, align 8
  ret void
}
