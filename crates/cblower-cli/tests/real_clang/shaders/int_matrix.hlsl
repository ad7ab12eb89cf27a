cbuffer IM : register(b0) {
  int2x3 im;
  uint idx;
};
export void read(uint i) {
  OutU[0] = uint4(im[0], 0);
  OutU[1] = uint4(im[i % 2], idx);
}

[shader("compute")][numthreads(1,1,1)]
void main(uint3 tid : SV_DispatchThreadID) {
  uint i = tid.x;
  OutU[0] = uint4(im[1], 0);
}
