// cblower-test: loop-reduce
// Ternaries between members at different bytes of their rows: clang-22
// -O1/-O3 sink the loads into one, behind a phi of the two member
// pointers (bytes 12 and 8 + 16 * (i % 3) here), read with a run-time
// element index. In the loop, loop strength reduction adds a pointer phi
// stepping a row at a time from byte 4 of the array.
cbuffer A : register(b0) {
  float a;
  float b;
  float2 c;
  float4 v[3];
};
export void sel(uint i) {
  float s = (i & 1) ? a : b;
  float t = (i & 2) ? c.y : v[i % 3].z;
  float u = 0;
  for (uint k = 0; k < (i & 7); ++k) u += (k & 1) ? v[k % 3].y : b;
  OutF[0] = float4(s, t, u, 0);
}

[shader("compute")][numthreads(1,1,1)]
void main(uint3 tid : SV_DispatchThreadID) {
  uint i = tid.x;
  OutF[0] = (i & 1) ? v[i % 3].w : c.x;
}
