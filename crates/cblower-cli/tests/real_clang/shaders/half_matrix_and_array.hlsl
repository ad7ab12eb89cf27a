// cblower-test: native16
cbuffer H : register(b0) {
  half2x2 hm;
  half4 colors[3];
  uint16_t flags;
};
export void read(uint i) {
  OutF[0] = float4(hm[0], hm[1]);
  OutF[1] = float4(colors[i % 3]);
  OutU[0] = uint4(flags, 0, 0, 0);
}

[shader("compute")][numthreads(1,1,1)]
void main(uint3 tid : SV_DispatchThreadID) {
  uint i = tid.x;
  OutF[0] = float4(colors[2]);
}
