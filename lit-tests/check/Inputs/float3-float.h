// A header shared by C++ and HLSL.
#ifndef CBLOWER_TEST_F3F
#define CBLOWER_TEST_F3F
#ifdef __cplusplus
#define CBUFFER(name, reg) struct name
#else
#define CBUFFER(name, reg) cbuffer name : register(reg)
#endif
CBUFFER(Wind, b1) {
    float3 direction;
    float strength;
    float4 gusts;
};
#endif
