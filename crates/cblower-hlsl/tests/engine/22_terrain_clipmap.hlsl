// Terrain clipmap: namespaced types with static constants and an enum class,
// quadtree node layout sized from them.
// BY HAND: ClipmapConstants.Levels 0, ClipmapConstants.HeightScale 96, ClipmapConstants.MorphRange 100, ClipmapConstants.LayerTints 112
namespace Terrain
{
    enum class Layer : uint { Rock, Grass, Snow, Count };

    struct Clipmap
    {
        static const uint LevelCount = 6;
        static const uint Resolution = 255;
        static const uint Vertices = (Resolution + 1) * (Resolution + 1);
        float4 Offsets[LevelCount];
    };

    cbuffer ClipmapConstants : register(b5)
    {
        float4 Levels[Clipmap::LevelCount];        // 0..96
        float  HeightScale;                        // 96
        float2 MorphRange;                         // 100
        float4 LayerTints[(uint)Layer::Count];     // new row 112
    };

    float Height(Texture2D<float> map, SamplerState s, float2 uv, uint level)
    {
        return map.SampleLevel(s, uv * Levels[level].xy + Levels[level].zw, 0) * HeightScale;
    }
}

Texture2D<float> HeightMap : register(t0);
SamplerState     Bilinear  : register(s0);

float4 VSMain(uint vid : SV_VertexID, uint iid : SV_InstanceID) : SV_Position
{
    float2 uv = float2(vid % (Terrain::Clipmap::Resolution + 1), vid / (Terrain::Clipmap::Resolution + 1)) / Terrain::Clipmap::Resolution;
    return float4(uv, Terrain::Height(HeightMap, Bilinear, uv, iid), 1);
}
