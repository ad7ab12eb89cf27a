cbuffer Flags : register(b0) {
  bool enabled;
  bool2 axes;
  bool3 channels;
  bool4 mask;
  float fallback;
};
export void flags(uint i) {
  OutU[0] = uint4(enabled ? 1 : 2, axes.y ? 3 : 4, channels.z ? 5 : 6, mask.w ? 7 : 8);
  OutU[1] = uint4(mask[i % 4] ? 1 : 0, channels[i % 3] ? 1 : 0, axes[i % 2] ? 1 : 0, 0);
  OutF[0] = float4(enabled ? fallback : 0, 0, 0, 0);
}

[shader("compute")][numthreads(1,1,1)]
void main(uint3 tid : SV_DispatchThreadID) {
  uint i = tid.x;
  OutU[0] = uint4(mask.x, mask.y, channels.x, enabled);
}
