// ConstantBuffer<T> (seed 001): in the default mode a buffer of its own,
// whose layout struct holds one member, the buffer itself, of type %T; the
// member global is named after the buffer (@CB) and fields are reached
// through it (CB.scale). clang-22 does not know ConstantBuffer<T> ("no
// template named 'ConstantBuffer'"): --rules clang-22 is an error, exit 1,
// with no output written.
// RUN: %cblower emit-llvm %s | %opt-22 -S -passes=verify | FileCheck %s --check-prefix=DXC
// RUN: %cblower emit-llvm --target spirv %s | %opt-22 -S -passes=verify | FileCheck %s --check-prefix=SPV
// RUN: rm -f %t.ll
// RUN: not %cblower emit-llvm --rules clang-22 %s -o %t.ll 2>&1 | FileCheck %s --check-prefix=CLANG
// RUN: not test -e %t.ll

struct MyConstants { float4 color; float scale; float2 off; };   // 0 16 20, size 28
ConstantBuffer<MyConstants> CB : register(b2);
cbuffer After { float a; }                                       // implicit id 0

// DXC:      %__cblayout_CB = type <{ %MyConstants }>
// DXC-NEXT: %MyConstants = type <{ <4 x float>, float, <2 x float> }>
// DXC-NEXT: %__cblayout_After = type <{ float }>
// DXC:      @CB.cb = global target("dx.CBuffer", %__cblayout_CB) poison
// DXC-NEXT: @CB = external hidden addrspace(2) global %MyConstants, align 1
// DXC-NEXT: @CB.str = private unnamed_addr constant [3 x i8] c"CB\00", align 1
// DXC-NEXT: @After.cb = global target("dx.CBuffer", %__cblayout_After) poison
// DXC:      %CB.cb_h = call target("dx.CBuffer", %__cblayout_CB) @llvm.dx.resource.handlefrombinding.tdx.CBuffer_s___cblayout_CBst(i32 0, i32 2, i32 1, i32 0, ptr @CB.str)
// DXC:      %After.cb_h = call target("dx.CBuffer", %__cblayout_After) @llvm.dx.resource.handlefromimplicitbinding.tdx.CBuffer_s___cblayout_Afterst(i32 0, i32 0, i32 1, i32 0, ptr @After.str)
// DXC:      !{ptr @CB.cb, ptr addrspace(2) @CB}
// DXC-NEXT: !{ptr @After.cb, ptr addrspace(2) @a}
// DXC-NEXT: !{!"MyConstants", i32 28, i32 0, i32 16, i32 20}
// DXC-NEXT: !{!"__cblayout_CB", i32 28, i32 0}
// DXC-NEXT: !{!"__cblayout_After", i32 4, i32 0}

// SPV:      @CB.cb = global target("spirv.VulkanBuffer", %__cblayout_CB, 2, 0) poison
// SPV-NEXT: @CB = external hidden addrspace(12) global %MyConstants, align 1
// SPV:      %CB.cb_h = call target("spirv.VulkanBuffer", %__cblayout_CB, 2, 0) @llvm.spv.resource.handlefrombinding.tspirv.VulkanBuffer_s___cblayout_CBs_2_0t(i32 0, i32 2, i32 1, i32 0, ptr @CB.str)
// SPV:      !{ptr @CB.cb, ptr addrspace(12) @CB}

// CLANG:      error: clang 22 does not know `ConstantBuffer<T>` (it reports "no template named 'ConstantBuffer'"), so `CB` has no clang-22 IR
// CLANG-NEXT:   --> {{.*}}constantbuffer.hlsl:14:29
// CLANG:        = help: use the default rules (--rules cbuffer), or a `cbuffer` block for clang-22
