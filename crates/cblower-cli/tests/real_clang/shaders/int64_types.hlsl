cbuffer L : register(b0) {
  int64_t a;
  uint b;
  uint64_t2 c;
  uint64_t3 d;
  int64_t arr[2];
};
export void read(uint i) {
  OutU[0] = uint4((uint)a, (uint)(a >> 32), b, (uint)c.y);
  OutU[1] = uint4((uint)(d.z >> 32), (uint)d.x, (uint)arr[i % 2], (uint)(arr[i % 2] >> 32));
}

[shader("compute")][numthreads(1,1,1)]
void main(uint3 tid : SV_DispatchThreadID) {
  uint i = tid.x;
  OutU[0] = uint4((uint)c.x, (uint)(c.x >> 32), (uint)d.y, 0);
}
