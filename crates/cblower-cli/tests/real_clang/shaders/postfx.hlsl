cbuffer PostFX : register(b0) {
  float exposure;
  float gamma;
  float2 vignette;
  float3 tint;
  bool useTonemap;
  float4 curve[4];
};
export void read(uint i) {
  OutF[0] = float4(exposure, gamma, vignette);
  OutF[1] = useTonemap ? curve[i % 4] : float4(tint, 1);
}

[shader("compute")][numthreads(1,1,1)]
void main(uint3 tid : SV_DispatchThreadID) {
  uint i = tid.x;
  OutF[0] = curve[i & 3];
}
