// Handle creation: one internal alwaysinline _init_buffer_<Name>.cb per
// buffer that creates the handle from its binding and stores it, and one
// global constructor (_GLOBAL__sub_I_<file>, every byte of the file name
// outside [A-Za-z0-9_.] made `_` as clang-22 does) calling them in buffer order,
// registered in @llvm.global_ctors. On SPIR-V the constructor is a spir_func
// that opens with a convergence entry token. clang-22 defines the init
// functions with the C calling convention but calls them as spir_func (a
// mismatch an optimiser may turn into unreachable); the default mode defines
// them as spir_func.
// RUN: %cblower emit-llvm %s | %opt-22 -S -passes=verify | FileCheck %s --check-prefix=DX
// RUN: %cblower emit-llvm --rules clang-22 %s | %opt-22 -S -passes=verify | FileCheck %s --check-prefix=DX
// RUN: %cblower emit-llvm --target spirv %s | %opt-22 -S -passes=verify | FileCheck %s --check-prefixes=SPV,SPV-DXC
// RUN: %cblower emit-llvm --target spirv --rules clang-22 %s | %opt-22 -S -passes=verify | FileCheck %s --check-prefixes=SPV,SPV-CLANG

cbuffer CB : register(b1, space5) { float a; }
cbuffer Imp { float b; }

// DX:      @llvm.global_ctors = appending global [1 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 65535, ptr @_GLOBAL__sub_I_init_functions.hlsl, ptr null }]
// DX:      ; Function Attrs: alwaysinline
// DX-NEXT: define internal void @_init_buffer_CB.cb() [[INIT:#[0-9]+]] {
// DX-NEXT: entry:
// DX-NEXT:   %CB.cb_h = call target("dx.CBuffer", %__cblayout_CB) @llvm.dx.resource.handlefrombinding.tdx.CBuffer_s___cblayout_CBst(i32 5, i32 1, i32 1, i32 0, ptr @CB.str)
// DX-NEXT:   store target("dx.CBuffer", %__cblayout_CB) %CB.cb_h, ptr @CB.cb, align 4
// DX-NEXT:   ret void
// DX-NEXT: }
// DX:      declare target("dx.CBuffer", %__cblayout_CB) @llvm.dx.resource.handlefrombinding.tdx.CBuffer_s___cblayout_CBst(i32, i32, i32, i32, ptr) [[INTR:#[0-9]+]]
// DX:      define internal void @_init_buffer_Imp.cb() [[INIT]] {
// DX-NEXT: entry:
// DX-NEXT:   %Imp.cb_h = call target("dx.CBuffer", %__cblayout_Imp) @llvm.dx.resource.handlefromimplicitbinding.tdx.CBuffer_s___cblayout_Impst(i32 0, i32 0, i32 1, i32 0, ptr @Imp.str)
// DX-NEXT:   store target("dx.CBuffer", %__cblayout_Imp) %Imp.cb_h, ptr @Imp.cb, align 4
// DX-NEXT:   ret void
// DX-NEXT: }
// DX:      ; Function Attrs: alwaysinline convergent nounwind
// DX-NEXT: define internal void @_GLOBAL__sub_I_init_functions.hlsl() [[CTOR:#[0-9]+]] {
// DX-NEXT: entry:
// DX-NEXT:   call void @_init_buffer_CB.cb()
// DX-NEXT:   call void @_init_buffer_Imp.cb()
// DX-NEXT:   ret void
// DX-NEXT: }
// DX:      attributes [[INIT]] = { alwaysinline }
// DX-NEXT: attributes [[INTR]] = { nocallback nofree nosync nounwind willreturn memory(none) }
// DX-NEXT: attributes [[CTOR]] = { alwaysinline convergent nounwind "no-infs-fp-math"="true" "no-nans-fp-math"="true" "no-signed-zeros-fp-math"="true" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }

// SPV:           @llvm.global_ctors = appending global [1 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 65535, ptr @_GLOBAL__sub_I_init_functions.hlsl, ptr null }]
// SPV-DXC:       define internal spir_func void @_init_buffer_CB.cb() [[INIT:#[0-9]+]] {
// SPV-CLANG:     define internal void @_init_buffer_CB.cb() [[INIT:#[0-9]+]] {
// SPV-NEXT:      entry:
// SPV-NEXT:        %CB.cb_h = call target("spirv.VulkanBuffer", %__cblayout_CB, 2, 0) @llvm.spv.resource.handlefrombinding.tspirv.VulkanBuffer_s___cblayout_CBs_2_0t(i32 5, i32 1, i32 1, i32 0, ptr @CB.str)
// SPV-NEXT:        store target("spirv.VulkanBuffer", %__cblayout_CB, 2, 0) %CB.cb_h, ptr @CB.cb, align 8
// SPV-NEXT:        ret void
// SPV-NEXT:      }
// SPV-DXC:       define internal spir_func void @_init_buffer_Imp.cb() [[INIT]] {
// SPV-CLANG:     define internal void @_init_buffer_Imp.cb() [[INIT]] {
// SPV-NEXT:      entry:
// SPV-NEXT:        %Imp.cb_h = call target("spirv.VulkanBuffer", %__cblayout_Imp, 2, 0) @llvm.spv.resource.handlefromimplicitbinding.tspirv.VulkanBuffer_s___cblayout_Imps_2_0t(i32 0, i32 0, i32 1, i32 0, ptr @Imp.str)
// SPV-NEXT:        store target("spirv.VulkanBuffer", %__cblayout_Imp, 2, 0) %Imp.cb_h, ptr @Imp.cb, align 8
// SPV-NEXT:        ret void
// SPV-NEXT:      }
// SPV:           ; Function Attrs: alwaysinline convergent nounwind
// SPV-NEXT:      define internal spir_func void @_GLOBAL__sub_I_init_functions.hlsl() [[CTOR:#[0-9]+]] {
// SPV-NEXT:      entry:
// SPV-NEXT:        %0 = call token @llvm.experimental.convergence.entry()
// SPV-NEXT:        call spir_func void @_init_buffer_CB.cb()
// SPV-NEXT:        call spir_func void @_init_buffer_Imp.cb()
// SPV-NEXT:        ret void
// SPV-NEXT:      }
// SPV:           declare token @llvm.experimental.convergence.entry() [[CONV:#[0-9]+]]
// SPV:           attributes [[INIT]] = { alwaysinline }
// SPV:           attributes [[CTOR]] = { alwaysinline convergent nounwind "no-infs-fp-math"="true" "no-nans-fp-math"="true" "no-signed-zeros-fp-math"="true" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
// SPV-NEXT:      attributes [[CONV]] = { convergent nocallback nofree nosync nounwind willreturn memory(none) }
