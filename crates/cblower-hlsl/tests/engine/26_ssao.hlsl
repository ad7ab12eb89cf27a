// Screen-space ambient occlusion: a kernel table sized from its initializer,
// kernel constants in a buffer, bilateral blur helpers.
// BY HAND: SSAOConstants.Proj 0, SSAOConstants.Radius 64, SSAOConstants.Bias 68, SSAOConstants.NoiseScale 72, SSAOConstants.Kernel 80, SSAOConstants.Power 336
static const float3 kHemisphere[] =
{
    float3( 0.53,  0.10, 0.34), float3(-0.28, 0.45, 0.12),
    float3( 0.09, -0.62, 0.51), float3( 0.71, 0.23, 0.05),
};
static const uint kSamples = 16;

cbuffer SSAOConstants : register(b0)
{
    float4x4 Proj;
    float    Radius;
    float    Bias;
    float2   NoiseScale;
    float4   Kernel[kSamples];       // 80..336
    float    Power;                  // 336
};

Texture2D<float>  DepthTex  : register(t0);
Texture2D<float4> NormalTex : register(t1);
Texture2D<float2> NoiseTex  : register(t2);
SamplerState      PointClamp : register(s0);

float PSMain(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float occ = 0;
    [loop] for (uint i = 0; i < kSamples; ++i)
    {
        float3 s = Kernel[i].xyz * Radius + kHemisphere[i & 3];
        float4 p = mul(Proj, float4(s, 1));
        float d = DepthTex.SampleLevel(PointClamp, p.xy / p.w, 0);
        occ += step(s.z + Bias, d);
    }
    return pow(1 - occ / kSamples, Power);
}
