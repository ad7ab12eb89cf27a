cbuffer Pack : register(b0) {
  float x;
  float2 yz;
  float w;
  uint u;
  float3 rgb;
  int i2;
  float2 st;
  float2 pq;
};
export void read(uint i) {
  OutF[0] = float4(x, yz, w);
  OutF[1] = float4(rgb, st.x);
  OutF[2] = float4(st.y, pq, 0);
  OutU[0] = uint4(u, i2, 0, 0);
}

[shader("compute")][numthreads(1,1,1)]
void main(uint3 tid : SV_DispatchThreadID) {
  uint i = tid.x;
  OutF[0] = float4(pq, st);
}
