// A buffer no naturally aligned struct can mirror (a double, then a float:
// 12 bytes), and 16-bit types (with --enable-16bit-types).
cbuffer Timing : register(b1) {
    double   seconds;
    float    delta;
};

cbuffer Particles : register(b2) {
    half3    tint;
    uint16_t count;
    float4   bounds[2];
};
