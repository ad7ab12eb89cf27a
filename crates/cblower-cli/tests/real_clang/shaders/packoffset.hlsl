cbuffer P : register(b0) {
  float4 late : packoffset(c2);
  float x : packoffset(c0.y);
  float2 y : packoffset(c1.z);
};
export void read(uint i) {
  OutF[0] = late;
  OutF[1] = float4(x, y, 0);
}

[shader("compute")][numthreads(1,1,1)]
void main(uint3 tid : SV_DispatchThreadID) {
  uint i = tid.x;
  OutF[0] = float4(y, x, late.z);
}
