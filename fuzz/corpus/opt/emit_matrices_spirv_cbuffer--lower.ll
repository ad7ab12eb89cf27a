; ModuleID = 'lit-tests/emit/matrices.hlsl'
source_filename = "lit-tests/emit/matrices.hlsl"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64-G10"
target triple = "spirv-unknown-vulkan1.3-library"

%__cblayout_Matrices = type <{ <2 x float>, target("spirv.Padding", 8), <{ [2 x <{ <2 x float>, target("spirv.Padding", 8) }>], <2 x float> }>, <2 x float>, <{ [1 x <{ [3 x float], target("spirv.Padding", 4) }>], [3 x float] }>, target("spirv.Padding", 4), [3 x float], target("spirv.Padding", 4), <{ [1 x <{ <{ [2 x <{ [3 x float], target("spirv.Padding", 4) }>], [3 x float] }>, target("spirv.Padding", 4) }>], <{ [2 x <{ [3 x float], target("spirv.Padding", 4) }>], [3 x float] }> }>, target("spirv.Padding", 4), [4 x <4 x float>], float }>
%__cblayout_OneColumn = type <{ <{ [2 x <{ <1 x float>, target("spirv.Padding", 12) }>], <1 x float> }>, target("spirv.Padding", 12), <{ [2 x <{ <1 x float>, target("spirv.Padding", 12) }>], <1 x float> }>, [3 x float], float }>

@Matrices.str = private unnamed_addr constant [9 x i8] c"Matrices\00", align 1
@OneColumn.str = private unnamed_addr constant [10 x i8] c"OneColumn\00", align 1
@llvm.global_ctors = appending global [1 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 65535, ptr @_GLOBAL__sub_I_matrices.hlsl, ptr null }]

; Function Attrs: alwaysinline
define internal spir_func void @_init_buffer_Matrices.cb() #0 {
entry:
  %Matrices.cb_h = call target("spirv.VulkanBuffer", %__cblayout_Matrices, 2, 0) @llvm.spv.resource.handlefromimplicitbinding.tspirv.VulkanBuffer_s___cblayout_Matricess_2_0t(i32 0, i32 0, i32 1, i32 0, ptr @Matrices.str)
  ret void
}

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare target("spirv.VulkanBuffer", %__cblayout_Matrices, 2, 0) @llvm.spv.resource.handlefromimplicitbinding.tspirv.VulkanBuffer_s___cblayout_Matricess_2_0t(i32, i32, i32, i32, ptr) #1

; Function Attrs: alwaysinline
define internal spir_func void @_init_buffer_OneColumn.cb() #0 {
entry:
  %OneColumn.cb_h = call target("spirv.VulkanBuffer", %__cblayout_OneColumn, 2, 0) @llvm.spv.resource.handlefromimplicitbinding.tspirv.VulkanBuffer_s___cblayout_OneColumns_2_0t(i32 1, i32 0, i32 1, i32 0, ptr @OneColumn.str)
  ret void
}

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare target("spirv.VulkanBuffer", %__cblayout_OneColumn, 2, 0) @llvm.spv.resource.handlefromimplicitbinding.tspirv.VulkanBuffer_s___cblayout_OneColumns_2_0t(i32, i32, i32, i32, ptr) #1

; Function Attrs: alwaysinline convergent nounwind
define internal spir_func void @_GLOBAL__sub_I_matrices.hlsl() #2 {
entry:
  %0 = call token @llvm.experimental.convergence.entry()
  call spir_func void @_init_buffer_Matrices.cb()
  call spir_func void @_init_buffer_OneColumn.cb()
  ret void
}

; Function Attrs: convergent nocallback nofree nosync nounwind willreturn memory(none)
declare token @llvm.experimental.convergence.entry() #3

attributes #0 = { alwaysinline }
attributes #1 = { nocallback nofree nosync nounwind willreturn memory(none) }
attributes #2 = { alwaysinline convergent nounwind "no-infs-fp-math"="true" "no-nans-fp-math"="true" "no-signed-zeros-fp-math"="true" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #3 = { convergent nocallback nofree nosync nounwind willreturn memory(none) }

!hlsl.layouts = !{!0, !1}
!llvm.module.flags = !{!2}

!0 = !{!"__cblayout_Matrices", i32 276, i32 0, i32 16, i32 56, i32 64, i32 96, i32 112, i32 208, i32 272}
!1 = !{!"__cblayout_OneColumn", i32 100, i32 0, i32 48, i32 84, i32 96}
!2 = !{i32 1, !"wchar_size", i32 4}
