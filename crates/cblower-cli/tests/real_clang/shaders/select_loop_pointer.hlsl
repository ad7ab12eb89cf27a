cbuffer T : register(b0) {
  float4 a[4];
  float4 b[4];
};
export void read(uint i) {
  float4 acc = float4(0, 0, 0, 0);
  for (uint k = 0; k < 4; ++k)
    acc = (k == i % 4) ? ((i & 4) ? a[k] : b[k]) : acc;
  OutF[0] = acc;
}

[shader("compute")][numthreads(1,1,1)]
void main(uint3 tid : SV_DispatchThreadID) {
  uint i = tid.x;
  OutF[0] = (i & 1) ? a[i & 3] : b[(i + 1) & 3];
}
