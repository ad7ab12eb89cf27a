// A small forward renderer: the constant buffers cblower lays out.
//
//   cblower examples/scene.hlsl

#define MAX_LIGHTS 4
#define MAX_BONES (16 * 4)

// ---------------------------------------------------------------------------
// Per-frame data: camera matrices, time.
cbuffer FrameConstants : register(b0)
{
    row_major float4x4 ViewProjection;
    float4x4 InverseView;
    float3   CameraPosition;
    float    Time;
    float2   ViewportSize;
    uint     FrameIndex;
};

// ---------------------------------------------------------------------------
// Per-object data: transforms, skinning palette and per-object lights.
static const uint kLightWords = MAX_LIGHTS * 2;

struct PointLight
{
    float3 position;
    float  radius;
    float3 color;
    float  intensity;
};

cbuffer ObjectConstants : register(b1, space0)
{
    float4x4   World;
    float3x4   Bones[MAX_BONES];
    PointLight Lights[MAX_LIGHTS];
    uint       LightMask[kLightWords];
    int        LightCount;
};

// ---------------------------------------------------------------------------
// Material parameters with explicit packing.
struct TextureTransform
{
    float2 scale;
    float2 offset;
};

cbuffer MaterialConstants : register(b2)
{
    float4           BaseColor     : packoffset(c0);
    float            Roughness     : packoffset(c1.x);
    float            Metallic      : packoffset(c1.y);
    float2           EmissiveScale : packoffset(c1.z);
    TextureTransform UvTransform   : packoffset(c2);
};

// ---------------------------------------------------------------------------
// Post-processing settings through the ConstantBuffer<T> syntax.
struct PostSettings
{
    float exposure;
    float3 tint;
    float bloomThreshold;
};

ConstantBuffer<PostSettings> Post : register(b3, space1);

// ---------------------------------------------------------------------------
// Resources: they take no bytes in any constant buffer.
Texture2D<float4>            AlbedoMap  : register(t0);
SamplerState                 LinearWrap : register(s0);
RWTexture2D<float4>          Output     : register(u0);
StructuredBuffer<PointLight> AllLights  : register(t1);

// Loose globals end up in $Globals.
float  DebugMode;
float4 FogColor : register(c4);
static float kPi = 3.14159265;

[numthreads(8, 8, 1)]
void TonemapCS(uint3 id : SV_DispatchThreadID)
{
    float4 c = AlbedoMap.SampleLevel(LinearWrap, id.xy / ViewportSize, 0);
    c.rgb *= Post.exposure * Post.tint;
    if (DebugMode > 0.5) { c = FogColor; }
    Output[id.xy] = c;
}
