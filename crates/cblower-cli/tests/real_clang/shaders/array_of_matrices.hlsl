cbuffer Skin : register(b0) {
  float3x4 palette[4];
  row_major float2x3 rm[2];
};
export void read(uint i) {
  OutF[0] = palette[i % 4][1];
  OutF[1] = float4(rm[i % 2][1], 0);
  OutF[2] = float4(palette[3][2].xy, rm[0][0].z, 0);
}

[shader("compute")][numthreads(1,1,1)]
void main(uint3 tid : SV_DispatchThreadID) {
  uint i = tid.x;
  OutF[0] = palette[i & 3][2];
}
