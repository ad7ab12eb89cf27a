// Deferred lighting pass: packed G-buffer decode with bitfields, light
// arrays sized by enum values, a template for light lists.
// BY HAND: DeferredConstants.InvViewProj 0, DeferredConstants.ViewPos 64, DeferredConstants.LightCounts 80, DeferredConstants.Sun 128, DeferredConstants.DefaultFlags 160, DeferredConstants.Extra 176
enum LightType { LIGHT_POINT, LIGHT_SPOT, LIGHT_DIRECTIONAL, LIGHT_TYPE_COUNT };

struct GBufferFlags
{
    uint ShadingModel : 4;
    uint Subsurface   : 1;
    uint Reserved     : 27;
};

template <typename T> struct LightList { T Lights[4]; uint Count; };

struct DirLight { float3 Direction; float Intensity; float3 Color; };

cbuffer DeferredConstants : register(b0)
{
    float4x4      InvViewProj;
    float3        ViewPos;
    uint          LightCounts[LIGHT_TYPE_COUNT];   // new row 80: 80, 96, 112 -> ends 116
    DirLight      Sun;
    GBufferFlags  DefaultFlags;
    LightList<float4> Extra;
};

Texture2D<float4> GBuffer[3] : register(t0);
Texture2D<float>  Depth      : register(t3);

float3 Light(uint2 px)
{
    float4 n = GBuffer[1].Load(int3(px, 0));
    return saturate(dot(n.xyz, -Sun.Direction)) * Sun.Color * Sun.Intensity;
}

float4 PSMain(float4 pos : SV_Position) : SV_Target
{
    return float4(Light(uint2(pos.xy)), 1);
}
