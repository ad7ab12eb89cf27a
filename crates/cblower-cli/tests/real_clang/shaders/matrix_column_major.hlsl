cbuffer M : register(b0) {
  float4x4 world;
  float3x3 normalMat;
  float2x3 small;
};
export void rows(uint i) {
  OutF[0] = world[0];
  OutF[1] = float4(normalMat[1], small[1][2]);
  OutF[2] = float4(world[2][3], world[3][0], normalMat[2][2], small[0][0]);
}
export void dyn_row(uint i) {
  OutF[0] = world[i % 4];
  OutF[1] = float4(normalMat[i % 3], 0);
}

[shader("compute")][numthreads(1,1,1)]
void main(uint3 tid : SV_DispatchThreadID) {
  uint i = tid.x;
  OutF[0] = world[3];
  OutF[1] = float4(small[0], 1);
}
