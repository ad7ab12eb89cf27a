cbuffer M : register(b0) {
  float4x4 m;
  float3x4 n;
};
export void elem(uint i) {
  OutF[0] = float4(m[i % 4][(i + 1) % 4], n[i % 3][(i + 2) % 4], m[1][i % 4], n[2][i % 4]);
}
[shader("compute")][numthreads(1,1,1)]
void main(uint3 tid : SV_DispatchThreadID) {
  uint i = tid.x;
  OutF[0] = float4(m[i & 3][i & 3], n[i % 3][0], 0, 0);
}
