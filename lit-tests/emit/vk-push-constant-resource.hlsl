// A resource inside a [[vk::push_constant]] struct (issue #15). DXC's SPIR-V
// back end lays the struct's fields out with the resource among them, and
// the module fails SPIR-V validation (a Block cannot hold an image), so DXC
// rejects the shader; clang-22 mode refused it already. Both modes refuse it
// at the push-constant global, naming the member and the struct that holds
// it (also nested, or in an array), with no output file. On DXIL the
// attribute is ignored and the block is an ordinary $Globals member (the
// resource filtered out).
// RUN: rm -rf %t && mkdir -p %t
// RUN: not %cblower emit-llvm --target spirv %s -o %t/pc.ll 2>&1 | FileCheck %s --check-prefix=DIRECT
// RUN: not test -e %t/pc.ll
// RUN: not %cblower emit-llvm --target spirv --rules clang-22 %s -o %t/pc22.ll 2>&1 | FileCheck %s --check-prefix=DIRECT
// RUN: not test -e %t/pc22.ll
// RUN: not %cblower emit-llvm --target spirv --fvk-use-scalar-layout -DNESTED %s -o %t/nested.ll 2>&1 | FileCheck %s --check-prefix=NESTED
// RUN: not test -e %t/nested.ll
// RUN: %cblower emit-llvm %s | %opt-22 -S -passes=verify | FileCheck %s --check-prefix=DXIL

#ifdef NESTED
struct Inner { float x; Texture2D maps[2]; };
struct PC { float4 c; Inner inner; };
#else
struct PC { float4 c; Texture2D t; float f; };
#endif
[[vk::push_constant]] PC pc;

// DIRECT:      error: push-constant block `pc`: member `t` of `PC` is a resource, which a push-constant block cannot hold
// DIRECT-NEXT:   --> {{.*}}vk-push-constant-resource.hlsl:24:26
// DIRECT:      24 | {{\[\[}}vk::push_constant]] PC pc;
// DIRECT-NEXT:    |                          ^^
// DIRECT:         = help: keep only data members in the push-constant struct

// NESTED:      error: push-constant block `pc`: member `maps` of `Inner` is a resource, which a push-constant block cannot hold
// NESTED-NEXT:   --> {{.*}}vk-push-constant-resource.hlsl:24:26

// DXIL: %"__cblayout_$Globals" = type <{ %__cblayout_PC }>
// DXIL: %__cblayout_PC = type <{ <4 x float>, float }>
