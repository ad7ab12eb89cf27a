// A shader whose only globals are a [[vk::push_constant]] block and a
// [[vk::constant_id]] specialisation constant has no $Globals on SPIR-V, in
// both modes (issue #15 item 5). DXC's SPIR-V back end creates $Globals on
// the first ordinary global it meets (push constants and specialisation
// constants take their own paths), and clang makes its default buffer only
// for declarations that go in it; so neither writes an empty one, and no
// warning is due. The CHECK lines are clang-22's own module for this file
// (-triple spirv-unknown-vulkan1.3-library, a typedef for float4), the
// default mode differing only in the packed struct DXC's rule gives. On
// DXIL the attributes are ignored and both are $Globals members.
// RUN: %cblower emit-llvm --target spirv %s 2>%t.err | %opt-22 -S -passes=verify | FileCheck %s --check-prefixes=CHECK,DEFAULT --implicit-check-not=Globals
// RUN: not grep . %t.err
// RUN: %cblower emit-llvm --target spirv --rules clang-22 %s 2>%t.err22 | %opt-22 -S -passes=verify | FileCheck %s --check-prefixes=CHECK,CLANG22 --implicit-check-not=Globals
// RUN: not grep . %t.err22
// RUN: %cblower emit-llvm %s | FileCheck %s --check-prefix=DXIL

struct PC { float4 v; };
[[vk::push_constant]] PC pc;
[[vk::constant_id(1)]] const float k = 1;

// CHECK:        target triple = "spirv-unknown-vulkan1.3-library"
// CHECK-EMPTY:
// DEFAULT-NEXT: %struct.PC = type <{ <4 x float> }>
// CLANG22-NEXT: %struct.PC = type { <4 x float> }
// CHECK-EMPTY:
// CHECK-NEXT:   @pc = external hidden addrspace(13) externally_initialized global %struct.PC, align 1
// CHECK-EMPTY:
// CHECK-NEXT:   !llvm.module.flags = !{!0}
// CHECK-EMPTY:
// CHECK-NEXT:   !0 = !{i32 1, !"wchar_size", i32 4}

// DXIL: %"__cblayout_$Globals" = type <{ %PC, float }>
