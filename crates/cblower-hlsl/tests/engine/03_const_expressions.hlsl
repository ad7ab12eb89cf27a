// Light culling constants derived from each other, from #defines with 32-bit
// wrap-around and from sizeof.
// BY HAND: CullingParams.TileCounts 0, CullingParams.MaxLights 8, CullingParams.Planes 16, CullingParams.Masks 112, CullingParams.Bias 160
#define TILE_SIZE        16
#define MAX_LIGHTS_LOG2  8
#define WRAPPED          (0xFFFFFFFFu + 3u)          // uint arithmetic wraps: 2
#define SHIFTED          ((1u << 31) >> 29)          // logical shift of a uint: 4

static const uint kMaxLights    = 1u << MAX_LIGHTS_LOG2;          // 256
static const uint kWordsPerTile = kMaxLights / 32;                // 8
static const int  kNegative     = -TILE_SIZE;                     // -16
static const uint kPlaneCount   = (kNegative < 0 ? 6 : 4);        // 6
static const float kDepthBias[] = { 0.1f, 0.2f, 0.3f };           // three elements

struct Plane { float3 n; float d; };

cbuffer CullingParams : register(b0)
{
    uint2  TileCounts;
    uint   MaxLights;
    Plane  Planes[kPlaneCount];                          // 6 * 16 = 96 bytes: 16..112
    uint   Masks[sizeof(Plane) / 16 + WRAPPED];          // 1 + 2 = 3 elements: 112..148
    float  Bias[SHIFTED - 3];                            // 1 element: new row 160
};

groupshared uint gs_TileMask[kWordsPerTile];

[numthreads(TILE_SIZE, TILE_SIZE, 1)]
void CSCull(uint3 gid : SV_GroupID, uint gi : SV_GroupIndex)
{
    if (gi < kWordsPerTile) gs_TileMask[gi] = 0;
    GroupMemoryBarrierWithGroupSync();
    float b = kDepthBias[gi % 3] + Bias[0];
    if (gi < MaxLights && b > 0) InterlockedOr(gs_TileMask[gi / 32], 1u << (gi % 32));
}
