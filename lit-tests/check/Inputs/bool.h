// A header shared by C++ and HLSL.
#ifndef CBLOWER_TEST_BOOL
#define CBLOWER_TEST_BOOL
#ifdef __cplusplus
#define CBUFFER(name, reg) struct name
#else
#define CBUFFER(name, reg) cbuffer name : register(reg)
#endif
CBUFFER(Flags, b2) {
    bool shadows;
    bool fog;
    float density;
};
#endif
