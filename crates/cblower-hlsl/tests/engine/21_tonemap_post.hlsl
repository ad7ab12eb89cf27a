// Post-processing chain: packoffset-placed constants, a ConstantBuffer<T>
// with a nested struct, static helper tables.
// BY HAND: Tonemap.Exposure 0, Tonemap.WhitePoint 4, Tonemap.Curve 16, Tonemap.LutSize 36
// BY HAND: Bloom.Params 0, Bloom.Intensity 16
struct CurveParams { float Toe; float Shoulder; float Linear; float Gamma; float Black; };

cbuffer Tonemap : register(b0)
{
    float       Exposure   : packoffset(c0);
    float       WhitePoint : packoffset(c0.y);
    CurveParams Curve      : packoffset(c1);
    float       LutSize    : packoffset(c2.y);
};

struct BloomParams { float Threshold; float Knee; float2 TexelSize; };
struct BloomData { BloomParams Params; float Intensity; };
ConstantBuffer<BloomData> Bloom : register(b1);

static const float3x3 kACESInput = { 0.59719, 0.35458, 0.04823,
                                     0.07600, 0.90834, 0.01566,
                                     0.02840, 0.13383, 0.83777 };

Texture3D<float4> Lut : register(t0);
Texture2D<float4> Scene : register(t1);
SamplerState      Linear : register(s0);

float3 ACES(float3 c)
{
    c = mul(kACESInput, c);
    return saturate((c * (2.51 * c + 0.03)) / (c * (2.43 * c + 0.59) + 0.14));
}

float4 PSMain(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float3 c = Scene.Sample(Linear, uv).rgb * Exposure;
    c += max(c - Bloom.Params.Threshold, 0) * Bloom.Intensity;
    c = ACES(c / WhitePoint);
    float s = (LutSize - 1) / LutSize;
    return float4(Lut.Sample(Linear, c * s + 0.5 / LutSize).rgb, 1);
}
