// Terrain: namespaces, typedefs, enums, a tbuffer and #line.
#include "include/common.hlsli"

namespace Terrain
{
    enum Layer { LAYER_GRASS, LAYER_ROCK, LAYER_SNOW, LAYER_COUNT };

    typedef float4 SplatWeights[LAYER_COUNT];

    struct Patch
    {
        float2 origin;
        float  scale;
        uint   lod;
    };

#line 100 "terrain_generated.hlsl"
    cbuffer TerrainParams : register(b5)
    {
        Patch         Patches[16];
        SplatWeights  Splat;
        float         HeightScale;
    }
}

tbuffer HeightTiles : register(t3, space2)
{
    float4 TileRects[64];
};

[[vk::binding(7, 3)]] cbuffer Wind
{
    [[vk::offset(0)]]  float3 WindDirection;
    [[vk::offset(12)]] float  WindStrength;
};
