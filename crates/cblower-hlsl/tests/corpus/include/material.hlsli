// Material parameters shared by the deferred passes. Guarded the classic way
// (no #pragma once); it includes itself, which the guard makes harmless.
#ifndef MATERIAL_HLSLI
#define MATERIAL_HLSLI

#include "material.hlsli"
#include "common.hlsli"

#ifndef MATERIAL_LAYERS
#define MATERIAL_LAYERS 2
#endif

struct MaterialParams
{
    float4 BaseColor;
    float  Roughness;
    float  Metalness;
    float2 UvScale;
    uint   Flags;
#if MATERIAL_LAYERS > 1
    float4 LayerTint[MATERIAL_LAYERS];
#endif
};

#define MATERIAL_TEXTURES                          \
    Texture2D    BaseColorTex : register(t0);      \
    Texture2D    NormalTex    : register(t1);      \
    SamplerState LinearWrap   : register(s0);

#endif // MATERIAL_HLSLI
