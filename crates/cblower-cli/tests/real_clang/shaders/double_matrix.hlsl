cbuffer DM : register(b0) {
  double2x2 dm;
  float pad0;
  double4 dv;
};
export void read(uint i) {
  OutF[0] = float4((float)dm[0][1], (float)dm[1][0], (float)dv.w, pad0);
  OutF[1] = float4((float)dm[i % 2][0], (float)dv[i % 4], 0, 0);
}

[shader("compute")][numthreads(1,1,1)]
void main(uint3 tid : SV_DispatchThreadID) {
  uint i = tid.x;
  OutF[0] = float4((float)dv.x, (float)dv.y, (float)dv.z, (float)dm[1][1]);
}
