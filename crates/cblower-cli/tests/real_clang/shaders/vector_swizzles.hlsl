cbuffer S : register(b0) {
  float4 a;
  float3 b;
  int4 c;
};
export void read(uint i) {
  OutF[0] = a.wzyx;
  OutF[1] = float4(b.zzx, a.y);
  OutU[0] = uint4(c.yx, c.ww);
}

[shader("compute")][numthreads(1,1,1)]
void main(uint3 tid : SV_DispatchThreadID) {
  uint i = tid.x;
  OutF[0] = float4(a.xz, b.yx);
}
