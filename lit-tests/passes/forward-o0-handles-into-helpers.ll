; clang-22's -O0 output (-disable-llvm-passes) of a compute shader that hands
; a RWBuffer and a StructuredBuffer to non-inlined helpers:
;
;   RWBuffer<float> Out : register(u0);
;   StructuredBuffer<float> In : register(t0);
;   __attribute__((noinline)) float readIt(StructuredBuffer<float> b, unsigned int i) { return b[i]; }
;   __attribute__((noinline)) void writeIt(RWBuffer<float> o, unsigned int i, float v) { o[i] = v; }
;   [numthreads(4,1,1)]
;   void main(unsigned int id : SV_GroupIndex) { writeIt(Out, id, readIt(In, id) * 2.0); }
;
; (clang-22 -cc1 -triple dxil-pc-shadermodel6.6-compute -x hlsl -emit-llvm
; -disable-llvm-passes -hlsl-entry main.) Each helper receives a pointer to a
; copy of the resource object (`dead_on_return` argument) and its inlined
; operator[] loads the handle from field 0 of that argument; in main the
; handle reaches the copies through a class-typed temporary and two
; `this`-pointer spills. Neither shape is followed, by LLVM 22 or by LLVM
; main's pass (docs/passes.md, "-O0 handles of other resource classes passed
; to helpers"): the handle loads stay, nothing is reported for these
; non-cbuffer classes, and the module still verifies.
; RUN: %cblower-opt -S -passes='always-inline,dxil-forward-handle-accesses' %s | FileCheck %s
; RUN: %cblower-opt -S -passes='always-inline,dxil-forward-handle-accesses' %s | %opt-22 -passes=verify -disable-output
; RUN: %cblower-opt -disable-output -passes='always-inline,dxil-forward-handle-accesses' %s 2>&1 | FileCheck --allow-empty --check-prefix=QUIET %s

; QUIET-NOT: {{.}}

; CHECK-LABEL: define hidden noundef nofpclass(nan inf) float @_Z6readItN4hlsl16StructuredBufferIfEEj(ptr dead_on_return noundef %b, i32 noundef %i)
; CHECK: store ptr %b, ptr %this.addr.i, align 4
; CHECK: %this1.i = load ptr, ptr %this.addr.i, align 4
; CHECK-NEXT: %1 = load target("dx.RawBuffer", float, 0, 0), ptr %this1.i, align 4
; CHECK: call noundef nonnull align 4 dereferenceable(4) ptr @llvm.dx.resource.getpointer.p0.tdx.RawBuffer_f32_0_0t(target("dx.RawBuffer", float, 0, 0) %1, i32 %2)
; CHECK-LABEL: define hidden void @_Z7writeItN4hlsl8RWBufferIfEEjf(ptr dead_on_return noundef %o, i32 noundef %i, float noundef nofpclass(nan inf) %v)
; CHECK: %2 = load target("dx.TypedBuffer", float, 1, 0, 0), ptr %this1.i, align 4
; CHECK-LABEL: define void @main()
; CHECK: %5 = call target("dx.TypedBuffer", float, 1, 0, 0) @llvm.dx.resource.handlefrombinding.tdx.TypedBuffer_f32_1_0_0t(i32 %1, i32 %0, i32 %2, i32 %3, ptr %4)
; CHECK-NEXT: store target("dx.TypedBuffer", float, 1, 0, 0) %5, ptr %tmp.i.i, align 4
; CHECK: %7 = load ptr, ptr %other.addr.i20.i, align 4
; CHECK-NEXT: %8 = load target("dx.TypedBuffer", float, 1, 0, 0), ptr %7, align 4
; CHECK: call void @_Z7writeItN4hlsl8RWBufferIfEEjf(ptr dead_on_return noundef %agg.tmp.i,

; ModuleID = 'h.hlsl'
source_filename = "h.hlsl"
target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64-v48:16:16-v96:32:32-v192:64:64"
target triple = "dxilv1.6-pc-shadermodel6.6-compute"

%"class.hlsl::RWBuffer" = type { target("dx.TypedBuffer", float, 1, 0, 0) }
%"class.hlsl::StructuredBuffer" = type { target("dx.RawBuffer", float, 0, 0) }

@_ZL3Out = internal global %"class.hlsl::RWBuffer" poison, align 4
@.str = private unnamed_addr constant [4 x i8] c"Out\00", align 1
@_ZL2In = internal global %"class.hlsl::StructuredBuffer" poison, align 4
@.str.2 = private unnamed_addr constant [3 x i8] c"In\00", align 1

; Function Attrs: alwaysinline convergent nounwind
define internal void @__cxx_global_var_init() #0 {
entry:
  call void @_ZN4hlsl8RWBufferIfE19__createFromBindingEjjijPKc(ptr dead_on_unwind writable sret(%"class.hlsl::RWBuffer") align 4 @_ZL3Out, i32 noundef 0, i32 noundef 0, i32 noundef 1, i32 noundef 0, ptr noundef @.str) #6
  ret void
}

; Function Attrs: alwaysinline convergent mustprogress norecurse nounwind
define linkonce_odr hidden void @_ZN4hlsl8RWBufferIfE19__createFromBindingEjjijPKc(ptr dead_on_unwind noalias writable sret(%"class.hlsl::RWBuffer") align 4 %agg.result, i32 noundef %registerNo, i32 noundef %spaceNo, i32 noundef %range, i32 noundef %index, ptr noundef %name) #1 align 2 {
entry:
  %result.ptr = alloca ptr, align 4
  %registerNo.addr = alloca i32, align 4
  %spaceNo.addr = alloca i32, align 4
  %range.addr = alloca i32, align 4
  %index.addr = alloca i32, align 4
  %name.addr = alloca ptr, align 4
  %tmp = alloca %"class.hlsl::RWBuffer", align 4
  store ptr %agg.result, ptr %result.ptr, align 4
  store i32 %registerNo, ptr %registerNo.addr, align 4
  store i32 %spaceNo, ptr %spaceNo.addr, align 4
  store i32 %range, ptr %range.addr, align 4
  store i32 %index, ptr %index.addr, align 4
  store ptr %name, ptr %name.addr, align 4
  call void @_ZN4hlsl8RWBufferIfEC1Ev(ptr noundef nonnull align 4 dereferenceable(4) %tmp) #6
  %0 = load i32, ptr %registerNo.addr, align 4
  %1 = load i32, ptr %spaceNo.addr, align 4
  %2 = load i32, ptr %range.addr, align 4
  %3 = load i32, ptr %index.addr, align 4
  %4 = load ptr, ptr %name.addr, align 4
  %5 = call target("dx.TypedBuffer", float, 1, 0, 0) @llvm.dx.resource.handlefrombinding.tdx.TypedBuffer_f32_1_0_0t(i32 %1, i32 %0, i32 %2, i32 %3, ptr %4)
  %__handle = getelementptr inbounds nuw %"class.hlsl::RWBuffer", ptr %tmp, i32 0, i32 0
  store target("dx.TypedBuffer", float, 1, 0, 0) %5, ptr %__handle, align 4
  call void @_ZN4hlsl8RWBufferIfEC1ERKS1_(ptr noundef nonnull align 4 dereferenceable(4) %agg.result, ptr noundef nonnull align 4 dereferenceable(4) %tmp) #6
  ret void
}

; Function Attrs: alwaysinline convergent nounwind
define internal void @__cxx_global_var_init.1() #0 {
entry:
  call void @_ZN4hlsl16StructuredBufferIfE19__createFromBindingEjjijPKc(ptr dead_on_unwind writable sret(%"class.hlsl::StructuredBuffer") align 4 @_ZL2In, i32 noundef 0, i32 noundef 0, i32 noundef 1, i32 noundef 0, ptr noundef @.str.2) #6
  ret void
}

; Function Attrs: alwaysinline convergent mustprogress norecurse nounwind
define linkonce_odr hidden void @_ZN4hlsl16StructuredBufferIfE19__createFromBindingEjjijPKc(ptr dead_on_unwind noalias writable sret(%"class.hlsl::StructuredBuffer") align 4 %agg.result, i32 noundef %registerNo, i32 noundef %spaceNo, i32 noundef %range, i32 noundef %index, ptr noundef %name) #1 align 2 {
entry:
  %result.ptr = alloca ptr, align 4
  %registerNo.addr = alloca i32, align 4
  %spaceNo.addr = alloca i32, align 4
  %range.addr = alloca i32, align 4
  %index.addr = alloca i32, align 4
  %name.addr = alloca ptr, align 4
  %tmp = alloca %"class.hlsl::StructuredBuffer", align 4
  store ptr %agg.result, ptr %result.ptr, align 4
  store i32 %registerNo, ptr %registerNo.addr, align 4
  store i32 %spaceNo, ptr %spaceNo.addr, align 4
  store i32 %range, ptr %range.addr, align 4
  store i32 %index, ptr %index.addr, align 4
  store ptr %name, ptr %name.addr, align 4
  call void @_ZN4hlsl16StructuredBufferIfEC1Ev(ptr noundef nonnull align 4 dereferenceable(4) %tmp) #6
  %0 = load i32, ptr %registerNo.addr, align 4
  %1 = load i32, ptr %spaceNo.addr, align 4
  %2 = load i32, ptr %range.addr, align 4
  %3 = load i32, ptr %index.addr, align 4
  %4 = load ptr, ptr %name.addr, align 4
  %5 = call target("dx.RawBuffer", float, 0, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_f32_0_0t(i32 %1, i32 %0, i32 %2, i32 %3, ptr %4)
  %__handle = getelementptr inbounds nuw %"class.hlsl::StructuredBuffer", ptr %tmp, i32 0, i32 0
  store target("dx.RawBuffer", float, 0, 0) %5, ptr %__handle, align 4
  call void @_ZN4hlsl16StructuredBufferIfEC1ERKS1_(ptr noundef nonnull align 4 dereferenceable(4) %agg.result, ptr noundef nonnull align 4 dereferenceable(4) %tmp) #6
  ret void
}

; Function Attrs: convergent mustprogress noinline norecurse nounwind optnone
define hidden noundef nofpclass(nan inf) float @_Z6readItN4hlsl16StructuredBufferIfEEj(ptr dead_on_return noundef %b, i32 noundef %i) #2 {
entry:
  %b.indirect_addr = alloca ptr, align 4
  %i.addr = alloca i32, align 4
  store ptr %b, ptr %b.indirect_addr, align 4
  store i32 %i, ptr %i.addr, align 4
  %0 = load i32, ptr %i.addr, align 4
  %call = call noundef nonnull align 4 dereferenceable(4) ptr @_ZNK4hlsl16StructuredBufferIfEixEj(ptr noundef nonnull align 4 dereferenceable(4) %b, i32 noundef %0) #6
  %1 = load float, ptr %call, align 4
  ret float %1
}

; Function Attrs: alwaysinline convergent mustprogress norecurse nounwind
define linkonce_odr hidden noundef nonnull align 4 dereferenceable(4) ptr @_ZNK4hlsl16StructuredBufferIfEixEj(ptr noundef nonnull align 4 dereferenceable(4) %this, i32 noundef %Index) #1 align 2 {
entry:
  %this.addr = alloca ptr, align 4
  %Index.addr = alloca i32, align 4
  store ptr %this, ptr %this.addr, align 4
  store i32 %Index, ptr %Index.addr, align 4
  %this1 = load ptr, ptr %this.addr, align 4
  %__handle = getelementptr inbounds nuw %"class.hlsl::StructuredBuffer", ptr %this1, i32 0, i32 0
  %0 = load target("dx.RawBuffer", float, 0, 0), ptr %__handle, align 4
  %1 = load i32, ptr %Index.addr, align 4
  %2 = call ptr @llvm.dx.resource.getpointer.p0.tdx.RawBuffer_f32_0_0t(target("dx.RawBuffer", float, 0, 0) %0, i32 %1)
  ret ptr %2
}

; Function Attrs: convergent mustprogress noinline norecurse nounwind optnone
define hidden void @_Z7writeItN4hlsl8RWBufferIfEEjf(ptr dead_on_return noundef %o, i32 noundef %i, float noundef nofpclass(nan inf) %v) #2 {
entry:
  %o.indirect_addr = alloca ptr, align 4
  %i.addr = alloca i32, align 4
  %v.addr = alloca float, align 4
  store ptr %o, ptr %o.indirect_addr, align 4
  store i32 %i, ptr %i.addr, align 4
  store float %v, ptr %v.addr, align 4
  %0 = load float, ptr %v.addr, align 4
  %1 = load i32, ptr %i.addr, align 4
  %call = call noundef nonnull align 4 dereferenceable(4) ptr @_ZN4hlsl8RWBufferIfEixEj(ptr noundef nonnull align 4 dereferenceable(4) %o, i32 noundef %1) #6
  store float %0, ptr %call, align 4
  ret void
}

; Function Attrs: alwaysinline convergent mustprogress norecurse nounwind
define linkonce_odr hidden noundef nonnull align 4 dereferenceable(4) ptr @_ZN4hlsl8RWBufferIfEixEj(ptr noundef nonnull align 4 dereferenceable(4) %this, i32 noundef %Index) #1 align 2 {
entry:
  %this.addr = alloca ptr, align 4
  %Index.addr = alloca i32, align 4
  store ptr %this, ptr %this.addr, align 4
  store i32 %Index, ptr %Index.addr, align 4
  %this1 = load ptr, ptr %this.addr, align 4
  %__handle = getelementptr inbounds nuw %"class.hlsl::RWBuffer", ptr %this1, i32 0, i32 0
  %0 = load target("dx.TypedBuffer", float, 1, 0, 0), ptr %__handle, align 4
  %1 = load i32, ptr %Index.addr, align 4
  %2 = call ptr @llvm.dx.resource.getpointer.p0.tdx.TypedBuffer_f32_1_0_0t(target("dx.TypedBuffer", float, 1, 0, 0) %0, i32 %1)
  ret ptr %2
}

; Function Attrs: alwaysinline convergent mustprogress norecurse nounwind
define internal void @_Z4mainj(i32 noundef %id) #1 {
entry:
  %id.addr = alloca i32, align 4
  %agg.tmp = alloca %"class.hlsl::RWBuffer", align 4
  %agg.tmp1 = alloca %"class.hlsl::StructuredBuffer", align 4
  store i32 %id, ptr %id.addr, align 4
  call void @_ZN4hlsl8RWBufferIfEC1ERKS1_(ptr noundef nonnull align 4 dereferenceable(4) %agg.tmp, ptr noundef nonnull align 4 dereferenceable(4) @_ZL3Out) #6
  %0 = load i32, ptr %id.addr, align 4
  call void @_ZN4hlsl16StructuredBufferIfEC1ERKS1_(ptr noundef nonnull align 4 dereferenceable(4) %agg.tmp1, ptr noundef nonnull align 4 dereferenceable(4) @_ZL2In) #6
  %1 = load i32, ptr %id.addr, align 4
  %call = call reassoc nnan ninf nsz arcp afn noundef nofpclass(nan inf) float @_Z6readItN4hlsl16StructuredBufferIfEEj(ptr dead_on_return noundef %agg.tmp1, i32 noundef %1) #6
  %mul = fmul reassoc nnan ninf nsz arcp afn float %call, 2.000000e+00
  call void @_Z7writeItN4hlsl8RWBufferIfEEjf(ptr dead_on_return noundef %agg.tmp, i32 noundef %0, float noundef nofpclass(nan inf) %mul) #6
  ret void
}

; Function Attrs: convergent noinline norecurse optnone
define void @main() #3 {
entry:
  call void @_GLOBAL__sub_I_h.hlsl()
  %0 = call i32 @llvm.dx.flattened.thread.id.in.group()
  call void @_Z4mainj(i32 %0)
  ret void
}

; Function Attrs: nounwind willreturn memory(none)
declare i32 @llvm.dx.flattened.thread.id.in.group() #4

; Function Attrs: alwaysinline convergent mustprogress norecurse nounwind
define linkonce_odr hidden void @_ZN4hlsl8RWBufferIfEC1ERKS1_(ptr noundef nonnull align 4 dereferenceable(4) %this, ptr noundef nonnull align 4 dereferenceable(4) %other) unnamed_addr #1 align 2 {
entry:
  %this.addr = alloca ptr, align 4
  %other.addr = alloca ptr, align 4
  store ptr %this, ptr %this.addr, align 4
  store ptr %other, ptr %other.addr, align 4
  %this1 = load ptr, ptr %this.addr, align 4
  %0 = load ptr, ptr %other.addr, align 4
  call void @_ZN4hlsl8RWBufferIfEC2ERKS1_(ptr noundef nonnull align 4 dereferenceable(4) %this1, ptr noundef nonnull align 4 dereferenceable(4) %0) #6
  ret void
}

; Function Attrs: alwaysinline convergent mustprogress norecurse nounwind
define linkonce_odr hidden void @_ZN4hlsl16StructuredBufferIfEC1ERKS1_(ptr noundef nonnull align 4 dereferenceable(4) %this, ptr noundef nonnull align 4 dereferenceable(4) %other) unnamed_addr #1 align 2 {
entry:
  %this.addr = alloca ptr, align 4
  %other.addr = alloca ptr, align 4
  store ptr %this, ptr %this.addr, align 4
  store ptr %other, ptr %other.addr, align 4
  %this1 = load ptr, ptr %this.addr, align 4
  %0 = load ptr, ptr %other.addr, align 4
  call void @_ZN4hlsl16StructuredBufferIfEC2ERKS1_(ptr noundef nonnull align 4 dereferenceable(4) %this1, ptr noundef nonnull align 4 dereferenceable(4) %0) #6
  ret void
}

; Function Attrs: alwaysinline convergent mustprogress norecurse nounwind
define linkonce_odr hidden void @_ZN4hlsl8RWBufferIfEC1Ev(ptr noundef nonnull align 4 dereferenceable(4) %this) unnamed_addr #1 align 2 {
entry:
  %this.addr = alloca ptr, align 4
  store ptr %this, ptr %this.addr, align 4
  %this1 = load ptr, ptr %this.addr, align 4
  call void @_ZN4hlsl8RWBufferIfEC2Ev(ptr noundef nonnull align 4 dereferenceable(4) %this1) #6
  ret void
}

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare target("dx.TypedBuffer", float, 1, 0, 0) @llvm.dx.resource.handlefrombinding.tdx.TypedBuffer_f32_1_0_0t(i32, i32, i32, i32, ptr) #5

; Function Attrs: alwaysinline convergent mustprogress norecurse nounwind
define linkonce_odr hidden void @_ZN4hlsl8RWBufferIfEC2Ev(ptr noundef nonnull align 4 dereferenceable(4) %this) unnamed_addr #1 align 2 {
entry:
  %this.addr = alloca ptr, align 4
  store ptr %this, ptr %this.addr, align 4
  %this1 = load ptr, ptr %this.addr, align 4
  %__handle = getelementptr inbounds nuw %"class.hlsl::RWBuffer", ptr %this1, i32 0, i32 0
  store target("dx.TypedBuffer", float, 1, 0, 0) poison, ptr %__handle, align 4
  ret void
}

; Function Attrs: alwaysinline convergent mustprogress norecurse nounwind
define linkonce_odr hidden void @_ZN4hlsl16StructuredBufferIfEC1Ev(ptr noundef nonnull align 4 dereferenceable(4) %this) unnamed_addr #1 align 2 {
entry:
  %this.addr = alloca ptr, align 4
  store ptr %this, ptr %this.addr, align 4
  %this1 = load ptr, ptr %this.addr, align 4
  call void @_ZN4hlsl16StructuredBufferIfEC2Ev(ptr noundef nonnull align 4 dereferenceable(4) %this1) #6
  ret void
}

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare target("dx.RawBuffer", float, 0, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_f32_0_0t(i32, i32, i32, i32, ptr) #5

; Function Attrs: alwaysinline convergent mustprogress norecurse nounwind
define linkonce_odr hidden void @_ZN4hlsl16StructuredBufferIfEC2Ev(ptr noundef nonnull align 4 dereferenceable(4) %this) unnamed_addr #1 align 2 {
entry:
  %this.addr = alloca ptr, align 4
  store ptr %this, ptr %this.addr, align 4
  %this1 = load ptr, ptr %this.addr, align 4
  %__handle = getelementptr inbounds nuw %"class.hlsl::StructuredBuffer", ptr %this1, i32 0, i32 0
  store target("dx.RawBuffer", float, 0, 0) poison, ptr %__handle, align 4
  ret void
}

; Function Attrs: alwaysinline convergent mustprogress norecurse nounwind
define linkonce_odr hidden void @_ZN4hlsl8RWBufferIfEC2ERKS1_(ptr noundef nonnull align 4 dereferenceable(4) %this, ptr noundef nonnull align 4 dereferenceable(4) %other) unnamed_addr #1 align 2 {
entry:
  %this.addr = alloca ptr, align 4
  %other.addr = alloca ptr, align 4
  store ptr %this, ptr %this.addr, align 4
  store ptr %other, ptr %other.addr, align 4
  %this1 = load ptr, ptr %this.addr, align 4
  %0 = load ptr, ptr %other.addr, align 4, !nonnull !3, !align !4
  %__handle = getelementptr inbounds nuw %"class.hlsl::RWBuffer", ptr %0, i32 0, i32 0
  %1 = load target("dx.TypedBuffer", float, 1, 0, 0), ptr %__handle, align 4
  %__handle2 = getelementptr inbounds nuw %"class.hlsl::RWBuffer", ptr %this1, i32 0, i32 0
  store target("dx.TypedBuffer", float, 1, 0, 0) %1, ptr %__handle2, align 4
  ret void
}

; Function Attrs: alwaysinline convergent mustprogress norecurse nounwind
define linkonce_odr hidden void @_ZN4hlsl16StructuredBufferIfEC2ERKS1_(ptr noundef nonnull align 4 dereferenceable(4) %this, ptr noundef nonnull align 4 dereferenceable(4) %other) unnamed_addr #1 align 2 {
entry:
  %this.addr = alloca ptr, align 4
  %other.addr = alloca ptr, align 4
  store ptr %this, ptr %this.addr, align 4
  store ptr %other, ptr %other.addr, align 4
  %this1 = load ptr, ptr %this.addr, align 4
  %0 = load ptr, ptr %other.addr, align 4, !nonnull !3, !align !4
  %__handle = getelementptr inbounds nuw %"class.hlsl::StructuredBuffer", ptr %0, i32 0, i32 0
  %1 = load target("dx.RawBuffer", float, 0, 0), ptr %__handle, align 4
  %__handle2 = getelementptr inbounds nuw %"class.hlsl::StructuredBuffer", ptr %this1, i32 0, i32 0
  store target("dx.RawBuffer", float, 0, 0) %1, ptr %__handle2, align 4
  ret void
}

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare ptr @llvm.dx.resource.getpointer.p0.tdx.RawBuffer_f32_0_0t(target("dx.RawBuffer", float, 0, 0), i32) #5

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare ptr @llvm.dx.resource.getpointer.p0.tdx.TypedBuffer_f32_1_0_0t(target("dx.TypedBuffer", float, 1, 0, 0), i32) #5

; Function Attrs: alwaysinline convergent nounwind
define internal void @_GLOBAL__sub_I_h.hlsl() #0 {
entry:
  call void @__cxx_global_var_init()
  call void @__cxx_global_var_init.1()
  ret void
}

attributes #0 = { alwaysinline convergent nounwind "no-infs-fp-math"="true" "no-nans-fp-math"="true" "no-signed-zeros-fp-math"="true" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #1 = { alwaysinline convergent mustprogress norecurse nounwind "no-infs-fp-math"="true" "no-nans-fp-math"="true" "no-signed-zeros-fp-math"="true" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #2 = { convergent mustprogress noinline norecurse nounwind optnone "no-infs-fp-math"="true" "no-nans-fp-math"="true" "no-signed-zeros-fp-math"="true" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #3 = { convergent noinline norecurse optnone "hlsl.numthreads"="4,1,1" "hlsl.shader"="compute" "no-infs-fp-math"="true" "no-nans-fp-math"="true" "no-signed-zeros-fp-math"="true" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #4 = { nounwind willreturn memory(none) }
attributes #5 = { nocallback nofree nosync nounwind willreturn memory(none) }
attributes #6 = { convergent }

!llvm.module.flags = !{!0}
!dx.valver = !{!1}
!llvm.ident = !{!2}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 1, i32 8}
!2 = !{!"Debian clang version 22.1.8 (1~deb12u1)"}
!3 = !{}
!4 = !{i64 4}
