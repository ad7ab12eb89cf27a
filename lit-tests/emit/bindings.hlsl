// Handle creation per binding form. register(bN[, spaceM]) and tbuffer's
// register(tN) give handlefrombinding(space, register, 1, 0, name); without a
// register the handle comes from handlefromimplicitbinding(order id, space,
// 1, 0, name), where one counter numbers implicitly bound buffers and
// resources in source order (R takes 1) and $Globals comes last.
// [[vk::binding(binding, set)]] is explicit on SPIR-V (and takes no order
// id) but ignored on DXIL. Both rule sets agree on all of this.
// RUN: %cblower emit-llvm %s | %opt-22 -S -passes=verify | FileCheck %s --check-prefix=DX
// RUN: %cblower emit-llvm --rules clang-22 %s | %opt-22 -S -passes=verify | FileCheck %s --check-prefix=DX
// RUN: %cblower emit-llvm --target spirv %s | %opt-22 -S -passes=verify | FileCheck %s --check-prefix=SPV
// RUN: %cblower emit-llvm --target spirv --rules clang-22 %s | %opt-22 -S -passes=verify | FileCheck %s --check-prefix=SPV

cbuffer A { float a; }                          // DXIL id 0 | SPIR-V id 0
RWBuffer<float> R;                              //         1 |          1
cbuffer B : register(b3, space1) { float b; }   // explicit
cbuffer C : register(space2) { float c; }       //         2 |          2
tbuffer T : register(t1) { float t; }           // explicit, @T.tb
[[vk::binding(5, 2)]] cbuffer V { float v; }    //         3 | explicit
cbuffer D { float d; }                          //         4 |          3
float g;                                        // $Globals: 5 | 4

// DX:      @A.cb = global target("dx.CBuffer", %__cblayout_A) poison
// DX:      @T.tb = global target("dx.CBuffer", %__cblayout_T) poison
// DX:      %A.cb_h = call target("dx.CBuffer", %__cblayout_A) @llvm.dx.resource.handlefromimplicitbinding.tdx.CBuffer_s___cblayout_Ast(i32 0, i32 0, i32 1, i32 0, ptr @A.str)
// DX:      %B.cb_h = call target("dx.CBuffer", %__cblayout_B) @llvm.dx.resource.handlefrombinding.tdx.CBuffer_s___cblayout_Bst(i32 1, i32 3, i32 1, i32 0, ptr @B.str)
// DX:      %C.cb_h = call target("dx.CBuffer", %__cblayout_C) @llvm.dx.resource.handlefromimplicitbinding.tdx.CBuffer_s___cblayout_Cst(i32 2, i32 2, i32 1, i32 0, ptr @C.str)
// DX:      define internal void @_init_buffer_T.tb()
// DX:      %T.tb_h = call target("dx.CBuffer", %__cblayout_T) @llvm.dx.resource.handlefrombinding.tdx.CBuffer_s___cblayout_Tst(i32 0, i32 1, i32 1, i32 0, ptr @T.str)
// DX-NEXT: store target("dx.CBuffer", %__cblayout_T) %T.tb_h, ptr @T.tb, align 4
// DX:      %V.cb_h = call target("dx.CBuffer", %__cblayout_V) @llvm.dx.resource.handlefromimplicitbinding.tdx.CBuffer_s___cblayout_Vst(i32 3, i32 0, i32 1, i32 0, ptr @V.str)
// DX:      %D.cb_h = call target("dx.CBuffer", %__cblayout_D) @llvm.dx.resource.handlefromimplicitbinding.tdx.CBuffer_s___cblayout_Dst(i32 4, i32 0, i32 1, i32 0, ptr @D.str)
// DX:      %"$Globals.cb_h" = call target("dx.CBuffer", %"__cblayout_$Globals") @"llvm.dx.resource.handlefromimplicitbinding.tdx.CBuffer_s___cblayout_$Globalsst"(i32 5, i32 0, i32 1, i32 0, ptr @"$Globals.str")
// DX:      !{ptr @A.cb, ptr addrspace(2) @a}
// DX-NEXT: !{ptr @B.cb, ptr addrspace(2) @b}
// DX-NEXT: !{ptr @C.cb, ptr addrspace(2) @c}
// DX-NEXT: !{ptr @T.tb, ptr addrspace(2) @t}
// DX-NEXT: !{ptr @V.cb, ptr addrspace(2) @v}
// DX-NEXT: !{ptr @D.cb, ptr addrspace(2) @d}
// DX-NEXT: !{ptr @"$Globals.cb", ptr addrspace(2) @g}

// SPV:      @A.cb = global target("spirv.VulkanBuffer", %__cblayout_A, 2, 0) poison
// SPV:      @T.tb = global target("spirv.VulkanBuffer", %__cblayout_T, 2, 0) poison
// SPV:      %A.cb_h = call target("spirv.VulkanBuffer", %__cblayout_A, 2, 0) @llvm.spv.resource.handlefromimplicitbinding.tspirv.VulkanBuffer_s___cblayout_As_2_0t(i32 0, i32 0, i32 1, i32 0, ptr @A.str)
// SPV:      %B.cb_h = call target("spirv.VulkanBuffer", %__cblayout_B, 2, 0) @llvm.spv.resource.handlefrombinding.tspirv.VulkanBuffer_s___cblayout_Bs_2_0t(i32 1, i32 3, i32 1, i32 0, ptr @B.str)
// SPV:      %C.cb_h = call target("spirv.VulkanBuffer", %__cblayout_C, 2, 0) @llvm.spv.resource.handlefromimplicitbinding.tspirv.VulkanBuffer_s___cblayout_Cs_2_0t(i32 2, i32 2, i32 1, i32 0, ptr @C.str)
// SPV:      %T.tb_h = call target("spirv.VulkanBuffer", %__cblayout_T, 2, 0) @llvm.spv.resource.handlefrombinding.tspirv.VulkanBuffer_s___cblayout_Ts_2_0t(i32 0, i32 1, i32 1, i32 0, ptr @T.str)
// SPV-NEXT: store target("spirv.VulkanBuffer", %__cblayout_T, 2, 0) %T.tb_h, ptr @T.tb, align 8
// SPV:      %V.cb_h = call target("spirv.VulkanBuffer", %__cblayout_V, 2, 0) @llvm.spv.resource.handlefrombinding.tspirv.VulkanBuffer_s___cblayout_Vs_2_0t(i32 2, i32 5, i32 1, i32 0, ptr @V.str)
// SPV:      %D.cb_h = call target("spirv.VulkanBuffer", %__cblayout_D, 2, 0) @llvm.spv.resource.handlefromimplicitbinding.tspirv.VulkanBuffer_s___cblayout_Ds_2_0t(i32 3, i32 0, i32 1, i32 0, ptr @D.str)
// SPV:      %"$Globals.cb_h" = call target("spirv.VulkanBuffer", %"__cblayout_$Globals", 2, 0) @"llvm.spv.resource.handlefromimplicitbinding.tspirv.VulkanBuffer_s___cblayout_$Globalss_2_0t"(i32 4, i32 0, i32 1, i32 0, ptr @"$Globals.str")
// SPV:      !{ptr @A.cb, ptr addrspace(12) @a}
// SPV-NEXT: !{ptr @B.cb, ptr addrspace(12) @b}
// SPV-NEXT: !{ptr @C.cb, ptr addrspace(12) @c}
// SPV-NEXT: !{ptr @T.tb, ptr addrspace(12) @t}
// SPV-NEXT: !{ptr @V.cb, ptr addrspace(12) @v}
// SPV-NEXT: !{ptr @D.cb, ptr addrspace(12) @d}
// SPV-NEXT: !{ptr @"$Globals.cb", ptr addrspace(12) @g}
