struct Mat { float4 base; float rough; uint id; };
cbuffer M : register(b0) { Mat mats[3]; };
float4 shade(uint k) { return float4(mats[k].base.xyz, mats[k].rough); }
export void call(uint i) {
  OutF[0] = shade(i % 3);
  OutU[0] = uint4(mats[i % 3].id, 0, 0, 0);
}

[shader("compute")][numthreads(1,1,1)]
void main(uint3 tid : SV_DispatchThreadID) {
  uint i = tid.x;
  OutF[0] = shade(2);
}
