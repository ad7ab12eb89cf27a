cbuffer Packed : register(b0) {
  uint4 data[4];
};
export void read(uint i) {
  uint k = i % 16;
  OutU[0] = uint4(data[k >> 2][k & 3], data[i % 4].x, 0, 0);
}

[shader("compute")][numthreads(1,1,1)]
void main(uint3 tid : SV_DispatchThreadID) {
  uint i = tid.x;
  OutU[0] = data[i & 3];
}
