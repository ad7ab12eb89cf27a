// An old effect-style file: a cbuffer nested in another and a namespace
// inside a buffer, as DXC reads them (the inner buffer is a buffer of its
// own; the names inside go to the enclosing scope).
// BY HAND: Outer.Ambient 0, Outer.Fog 16, Outer.FogDensity 28, Outer.Wind 32, Outer.Sun 48
// BY HAND: Inner.InnerScale 0, Inner.InnerBias 4
cbuffer Outer : register(b0)
{
    float4 Ambient;
    float3 Fog;
    float  FogDensity;

    cbuffer Inner : register(b1)
    {
        float InnerScale;
        float InnerBias;
    };

    namespace Weather
    {
        float4 Wind;
    }

    float3 Sun;
};

float4 PSMain(float3 wp : WORLDPOS) : SV_Target
{
    float f = exp(-FogDensity * length(wp)) * InnerScale + InnerBias;
    return float4(lerp(Fog, Ambient.rgb + Sun + Wind.xyz, f), 1);
}
