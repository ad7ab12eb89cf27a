// Hair strand rendering: strand constants with templates over vector types,
// groupshared tiles, out-of-line helper methods.
// BY HAND: HairConstants.Width 0, HairConstants.Segments 4, HairConstants.RootTip 16, HairConstants.Scatter 48, HairConstants.Shift 56
template <typename T>
struct Interval { T Lo; T Hi; };

struct Strand
{
    float3 Root;
    float3 Tip;
    float  Thickness(float t);
    float3 Point(float t);
};

float Strand::Thickness(float t) { return lerp(1.0, 0.2, t); }
float3 Strand::Point(float t) { return lerp(Root, Tip, t); }

cbuffer HairConstants : register(b0)
{
    float             Width;
    uint              Segments;
    Interval<float4>  RootTip;     // new row 16: Lo 16, Hi 32 -> ends 48
    Interval<float>   Scatter;     // new row 48: Lo 48, Hi 52
    float             Shift;       // 56
};

StructuredBuffer<Strand> Strands : register(t0);
groupshared uint gs_TileDepth[16 * 16];

[numthreads(16, 16, 1)]
void CSRaster(uint3 id : SV_DispatchThreadID, uint gi : SV_GroupIndex)
{
    Strand s = Strands[id.x];
    float t = (float)id.y / Segments;
    gs_TileDepth[gi] = asuint(s.Point(t).z * s.Thickness(t) * Width + RootTip.Lo.x + Scatter.Hi + Shift);
}
