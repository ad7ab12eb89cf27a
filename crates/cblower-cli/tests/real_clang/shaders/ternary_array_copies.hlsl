// Arrays copied out of one of two buffers: InstCombine replaces the local
// copy by the buffer itself, so the reads become a select (or, after the
// copies are sunk, a phi) of pointers into two buffers.
cbuffer A : register(b0) {
  float4 va[4];
  float sa;
};
cbuffer B : register(b1) {
  float4 vb[4];
  float sb;
};
export void pick(uint i) {
  float4 arr[4];
  if (i & 1)
    arr = va;
  else
    arr = vb;
  float4 t = 0;
  for (uint k = 0; k < 4; ++k) t += arr[k];
  OutF[1] = t + arr[i & 3];
}
export void copy(uint i) {
  float4 arr[4] = (i & 2) ? vb : va;
  OutF[2] = arr[(i + 1) & 3] * ((i & 4) ? sa : sb);
}

[shader("compute")][numthreads(1,1,1)]
void main(uint3 tid : SV_DispatchThreadID) {
  float4 arr[4] = (tid.x & 1) ? va : vb;
  OutF[0] = arr[tid.x & 3] + arr[(tid.x >> 2) & 3];
}
