// A buffer whose text report is far larger than a pipe's buffer.
cbuffer Bones : register(b0) {
    float4x4 bones[1024];
    float4 tints[2048];
}
