cbuffer D : register(b0) {
  double d;
  float f;
  double2 d2;
  double3 d3;
  double darr[3];
};
export void read(uint i) {
  OutF[0] = float4((float)d, f, (float)d2.y, (float)d3.z);
  OutF[1] = float4((float)darr[i % 3], (float)d3.x, 0, 0);
}

[shader("compute")][numthreads(1,1,1)]
void main(uint3 tid : SV_DispatchThreadID) {
  uint i = tid.x;
  OutF[0] = float4((float)d3.y, (float)d2.x, (float)darr[2], 0);
}
