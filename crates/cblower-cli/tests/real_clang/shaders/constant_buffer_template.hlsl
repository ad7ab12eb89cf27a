struct Params { float4 scale; uint flags; };
ConstantBuffer<Params> params : register(b0);
export void read(uint i) {
  OutF[0] = params.scale;
  OutU[0] = uint4(params.flags, 0, 0, 0);
}

[shader("compute")][numthreads(1,1,1)]
void main(uint3 tid : SV_DispatchThreadID) {
  uint i = tid.x;
  OutF[0] = params.scale;
}
