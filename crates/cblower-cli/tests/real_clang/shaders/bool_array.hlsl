cbuffer B : register(b0) {
  bool on[5];
  bool2 pairs[3];
};
export void read(uint i) {
  OutU[0] = uint4(on[i % 5] ? 10 : 20, pairs[i % 3].x ? 1 : 0, pairs[i % 3].y ? 1 : 0, on[4]);
}

[shader("compute")][numthreads(1,1,1)]
void main(uint3 tid : SV_DispatchThreadID) {
  uint i = tid.x;
  OutU[0] = uint4(on[i % 5], pairs[2].y, 0, 0);
}
