// cblower-test: native16
cbuffer S : register(b0) {
  int16_t a;
  uint16_t b;
  int16_t3 c;
  uint16_t4 d;
  int16_t arr[3];
};
export void read(uint i) {
  OutU[0] = uint4(a, b, c.x, c.z);
  OutU[1] = uint4(d);
  OutU[2] = uint4(arr[i % 3], d[i % 4], 0, 0);
}

[shader("compute")][numthreads(1,1,1)]
void main(uint3 tid : SV_DispatchThreadID) {
  uint i = tid.x;
  OutU[0] = uint4(d.w, c.y, a, b);
}
