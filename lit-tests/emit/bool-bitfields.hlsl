// `bool` bitfields (issue #15). HLSL's `bool` is 32 bits in buffers, so:
// * clang-22 does not pack bitfields: every declaration is a member of its
//   own, a `bool` one an `i32` like any `bool` member (the CLANG lines are
//   checked against clang-22 itself, on DXIL and on SPIR-V, and its
//   push-constant struct packs the bits into bytes);
// * DXC's DXIL record layout (Microsoft rule, `bool` 4 bytes) lets a `bool`
//   bitfield share a unit with any 32-bit bitfield: `bool a:1; uint b:3` is
//   one unit (unsigned, as units of mixed types are), `bool : 0` closes it;
// * DXC's SPIR-V back end lowers a `bool` in a buffer to a 32-bit `uint`, so
//   there `bool` and `uint` bitfields share a unit and an `int` one does not
//   (Signed), and `bool : 0` closes nothing (Zero is one unit, and so is the
//   push-constant block's run; on DXIL the block is a `$Globals` member).
// Named zero-width and over-wide `bool` bitfields are refused
// (emit/bool-bitfields-errors.hlsl).
// RUN: %cblower emit-llvm -D CBT %s | %opt-22 -S -passes=verify | FileCheck %s --check-prefix=DXC
// RUN: %cblower emit-llvm -D CBT --target spirv %s | %opt-22 -S -passes=verify | FileCheck %s --check-prefix=VK
// RUN: %cblower emit-llvm --rules clang-22 %s | %opt-22 -S -passes=verify | FileCheck %s --check-prefixes=CLANG,CLANG-DXIL
// RUN: %clang-22 -cc1 -triple dxil-pc-shadermodel6.6-library -emit-llvm -disable-llvm-passes -o - %s | FileCheck %s --check-prefixes=CLANG,CLANG-DXIL
// RUN: %cblower emit-llvm --rules clang-22 --target spirv %s | %opt-22 -S -passes=verify | FileCheck %s --check-prefixes=CLANG,CLANG-VK
// RUN: %clang-22 -cc1 -triple spirv-unknown-vulkan1.3-library -emit-llvm -disable-llvm-passes -o - %s | FileCheck %s --check-prefixes=CLANG,CLANG-VK

struct Lead { bool a : 1; unsigned int b : 3; float c; };
struct Pair { bool a : 1; bool b : 1; float c; };
struct Trail { unsigned int a : 3; bool b : 1; float c; };
struct Signed { bool a : 1; int b : 3; };
struct Zero { bool a : 1; bool : 0; bool b : 2; };
struct Full { bool a : 32; bool b : 1; };
cbuffer CB { Lead l; Pair p; Trail t; Signed s; Zero z; Full f; };
struct PC { bool a : 1; unsigned int b : 3; bool : 0; bool c : 7; float x; };
[[vk::push_constant]] PC pc;
#ifdef CBT
// clang-22 has no `ConstantBuffer<T>`; its members are `T`'s fields.
ConstantBuffer<Signed> cbt;
#endif

// DXC:      %__cblayout_CB = type <{ %Lead, target("dx.Padding", 8), %Pair, target("dx.Padding", 8), %Trail, target("dx.Padding", 8), %Signed, target("dx.Padding", 12), %Zero, target("dx.Padding", 8), %Full }>
// DXC-NEXT: %Lead = type <{ i32, float }>
// DXC-NEXT: %Pair = type <{ i32, float }>
// DXC-NEXT: %Trail = type <{ i32, float }>
// DXC-NEXT: %Signed = type <{ i32 }>
// DXC-NEXT: %Zero = type <{ i32, i32 }>
// DXC-NEXT: %Full = type <{ i32, i32 }>
// DXC-NEXT: %__cblayout_cbt = type <{ %Signed }>
// DXC-NEXT: %"__cblayout_$Globals" = type <{ %PC }>
// DXC-NEXT: %PC = type <{ i32, i32, float }>
// DXC:      !{!"Zero", i32 8, i32 0, i32 4}
// DXC:      !{!"__cblayout_CB", i32 88, i32 0, i32 16, i32 32, i32 48, i32 64, i32 80}

// VK:      %__cblayout_CB = type <{ %Lead, %Pair, %Trail, %Signed, %Zero, %Full }>
// VK-NEXT: %Lead = type <{ i32, float, target("spirv.Padding", 8) }>
// VK-NEXT: %Pair = type <{ i32, float, target("spirv.Padding", 8) }>
// VK-NEXT: %Trail = type <{ i32, float, target("spirv.Padding", 8) }>
// VK-NEXT: %Signed = type <{ i32, i32, target("spirv.Padding", 8) }>
// VK-NEXT: %Zero = type <{ i32, target("spirv.Padding", 12) }>
// VK-NEXT: %Full = type <{ i32, i32, target("spirv.Padding", 8) }>
// VK-NEXT: %struct.PC = type <{ i32, float }>
// VK-NEXT: %__cblayout_cbt = type <{ %Signed }>

// CLANG-DXIL:      %__cblayout_CB = type <{ %Lead, target("dx.Padding", 4), %Pair, target("dx.Padding", 4), %Trail, target("dx.Padding", 4), %Signed, target("dx.Padding", 8), %Zero, target("dx.Padding", 4), %Full }>
// CLANG-VK:        %__cblayout_CB = type <{ %Lead, target("spirv.Padding", 4), %Pair, target("spirv.Padding", 4), %Trail, target("spirv.Padding", 4), %Signed, target("spirv.Padding", 8), %Zero, target("spirv.Padding", 4), %Full }>
// CLANG-NEXT:      %Lead = type <{ i32, i32, float }>
// CLANG-NEXT:      %Pair = type <{ i32, i32, float }>
// CLANG-NEXT:      %Trail = type <{ i32, i32, float }>
// CLANG-NEXT:      %Signed = type <{ i32, i32 }>
// CLANG-NEXT:      %Zero = type <{ i32, i32, i32 }>
// CLANG-NEXT:      %Full = type <{ i32, i32 }>
// CLANG-VK-NEXT:   %struct.PC = type <{ i8, [3 x i8], i8, float }>
// CLANG-DXIL-NEXT: %"__cblayout_$Globals" = type <{ %PC }>
// CLANG-DXIL-NEXT: %PC = type <{ i32, i32, i32, i32, float }>
// CLANG-DXIL:      @l = external hidden addrspace(2) global %Lead, align 1
// CLANG-VK:        @l = external hidden addrspace(12) global %Lead, align 1
