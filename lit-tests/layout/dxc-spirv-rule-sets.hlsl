// `cblower layout --rules fxc-cbuffer` and `--rules scalar-dxc`: the rule
// sets `emit-llvm --target spirv` uses for DXC's -fvk-use-dx-layout and
// -fvk-use-scalar-layout (layout-rules-aligned.md). Worked by hand:
//   fxc-cbuffer: no min-precision row rule, so f packs at 4 behind h (the
//     D3D rules, `cbuffer`, put it at 16); S starts rows (stride 16); g
//     packs into the last row at 44; size 48.
//   scalar-dxc: S is 12 bytes (not rounded to its alignment 8), so s has
//     stride 12 and s[1].d sits at 28; g at 40; size 44.
// RUN: %cblower layout --rules fxc-cbuffer %s | FileCheck %s --check-prefix=FXC
// RUN: %cblower layout --rules cbuffer %s | FileCheck %s --check-prefix=D3D
// RUN: %cblower layout --rules scalar-dxc %s | FileCheck %s --check-prefix=SCALAR

struct S { double d; float f; };
cbuffer CB { min16float h; float3 f; S s[2]; float g; };

// FXC: cbuffer CB  [rules: fxc-cbuffer, size: 48 bytes]
// FXC:        4     12     4  float3     f
// FXC:       16     28    16  S[2]       s  (stride 16)
// FXC:       44      4     4  float      g

// D3D:       16     12     4  float3     f

// SCALAR: cbuffer CB  [rules: scalar-dxc, size: 44 bytes]
// SCALAR:       16     24     8  S[2]       s  (stride 12)
// SCALAR:       28      8     8  double         d
// SCALAR:       40      4     4  float      g
