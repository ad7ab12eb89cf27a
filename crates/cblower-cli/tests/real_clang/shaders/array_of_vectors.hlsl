cbuffer A : register(b0) {
  float4 lights[6];
  float2 uvs[5];
  int3 cells[3];
};
export void read(uint i) {
  OutF[0] = lights[i % 6];
  OutF[1] = float4(uvs[i % 5], uvs[4]);
  OutU[0] = uint4(cells[i % 3], 0);
}

[shader("compute")][numthreads(1,1,1)]
void main(uint3 tid : SV_DispatchThreadID) {
  uint i = tid.x;
  OutF[0] = lights[5 - (i % 6)];
  OutU[0] = uint4(cells[2], i);
}
