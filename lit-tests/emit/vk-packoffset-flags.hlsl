// packoffset, register(c#), derived structs and struct sizes under each of
// DXC's -fvk-use-* layouts on `emit-llvm --target spirv` (issue #15 item 6).
// DXC's SPIR-V back end places `packoffset` members exactly under every
// flag, in declaration order (LowerTypeVisitor), and lays a base struct out
// as a struct field of its own (AlignmentSizeCalculator). Offsets worked by
// hand from those rules:
//   CB under every flag: a 48 (c3), v 72 (c4.z), w 80 (c5); size 96.
//   CD, no flag (relaxed std140): D is x 0, y 16 (B is a 16-byte struct),
//     z 20 (a float2 packs at its component), 32 bytes; s 32 (S is 16
//     bytes, stride 16); g 64; size 68.
//   CD, gl (std140): the same, but z 24 (a float2 aligns to 8).
//   CD, scalar: B is 4 bytes, so y 4, z 8, D 16 bytes; S is 12 bytes (DXC
//     does not round it to its alignment 8), stride 12: s 16, g 40; size 44.
//   CD, dx (the D3D rules): D flat (y 4, z 8); s 16, stride 16; g 44.
// The second buffer file puts a float2 at c0.y: fine under the relaxed and
// scalar rules, refused under std140 (SPIR-V's validator needs 8 there); a
// packoffset before the previous member's end is refused under every flag.
// RUN: %cblower emit-llvm --target spirv %s | %opt-22 -S -passes=verify | FileCheck %s --check-prefixes=CHECK,RELAXED
// RUN: %cblower emit-llvm --target spirv --fvk-use-gl-layout %s | %opt-22 -S -passes=verify | FileCheck %s --check-prefixes=CHECK,GL
// RUN: %cblower emit-llvm --target spirv --fvk-use-scalar-layout %s | %opt-22 -S -passes=verify | FileCheck %s --check-prefixes=CHECK,SCALAR
// RUN: %cblower emit-llvm --target spirv --fvk-use-dx-layout %s | %opt-22 -S -passes=verify | FileCheck %s --check-prefixes=CHECK,DX
// RUN: %cblower emit-llvm --target spirv %S/Inputs/vk-packoffset-misaligned.hlsl | FileCheck %s --check-prefix=MIS-OK
// RUN: %cblower emit-llvm --target spirv --fvk-use-scalar-layout %S/Inputs/vk-packoffset-misaligned.hlsl | FileCheck %s --check-prefix=MIS-OK
// RUN: not %cblower emit-llvm --target spirv --fvk-use-gl-layout %S/Inputs/vk-packoffset-misaligned.hlsl -o %t.ll 2>&1 | FileCheck %s --check-prefix=MIS-GL
// RUN: not test -e %t.ll
// RUN: not %cblower emit-llvm --target spirv --fvk-use-gl-layout %S/Inputs/vk-packoffset-backwards.hlsl 2>&1 | FileCheck %s --check-prefix=BACK
// RUN: not %cblower emit-llvm --target spirv --fvk-use-scalar-layout %S/Inputs/vk-packoffset-backwards.hlsl 2>&1 | FileCheck %s --check-prefix=BACK

struct B { float x; };
struct D : B { float y; float2 z; };
struct S { double d; float f; };
cbuffer CB : register(b0) { float a : packoffset(c3); float2 v : packoffset(c4.z); float4 w : packoffset(c5); };
cbuffer CD : register(b1) { D dd; S s[2]; float g; };

// CHECK: %__cblayout_CB = type <{ target("spirv.Padding", 48), float, target("spirv.Padding", 20), <2 x float>, <4 x float> }>

// RELAXED: %__cblayout_CD = type <{ %D, [2 x %S], float }>
// RELAXED: %D = type <{ float, target("spirv.Padding", 12), float, <2 x float>, target("spirv.Padding", 4) }>
// RELAXED: %S = type <{ double, float, target("spirv.Padding", 4) }>
// RELAXED: !{!"__cblayout_CB", i32 96, i32 48, i32 72, i32 80}
// RELAXED: !{!"D", i32 32, i32 0, i32 16, i32 20}
// RELAXED: !{!"__cblayout_CD", i32 68, i32 0, i32 32, i32 64}

// GL: %D = type <{ float, target("spirv.Padding", 12), float, target("spirv.Padding", 4), <2 x float> }>
// GL: !{!"__cblayout_CB", i32 96, i32 48, i32 72, i32 80}
// GL: !{!"D", i32 32, i32 0, i32 16, i32 24}
// GL: !{!"__cblayout_CD", i32 68, i32 0, i32 32, i32 64}

// SCALAR: %D = type <{ float, float, <2 x float> }>
// SCALAR: %S = type <{ double, float }>
// SCALAR: !{!"__cblayout_CB", i32 96, i32 48, i32 72, i32 80}
// SCALAR: !{!"S", i32 12, i32 0, i32 8}
// SCALAR: !{!"__cblayout_CD", i32 44, i32 0, i32 16, i32 40}

// DX: %__cblayout_CD = type <{ %D, <{ [1 x <{ %S, target("spirv.Padding", 4) }>], %S }>, float }>
// DX: !{!"__cblayout_CB", i32 96, i32 48, i32 72, i32 80}
// DX: !{!"D", i32 16, i32 0, i32 4, i32 8}
// DX: !{!"__cblayout_CD", i32 48, i32 0, i32 16, i32 44}

// MIS-OK: !{!"__cblayout_M", i32 12, i32 0, i32 4}
// MIS-GL: error: 'v' needs 8-byte alignment but its explicit offset is 4
// MIS-GL: help: use a packoffset that is a multiple of 8 bytes
// BACK: error: explicit offset 0 of 'b' is before the end of the previous member at 32
