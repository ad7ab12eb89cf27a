// A module may hold one [[vk::push_constant]] block: DXC and clang-22 both
// refuse a second one, and so does cblower in both modes, at the second
// block's name (where clang-22 points), with no output file. On DXIL the
// attribute is ignored and both are $Globals members.
// RUN: rm -f %t.ll
// RUN: not %cblower emit-llvm --color never --target spirv %s -o %t.ll 2>&1 | FileCheck %s --check-prefixes=CHECK,CB
// RUN: not %cblower emit-llvm --color never --target spirv --rules clang-22 %s -o %t.ll 2>&1 | FileCheck %s --check-prefixes=CHECK,CB
// RUN: not test -e %t.ll
// RUN: not %clang-22 -cc1 -triple spirv-unknown-vulkan1.3-library -emit-llvm -disable-llvm-passes -o - %s 2>&1 | FileCheck %s --check-prefixes=CHECK,CLANG
// RUN: %cblower emit-llvm --rules clang-22 %s | %opt-22 -S -passes=verify | FileCheck %s --check-prefix=DXIL
// RUN: %clang-22 -cc1 -triple dxil-pc-shadermodel6.6-library -emit-llvm -disable-llvm-passes -o - %s 2>/dev/null | FileCheck %s --check-prefix=DXIL

typedef unsigned int uint;
struct Lights { float intensity; uint count; };
struct Camera { float fov; };
[[vk::push_constant]] Lights lights;
cbuffer Frame { float time; };
[[vk::push_constant]] Camera camera;

// CLANG:    vk-push-constant-two-blocks.hlsl:18:30: error: cannot have more than one push constant block
// CB:       error: cannot have more than one push constant block (`lights` is one already)
// CB-NEXT:  --> {{.*}}vk-push-constant-two-blocks.hlsl:18:30
// CB:       = help: Vulkan gives an entry point one push-constant block: move the members of `camera` into the struct of `lights`
// CHECK-NOT: error:

// DXIL:      %"__cblayout_$Globals" = type <{ %Lights, target("dx.Padding", 8), %Camera }>
// DXIL:      @lights = external hidden addrspace(2) global %Lights, align 1
// DXIL-NEXT: @camera = external hidden addrspace(2) global %Camera, align 1
