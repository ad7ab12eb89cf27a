struct Cam { float4x4 view; float3 pos; float fov; };
cbuffer C : register(b0) { Cam cams[2]; };
export void read(uint i) {
  Cam c = cams[i % 2];
  OutF[0] = c.view[1];
  OutF[1] = float4(c.pos, c.fov);
}

[shader("compute")][numthreads(1,1,1)]
void main(uint3 tid : SV_DispatchThreadID) {
  uint i = tid.x;
  Cam c = cams[1];
  OutF[0] = float4(c.pos, 0);
}
