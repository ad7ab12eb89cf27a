struct Light { float3 pos; float range; float4 color; uint kind; };
cbuffer Lights : register(b0) {
  uint count;
  Light lights[4];
};
export void light(uint i) {
  uint k = i % 4;
  OutF[0] = float4(lights[k].pos, lights[k].range);
  OutF[1] = lights[k].color;
  OutU[0] = uint4(lights[k].kind, count, 0, 0);
}
export void member(uint i) {
  OutF[0] = lights[i % 4].color;
  OutF[1] = float4(lights[(i + 1) % 4].pos, 0);
}

[shader("compute")][numthreads(1,1,1)]
void main(uint3 tid : SV_DispatchThreadID) {
  uint i = tid.x;
  OutF[0] = lights[i & 3].color;
  OutU[0] = uint4(lights[3].kind, count, 0, 0);
}
