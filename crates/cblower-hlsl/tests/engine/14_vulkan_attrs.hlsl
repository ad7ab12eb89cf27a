// A shader shared between D3D12 and Vulkan: [[vk::...]] attributes of every
// kind next to D3D registers.
// BY HAND: FrameData.Proj 0, FrameData.Time 64, FrameData.Resolution 68, FrameData.Flags 76
// BY HAND: $Globals.PushConstants 0, $Globals.kUseFog 68, $Globals.kSampleCount 72
struct PushData { float4x4 Model; uint MaterialId; };

[[vk::push_constant]] PushData PushConstants;

[[vk::binding(0, 0)]]
cbuffer FrameData : register(b0, space0)
{
    float4x4 Proj;
    float    Time;
    float2   Resolution;
    uint     Flags;
};

[[vk::binding(1, 0)]] [[vk::combinedImageSampler]] Texture2D<float4> Albedo : register(t0);
[[vk::binding(1, 0)]] [[vk::combinedImageSampler]] SamplerState AlbedoSampler : register(s0);
[[vk::binding(2, 0)]] [[vk::image_format("rgba16f")]] RWTexture2D<float4> Scratch : register(u0);
[[vk::input_attachment_index(0)]] SubpassInput GBuffer;

[[vk::constant_id(0)]] const bool kUseFog = true;
[[vk::constant_id(1)]] const int  kSampleCount = 4;

[[vk::ext_instruction(/* OpIsHelperInvocationEXT */ 5381)]]
bool IsHelperInvocation();

struct VSOut
{
    [[vk::location(0)]] float4 Pos : SV_Position;
    [[vk::location(1)]] float2 Uv : TEXCOORD0;
};

VSOut VSMain([[vk::location(0)]] float3 pos : POSITION, [[vk::location(1)]] float2 uv : TEXCOORD0)
{
    VSOut o;
    o.Pos = mul(Proj, mul(PushConstants.Model, float4(pos, 1)));
    o.Uv = uv * Resolution;
    return o;
}
