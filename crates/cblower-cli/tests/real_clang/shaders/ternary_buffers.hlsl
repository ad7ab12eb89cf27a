cbuffer First : register(b0) { float4 colorA; float weightA; };
cbuffer Second : register(b1) { float4 colorB; float weightB; };
export void pick(uint i) {
  OutF[0] = (i & 1) ? colorA : colorB;
  OutF[1] = float4((i % 3 == 0) ? weightA : weightB, 0, 0, 0);
}

[shader("compute")][numthreads(1,1,1)]
void main(uint3 tid : SV_DispatchThreadID) {
  uint i = tid.x;
  OutF[0] = (i & 2) ? colorB : colorA;
}
