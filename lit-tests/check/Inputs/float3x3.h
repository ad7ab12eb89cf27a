// A header shared by C++ and HLSL.
#ifndef CBLOWER_TEST_F33
#define CBLOWER_TEST_F33
#ifdef __cplusplus
#define CBUFFER(name, reg) struct name
#else
#define CBUFFER(name, reg) cbuffer name : register(reg)
#endif
CBUFFER(Object, b4) {
    float3x3 normalMatrix;
    float4 color;
};
#endif
