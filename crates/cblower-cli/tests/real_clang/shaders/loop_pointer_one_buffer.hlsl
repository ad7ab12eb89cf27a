// cblower-test: loop-reduce
// Loops over arrays of one buffer: after loop strength reduction a pointer
// phi steps through each array (whole rows), two of them in one loop, one
// starting at a run-time element.
cbuffer L : register(b0) {
  float weights[5];
  float3 dirs[3];
  int2 pairs[4];
  uint count;
};
export float4 shade(uint i) {
  float w = 0;
  for (uint k = i % 5; k < 5; ++k) w += weights[k];
  float3 d = 0;
  int p = 0;
  for (uint k = 0; k < (count < 3 ? count : 3); ++k) {
    d += dirs[k] * weights[k + 1];
    p += pairs[k + 1].y;
  }
  return float4(d, w + p);
}

[shader("compute")][numthreads(1,1,1)]
void main(uint3 tid : SV_DispatchThreadID) {
  OutF[0] = shade(tid.x);
}
