// `[[vk::offset(N)]]` on a bitfield (issue #15). DXC's SPIR-V back end
// places a field with the attribute at N before it considers merging
// bitfields, so the bitfield never joins the open unit: it starts a unit at
// N, which the next bitfields of its type join (c below), and the next
// field follows that unit (f at 12). DXC's DXIL packing ignores the
// attribute (a, b, c share one unit), and clang-22 does not know it
// ("unknown attribute 'vk::offset' ignored", also on SPIR-V): every
// declaration is a member, as clang-22 itself emits (CLANG, checked
// against clang-22). `cblower layout` shows the same offsets.
// RUN: %cblower emit-llvm --target spirv %s | %opt-22 -S -passes=verify | FileCheck %s --check-prefix=VK
// RUN: %cblower emit-llvm --target spirv --fvk-use-scalar-layout %s | %opt-22 -S -passes=verify | FileCheck %s --check-prefix=VK
// RUN: %cblower emit-llvm %s | %opt-22 -S -passes=verify | FileCheck %s --check-prefix=DXIL
// RUN: %cblower emit-llvm --rules clang-22 --target spirv %s | %opt-22 -S -passes=verify | FileCheck %s --check-prefix=CLANG
// RUN: %clang-22 -cc1 -triple spirv-unknown-vulkan1.3-library -emit-llvm -disable-llvm-passes -o - %s 2>/dev/null | FileCheck %s --check-prefix=CLANG
// RUN: %cblower layout --target spirv %s | FileCheck %s --check-prefix=LAYOUT

struct S { unsigned int a : 3; [[vk::offset(8)]] unsigned int b : 4; unsigned int c : 2; float f; };
cbuffer CB { S s; };

// VK:      %S = type <{ i32, target("spirv.Padding", 4), i32, float }>
// VK:      !{!"S", i32 16, i32 0, i32 8, i32 12}

// DXIL:    %S = type <{ i32, float }>

// CLANG:   %S = type <{ i32, i32, i32, float }>

// LAYOUT:      0      4     4  uint    a
// LAYOUT-NEXT: 8      4     4  uint    b
// LAYOUT-NEXT: 12     4     4  float   f
