// Deferred G-buffer pass: per-view, per-draw and per-material data from
// shared headers, selected by feature macros.
#include "include/material.hlsli"
#include <common.hlsli>

DECLARE_CBUFFER(PerView, 0)
{
    row_major float4x4 View;
    row_major float4x4 Proj;
    float4   ViewportSize;   // xy: size in pixels, zw: their inverse
    float2   Jitter;
    float    NearZ;
    float    FarZ;
};

DECLARE_CBUFFER(PerDraw, 1)
{
    float3x4 WorldColumns;   // column-major: four float3 columns
    float4   InstanceColor;
    uint     InstanceId;
    float    LodFade;
};

ConstantBuffer<MaterialParams> Material : register(b2, space1);

MATERIAL_TEXTURES

struct GBuffer
{
    float4 albedo : SV_Target0;
    float4 normal : SV_Target1;
};

GBuffer PSMain(float4 pos : SV_Position, float2 uv : TEXCOORD0)
{
    GBuffer o;
    o.albedo = BaseColorTex.Sample(LinearWrap, uv * Material.UvScale) * Material.BaseColor;
    o.normal = float4(NormalTex.Sample(LinearWrap, uv).xyz, Material.Roughness);
    return o;
}
