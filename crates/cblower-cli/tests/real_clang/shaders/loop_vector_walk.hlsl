cbuffer L : register(b0) {
  float4 rows[4];
};
export void walk(uint i) {
  float4 last = rows[0];
  for (uint k = 1; k <= i % 4; ++k)
    last = rows[k];
  OutF[0] = last;
}

[shader("compute")][numthreads(1,1,1)]
void main(uint3 tid : SV_DispatchThreadID) {
  uint i = tid.x;
  float4 last = rows[0];
  for (uint k = 0; k < (i & 3); ++k) last = rows[k + 1];
  OutF[0] = last;
}
