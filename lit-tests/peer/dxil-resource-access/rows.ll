; dxil-resource-access on loads straight from getpointer: the row intrinsic
; follows the element width (.8 for half, .4 for float, .2 for i64/double),
; row = offset / 16, element = (offset % 16) / width; vectors are rebuilt
; with .upto insertelements, crossing rows where needed; <1 x T> is rebuilt.
; RUN: opt -S -mtriple=dxil -dxil-resource-access %s | FileCheck %s

; offsets: float 0, i32 4, i32 8, half 12, i16 14, double 16, i64 24, float3 32, double3 48, half2 72, double1 80
%__cblayout_K = type <{ float, i32, i32, half, i16, double, i64, <3 x float>, target("dx.Padding", 4), <3 x double>, <2 x half>, target("dx.Padding", 4), <1 x double> }>
@K.cb = global target("dx.CBuffer", %__cblayout_K) poison
; CHECK: %v0.load = call { float, float, float, float } @llvm.dx.resource.load.cbufferrow.4.f32.f32.f32.f32.tdx.CBuffer_s___cblayout_Kst(target("dx.CBuffer", %__cblayout_K) %h, i32 0)
; CHECK-NEXT: %v0.extract = extractvalue { float, float, float, float } %v0.load, 0
; CHECK-NEXT: store float %v0.extract, ptr %out
; CHECK: %v3.load = call { half, half, half, half, half, half, half, half } @llvm.dx.resource.load.cbufferrow.8.f16.f16.f16.f16.f16.f16.f16.f16.tdx.CBuffer_s___cblayout_Kst(target("dx.CBuffer", %__cblayout_K) %h, i32 0)
; CHECK-NEXT: %v3.extract = extractvalue { half, half, half, half, half, half, half, half } %v3.load, 6
; CHECK: %v6.load = call { i64, i64 } @llvm.dx.resource.load.cbufferrow.2.i64.i64.tdx.CBuffer_s___cblayout_Kst(target("dx.CBuffer", %__cblayout_K) %h, i32 1)
; CHECK-NEXT: %v6.extract = extractvalue { i64, i64 } %v6.load, 1
; CHECK: %v7.load = call { float, float, float, float } @llvm.dx.resource.load.cbufferrow.4.{{.*}}(target("dx.CBuffer", %__cblayout_K) %h, i32 2)
; CHECK-NEXT: %v7.extract = extractvalue { float, float, float, float } %v7.load, 0
; CHECK-NEXT: [[Y:%.*]] = extractvalue { float, float, float, float } %v7.load, 1
; CHECK-NEXT: [[Z:%.*]] = extractvalue { float, float, float, float } %v7.load, 2
; CHECK-NEXT: %v7.upto0 = insertelement <3 x float> poison, float %v7.extract, i32 0
; CHECK-NEXT: %v7.upto1 = insertelement <3 x float> %v7.upto0, float [[Y]], i32 1
; CHECK-NEXT: %v7.upto2 = insertelement <3 x float> %v7.upto1, float [[Z]], i32 2
; CHECK-NEXT: store <3 x float> %v7.upto2, ptr %out
; CHECK: %v8.load = call { double, double } @llvm.dx.resource.load.cbufferrow.2.{{.*}}(target("dx.CBuffer", %__cblayout_K) %h, i32 3)
; CHECK-NEXT: %v8.extract = extractvalue { double, double } %v8.load, 0
; CHECK-NEXT: [[DY:%.*]] = extractvalue { double, double } %v8.load, 1
; CHECK-NEXT: [[ROW4:%.*]] = call { double, double } @llvm.dx.resource.load.cbufferrow.2.{{.*}}(target("dx.CBuffer", %__cblayout_K) %h, i32 4)
; CHECK-NEXT: [[DZ:%.*]] = extractvalue { double, double } [[ROW4]], 0
; CHECK-NEXT: %v8.upto0 = insertelement <3 x double> poison, double %v8.extract, i32 0
; CHECK-NEXT: %v8.upto1 = insertelement <3 x double> %v8.upto0, double [[DY]], i32 1
; CHECK-NEXT: %v8.upto2 = insertelement <3 x double> %v8.upto1, double [[DZ]], i32 2
; CHECK: %v9.load = call { half, half, half, half, half, half, half, half } @llvm.dx.resource.load.cbufferrow.8.{{.*}}(target("dx.CBuffer", %__cblayout_K) %h, i32 4)
; CHECK-NEXT: %v9.extract = extractvalue { half, half, half, half, half, half, half, half } %v9.load, 4
; CHECK-NEXT: [[HY:%.*]] = extractvalue { half, half, half, half, half, half, half, half } %v9.load, 5
; CHECK: %v10.load = call { double, double } @llvm.dx.resource.load.cbufferrow.2.{{.*}}(target("dx.CBuffer", %__cblayout_K) %h, i32 5)
; CHECK-NEXT: %v10.extract = extractvalue { double, double } %v10.load, 0
; CHECK-NEXT: [[ONE:%.*]] = insertelement <1 x double> poison, double %v10.extract, i32 0
; CHECK-NEXT: store <1 x double> [[ONE]], ptr %out
; CHECK-NOT: call ptr addrspace(2) @llvm.dx.resource.getpointer
; CHECK: ret void
define void @f(ptr %out, i32 %i) {
entry:
  %h = load target("dx.CBuffer", %__cblayout_K), ptr @K.cb, align 4
  %p0 = call ptr addrspace(2) @llvm.dx.resource.getpointer(target("dx.CBuffer", %__cblayout_K) %h, i32 0)
  %v0 = load float, ptr addrspace(2) %p0, align 4
  store float %v0, ptr %out
  %p3 = call ptr addrspace(2) @llvm.dx.resource.getpointer(target("dx.CBuffer", %__cblayout_K) %h, i32 12)
  %v3 = load half, ptr addrspace(2) %p3, align 2
  store half %v3, ptr %out
  %p6 = call ptr addrspace(2) @llvm.dx.resource.getpointer(target("dx.CBuffer", %__cblayout_K) %h, i32 24)
  %v6 = load i64, ptr addrspace(2) %p6, align 8
  store i64 %v6, ptr %out
  %p7 = call ptr addrspace(2) @llvm.dx.resource.getpointer(target("dx.CBuffer", %__cblayout_K) %h, i32 32)
  %v7 = load <3 x float>, ptr addrspace(2) %p7, align 16
  store <3 x float> %v7, ptr %out
  %p8 = call ptr addrspace(2) @llvm.dx.resource.getpointer(target("dx.CBuffer", %__cblayout_K) %h, i32 48)
  %v8 = load <3 x double>, ptr addrspace(2) %p8, align 16
  store <3 x double> %v8, ptr %out
  %p9 = call ptr addrspace(2) @llvm.dx.resource.getpointer(target("dx.CBuffer", %__cblayout_K) %h, i32 72)
  %v9 = load <2 x half>, ptr addrspace(2) %p9, align 4
  store <2 x half> %v9, ptr %out
  %p10 = call ptr addrspace(2) @llvm.dx.resource.getpointer(target("dx.CBuffer", %__cblayout_K) %h, i32 80)
  %v10 = load <1 x double>, ptr addrspace(2) %p10, align 8
  store <1 x double> %v10, ptr %out
  ret void
}
