// A `ConstantBuffer<D>` whose `D` derives (`struct D : B`, B : A) on SPIR-V
// (issue #15): DXC's SPIR-V back end keeps each base as a struct field of
// its own, first in the struct, so D's own fields start after the base's
// rounded size, exactly as for a `cbuffer` member of type D. Offsets
// (!hlsl.layouts), by hand:
//   relaxed std140 (no flag) and std140 (gl): A is 16 bytes (z, 12 tail),
//     B 32 (A, then a at 16, 12 tail); so z 0, a 16, b 32, c 48; 64 bytes,
//     in `cb` and in M's member `m` alike (t at 64);
//   the TextureBuffer (relaxed std430) and the push-constant block (std430):
//     a struct aligns to its widest member (4 here), so nothing moves:
//     z 0, a 4, b 8, c 16;
//   scalar: z 0, a 4, b 8, c 12, nothing padded;
//   dx (the D3D rules, unchanged): z 0, a 4, b 8, c 16.
// DXIL lays D out with the D3D rules (z 0, a 4, b 8, c 16), unchanged, and
// with --rules clang-22 the `cbuffer` member is clang-22's type exactly (the
// templated buffers are compiled out: clang 22 has no ConstantBuffer<T>).
// RUN: %cblower emit-llvm --target spirv %s | %opt-22 -S -passes=verify | FileCheck %s --check-prefix=RELAXED
// RUN: %cblower emit-llvm --target spirv --fvk-use-gl-layout %s | %opt-22 -S -passes=verify | FileCheck %s --check-prefix=GL
// RUN: %cblower emit-llvm --target spirv --fvk-use-scalar-layout %s | %opt-22 -S -passes=verify | FileCheck %s --check-prefix=SCALAR
// RUN: %cblower emit-llvm --target spirv --fvk-use-dx-layout %s | %opt-22 -S -passes=verify | FileCheck %s --check-prefix=DX
// RUN: %cblower emit-llvm %s | %opt-22 -S -passes=verify | FileCheck %s --check-prefix=DXIL
// RUN: %cblower layout --rules relaxed-std140 %s | FileCheck %s --check-prefix=REPORT
// RUN: %cblower emit-llvm --target spirv --rules clang-22 -D CLANG22 %s | FileCheck %s --check-prefix=CLANG
// RUN: %clang-22 -cc1 -triple spirv-unknown-vulkan1.3-library -emit-llvm -disable-llvm-passes -D CLANG22 -o - %s | FileCheck %s --check-prefix=CLANG

struct A { float z; };
struct B : A { float a; };
struct D : B { float b; vector<float, 4> c; };
#ifndef CLANG22
ConstantBuffer<D> cb : register(b0);
TextureBuffer<D> tb : register(t0);
[[vk::push_constant]] D pc;
#endif
cbuffer M : register(b1) { D m; float t; };

// RELAXED:      %__cblayout_cb = type <{ %D }>
// RELAXED-NEXT: %D = type <{ float, target("spirv.Padding", 12), float, target("spirv.Padding", 12), float, target("spirv.Padding", 12), <4 x float> }>
// RELAXED-NEXT: %__cblayout_tb = type <{ %D.0 }>
// RELAXED-NEXT: %D.0 = type <{ float, float, float, target("spirv.Padding", 4), <4 x float> }>
// RELAXED-NEXT: %struct.D = type <{ float, float, float, target("spirv.Padding", 4), <4 x float> }>
// RELAXED-NEXT: %__cblayout_M = type <{ %D, float }>
// RELAXED:      !{!"D", i32 64, i32 0, i32 16, i32 32, i32 48}
// RELAXED-NEXT: !{!"__cblayout_cb", i32 64, i32 0}
// RELAXED-NEXT: !{!"D.0", i32 32, i32 0, i32 4, i32 8, i32 16}
// RELAXED-NEXT: !{!"__cblayout_tb", i32 32, i32 0}
// RELAXED-NEXT: !{!"__cblayout_M", i32 68, i32 0, i32 64}

// GL:      %__cblayout_cb = type <{ %D }>
// GL-NEXT: %D = type <{ float, target("spirv.Padding", 12), float, target("spirv.Padding", 12), float, target("spirv.Padding", 12), <4 x float> }>
// GL-NEXT: %__cblayout_tb = type <{ %D.0 }>
// GL-NEXT: %D.0 = type <{ float, float, float, target("spirv.Padding", 4), <4 x float> }>
// GL-NEXT: %struct.D = type <{ float, float, float, target("spirv.Padding", 4), <4 x float> }>
// GL-NEXT: %__cblayout_M = type <{ %D, float }>
// GL:      !{!"D", i32 64, i32 0, i32 16, i32 32, i32 48}
// GL-NEXT: !{!"__cblayout_cb", i32 64, i32 0}
// GL-NEXT: !{!"D.0", i32 32, i32 0, i32 4, i32 8, i32 16}
// GL-NEXT: !{!"__cblayout_tb", i32 32, i32 0}
// GL-NEXT: !{!"__cblayout_M", i32 68, i32 0, i32 64}

// SCALAR:      %__cblayout_cb = type <{ %D }>
// SCALAR-NEXT: %D = type <{ float, float, float, <4 x float> }>
// SCALAR-NEXT: %__cblayout_tb = type <{ %D }>
// SCALAR-NEXT: %struct.D = type <{ float, float, float, <4 x float> }>
// SCALAR-NEXT: %__cblayout_M = type <{ %D, float }>
// SCALAR:      !{!"D", i32 28, i32 0, i32 4, i32 8, i32 12}
// SCALAR-NEXT: !{!"__cblayout_cb", i32 28, i32 0}
// SCALAR-NEXT: !{!"__cblayout_tb", i32 28, i32 0}
// SCALAR-NEXT: !{!"__cblayout_M", i32 32, i32 0, i32 28}

// DX:      %__cblayout_cb = type <{ %D }>
// DX-NEXT: %D = type <{ float, float, float, target("spirv.Padding", 4), <4 x float> }>
// DX-NEXT: %__cblayout_tb = type <{ %D }>
// DX-NEXT: %struct.D = type <{ float, float, float, <4 x float> }>
// DX-NEXT: %__cblayout_M = type <{ %D, float }>
// DX:      !{!"D", i32 32, i32 0, i32 4, i32 8, i32 16}
// DX-NEXT: !{!"__cblayout_cb", i32 32, i32 0}
// DX-NEXT: !{!"__cblayout_tb", i32 32, i32 0}
// DX-NEXT: !{!"__cblayout_M", i32 36, i32 0, i32 32}

// DXIL:      %__cblayout_cb = type <{ %D }>
// DXIL-NEXT: %D = type <{ float, float, float, target("dx.Padding", 4), <4 x float> }>
// DXIL-NEXT: %__cblayout_tb = type <{ %D }>
// DXIL-NEXT: %__cblayout_M = type <{ %D, float }>
// DXIL:      !{!"D", i32 32, i32 0, i32 4, i32 8, i32 16}
// DXIL-NEXT: !{!"__cblayout_cb", i32 32, i32 0}
// DXIL-NEXT: !{!"__cblayout_tb", i32 32, i32 0}
// DXIL-NEXT: !{!"__cblayout_M", i32 36, i32 0, i32 32}

// REPORT:      ConstantBuffer cb : register(b0, space0)  [rules: relaxed-std140, size: 64 bytes]
// REPORT-NEXT:   offset   size align  type   name
// REPORT-NEXT:        0      4     4  float  z
// REPORT-NEXT:       16      4     4  float  a
// REPORT-NEXT:       32      4     4  float  b
// REPORT-NEXT:       48     16    16  float4 c
// REPORT:      c0   |z          |pad: tail--------------------------|
// REPORT-NEXT: c1   |a          |pad: tail--------------------------|
// REPORT-NEXT: c2   |b          |pad: alignment---------------------|
// REPORT-NEXT: c3   |c                                              |

// CLANG:      %__cblayout_M = type <{ %D, float }>
// CLANG-NEXT: %D = type <{ float, float, float, target("spirv.Padding", 4), <4 x float> }>
