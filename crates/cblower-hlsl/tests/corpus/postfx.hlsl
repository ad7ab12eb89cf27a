// Post effects: row-major matrices from a pragma, ConstantBuffer<T>, $Globals.
#include "common.hlsli"

#pragma pack_matrix(row_major)

struct TonemapParams
{
    float4x4 ColorMatrix;
    float    Exposure;
    float2   InvResolution;
};

ConstantBuffer<TonemapParams> Tonemap : register(b4);

#pragma pack_matrix(column_major)

float3x3 ColorGrade;
column_major float2x2 Dither;
row_major float4x4 Reproject : register(c8);
static const float kGamma = 2.2;
RWTexture2D<float4> Target : register(u0);
groupshared float4 Tile[8 * 8];

[numthreads(8, 8, 1)]
void Tonemap_CS(uint3 id : SV_DispatchThreadID, uint gi : SV_GroupIndex)
{
    Tile[gi] = Target[id.xy];
    GroupMemoryBarrierWithGroupSync();
    Target[id.xy] = pow(Tile[gi] * Tonemap.Exposure, 1.0 / kGamma);
}
