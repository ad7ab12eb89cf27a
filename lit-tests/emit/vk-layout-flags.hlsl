// DXC's -fvk-use-*-layout choices on `emit-llvm --target spirv` (issue #15
// item 6), with the offsets (from !hlsl.layouts) worked by hand:
//   no flag (DXC's default, relaxed std140): x 0, y 4 (a float2 packs at
//     its component: 4..12 stays in one row), z 16 (stride 16, 48 bytes),
//     v 64, s 80 (S is 16 bytes: b packs at 4), m 96 (3 columns 16 apart,
//     48 bytes), w 144, sa 160 (stride 16), h 192; size 196;
//   dx (the D3D rules): x 0, y 4, z 16 (3 elements
//     16 apart, 36 bytes), v 52, s 64, m 80 (3 columns 16 apart, 40 bytes),
//     w 120, sa 128 (stride 16), h 160; size 164;
//   gl (std140): x 0, y 8, z 16 (48 bytes), v 64, s 80 (S is 32 bytes: b at
//     16, its tail padded), m 112 (48 bytes), w 160, sa 176 (stride 32),
//     h 240; size 244;
//   scalar: every member at its component alignment, nothing row-aligned:
//     x 0, y 4, z 12, v 24, s 36 (S is 16 bytes), m 52, w 76, sa 80, h 112;
//     size 116.
// The padding shows in the types (std140's tail padding of S, each padded
// array element); every module passes the verifier. The flags are usage
// errors on DXIL and with --rules clang-22.
// RUN: %cblower emit-llvm --target spirv %s | %opt-22 -S -passes=verify | FileCheck %s --check-prefix=RELAXED
// RUN: %cblower emit-llvm --target spirv --fvk-use-dx-layout %s | %opt-22 -S -passes=verify | FileCheck %s --check-prefix=DX
// RUN: %cblower emit-llvm --target spirv --fvk-use-gl-layout %s | %opt-22 -S -passes=verify | FileCheck %s --check-prefix=GL
// RUN: %cblower emit-llvm --target spirv --fvk-use-scalar-layout %s | %opt-22 -S -passes=verify | FileCheck %s --check-prefix=SCALAR
// RUN: not %cblower emit-llvm --fvk-use-gl-layout %s 2>&1 | FileCheck %s --check-prefix=USAGE
// RUN: not %cblower emit-llvm --target spirv --rules clang-22 --fvk-use-scalar-layout %s 2>&1 | FileCheck %s --check-prefix=USAGE-CLANG

struct S { float a; float3 b; };
cbuffer CB { float x; float2 y; float z[3]; float3 v; S s; float2x3 m; float w; S sa[2]; half h; }

// RELAXED:      %__cblayout_CB = type <{ float, <2 x float>, target("spirv.Padding", 4), <{ [2 x <{ float, target("spirv.Padding", 12) }>], float }>, target("spirv.Padding", 12), [3 x float], target("spirv.Padding", 4), %S, <{ [2 x <{ <2 x float>, target("spirv.Padding", 8) }>], <2 x float> }>, target("spirv.Padding", 8), float, target("spirv.Padding", 12), [2 x %S], float }>
// RELAXED-NEXT: %S = type <{ float, [3 x float] }>
// RELAXED: !{!"S", i32 16, i32 0, i32 4}
// RELAXED: !{!"__cblayout_CB", i32 196, i32 0, i32 4, i32 16, i32 64, i32 80, i32 96, i32 144, i32 160, i32 192}

// DX: !{!"S", i32 16, i32 0, i32 4}
// DX: !{!"__cblayout_CB", i32 164, i32 0, i32 4, i32 16, i32 52, i32 64, i32 80, i32 120, i32 128, i32 160}

// GL:      %__cblayout_CB = type <{ float, target("spirv.Padding", 4), <2 x float>, <{ [2 x <{ float, target("spirv.Padding", 12) }>], float }>, target("spirv.Padding", 12), [3 x float], target("spirv.Padding", 4), %S, <{ [2 x <{ <2 x float>, target("spirv.Padding", 8) }>], <2 x float> }>, target("spirv.Padding", 8), float, target("spirv.Padding", 12), [2 x %S], float }>
// GL-NEXT: %S = type <{ float, target("spirv.Padding", 12), [3 x float], target("spirv.Padding", 4) }>
// GL: !{!"S", i32 32, i32 0, i32 16}
// GL: !{!"__cblayout_CB", i32 244, i32 0, i32 8, i32 16, i32 64, i32 80, i32 112, i32 160, i32 176, i32 240}

// SCALAR:      %__cblayout_CB = type <{ float, <2 x float>, [3 x float], [3 x float], %S, [3 x <2 x float>], float, [2 x %S], float }>
// SCALAR-NEXT: %S = type <{ float, [3 x float] }>
// SCALAR: !{!"__cblayout_CB", i32 116, i32 0, i32 4, i32 12, i32 24, i32 36, i32 52, i32 76, i32 80, i32 112}

// USAGE: error: `--fvk-use-gl-layout` chooses the SPIR-V layout of the default rules; use it with `--target spirv` and without `--rules clang-22`
// USAGE-CLANG: error: `--fvk-use-scalar-layout` chooses the SPIR-V layout
