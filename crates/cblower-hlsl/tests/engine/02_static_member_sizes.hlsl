// Blur kernels sized by constants that live in the structs that use them.
// BY HAND: BlurParams.Weights 0, BlurParams.Offsets 112, BlurParams.Radius 232, BlurParams.Direction 240
// Weights is float[Kernel::Taps = 7]: stride 16, 6*16+4 = 100 bytes. Offsets
// (float2[Pairs = 8]) starts a new row at 112; its last element is at 224 and
// ends at 232. Radius packs into that row at 232; Direction (8 bytes) would
// cross the row at 236, so it starts row 240.
struct Kernel
{
    static const uint Taps = 7;
    static const uint Pairs = (Taps + 1) / 2 + 4;   // 8
    float Weights[Taps];

    float Sum()
    {
        float s = 0;
        [unroll] for (uint i = 0; i < Taps; ++i) s += Weights[i];
        return s;
    }
};

cbuffer BlurParams : register(b1)
{
    float  Weights[Kernel::Taps];
    float2 Offsets[Kernel::Pairs];
    float  Radius;
    float2 Direction;
};

Texture2D<float4> Source : register(t0);
SamplerState LinearClamp : register(s0);

float4 Blur(float2 uv)
{
    float4 acc = 0;
    for (uint i = 0; i < Kernel::Taps; ++i)
        acc += Source.SampleLevel(LinearClamp, uv + Direction * Offsets[i].x, 0) * Weights[i];
    return acc;
}
