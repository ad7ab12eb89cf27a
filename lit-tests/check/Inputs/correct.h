// A header shared by C++ and HLSL.
#ifndef CBLOWER_TEST_CORRECT
#define CBLOWER_TEST_CORRECT
#ifdef __cplusplus
#define CBUFFER(name, reg) struct name
#else
#define CBUFFER(name, reg) cbuffer name : register(reg)
#endif
struct Light {
    float3 position;
    float range;
    float3 color;
    float intensity;
};

CBUFFER(Frame, b0) {
    float4x4 viewProjection;
    float3 cameraPosition;
    float time;
    float2 jitter;
    float2 _pad0;
    Light sun;
    float4 weights[4];
    uint enabled;
    float3 _pad1;
};
#endif
