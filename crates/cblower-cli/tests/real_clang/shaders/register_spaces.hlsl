cbuffer A : register(b3, space2) { float4 a; };
cbuffer B : register(b3, space0) { float4 b; };
export void read(uint i) {
  OutF[0] = (i & 1) ? a : b;
}

[shader("compute")][numthreads(1,1,1)]
void main(uint3 tid : SV_DispatchThreadID) {
  uint i = tid.x;
  OutF[0] = a;
  OutF[1] = b;
}
