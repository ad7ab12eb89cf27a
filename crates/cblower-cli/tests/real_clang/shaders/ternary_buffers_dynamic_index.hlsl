cbuffer A : register(b0) {
  float4 wa[4];
  float sa;
};
cbuffer B : register(b1) {
  float4 wb[4];
  float sb;
};
export void pick(uint i) {
  // clang-22 -O0: a phi of @wa and @wb, then a GEP with a run-time index.
  OutF[0] = (i > 1 ? wa : wb)[i & 3];
  OutF[1] = (i > 2 ? wb : wa)[(i + 1) & 3] * (i > 0 ? sa : sb);
}

[shader("compute")][numthreads(1,1,1)]
void main(uint3 tid : SV_DispatchThreadID) {
  float4 r = 0;
  for (uint k = 0; k < 3; k++) {
    r += (tid.x > 2 ? wa : wb)[(tid.x + k) & 3];
  }
  OutF[0] = r;
}
