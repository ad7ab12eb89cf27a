struct Item { uint id; float3 v; };
cbuffer L : register(b0) {
  Item items[4];
};
export void scan(uint i) {
  uint best = 0;
  for (uint k = 0; k < 4; ++k)
    if (items[k].id == i) best = k;
  OutU[0] = uint4(best, items[best].id, 0, 0);
  OutF[0] = float4(items[best].v, 0);
}

[shader("compute")][numthreads(1,1,1)]
void main(uint3 tid : SV_DispatchThreadID) {
  uint i = tid.x;
  uint x = 0;
  for (uint k = 0; k < 4; ++k) x += items[k].id;
  OutU[0] = uint4(x, 0, 0, 0);
}
