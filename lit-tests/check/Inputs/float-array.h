// A header shared by C++ and HLSL.
#ifndef CBLOWER_TEST_FARR
#define CBLOWER_TEST_FARR
#ifdef __cplusplus
#define CBUFFER(name, reg) struct name
#else
#define CBUFFER(name, reg) cbuffer name : register(reg)
#endif
CBUFFER(Blur, b3) {
    float weights[4];
    float4 tint;
};
#endif
