// [[vk::push_constant]] and [[vk::constant_id(N)]] globals (issue #15 item
// 5). On SPIR-V neither is a $Globals member, in both modes, as DXC and
// clang-22 have it: $Globals holds only g. cblower does not emit the
// push-constant block itself and says so (clang-22 emits it as an
// addrspace(13) global). On DXIL both compilers ignore the attributes, so
// pc, spec and flag stay $Globals members (clang-22 warns "'vk::constant_id'
// attribute ignored"); the DXIL lines are clang-22's own output.
// RUN: %cblower emit-llvm --target spirv %s 2>%t.err | %opt-22 -S -passes=verify | FileCheck %s --check-prefix=SPV
// RUN: FileCheck %s --check-prefix=WARN < %t.err
// RUN: %cblower emit-llvm --target spirv --rules clang-22 %s 2>/dev/null | FileCheck %s --check-prefix=SPV
// RUN: %cblower emit-llvm --rules clang-22 %s | %opt-22 -S -passes=verify | FileCheck %s --check-prefix=DXIL
// RUN: %cblower emit-llvm %s | FileCheck %s --check-prefix=DXIL
// RUN: %cblower layout --target spirv %s 2>/dev/null | FileCheck %s --check-prefix=LAYOUT --implicit-check-not=pc

struct PC { float4 tint; float scale; };
[[vk::push_constant]] PC pc;
[[vk::constant_id(3)]] const float spec = 1.0;
[[vk::constant_id(4)]] const bool flag = true;
float g;

// SPV:      %"__cblayout_$Globals" = type <{ float }>
// SPV:      !{ptr @"$Globals.cb", ptr addrspace(12) @g}
// WARN: warning: `pc` is a `{{\[\[}}vk::push_constant{{\]\]}}` block: on SPIR-V it is not a `$Globals` member, and cblower does not emit it (clang-22 emits it as an `addrspace(13)` global)

// DXIL:      %"__cblayout_$Globals" = type <{ %PC, float, i32, float }>
// DXIL:      @pc = external hidden addrspace(2) global %PC, align 1
// DXIL-NEXT: @_ZL4spec = external hidden addrspace(2) constant float, align 4
// DXIL-NEXT: @_ZL4flag = external hidden addrspace(2) constant i32, align 4
// DXIL-NEXT: @g = external hidden addrspace(2) global float, align 4

// LAYOUT: cbuffer $Globals  [rules: cbuffer, size: 4 bytes]
// LAYOUT: 0      4     4  float                    g
