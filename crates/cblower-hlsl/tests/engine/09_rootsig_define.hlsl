// A compute pass whose root signature is a #define'd string, with the
// version macro expanded inside the attribute.
// BY HAND: DownsampleConstants.SrcSize 0, DownsampleConstants.InvSrcSize 8, DownsampleConstants.MipCount 16, DownsampleConstants.Pad 20
#define ROOT_SIG_VERSION "RootFlags(0), "
#define DownsampleRS \
    ROOT_SIG_VERSION \
    "RootConstants(num32BitConstants = 6, b0), " \
    "DescriptorTable(SRV(t0), UAV(u0, numDescriptors = 12)), " \
    "StaticSampler(s0, filter = FILTER_MIN_MAG_MIP_LINEAR)"

cbuffer DownsampleConstants : register(b0)
{
    uint2  SrcSize;
    float2 InvSrcSize;
    uint   MipCount;
    uint3  Pad;
};

Texture2D<float4>   Src        : register(t0);
RWTexture2D<float4> Dst[12]    : register(u0);
SamplerState        LinearSamp : register(s0);

[RootSignature(DownsampleRS)]
[numthreads(8, 8, 1)]
void CSMain(uint3 id : SV_DispatchThreadID)
{
    float2 uv = (id.xy + 0.5) * InvSrcSize * 2;
    [unroll(12)] for (uint m = 0; m < MipCount; ++m)
        Dst[m][id.xy >> m] = Src.SampleLevel(LinearSamp, uv, m);
}
