cbuffer T : register(b0) {
  float4 dayColor;
  float4 nightColor;
  float scaleA;
  float scaleB;
  uint mode;
};
export void pick(uint i) {
  OutF[0] = (i & 1) ? dayColor : nightColor;
  OutF[1] = float4((i > 2) ? scaleA : scaleB, mode == 1 ? scaleA : scaleB, 0, 0);
}

[shader("compute")][numthreads(1,1,1)]
void main(uint3 tid : SV_DispatchThreadID) {
  uint i = tid.x;
  OutF[0] = (mode & 1) ? nightColor : dayColor;
}
