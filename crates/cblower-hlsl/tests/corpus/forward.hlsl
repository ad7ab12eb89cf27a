// Forward pass: per-frame, per-object and per-material buffers behind macros.
#include "common.hlsli"
#include <common.hlsli>   // a second time: #pragma once keeps it out

DECLARE_CBUFFER(PerFrame, 0)
{
    float4x4 ViewProj;
    float3   EyePos;
    float    Time;
    Light    Lights[MAX_LIGHTS];
    uint     LightCount;
};

DECLARE_CBUFFER(PerObject, 1)
{
    float4x4 World;
#if FEATURE_SKINNING
    float3x4 Bones[kMaxBones];
#endif
#if defined(FEATURE_MORPH) && FEATURE_MORPH > 1
    float MorphWeights[4];
#endif
};

DECLARE_CBUFFER(PerMaterial, 2)
{
    float4 Albedo    : packoffset(c0);
    FLOAT_PARAM(Roughness)
    FLOAT_PARAM(Metalness)
};

Texture2D    AlbedoTex : register(t0);
SamplerState Aniso     : register(s0);

float4 PSMain(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float4 c = AlbedoTex.Sample(Aniso, uv) * Albedo;
    [unroll] for (uint i = 0; i < LightCount; ++i) { c.rgb += Lights[i].color; }
    return c;
}
