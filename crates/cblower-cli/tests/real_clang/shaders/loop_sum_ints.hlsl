cbuffer L : register(b0) {
  int values[8];
  uint n;
};
export void sum(uint i) {
  int s = 0;
  for (uint k = 0; k < (i % 8) + 1; ++k)
    s += values[k];
  OutU[0] = uint4(s, n, 0, 0);
}

[shader("compute")][numthreads(1,1,1)]
void main(uint3 tid : SV_DispatchThreadID) {
  uint i = tid.x;
  int s = 0;
  for (uint k = 0; k < 8; ++k) s ^= values[k];
  OutU[0] = uint4(s, 0, 0, 0);
}
