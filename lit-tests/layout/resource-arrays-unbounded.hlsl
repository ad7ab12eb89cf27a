// Unbounded and multi-dimensional resource arrays at global scope (issue
// #16): bound in their own spaces, never `$Globals` members; an unbounded
// array takes every register to the end of its space, and a range that
// overlaps another is a warning at the later declaration.
// By hand: Draw.Index 0, Draw.Scale 4, Draw.Tint 16 (20 bytes);
// Materials (ConstantBuffer<Material>[], unbounded, b0 space4): Albedo 0,
// Roughness 12 (16 bytes).
// RUN: %cblower layout --color never %s 2>%t.err | FileCheck %s
// RUN: FileCheck %s --check-prefix=WARN < %t.err

struct Material { float3 Albedo; float Roughness; };

Texture2D              Textures[]     : register(t0, space1);
TextureCube            Cubes[]        : register(t0, space2);
SamplerState           Samplers[4][2] : register(s0);
SamplerComparisonState Shadow         : register(s7);
ConstantBuffer<Material> Materials[]  : register(b0, space4);
Texture2D              Late           : register(t12, space1);

cbuffer Draw : register(b0)
{
    uint   Index;
    float  Scale;
    float4 Tint;
};

float4 PSMain(float2 uv : TEXCOORD0) : SV_Target
{
    Material m = Materials[NonUniformResourceIndex(Index)];
    return Textures[Index].Sample(Samplers[1][0], uv * Scale) * float4(m.Albedo, 1) * Tint;
}

// CHECK:      ConstantBuffer Materials[] : register(b0, space4)  [rules: cbuffer, size: 16 bytes]
// CHECK-NEXT:   offset   size align  type                     name
// CHECK-NEXT:        0     12     4  float3                   Albedo
// CHECK-NEXT:       12      4     4  float                    Roughness
// CHECK-EMPTY:
// CHECK:      cbuffer Draw : register(b0, space0)  [rules: cbuffer, size: 32 bytes]
// CHECK-NEXT:   offset   size align  type                     name
// CHECK-NEXT:        0      4     4  uint                     Index
// CHECK-NEXT:        4      4     4  float                    Scale
// CHECK-NEXT:       16     16     4  float4                   Tint
// CHECK-EMPTY:
// CHECK-NOT:  $Globals

// WARN:      warning: registers s7 of `Shadow` overlap registers s0..s7 of `Samplers` in space0
// WARN-NEXT:   --> {{.*}}resource-arrays-unbounded.hlsl:16:41
// WARN:      warning: registers t12 of `Late` overlap registers t0 onwards (unbounded) of `Textures` in space1
// WARN-NEXT:   --> {{.*}}resource-arrays-unbounded.hlsl:18:41
// WARN:      = help: move one of them to free registers or another space; an unbounded array `[]` takes every register from its first to the end of its space
// WARN-NOT:  warning
