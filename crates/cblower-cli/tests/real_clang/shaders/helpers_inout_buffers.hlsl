// Members of two buffers chosen by a ternary and passed to helpers with
// `inout`, `out` and array parameters: clang-22 copies the chosen value (or
// every element of the chosen array) into a temporary, so no pointer into
// a buffer reaches a call or a store.
cbuffer A : register(b0) {
  float wa[4];
  float4 va[4];
  float sa;
};
cbuffer B : register(b1) {
  float wb[4];
  float4 vb[4];
  float sb;
};
void bump(inout float x, float y) { x += y; }
float second(float4 v[4], uint i) { return v[i & 3].y; }
void twice(out float r, in float q) { r = q * 2; }
export void helpers(uint i) {
  float s = (i & 1) ? sa : sb;
  bump(s, (i & 2) ? wa[i & 3] : wb[i & 3]);
  float r;
  twice(r, (i & 4) ? sa : sb);
  OutF[0] = float4(s, second((i & 8) ? va : vb, i), r, 0);
}

[shader("compute")][numthreads(1,1,1)]
void main(uint3 tid : SV_DispatchThreadID) {
  float s = (tid.x & 1) ? va[tid.x & 3].x : vb[tid.x & 3].z;
  bump(s, second((tid.x & 2) ? vb : va, tid.x + 1));
  OutF[0] = s;
}
