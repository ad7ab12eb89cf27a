// A realistic per-frame constant buffer for the mirror tests.
struct Light {
    float3 position;
    float  range;
    float3 color;
    bool   enabled;
};

cbuffer Frame : register(b0) {
    row_major float4x4 viewProj;
    float3x3 normalMatrix;
    float    exposure;
    Light    lights[2];
    float    weights[3];
    float2   jitter;
    int      frameIndex;
};
