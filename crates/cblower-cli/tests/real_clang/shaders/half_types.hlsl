// cblower-test: native16
cbuffer H : register(b0) {
  half h;
  half2 h2;
  half3 h3;
  half4 h4;
  float f;
  half harr[4];
};
export void read(uint i) {
  OutF[0] = float4(h, h2, f);
  OutF[1] = float4(h3, h4.w);
  OutF[2] = float4(h4.xyz, harr[i % 4]);
}

[shader("compute")][numthreads(1,1,1)]
void main(uint3 tid : SV_DispatchThreadID) {
  uint i = tid.x;
  OutF[0] = float4(h4);
  OutF[1] = float4(harr[i & 3], h2.y, 0, 0);
}
