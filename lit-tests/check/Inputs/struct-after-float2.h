// A header shared by C++ and HLSL.
#ifndef CBLOWER_TEST_SAF2
#define CBLOWER_TEST_SAF2
#ifdef __cplusplus
#define CBUFFER(name, reg) struct name
#else
#define CBUFFER(name, reg) cbuffer name : register(reg)
#endif
struct Material {
    float4 albedo;
    float roughness;
};

CBUFFER(Surface, b5) {
    float2 uv;
    Material material;
};
#endif
