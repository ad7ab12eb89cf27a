// Froxel volumetric fog: multi-dimensional arrays in a buffer, sizeof-based
// counts, 3D textures and a 2D array of samplers.
// BY HAND: FogVolume.GridSize 0, FogVolume.Phase 12, FogVolume.Slices 16, FogVolume.Noise 208, FogVolume.Media 224
struct Medium { float3 Scattering; float Absorption; };

static const uint kMediumWords = sizeof(Medium) / 4;     // 4
static const uint kSliceGroups = kMediumWords - 1;       // 3

cbuffer FogVolume : register(b0)
{
    uint3  GridSize;
    float  Phase;
    float2 Slices[kSliceGroups][4];       // 12 elements, each its own row: 16..200
    float4 Noise;                         // new row 208
    Medium Media[2];
};

Texture3D<float4>   Scatter  : register(t0);
RWTexture3D<float4> Integrated : register(u0);
SamplerState        Samplers[2][2] : register(s0);

[numthreads(8, 8, 1)]
void CSIntegrate(uint3 id : SV_DispatchThreadID)
{
    float4 acc = 0;
    for (uint z = 0; z < GridSize.z; ++z)
    {
        float4 s = Scatter.SampleLevel(Samplers[0][1], (float3(id.xy, z) + 0.5) / GridSize, 0);
        acc += s * exp(-acc.a) * Slices[z % kSliceGroups][z & 3].x;
        Integrated[uint3(id.xy, z)] = acc;
    }
}
