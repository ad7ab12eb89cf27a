// HLSL 2021 templates: generic containers used inside buffers, and template
// functions that are never instantiated for layout.
// BY HAND: SceneParams.Bounds 0, SceneParams.Exposure 28, SceneParams.History 32, SceneParams.Frames 80, SceneParams.Frame 140
template <typename T>
struct Range
{
    T Min;
    T Max;
};

template <typename T, uint N = 4>
struct RingBuffer
{
    T    Items[N];
    uint Head;
};

template <typename T>
T Lerp3(T a, T b, T c, float t)
{
    return t < 0.5 ? lerp(a, b, t * 2) : lerp(b, c, t * 2 - 1);
}

template <typename T>
bool Inside(Range<T> r, T p) { return all(p >= r.Min) && all(p <= r.Max); }

cbuffer SceneParams : register(b0)
{
    Range<float3>        Bounds;    // Min 0..12; Max would cross a row at 12: 16..28
    float                Exposure;  // 28
    RingBuffer<float, 3> History;   // new row 32: Items 32, 48, 64; Head 68 -> ends 72
    RingBuffer<uint2>    Frames;    // N defaults to 4: new row 80, Items 80..136, Head 136 -> 140
    uint                 Frame;
};

float4 PSMain(float3 wp : WORLDPOS) : SV_Target
{
    if (!Inside(Bounds, wp)) discard;
    return Lerp3(History.Items[0], History.Items[1], History.Items[2], Exposure).xxxx;
}
