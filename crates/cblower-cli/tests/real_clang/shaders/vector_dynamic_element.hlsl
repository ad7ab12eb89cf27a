cbuffer V : register(b0) {
  float4 color;
  int3 offs;
  uint4 mask;
};
export void pick(uint i) {
  OutF[0] = float4(color[i % 4], color[(i + 1) % 4], 0, 0);
  OutU[0] = uint4(offs[i % 3], mask[i % 4], 0, 0);
}

[shader("compute")][numthreads(1,1,1)]
void main(uint3 tid : SV_DispatchThreadID) {
  uint i = tid.x;
  OutF[1] = float4(color[i & 3], 0, 0, 0);
  OutU[1] = uint4(mask[3 - (i & 3)], 0, 0, 0);
}
