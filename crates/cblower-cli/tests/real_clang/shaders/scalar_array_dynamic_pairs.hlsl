cbuffer A : register(b0) {
  uint ids[6];
  float2 pairs[4];
};
export void read(uint i) {
  uint k = ids[i % 6] % 4;
  OutU[0] = uint4(ids[i % 6], k, 0, 0);
  OutF[0] = float4(pairs[k], pairs[i % 4]);
}

[shader("compute")][numthreads(1,1,1)]
void main(uint3 tid : SV_DispatchThreadID) {
  uint i = tid.x;
  OutF[0] = float4(pairs[ids[0] % 4], 0, 0);
}
