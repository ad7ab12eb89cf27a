cbuffer A { float4 a; };
cbuffer B : register(b0) { float4 b; };
cbuffer C { float4 c; uint k; };
export void read(uint i) {
  OutF[0] = a;
  OutF[1] = b;
  OutF[2] = c;
  OutU[0] = uint4(k, 0, 0, 0);
}

[shader("compute")][numthreads(1,1,1)]
void main(uint3 tid : SV_DispatchThreadID) {
  uint i = tid.x;
  OutF[0] = c;
}
