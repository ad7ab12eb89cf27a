; Loads of whole structs and arrays from cbuffer memory (LLVM 22 asserts):
; each scalar or vector inside is read from its row, a row is loaded once per
; element type and reused, and the aggregate is rebuilt from poison with
; insertvalue (padding elements stay poison).
; RUN: opt -S -dxil-cbuffer-access -dxil-resource-access %s | FileCheck %s
; struct Inner { float start; double d; float end; };
; cbuffer Agg { float a[3]; Inner inner; Inner list[2]; int4 q[2]; }
target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64-v48:16:16-v96:32:32-v192:64:64"
target triple = "dxilv1.3-pc-shadermodel6.3-library"

%Inner = type <{ float, target("dx.Padding", 4), double, float }>
%__cblayout_Agg = type <{ <{ [2 x <{ float, target("dx.Padding", 12) }>], float }>, target("dx.Padding", 12), %Inner, target("dx.Padding", 12), <{ [1 x <{ %Inner, target("dx.Padding", 12) }>], %Inner }>, target("dx.Padding", 12), [2 x <4 x i32>] }>
@Agg.cb = global target("dx.CBuffer", %__cblayout_Agg) poison
@a = external hidden addrspace(2) global <{ [2 x <{ float, target("dx.Padding", 12) }>], float }>, align 4
@inner = external hidden addrspace(2) global %Inner, align 1
@list = external hidden addrspace(2) global <{ [1 x <{ %Inner, target("dx.Padding", 12) }>], %Inner }>, align 1
@q = external hidden addrspace(2) global [2 x <4 x i32>], align 4

; inner at byte 48: start row 3 element 0, d row 3 double element 1, end row 4.
; CHECK-LABEL: @whole_struct(
; CHECK: %Agg.cb = load target("dx.CBuffer", %__cblayout_Agg), ptr @Agg.cb, align 4
; CHECK-NEXT: %s.load = call { float, float, float, float } @llvm.dx.resource.load.cbufferrow.4.{{.*}}(target("dx.CBuffer", %__cblayout_Agg) %Agg.cb, i32 3)
; CHECK-NEXT: %s.extract = extractvalue { float, float, float, float } %s.load, 0
; CHECK-NEXT: %s.insert = insertvalue %Inner poison, float %s.extract, 0
; CHECK-NEXT: %s.load1 = call { double, double } @llvm.dx.resource.load.cbufferrow.2.{{.*}}(target("dx.CBuffer", %__cblayout_Agg) %Agg.cb, i32 3)
; CHECK-NEXT: %s.extract2 = extractvalue { double, double } %s.load1, 1
; CHECK-NEXT: %s.insert3 = insertvalue %Inner %s.insert, double %s.extract2, 2
; CHECK-NEXT: %s.load4 = call { float, float, float, float } @llvm.dx.resource.load.cbufferrow.4.{{.*}}(target("dx.CBuffer", %__cblayout_Agg) %Agg.cb, i32 4)
; CHECK-NEXT: %s.extract5 = extractvalue { float, float, float, float } %s.load4, 0
; CHECK-NEXT: %s.insert6 = insertvalue %Inner %s.insert3, float %s.extract5, 3
; CHECK-NEXT: ret %Inner %s.insert6
define %Inner @whole_struct() {
  %s = load %Inner, ptr addrspace(2) @inner, align 1
  ret %Inner %s
}

; a: three floats at rows 0, 1, 2, element 0.
; CHECK-LABEL: @whole_padded_array(
; CHECK: %Agg.cb = load target("dx.CBuffer", %__cblayout_Agg), ptr @Agg.cb, align 4
; CHECK-NEXT: %v.load = call { float, float, float, float } @llvm.dx.resource.load.cbufferrow.4.{{.*}}(target("dx.CBuffer", %__cblayout_Agg) %Agg.cb, i32 0)
; CHECK-NEXT: %v.extract = extractvalue { float, float, float, float } %v.load, 0
; CHECK-NEXT: %v.insert = insertvalue <{ float, target("dx.Padding", 12) }> poison, float %v.extract, 0
; CHECK-NEXT: %v.insert1 = insertvalue [2 x <{ float, target("dx.Padding", 12) }>] poison, <{ float, target("dx.Padding", 12) }> %v.insert, 0
; CHECK-NEXT: %v.load2 = call { float, float, float, float } @llvm.dx.resource.load.cbufferrow.4.{{.*}}(target("dx.CBuffer", %__cblayout_Agg) %Agg.cb, i32 1)
; CHECK-NEXT: %v.extract3 = extractvalue { float, float, float, float } %v.load2, 0
; CHECK-NEXT: %v.insert4 = insertvalue <{ float, target("dx.Padding", 12) }> poison, float %v.extract3, 0
; CHECK-NEXT: %v.insert5 = insertvalue [2 x <{ float, target("dx.Padding", 12) }>] %v.insert1, <{ float, target("dx.Padding", 12) }> %v.insert4, 1
; CHECK-NEXT: %v.insert6 = insertvalue <{ [2 x <{ float, target("dx.Padding", 12) }>], float }> poison, [2 x <{ float, target("dx.Padding", 12) }>] %v.insert5, 0
; CHECK-NEXT: %v.load7 = call { float, float, float, float } @llvm.dx.resource.load.cbufferrow.4.{{.*}}(target("dx.CBuffer", %__cblayout_Agg) %Agg.cb, i32 2)
; CHECK-NEXT: %v.extract8 = extractvalue { float, float, float, float } %v.load7, 0
; CHECK-NEXT: %v.insert9 = insertvalue <{ [2 x <{ float, target("dx.Padding", 12) }>], float }> %v.insert6, float %v.extract8, 1
; CHECK-NEXT: ret <{ [2 x <{ float, target("dx.Padding", 12) }>], float }> %v.insert9
define <{ [2 x <{ float, target("dx.Padding", 12) }>], float }> @whole_padded_array() {
  %v = load <{ [2 x <{ float, target("dx.Padding", 12) }>], float }>, ptr addrspace(2) @a, align 4
  ret <{ [2 x <{ float, target("dx.Padding", 12) }>], float }> %v
}

; q at byte 144: rows 9 and 10.
; CHECK-LABEL: @whole_vector_array(
; CHECK: %Agg.cb = load target("dx.CBuffer", %__cblayout_Agg), ptr @Agg.cb, align 4
; CHECK-NEXT: %v.load = call { i32, i32, i32, i32 } @llvm.dx.resource.load.cbufferrow.4.{{.*}}(target("dx.CBuffer", %__cblayout_Agg) %Agg.cb, i32 9)
; CHECK-NEXT: %v.extract = extractvalue { i32, i32, i32, i32 } %v.load, 0
; CHECK-NEXT: %v.upto0 = insertelement <4 x i32> poison, i32 %v.extract, i32 0
; CHECK-NEXT: %v.extract1 = extractvalue { i32, i32, i32, i32 } %v.load, 1
; CHECK-NEXT: %v.upto1 = insertelement <4 x i32> %v.upto0, i32 %v.extract1, i32 1
; CHECK-NEXT: %v.extract2 = extractvalue { i32, i32, i32, i32 } %v.load, 2
; CHECK-NEXT: %v.upto2 = insertelement <4 x i32> %v.upto1, i32 %v.extract2, i32 2
; CHECK-NEXT: %v.extract3 = extractvalue { i32, i32, i32, i32 } %v.load, 3
; CHECK-NEXT: %v.upto3 = insertelement <4 x i32> %v.upto2, i32 %v.extract3, i32 3
; CHECK-NEXT: %v.insert = insertvalue [2 x <4 x i32>] poison, <4 x i32> %v.upto3, 0
; CHECK-NEXT: %v.load4 = call { i32, i32, i32, i32 } @llvm.dx.resource.load.cbufferrow.4.{{.*}}(target("dx.CBuffer", %__cblayout_Agg) %Agg.cb, i32 10)
; CHECK-NEXT: %v.extract5 = extractvalue { i32, i32, i32, i32 } %v.load4, 0
; CHECK-NEXT: %v.upto06 = insertelement <4 x i32> poison, i32 %v.extract5, i32 0
; CHECK-NEXT: %v.extract7 = extractvalue { i32, i32, i32, i32 } %v.load4, 1
; CHECK-NEXT: %v.upto18 = insertelement <4 x i32> %v.upto06, i32 %v.extract7, i32 1
; CHECK-NEXT: %v.extract9 = extractvalue { i32, i32, i32, i32 } %v.load4, 2
; CHECK-NEXT: %v.upto210 = insertelement <4 x i32> %v.upto18, i32 %v.extract9, i32 2
; CHECK-NEXT: %v.extract11 = extractvalue { i32, i32, i32, i32 } %v.load4, 3
; CHECK-NEXT: %v.upto312 = insertelement <4 x i32> %v.upto210, i32 %v.extract11, i32 3
; CHECK-NEXT: %v.insert13 = insertvalue [2 x <4 x i32>] %v.insert, <4 x i32> %v.upto312, 1
; CHECK-NEXT: ret [2 x <4 x i32>] %v.insert13
define [2 x <4 x i32>] @whole_vector_array() {
  %v = load [2 x <4 x i32>], ptr addrspace(2) @q, align 4
  ret [2 x <4 x i32>] %v
}

; list[i] at byte 80 + 32 * i: rows 2 * i + 5 and 2 * i + 6, the row number computed once.
; CHECK-LABEL: @struct_at_runtime_index(
; CHECK: %Agg.cb = load target("dx.CBuffer", %__cblayout_Agg), ptr @Agg.cb, align 4
; CHECK-NEXT: [[V1:%[0-9]+]] = mul i32 %i, 2
; CHECK-NEXT: [[V2:%[0-9]+]] = add i32 [[V1]], 5
; CHECK-NEXT: %e.load = call { float, float, float, float } @llvm.dx.resource.load.cbufferrow.4.{{.*}}(target("dx.CBuffer", %__cblayout_Agg) %Agg.cb, i32 [[V2]])
; CHECK-NEXT: %e.extract = extractvalue { float, float, float, float } %e.load, 0
; CHECK-NEXT: %e.insert = insertvalue %Inner poison, float %e.extract, 0
; CHECK-NEXT: %e.load1 = call { double, double } @llvm.dx.resource.load.cbufferrow.2.{{.*}}(target("dx.CBuffer", %__cblayout_Agg) %Agg.cb, i32 [[V2]])
; CHECK-NEXT: %e.extract2 = extractvalue { double, double } %e.load1, 1
; CHECK-NEXT: %e.insert3 = insertvalue %Inner %e.insert, double %e.extract2, 2
; CHECK-NEXT: [[V3:%[0-9]+]] = add i32 [[V1]], 6
; CHECK-NEXT: %e.load4 = call { float, float, float, float } @llvm.dx.resource.load.cbufferrow.4.{{.*}}(target("dx.CBuffer", %__cblayout_Agg) %Agg.cb, i32 [[V3]])
; CHECK-NEXT: %e.extract5 = extractvalue { float, float, float, float } %e.load4, 0
; CHECK-NEXT: %e.insert6 = insertvalue %Inner %e.insert3, float %e.extract5, 3
; CHECK-NEXT: ret %Inner %e.insert6
define %Inner @struct_at_runtime_index(i32 %i) {
  %cbufferidx = getelementptr <{ %Inner, target("dx.Padding", 12) }>, ptr addrspace(2) @list, i32 %i, i32 0
  %e = load %Inner, ptr addrspace(2) %cbufferidx, align 1
  ret %Inner %e
}

!hlsl.cbs = !{!0}
!0 = !{ptr @Agg.cb, ptr addrspace(2) @a, ptr addrspace(2) @inner, ptr addrspace(2) @list, ptr addrspace(2) @q}
