// `cblower layout --target spirv` packs HLSL 2021 bitfields as DXC's SPIR-V
// back end does, under every rule set but clang-22's, as `emit-llvm --target
// spirv` does (emit/vk-bitfields.hlsl): only bitfields of one type share a
// unit (`int b` and `uint c` each start one), and `uint : 0` closes nothing
// (`d` joins `c`'s unit) but after a non-bitfield it is a `uint` of its own
// (T's unnamed member at 4). The D3D report on DXIL keeps DXC's DXIL
// packing: a, b, c in one unsigned unit, `: 0` closing it, d a new unit,
// T's `: 0` storing nothing.
// RUN: %cblower layout --target spirv --rules relaxed-std140 %s | FileCheck %s --check-prefix=RELAXED
// RUN: %cblower layout --target spirv --rules scalar-dxc %s | FileCheck %s --check-prefix=SCALAR
// RUN: %cblower layout %s | FileCheck %s --check-prefix=DXIL

struct S { uint a : 4; int b : 4; uint c : 4; uint : 0; uint d : 4; float f; };
struct T { float g; uint : 0; };
cbuffer CB { S s; T t; float after; };

// RELAXED:      cbuffer CB  [rules: relaxed-std140, size: 48 bytes]
// RELAXED:             0     16    16  S     s
// RELAXED-NEXT:        0      4     4  uint    a
// RELAXED-NEXT:        4      4     4  int     b
// RELAXED-NEXT:        8      4     4  uint    c
// RELAXED-NEXT:       12      4     4  float   f
// RELAXED-NEXT:       16     16    16  T     t
// RELAXED-NEXT:       16      4     4  float   g
// RELAXED-NEXT:       20      4     4  uint    {{$}}
// RELAXED-NEXT:       32      4     4  float after

// SCALAR:      cbuffer CB  [rules: scalar-dxc, size: 28 bytes]
// SCALAR:             0     16     4  S     s
// SCALAR:            16      8     4  T     t
// SCALAR:            24      4     4  float after

// DXIL:      cbuffer CB  [rules: cbuffer, size: 24 bytes]
// DXIL:             0     12    16  S     s
// DXIL-NEXT:        0      4     4  uint    a
// DXIL-NEXT:        4      4     4  uint    d
// DXIL-NEXT:        8      4     4  float   f
// DXIL-NEXT:       16      4    16  T     t
// DXIL-NEXT:       16      4     4  float   g
// DXIL-NEXT:       20      4     4  float after
