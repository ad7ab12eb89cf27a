// [[vk::push_constant]] and [[vk::constant_id(N)]] globals (issue #15 item
// 5). On SPIR-V neither is a $Globals member, in both modes, as DXC and
// clang-22 have it: $Globals holds only g. The push-constant block is its
// own global, `external hidden addrspace(13) externally_initialized` with
// `align 1` as clang-22 emits it, where it is declared among the buffers
// (here after CB; see vk-push-constant-placement.hlsl). Its type
// %struct.PC has explicit padding and is laid out, in the default mode, by
// DXC's structured-buffer rule for Vulkan: relaxed std430 by default, std430
// with -fvk-use-gl-layout, scalar with -fvk-use-scalar-layout, the FXC
// structured rules with -fvk-use-dx-layout. Under --rules clang-22 it is
// clang-22's own struct, byte for byte (the SPV22 lines are clang-22's
// output): fields back to back, a float3 16 bytes, a matrix a flat array,
// packed since not every field sits at its LLVM alignment; a bitfield is
// a byte of storage there (more shapes in vk-push-constant-clang22.hlsl).
// On DXIL both compilers ignore
// the attributes, so pc, spec and flag stay $Globals members (clang-22 warns
// "'vk::constant_id' attribute ignored"); the DXIL lines are clang-22's own
// output.
// RUN: %cblower emit-llvm --target spirv %s 2>%t.err | %opt-22 -S -passes=verify | FileCheck %s --check-prefixes=SPV,RELAXED
// RUN: not grep . %t.err
// RUN: %cblower emit-llvm --target spirv --fvk-use-gl-layout %s | %opt-22 -S -passes=verify | FileCheck %s --check-prefixes=SPV,GL
// RUN: %cblower emit-llvm --target spirv --fvk-use-scalar-layout %s | %opt-22 -S -passes=verify | FileCheck %s --check-prefixes=SPV,SCALAR
// RUN: %cblower emit-llvm --target spirv --fvk-use-scalar-layout -DUNROUNDED %s | %opt-22 -S -passes=verify | FileCheck %s --check-prefix=UNROUNDED
// RUN: %cblower emit-llvm --target spirv --fvk-use-dx-layout %s | %opt-22 -S -passes=verify | FileCheck %s --check-prefixes=SPV,DX
// RUN: %cblower emit-llvm --target spirv --rules clang-22 %s 2>%t.err22 | %opt-22 -S -passes=verify | FileCheck %s --check-prefixes=SPV,SPV22
// RUN: not grep . %t.err22
// RUN: %cblower emit-llvm --target spirv --rules clang-22 -DBITFIELD %s | %opt-22 -S -passes=verify | FileCheck %s --check-prefix=BITFIELD
// RUN: %cblower emit-llvm --target spirv -DBITFIELD %s | FileCheck %s --check-prefix=BFDEFAULT
// RUN: not %cblower emit-llvm --target spirv -DNOT_A_STRUCT %s 2>&1 | FileCheck %s --check-prefix=NOTSTRUCT
// RUN: %cblower emit-llvm --rules clang-22 %s | %opt-22 -S -passes=verify | FileCheck %s --check-prefix=DXIL
// RUN: %cblower emit-llvm %s | FileCheck %s --check-prefix=DXIL
// RUN: %cblower layout --target spirv %s 2>/dev/null | FileCheck %s --check-prefix=LAYOUT --implicit-check-not=pc

struct Inner { float a; float2 b; };
#ifdef UNROUNDED
struct Odd { double d; float f; };
#endif
struct PC { float4 tint; float scale; float3 v; bool b; float2x3 m; Inner i;
#ifdef BITFIELD
  uint bits : 4;
#endif
#ifdef UNROUNDED
  Odd o; float after;
#endif
};
cbuffer CB { float4 c; };
#ifdef NOT_A_STRUCT
[[vk::push_constant]] float4 lone;
#else
[[vk::push_constant]] PC pc;
#endif
[[vk::constant_id(3)]] const float spec = 1.0;
[[vk::constant_id(4)]] const bool flag = true;
float g;

// Relaxed std430: v at 20 (a float3 may start mid-row when it does not
// cross one), b at 32, m (three float2 columns, 8-aligned) at 40, i at 64;
// Inner's float2 at 4 and its size rounded to its alignment, 8.
// RELAXED:      %struct.PC = type <{ <4 x float>, float, [3 x float], i32, target("spirv.Padding", 4), [3 x <2 x float>], %struct.Inner }>
// RELAXED-NEXT: %struct.Inner = type <{ float, <2 x float>, target("spirv.Padding", 4) }>
// std430: v 16-aligned at 32, b at 44, m at 48, i at 72, size 96.
// GL:           %struct.PC = type <{ <4 x float>, float, target("spirv.Padding", 12), [3 x float], i32, [3 x <2 x float>], %struct.Inner, target("spirv.Padding", 8) }>
// GL-NEXT:      %struct.Inner = type <{ float, target("spirv.Padding", 4), <2 x float> }>
// Scalar and the FXC structured rules: every member right after the last.
// SCALAR:       %struct.PC = type <{ <4 x float>, float, [3 x float], i32, [3 x <2 x float>], %struct.Inner }>
// SCALAR-NEXT:  %struct.Inner = type <{ float, <2 x float> }>
// DXC's scalar rule does not round a struct's size to its alignment: Odd
// is 12 bytes, so `after` follows it at 84, not at 88.
// UNROUNDED:      %struct.PC = type <{ <4 x float>, float, [3 x float], i32, [3 x <2 x float>], %struct.Inner, %struct.Odd, float }>
// UNROUNDED:      %struct.Odd = type <{ double, float }>
// DX:           %struct.PC = type <{ <4 x float>, float, [3 x float], i32, [3 x <2 x float>], %struct.Inner }>
// DX-NEXT:      %struct.Inner = type <{ float, <2 x float> }>
// clang-22's own struct (--rules clang-22).
// SPV22:        %struct.PC = type <{ <4 x float>, float, <3 x float>, i32, [6 x float], %struct.Inner }>
// SPV22-NEXT:   %struct.Inner = type <{ float, <2 x float> }>
// SPV-NEXT:     %"__cblayout_$Globals" = type <{ float }>
// SPV:          @CB.str =
// SPV-NEXT:     @pc = external hidden addrspace(13) externally_initialized global %struct.PC, align 1
// SPV-NEXT:     @"$Globals.cb" = global target("spirv.VulkanBuffer", %"__cblayout_$Globals", 2, 0) poison
// SPV-NEXT:     @g = external hidden addrspace(12) global float, align 4
// SPV:          !{ptr @"$Globals.cb", ptr addrspace(12) @g}

// clang-22's own struct with the bitfield: one i8 of storage after i.
// BITFIELD:      %struct.PC = type <{ <4 x float>, float, <3 x float>, i32, [6 x float], %struct.Inner, i8 }>
// BITFIELD-NEXT: %struct.Inner = type <{ float, <2 x float> }>
// The default rules pack it into DXC's storage unit after i (at 80).
// BFDEFAULT: %struct.PC = type <{ <4 x float>, float, [3 x float], i32, target("spirv.Padding", 4), [3 x <2 x float>], %struct.Inner, i32, target("spirv.Padding", 12) }>
// NOTSTRUCT: error: push-constant block `lone`: a push-constant block must be a struct (DXC requires one)

// DXIL:      %"__cblayout_$Globals" = type <{ %PC, float, i32, float }>
// DXIL:      @pc = external hidden addrspace(2) global %PC, align 1
// DXIL-NEXT: @_ZL4spec = external hidden addrspace(2) constant float, align 4
// DXIL-NEXT: @_ZL4flag = external hidden addrspace(2) constant i32, align 4
// DXIL-NEXT: @g = external hidden addrspace(2) global float, align 4

// LAYOUT: cbuffer $Globals  [rules: cbuffer, size: 4 bytes]
// LAYOUT: 0      4     4  float                    g
