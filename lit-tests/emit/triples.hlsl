// `--triple`/`-triple`, `-T` profiles and `--stage` pick the module's triple
// as clang-22 prints it: a plain `dxil` arch becomes the shader model's DXIL
// version, a `-T` profile gives the triple clang's dxc driver passes on
// (vendor `unknown`; Vulkan 1.3 / SPIR-V 1.6 unless --fspv-target-env says
// vulkan1.2), SPIR-V triples stay as written. Only a library registers the
// constructor in @llvm.global_ctors; for a stage clang-22's entry wrapper
// calls it, so it stays defined but unregistered. Data layout, flags and
// !dx.valver do not change with the triple.
// RUN: %cblower emit-llvm -triple dxil-pc-shadermodel6.6-compute %s | %opt-22 -S -passes=verify | FileCheck %s --check-prefixes=CS66,STAGE
// RUN: %cblower emit-llvm --rules clang-22 --triple=dxil-pc-shadermodel6.6-compute %s | %opt-22 -S -passes=verify | FileCheck %s --check-prefixes=CS66,STAGE
// RUN: %cblower emit-llvm -T ps_6_0 %s | FileCheck %s --check-prefixes=PS60,STAGE
// RUN: %cblower emit-llvm -T lib_6_8 -E main %s | FileCheck %s --check-prefixes=LIB68,LIB
// RUN: %cblower emit-llvm --stage vertex %s | FileCheck %s --check-prefixes=VS63,STAGE
// RUN: %cblower emit-llvm --triple dxilv1.2-pc-shadermodel6.8 --stage mesh %s | FileCheck %s --check-prefixes=MS,STAGE
// RUN: %cblower emit-llvm -triple spirv-unknown-vulkan1.2-compute %s | %opt-22 -S -passes=verify | FileCheck %s --check-prefixes=SPVCS,SPVSTAGE
// RUN: %cblower emit-llvm --target spirv -T lib_6_3 -fspv-target-env=vulkan1.2 %s | FileCheck %s --check-prefixes=SPVLIB,SPVLIBCTOR
// RUN: %cblower emit-llvm -T cs_6_6 --via-llvm %s | FileCheck %s --check-prefixes=CSDRV,STAGE
// RUN: %cblower emit-llvm -T cs_6_6 --lower %s | FileCheck %s --check-prefix=LOWER66
// RUN: %cblower emit-llvm -T cs_6_0 --lower %s | FileCheck %s --check-prefix=LOWER60

cbuffer CB : register(b0) { float4 a; float b; }

// CS66:      target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64-v48:16:16-v96:32:32-v192:64:64"
// CS66-NEXT: target triple = "dxilv1.6-pc-shadermodel6.6-compute"
// PS60:      target triple = "dxilv1.0-unknown-shadermodel6.0-pixel"
// LIB68:     target triple = "dxilv1.8-unknown-shadermodel6.8-library"
// VS63:      target triple = "dxilv1.3-pc-shadermodel6.3-vertex"
// MS:        target triple = "dxilv1.2-pc-shadermodel6.8-mesh"
// CSDRV:     target triple = "dxilv1.6-unknown-shadermodel6.6-compute"

// STAGE:      @CB.str = private unnamed_addr constant [3 x i8] c"CB\00", align 1
// STAGE-NOT:  @llvm.global_ctors
// STAGE:      define internal void @_GLOBAL__sub_I_triples.hlsl() #2 {
// STAGE-NEXT: entry:
// STAGE-NEXT:   call void @_init_buffer_CB.cb()
// STAGE:      !llvm.module.flags = !{![[WCHAR:[0-9]+]]}
// STAGE-NEXT: !dx.valver = !{![[VALVER:[0-9]+]]}
// STAGE:      ![[VALVER]] = !{i32 1, i32 8}

// LIB:      @CB.str = private unnamed_addr constant [3 x i8] c"CB\00", align 1
// LIB-NEXT: @llvm.global_ctors = appending global [1 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 65535, ptr @_GLOBAL__sub_I_triples.hlsl, ptr null }]

// SPVCS:      target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64-G10"
// SPVCS-NEXT: target triple = "spirv-unknown-vulkan1.2-compute"
// SPVLIB:     target triple = "spirv1.5-unknown-vulkan1.2-library"
// SPVSTAGE:   @CB.str = private unnamed_addr constant [3 x i8] c"CB\00", align 1
// SPVSTAGE-NOT: @llvm.global_ctors
// SPVSTAGE:   define internal spir_func void @_GLOBAL__sub_I_triples.hlsl() #2 {
// SPVSTAGE-NOT: dx.valver
// SPVLIBCTOR: @llvm.global_ctors = appending global [1 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 65535, ptr @_GLOBAL__sub_I_triples.hlsl, ptr null }]

// The lowering follows the triple: DXIL 1.6 creates handles from bindings,
// DXIL 1.0 with createHandle.
// LOWER66: target triple = "dxilv1.6-unknown-shadermodel6.6-compute"
// LOWER66: call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217,
// LOWER60: target triple = "dxilv1.0-unknown-shadermodel6.0-compute"
// LOWER60: call %dx.types.Handle @dx.op.createHandle(i32 57,
