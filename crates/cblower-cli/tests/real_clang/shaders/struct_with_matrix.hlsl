struct Bone { float4x4 m; float w; };
cbuffer Skin : register(b0) { Bone bones[3]; };
export void read(uint i) {
  OutF[0] = bones[i % 3].m[(i + 1) % 4];
  OutF[1] = float4(bones[i % 3].w, bones[0].m[2][1], 0, 0);
}

[shader("compute")][numthreads(1,1,1)]
void main(uint3 tid : SV_DispatchThreadID) {
  uint i = tid.x;
  OutF[0] = bones[2].m[3];
}
