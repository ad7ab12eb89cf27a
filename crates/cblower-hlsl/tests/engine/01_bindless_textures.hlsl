// Bindless material system: unbounded descriptor tables in their own spaces,
// a 2D sampler table and an array of per-draw constant buffers.
// BY HAND: DrawConstants.MaterialIndex 0, DrawConstants.InstanceOffset 4, DrawConstants.UvScale 8, DrawConstants.Tint 16
// BY HAND: MaterialTable.BaseColorFactor 0, MaterialTable.Emissive 16, MaterialTable.TextureIds 32, MaterialTable.AlphaCutoff 96

struct MaterialData
{
    float4 BaseColorFactor;
    float3 Emissive;
    uint4  TextureIds[4];     // whole rows: 32..96
    float  AlphaCutoff;       // the last row is full, so a new row: 96
};

Texture2D              g_Textures2D[]   : register(t0, space1);
TextureCube            g_TexturesCube[] : register(t0, space2);
SamplerState           g_Samplers[4][2] : register(s0);
ByteAddressBuffer      g_Buffers[]      : register(t0, space3);
ConstantBuffer<MaterialData> MaterialTable[] : register(b0, space4);

cbuffer DrawConstants : register(b0)
{
    uint   MaterialIndex;
    uint   InstanceOffset;
    float2 UvScale;
    float4 Tint;
};

float4 SampleMaterial(uint id, float2 uv)
{
    MaterialData m = MaterialTable[NonUniformResourceIndex(id)];
    float4 c = g_Textures2D[m.TextureIds[0].x].Sample(g_Samplers[1][0], uv * UvScale);
    return c * m.BaseColorFactor * Tint;
}

float4 PSMain(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    return SampleMaterial(MaterialIndex, uv);
}
