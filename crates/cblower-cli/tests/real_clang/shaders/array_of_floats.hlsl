cbuffer A : register(b0) {
  float weights[8];
  float bias;
};
export void weight(uint i) {
  OutF[0] = float4(weights[i % 8], weights[7 - i % 8], bias, weights[2]);
}

[shader("compute")][numthreads(1,1,1)]
void main(uint3 tid : SV_DispatchThreadID) {
  uint i = tid.x;
  OutF[0] = float4(weights[i & 7], bias, 0, 0);
}
