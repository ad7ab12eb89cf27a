cbuffer Scalars : register(b0) {
  float a;
  int b;
  uint c;
  float d;
  bool e;
  float f;
};

export void read_all(uint i) {
  OutF[0] = float4(a, d, f, a);
  OutU[0] = uint4(b, c, e ? 7 : 9, i);
}

[shader("compute")][numthreads(1,1,1)]
void main(uint3 tid : SV_DispatchThreadID) {
  OutF[1] = float4(f, d, a, 0);
  OutU[1] = uint4(c, b, e, tid.x);
}
