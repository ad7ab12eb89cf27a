cbuffer Bones : register(b0) { float4x4 boneMats[16]; };
cbuffer Weights : register(b1) { float4 weights; uint4 indices; };
export void skin(uint i) {
  OutF[0] = boneMats[indices[i % 4] % 16][i % 4];
  OutF[1] = float4(weights[i % 4], 0, 0, 0);
}

[shader("compute")][numthreads(1,1,1)]
void main(uint3 tid : SV_DispatchThreadID) {
  uint i = tid.x;
  OutF[0] = boneMats[indices.x % 16][0];
}
