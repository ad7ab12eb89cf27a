cbuffer CB : register(b0) { float4 c0; };
float g0;
float2 g1;
export void read(uint i) {
  OutF[0] = float4(c0.xy, g1);
  OutF[1] = float4(g0, 0, 0, 0);
}

[shader("compute")][numthreads(1,1,1)]
void main(uint3 tid : SV_DispatchThreadID) {
  uint i = tid.x;
  OutF[0] = float4(g0, g1, c0.w);
}
