// cblower-test: loop-reduce
// Loops reading `(c ? a : b)[k]` across two buffers: LLVM's loop strength
// reduction makes the select of the two arrays the start of a pointer phi
// stepped by a GEP in the loop (a row per float4, a row per padded float).
cbuffer A : register(b0) {
  float wa[6];
  float4 va[4];
  int4 ia[3];
};
cbuffer B : register(b1) {
  float4 vb[4];
  float wb[6];
  int4 ib[3];
};
export void walk(uint i) {
  float s = 0;
  for (uint k = 0; k < (i & 7) % 6 + 1; ++k) s += (i & 8) ? wa[k] : wb[k];
  float4 t = 0;
  for (uint k = i & 3; k < 4; ++k) t += ((i & 16) ? va : vb)[k];
  int4 u = 0;
  for (uint k = 0; k <= i % 3; ++k) u += ((i & 32) ? ia : ib)[k];
  OutF[0] = t + s;
  OutU[0] = uint4(u);
}

[shader("compute")][numthreads(1,1,1)]
void main(uint3 tid : SV_DispatchThreadID) {
  float4 r = 0;
  for (uint k = tid.x & 3; k < 4; ++k) r += ((tid.x & 4) ? vb : va)[k] * ((tid.x & 8) ? wb[k] : wa[k + 2]);
  OutF[0] = r;
}
