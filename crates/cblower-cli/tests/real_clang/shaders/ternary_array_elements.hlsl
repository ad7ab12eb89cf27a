cbuffer T : register(b0) {
  float4 table[4];
  float4 other[2];
};
export void pick(uint i) {
  OutF[0] = (i & 1) ? table[i % 4] : other[i % 2];
  OutF[1] = (i > 1) ? table[1] : table[3];
}

[shader("compute")][numthreads(1,1,1)]
void main(uint3 tid : SV_DispatchThreadID) {
  uint i = tid.x;
  OutF[0] = (i & 1) ? table[0] : other[1];
}
