// Cascaded shadow maps: cascade count from a static const expression,
// row-major matrices via #pragma pack_matrix, comparison samplers.
// BY HAND: ShadowConstants.CascadeMatrices 0, ShadowConstants.CascadeSplits 256, ShadowConstants.ShadowMapSize 272, ShadowConstants.FilterRadius 280, ShadowConstants.LightBasis 288
#pragma pack_matrix(row_major)
static const uint kMaxCascades = 8;
static const uint kCascades = kMaxCascades >> 1;   // 4

cbuffer ShadowConstants : register(b2)
{
    float4x4 CascadeMatrices[kCascades];   // 4 * 64 = 256
    float4   CascadeSplits;                // 256
    float2   ShadowMapSize;                // 272
    float    FilterRadius;                 // 280
    column_major float3x4 LightBasis;      // 4 columns of float3: new row 288, 3*16+12 = 60
};
#pragma pack_matrix(column_major)

Texture2DArray<float>  ShadowMap : register(t0);
SamplerComparisonState ShadowCmp : register(s0);

float Shadow(float3 wp, float viewDepth)
{
    uint c = 0;
    [unroll] for (uint i = 0; i < kCascades - 1; ++i)
        c += viewDepth > CascadeSplits[i] ? 1 : 0;
    float4 sp = mul(float4(wp, 1), CascadeMatrices[c]);
    return ShadowMap.SampleCmpLevelZero(ShadowCmp, float3(sp.xy, c), sp.z);
}
