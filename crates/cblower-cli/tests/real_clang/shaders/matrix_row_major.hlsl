cbuffer M : register(b0) {
  row_major float4x4 world;
  row_major float3x4 bones;
  row_major float2x2 rot;
};
export void rows(uint i) {
  OutF[0] = world[1];
  OutF[1] = bones[2];
  OutF[2] = float4(rot[0], rot[1]);
}
export void dyn(uint i) {
  OutF[0] = world[i % 4];
  OutF[1] = bones[i % 3];
  OutF[2] = float4(rot[i % 2], 0, 0);
}

[shader("compute")][numthreads(1,1,1)]
void main(uint3 tid : SV_DispatchThreadID) {
  uint i = tid.x;
  OutF[0] = bones[1];
}
