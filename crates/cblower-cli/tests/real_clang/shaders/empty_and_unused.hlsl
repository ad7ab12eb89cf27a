cbuffer Unused : register(b0) { float4 nothing; };
cbuffer Used : register(b1) { float4 something; };
export void read(uint i) {
  OutF[0] = something;
}

[shader("compute")][numthreads(1,1,1)]
void main(uint3 tid : SV_DispatchThreadID) {
  uint i = tid.x;
  OutF[0] = something;
}
