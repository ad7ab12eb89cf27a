; dxil-resource-implicit-binding for every resource class, on the handle
; creations of clang-22's -O1 output of this compute shader (reduced to
; them, in clang's order):
;   RWBuffer<float> Out : register(u1);      RWBuffer<float> B[4];
;   StructuredBuffer<float4> S;              RWStructuredBuffer<uint> C : register(u0, space1);
;   Buffer<float4> T;                        RWStructuredBuffer<float> Cnt;
;   AppendStructuredBuffer<float> App;       StructuredBuffer<float> Ts[];
;   cbuffer CB { float4 v; uint k; }
; Each class (t, u, b) has registers of its own; order IDs are taken in
; order: B[4] (order 0) does not fit in u0 before Out's u1 and gets
; u2..u5; Cnt (order 5) then gets u0 and App u6; S t0, T t1, the unbounded
; Ts[] the rest of space 0 from t2; CB b0. C's u0 is in space 1. The
; run-time indices stay; the new calls are unnamed, as LLVM's.
; RUN: opt -S -dxil-resource-implicit-binding %s | FileCheck %s

; CHECK-LABEL: define void @main(i32 %k)
; CHECK-NEXT: %out = call target("dx.TypedBuffer", float, 1, 0, 0) @llvm.dx.resource.handlefrombinding.tdx.TypedBuffer_f32_1_0_0t(i32 0, i32 1, i32 1, i32 0, ptr @.str)
; CHECK-NEXT: {{%[0-9]+}} = call target("dx.RawBuffer", <4 x float>, 0, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_v4f32_0_0t(i32 0, i32 0, i32 1, i32 0, ptr @.str.2)
; CHECK-NEXT: %c = call target("dx.RawBuffer", i32, 1, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_i32_1_0t(i32 1, i32 0, i32 1, i32 0, ptr @.str.4)
; CHECK-NEXT: {{%[0-9]+}} = call target("dx.TypedBuffer", <4 x float>, 0, 0, 0) @llvm.dx.resource.handlefrombinding.tdx.TypedBuffer_v4f32_0_0_0t(i32 0, i32 1, i32 1, i32 0, ptr @.str.6)
; CHECK-NEXT: {{%[0-9]+}} = call target("dx.RawBuffer", float, 1, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_f32_1_0t(i32 0, i32 0, i32 1, i32 0, ptr @.str.10)
; CHECK-NEXT: {{%[0-9]+}} = call target("dx.RawBuffer", float, 1, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_f32_1_0t(i32 0, i32 6, i32 1, i32 0, ptr @.str.12)
; CHECK-NEXT: {{%[0-9]+}} = call target("dx.CBuffer", %__cblayout_CB) @llvm.dx.resource.handlefrombinding.tdx.CBuffer_s___cblayout_CBst(i32 0, i32 0, i32 1, i32 0, ptr @CB.str)
; CHECK-NEXT: {{%[0-9]+}} = call target("dx.RawBuffer", float, 0, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_f32_0_0t(i32 0, i32 2, i32 -1, i32 %k, ptr @Ts.str)
; CHECK-NEXT: {{%[0-9]+}} = call target("dx.TypedBuffer", float, 1, 0, 0) @llvm.dx.resource.handlefrombinding.tdx.TypedBuffer_f32_1_0_0t(i32 0, i32 2, i32 4, i32 %k, ptr @B.str)
; CHECK-NEXT: ret void
; CHECK-NOT: handlefromimplicitbinding

target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64-v48:16:16-v96:32:32-v192:64:64"
target triple = "dxilv1.6-pc-shadermodel6.6-compute"

%__cblayout_CB = type <{ <4 x float>, i32 }>

@.str = private unnamed_addr constant [4 x i8] c"Out\00", align 1
@.str.2 = private unnamed_addr constant [2 x i8] c"S\00", align 1
@.str.4 = private unnamed_addr constant [2 x i8] c"C\00", align 1
@.str.6 = private unnamed_addr constant [2 x i8] c"T\00", align 1
@.str.10 = private unnamed_addr constant [4 x i8] c"Cnt\00", align 1
@.str.12 = private unnamed_addr constant [4 x i8] c"App\00", align 1
@CB.str = private unnamed_addr constant [3 x i8] c"CB\00", align 1
@Ts.str = private unnamed_addr constant [3 x i8] c"Ts\00", align 1
@B.str = private unnamed_addr constant [2 x i8] c"B\00", align 1

define void @main(i32 %k) {
  %out = call target("dx.TypedBuffer", float, 1, 0, 0) @llvm.dx.resource.handlefrombinding.tdx.TypedBuffer_f32_1_0_0t(i32 0, i32 1, i32 1, i32 0, ptr @.str)
  %s = call target("dx.RawBuffer", <4 x float>, 0, 0) @llvm.dx.resource.handlefromimplicitbinding.tdx.RawBuffer_v4f32_0_0t(i32 1, i32 0, i32 1, i32 0, ptr @.str.2)
  %c = call target("dx.RawBuffer", i32, 1, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_i32_1_0t(i32 1, i32 0, i32 1, i32 0, ptr @.str.4)
  %t = call target("dx.TypedBuffer", <4 x float>, 0, 0, 0) @llvm.dx.resource.handlefromimplicitbinding.tdx.TypedBuffer_v4f32_0_0_0t(i32 3, i32 0, i32 1, i32 0, ptr @.str.6)
  %cnt = call target("dx.RawBuffer", float, 1, 0) @llvm.dx.resource.handlefromimplicitbinding.tdx.RawBuffer_f32_1_0t(i32 5, i32 0, i32 1, i32 0, ptr @.str.10)
  %app = call target("dx.RawBuffer", float, 1, 0) @llvm.dx.resource.handlefromimplicitbinding.tdx.RawBuffer_f32_1_0t(i32 7, i32 0, i32 1, i32 0, ptr @.str.12)
  %cb = call target("dx.CBuffer", %__cblayout_CB) @llvm.dx.resource.handlefromimplicitbinding.tdx.CBuffer_s___cblayout_CBst(i32 10, i32 0, i32 1, i32 0, ptr @CB.str)
  %ts = call target("dx.RawBuffer", float, 0, 0) @llvm.dx.resource.handlefromimplicitbinding.tdx.RawBuffer_f32_0_0t(i32 9, i32 0, i32 -1, i32 %k, ptr @Ts.str)
  %b = call target("dx.TypedBuffer", float, 1, 0, 0) @llvm.dx.resource.handlefromimplicitbinding.tdx.TypedBuffer_f32_1_0_0t(i32 0, i32 0, i32 4, i32 %k, ptr @B.str)
  ret void
}
