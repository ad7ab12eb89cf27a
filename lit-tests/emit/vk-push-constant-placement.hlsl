// Where a [[vk::push_constant]] block goes (issue #15 item 5). clang-22
// emits the block's global where it is declared among the cbuffers, and
// LLVM prints the named types in the order the globals use them, so
// %struct.PC and the structs it holds come before, between or after the
// cbuffers' layout types just as @pc does; $Globals stays last. The SPV22
// lines are clang-22's own output for this file (typedef'd vector types,
// -triple spirv-unknown-vulkan1.3-library). The default mode places the
// block the same way, and a ConstantBuffer<T> counts as a buffer there.
// RUN: %cblower emit-llvm --target spirv --rules clang-22 -DFIRST -DGLOBALS %s | %opt-22 -S -passes=verify | FileCheck %s --check-prefix=FIRST
// RUN: %cblower emit-llvm --target spirv --rules clang-22 -DBETWEEN -DGLOBALS %s | %opt-22 -S -passes=verify | FileCheck %s --check-prefixes=BETWEEN,BETWEEN-G
// RUN: %cblower emit-llvm --target spirv --rules clang-22 -DBETWEEN %s 2>/dev/null | %opt-22 -S -passes=verify | FileCheck %s --check-prefixes=BETWEEN,BETWEEN-NOG
// RUN: %cblower emit-llvm --target spirv -DCB_T -DGLOBALS %s | %opt-22 -S -passes=verify | FileCheck %s --check-prefix=CBT

struct Inner { float a; float2 b; };
struct PC { float4 tint; Inner i; };
#ifdef FIRST
[[vk::push_constant]] PC pc;
#endif
cbuffer A { float4 c; Inner ia; };
#ifdef BETWEEN
[[vk::push_constant]] PC pc;
#endif
#ifdef CB_T
struct S { float4 v; };
[[vk::push_constant]] PC pc;
ConstantBuffer<S> cs;
#endif
cbuffer B { float d; };
#ifdef GLOBALS
float g;
#endif

// FIRST:      %struct.PC = type <{ <4 x float>, %struct.Inner }>
// FIRST-NEXT: %struct.Inner = type <{ float, <2 x float> }>
// FIRST-NEXT: %__cblayout_A = type <{ <4 x float>, %Inner }>
// FIRST-NEXT: %Inner = type <{ float, target("spirv.Padding", 4), <2 x float> }>
// FIRST-NEXT: %__cblayout_B = type <{ float }>
// FIRST-NEXT: %"__cblayout_$Globals" = type <{ float }>
// FIRST-EMPTY:
// FIRST-NEXT: @pc = external hidden addrspace(13) externally_initialized global %struct.PC, align 1
// FIRST-NEXT: @A.cb = global target("spirv.VulkanBuffer", %__cblayout_A, 2, 0) poison
// FIRST-NEXT: @c = external hidden addrspace(12) global <4 x float>, align 16
// FIRST-NEXT: @ia = external hidden addrspace(12) global %Inner, align 1
// FIRST-NEXT: @A.str = private unnamed_addr constant [2 x i8] c"A\00", align 1
// FIRST-NEXT: @B.cb = global target("spirv.VulkanBuffer", %__cblayout_B, 2, 0) poison
// FIRST-NEXT: @d = external hidden addrspace(12) global float, align 4
// FIRST-NEXT: @B.str = private unnamed_addr constant [2 x i8] c"B\00", align 1
// FIRST-NEXT: @"$Globals.cb" = global target("spirv.VulkanBuffer", %"__cblayout_$Globals", 2, 0) poison

// BETWEEN:        %__cblayout_A = type <{ <4 x float>, %Inner }>
// BETWEEN-NEXT:   %Inner = type <{ float, target("spirv.Padding", 4), <2 x float> }>
// BETWEEN-NEXT:   %struct.PC = type <{ <4 x float>, %struct.Inner }>
// BETWEEN-NEXT:   %struct.Inner = type <{ float, <2 x float> }>
// BETWEEN-NEXT:   %__cblayout_B = type <{ float }>
// BETWEEN-G-NEXT: %"__cblayout_$Globals" = type <{ float }>
// BETWEEN-EMPTY:
// BETWEEN-NEXT:   @A.cb = global target("spirv.VulkanBuffer", %__cblayout_A, 2, 0) poison
// BETWEEN-NEXT:   @c = external hidden addrspace(12) global <4 x float>, align 16
// BETWEEN-NEXT:   @ia = external hidden addrspace(12) global %Inner, align 1
// BETWEEN-NEXT:   @A.str = private unnamed_addr constant [2 x i8] c"A\00", align 1
// BETWEEN-NEXT:   @pc = external hidden addrspace(13) externally_initialized global %struct.PC, align 1
// BETWEEN-NEXT:   @B.cb = global target("spirv.VulkanBuffer", %__cblayout_B, 2, 0) poison
// BETWEEN-NEXT:   @d = external hidden addrspace(12) global float, align 4
// BETWEEN-NEXT:   @B.str = private unnamed_addr constant [2 x i8] c"B\00", align 1
// BETWEEN-G-NEXT: @"$Globals.cb" = global target("spirv.VulkanBuffer", %"__cblayout_$Globals", 2, 0) poison
// BETWEEN-NOG-NOT: $Globals

// CBT:      %__cblayout_A = type <{ <4 x float>, %Inner }>
// CBT-NEXT: %Inner = type <{ float, <2 x float>, target("spirv.Padding", 4) }>
// CBT-NEXT: %struct.PC = type <{ <4 x float>, %struct.Inner }>
// CBT-NEXT: %struct.Inner = type <{ float, <2 x float>, target("spirv.Padding", 4) }>
// CBT-NEXT: %__cblayout_cs = type <{ %S }>
// CBT:      @A.str =
// CBT-NEXT: @pc = external hidden addrspace(13) externally_initialized global %struct.PC, align 1
// CBT-NEXT: @cs.cb = global target("spirv.VulkanBuffer", %__cblayout_cs, 2, 0) poison
