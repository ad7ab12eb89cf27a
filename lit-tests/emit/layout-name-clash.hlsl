// Clang declares each buffer's layout struct as a record in the buffer's
// scope and appends `_1`, `_2`, ... when `__cblayout_<Name>` is already taken:
// by an earlier buffer of the same name, or by a user struct of that name.
// Both rule sets name them as clang-22 does (checked against clang-22 -cc1).
// SPIR-V runs use --fvk-use-dx-layout, so both targets lay out by the D3D
// rules (DXC's SPIR-V default, relaxed std140: vk-layout-flags.hlsl).
// RUN: %cblower emit-llvm %s | FileCheck %s
// RUN: %cblower emit-llvm --rules clang-22 %s | FileCheck %s
// RUN: %cblower emit-llvm --target spirv --fvk-use-dx-layout %s | FileCheck %s
// RUN: %cblower emit-llvm %s | %opt-22 -passes=verify -disable-output

struct __cblayout_S { float x; };
cbuffer S { __cblayout_S s; float y; };
cbuffer S { float z; };
cbuffer S_1 { float w; };

// CHECK-DAG: %__cblayout_S_1 = type <{ %__cblayout_S, float }>
// CHECK-DAG: %__cblayout_S = type <{ float }>
// CHECK-DAG: %__cblayout_S_2 = type <{ float }>
// CHECK-DAG: %__cblayout_S_1_1 = type <{ float }>
// CHECK: @S.cb = global target("{{dx.CBuffer|spirv.VulkanBuffer}}", %__cblayout_S_1{{.*}}) poison
// CHECK: @S.cb.1 = global target("{{dx.CBuffer|spirv.VulkanBuffer}}", %__cblayout_S_2{{.*}}) poison
// CHECK: @S_1.cb = global target("{{dx.CBuffer|spirv.VulkanBuffer}}", %__cblayout_S_1_1{{.*}}) poison
