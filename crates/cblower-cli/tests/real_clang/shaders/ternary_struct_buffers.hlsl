struct Light { float4 color; float range; uint kind; };
cbuffer Key : register(b0) { Light keyLight; float4 keyArr[2]; };
cbuffer Fill : register(b1) { Light fillLight; float4 fillArr[2]; };
export void pick(uint i) {
  OutF[0] = ((i & 1) ? keyLight : fillLight).color;
  OutF[1] = float4(((i & 2) ? keyLight : fillLight).range, 0, 0, 0);
  OutU[0] = uint4(((i > 2) ? fillLight : keyLight).kind, 0, 0, 0);
}
[shader("compute")][numthreads(1,1,1)]
void main(uint3 tid : SV_DispatchThreadID) {
  uint i = tid.x;
  OutF[0] = ((i & 1) ? fillLight : keyLight).color;
}
