// GPU skinning: bone palettes as row-major 3x4 matrices sized by #defines,
// blend shape weights, a tbuffer for large palettes.
// BY HAND: SkinConstants.BoneCount 0, SkinConstants.MorphCount 4, SkinConstants.Bones 16, SkinConstants.MorphWeights 3088
// BY HAND: BigPalette.Palette 0
#define MAX_BONES       64
#define MAX_MORPHS      (MAX_BONES / 8)
#define PALETTE_SIZE    (MAX_BONES * 4)

cbuffer SkinConstants : register(b1)
{
    uint              BoneCount;
    uint              MorphCount;
    row_major float3x4 Bones[MAX_BONES];      // 3 rows each: 48 bytes, 16..3088
    float             MorphWeights[MAX_MORPHS];
};

tbuffer BigPalette : register(t4)
{
    float4 Palette[PALETTE_SIZE];
};

struct VSIn { float3 Pos : POSITION; uint4 Joints : BLENDINDICES; float4 Weights : BLENDWEIGHT; };

float3 Skin(VSIn v)
{
    float3 p = 0;
    [unroll] for (uint i = 0; i < 4; ++i)
        p += mul(Bones[v.Joints[i]], float4(v.Pos, 1)) * v.Weights[i];
    return p + Palette[0].xyz * MorphWeights[0];
}

float4 VSMain(VSIn v) : SV_Position { return float4(Skin(v), 1); }
