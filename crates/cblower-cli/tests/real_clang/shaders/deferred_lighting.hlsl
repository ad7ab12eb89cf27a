struct PointLight { float3 position; float radius; float3 color; float intensity; };
cbuffer PerFrame : register(b0) {
  float4x4 invViewProj;
  float3 cameraPos;
  uint lightCount;
  PointLight pointLights[8];
};
cbuffer PerView : register(b1) { float2 screenSize; float2 invScreenSize; };
export void light(uint i) {
  uint k = i % 8;
  OutF[0] = float4(pointLights[k].position, pointLights[k].radius);
  OutF[1] = float4(pointLights[k].color, pointLights[k].intensity);
  OutF[2] = float4(cameraPos, screenSize.x);
  OutU[0] = uint4(lightCount, 0, 0, 0);
}

[shader("compute")][numthreads(1,1,1)]
void main(uint3 tid : SV_DispatchThreadID) {
  uint i = tid.x;
  OutF[0] = invViewProj[i & 3];
  OutF[1] = float4(invScreenSize, pointLights[i & 7].radius, 0);
}
