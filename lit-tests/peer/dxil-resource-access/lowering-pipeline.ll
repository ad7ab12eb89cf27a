; dxil-cbuffer-lowering = dxil-cbuffer-access,dxil-resource-access: from
; clang-22's member-global loads straight to row loads, in a function that
; reads the handle global (not inlined: a library function).
; RUN: opt -S -dxil-cbuffer-access -dxil-resource-access %s | FileCheck %s
; RUN: opt -S -dxil-cbuffer-access -passes=dxil-resource-access %s | FileCheck %s

target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64-v48:16:16-v96:32:32-v192:64:64"
target triple = "dxilv1.3-pc-shadermodel6.3-library"

; cbuffer Mat { float scale[3]; int2 range; double3 origin; }
%__cblayout_Mat = type <{ <{ [2 x <{ float, target("dx.Padding", 12) }>], float }>, <2 x i32>, target("dx.Padding", 4), <3 x double> }>
@Mat.cb = global target("dx.CBuffer", %__cblayout_Mat) poison
@scale = external hidden addrspace(2) global <{ [2 x <{ float, target("dx.Padding", 12) }>], float }>, align 4
@range = external hidden addrspace(2) global <2 x i32>, align 8
@origin = external hidden addrspace(2) global <3 x double>, align 32

; CHECK-LABEL: define double @f(i32 %i)
; scale[i] at -O0: a run-time %cbufferidx GEP with a trailing zero.
; CHECK:      [[H:%.*]] = load target("dx.CBuffer", %__cblayout_Mat), ptr @Mat.cb, align 4
; CHECK-NEXT: %s.load = call { float, float, float, float } @llvm.dx.resource.load.cbufferrow.4.{{.*}}(target("dx.CBuffer", %__cblayout_Mat) [[H]], i32 %i)
; CHECK-NEXT: %s.extract = extractvalue { float, float, float, float } %s.load, 0
; range: an int2 in the second half of row 2 (elements 1 and 2; llvm/llvm-project#174656).
; CHECK:      %r.load = call { i32, i32, i32, i32 } @llvm.dx.resource.load.cbufferrow.4.{{.*}}, i32 2)
; CHECK-NEXT: %r.extract = extractvalue { i32, i32, i32, i32 } %r.load, 1
; CHECK-NEXT: [[RY:%r.extract[0-9]+]] = extractvalue { i32, i32, i32, i32 } %r.load, 2
; CHECK-NEXT: %r.upto0 = insertelement <2 x i32> poison, i32 %r.extract, i32 0
; CHECK-NEXT: %r.upto1 = insertelement <2 x i32> %r.upto0, i32 [[RY]], i32 1
; origin: a double3 over rows 3 and 4.
; CHECK:      %o.load = call { double, double } @llvm.dx.resource.load.cbufferrow.2.{{.*}}, i32 3)
; CHECK-NEXT: %o.extract = extractvalue { double, double } %o.load, 0
; CHECK-NEXT: %o.extract{{[0-9]+}} = extractvalue { double, double } %o.load, 1
; CHECK-NEXT: [[O2:%o.load[0-9]+]] = call { double, double } @llvm.dx.resource.load.cbufferrow.2.{{.*}}, i32 4)
; CHECK-NEXT: %o.extract{{[0-9]+}} = extractvalue { double, double } [[O2]], 0
; CHECK-NOT: getpointer(
; CHECK-NOT: addrspace(2) global
; CHECK-NOT: !hlsl.cbs
define double @f(i32 %i) {
entry:
  %cbufferidx = getelementptr <{ float, target("dx.Padding", 12) }>, ptr addrspace(2) @scale, i32 %i, i32 0
  %s = load float, ptr addrspace(2) %cbufferidx, align 16
  %r = load <2 x i32>, ptr addrspace(2) @range, align 8
  %o = load <3 x double>, ptr addrspace(2) @origin, align 32
  %sd = fpext float %s to double
  %r1 = extractelement <2 x i32> %r, i32 1
  %rd = sitofp i32 %r1 to double
  %o2 = extractelement <3 x double> %o, i32 2
  %a = fadd double %sd, %rd
  %b = fadd double %a, %o2
  ret double %b
}

!hlsl.cbs = !{!0}
!0 = !{ptr @Mat.cb, ptr addrspace(2) @scale, ptr addrspace(2) @range, ptr addrspace(2) @origin}
