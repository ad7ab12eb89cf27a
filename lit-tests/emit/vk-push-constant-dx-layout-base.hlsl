// A push-constant struct with a base under -fvk-use-dx-layout (issue #15,
// found by the bitfield differential). DXC lays a base out as a struct
// field of its own (its AlignmentSizeCalculator, rule 9), and under the FXC
// structured rules a struct's size is rounded up to its alignment, so the
// derived struct's fields start after the base's *rounded* size: S0 holds
// 28 bytes, is 8-aligned (its 64-bit vector), and S1's `a` is at 32, not
// 28. The scalar layout does not round (DXC returns before it), so there
// `a` is at 28. Both match the differential's Vulkan model.
// RUN: %cblower emit-llvm --target spirv --fvk-use-dx-layout %s | %opt-22 -S -passes=verify | FileCheck %s --check-prefix=DX
// RUN: %cblower emit-llvm --target spirv --fvk-use-scalar-layout %s | %opt-22 -S -passes=verify | FileCheck %s --check-prefix=SCALAR

struct S0 { float2 f1; uint64_t2 f2; float f3; };
struct S1 : S0 { uint a : 11; float f4; };
[[vk::push_constant]] S1 pc;

// DX:     %struct.S1 = type <{ <2 x float>, <2 x i64>, float, target("spirv.Padding", 4), i32, float }>
// SCALAR: %struct.S1 = type <{ <2 x float>, <2 x i64>, float, i32, float }>
