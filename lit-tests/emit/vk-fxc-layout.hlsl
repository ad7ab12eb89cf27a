// `--fvk-use-dx-layout` is DXC's FXC-compatible SPIR-V layout
// (`fxc-cbuffer`), which differs from the D3D rules DXIL uses (DXC's DXIL
// packer) in corners (issue #15 item 6; layout-rules-aligned.md):
//   MP: no min-precision row rule on SPIR-V: h 0, f 4, g 16 (size 24);
//     on DXIL f and g each start a row of the other precision class:
//     h 0, f 16, g 32 (size 40).
//   DM: a double2x3 (three columns of double2) is the same on both: 48
//     bytes, x 48.
//   Inputs/vk-fxc-packoffset.hlsl: packoffset in declaration order with no
//     D3D checks: a 4, v 8 (a float3 at c0.z crossing the row, a D3D
//     error), w 32.
//   Inputs/vk-fxc-backwards.hlsl: a packoffset before the previous member's
//     end is an error on SPIR-V (DXC: "packoffset caused overlap with
//     previous members"), sorted by offset on DXIL.
//   Inputs/vk-fxc-double-matrix.hlsl: a double3x2, which DXC aligns to 32
//     and sizes as if its columns were 16 bytes apart (so x would overlap
//     its second column), is refused with that reason, and no output.
// RUN: %cblower emit-llvm --target spirv --fvk-use-dx-layout %s | %opt-22 -S -passes=verify | FileCheck %s --check-prefix=FXC
// RUN: %cblower emit-llvm --target dxil %s | %opt-22 -S -passes=verify | FileCheck %s --check-prefix=DXIL
// RUN: %cblower emit-llvm --target spirv --fvk-use-dx-layout %S/Inputs/vk-fxc-packoffset.hlsl | FileCheck %s --check-prefix=PACK
// RUN: not %cblower emit-llvm --target dxil %S/Inputs/vk-fxc-packoffset.hlsl 2>&1 | FileCheck %s --check-prefix=PACK-DXIL
// RUN: not %cblower emit-llvm --target spirv --fvk-use-dx-layout %S/Inputs/vk-fxc-backwards.hlsl 2>&1 | FileCheck %s --check-prefix=BACK
// RUN: %cblower emit-llvm --target dxil %S/Inputs/vk-fxc-backwards.hlsl | FileCheck %s --check-prefix=BACK-DXIL
// RUN: not %cblower emit-llvm --target spirv --fvk-use-dx-layout %S/Inputs/vk-fxc-double-matrix.hlsl -o %t.ll 2>&1 | FileCheck %s --check-prefix=DM3
// RUN: not test -e %t.ll
// RUN: %cblower emit-llvm --target spirv --fvk-use-gl-layout %S/Inputs/vk-fxc-double-matrix.hlsl | %opt-22 -S -passes=verify | FileCheck %s --check-prefix=DM3-GL

cbuffer MP : register(b0) { min16float h; float3 f; min16float2 g; };
cbuffer DM : register(b2) { double2x3 dm; float x; };

// FXC: %__cblayout_MP = type <{ float, [3 x float], <2 x float> }>
// FXC: %__cblayout_DM = type <{ [3 x <2 x double>], float }>
// FXC: !{!"__cblayout_MP", i32 24, i32 0, i32 4, i32 16}
// FXC: !{!"__cblayout_DM", i32 52, i32 0, i32 48}

// DXIL: !{!"__cblayout_MP", i32 40, i32 0, i32 16, i32 32}
// DXIL: !{!"__cblayout_DM", i32 52, i32 0, i32 48}

// PACK: %__cblayout_PO = type <{ target("spirv.Padding", 4), float, [3 x float], target("spirv.Padding", 12), <4 x float> }>
// PACK: !{!"__cblayout_PO", i32 48, i32 4, i32 8, i32 32}
// PACK-DXIL: error: 'v' (12 bytes) placed at byte 8 would cross the 16-byte row boundary at 16

// BACK: error: explicit offset 0 of 'b' is before the end of the previous member at 32
// BACK-DXIL: %__cblayout_K = type <{ float, target("dx.Padding", 12), <4 x float> }>

// DM3: error: 'm' is a matrix of 64-bit components stored as 2 vectors of 3: DXC's -fvk-use-dx-layout places its vectors 32 bytes apart but sizes it as if they were 16 apart, so the members after it would overlap it
// DM3: help: use another layout (no flag, --fvk-use-gl-layout or --fvk-use-scalar-layout), or a matrix of 32-bit components or with 2-component vectors
// DM3-GL: !{!"__cblayout_DM3", i32 68, i32 0, i32 64}
