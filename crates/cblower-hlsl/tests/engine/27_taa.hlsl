// Temporal anti-aliasing: template helper functions (never laid out), an
// enum class for the resolve mode, jitter history.
// BY HAND: TAAConstants.Jitter 0, TAAConstants.Resolution 8, TAAConstants.Mode 16, TAAConstants.Feedback 20, TAAConstants.History 32
enum class ResolveMode : uint { Box, Variance, Catmull };

template <typename T>
T ClipAABB(T aabbMin, T aabbMax, T p, T q)
{
    T center = 0.5 * (aabbMax + aabbMin);
    T extents = 0.5 * (aabbMax - aabbMin) + 0.0001;
    T d = q - center;
    return center + d * saturate(extents / abs(d));
}

template <typename T, int N>
T Average(T v[N]) { T s = 0; for (int i = 0; i < N; ++i) s += v[i]; return s / N; }

cbuffer TAAConstants : register(b0)
{
    float2      Jitter;
    float2      Resolution;
    ResolveMode Mode;
    float       Feedback;
    float2      History[8];
};

Texture2D<float4> Current : register(t0);
Texture2D<float4> Previous : register(t1);
Texture2D<float2> Motion : register(t2);
SamplerState Linear : register(s0);

float4 PSMain(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float4 c = Current.Sample(Linear, uv - Jitter / Resolution);
    float4 h = Previous.Sample(Linear, uv - Motion.Sample(Linear, uv));
    if (Mode == ResolveMode::Variance) h = ClipAABB<float4>(c - 0.1, c + 0.1, c, h);
    return lerp(c, h, Feedback);
}
