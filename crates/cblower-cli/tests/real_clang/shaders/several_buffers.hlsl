cbuffer Frame : register(b0) { float4x4 viewProj; float time; };
cbuffer Object : register(b1) { float4x4 world; uint objectId; };
cbuffer Material : register(b2, space1) { float4 albedo; float metal; };
export void read(uint i) {
  OutF[0] = viewProj[i % 4];
  OutF[1] = world[(i + 1) % 4];
  OutF[2] = float4(albedo.xyz, time);
  OutU[0] = uint4(objectId, 0, 0, 0);
  OutF[3] = float4(metal, 0, 0, 0);
}

[shader("compute")][numthreads(1,1,1)]
void main(uint3 tid : SV_DispatchThreadID) {
  uint i = tid.x;
  OutF[0] = albedo;
  OutU[0] = uint4(objectId, i, 0, 0);
}
