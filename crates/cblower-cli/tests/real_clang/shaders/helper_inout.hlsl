cbuffer P : register(b0) {
  float4 a;
  float4 b;
};
void load_pair(inout float4 x, out float4 y) { x = a; y = b; }
export void call(uint i) {
  float4 x = float4(0, 0, 0, 0), y;
  load_pair(x, y);
  OutF[0] = x;
  OutF[1] = y;
}

[shader("compute")][numthreads(1,1,1)]
void main(uint3 tid : SV_DispatchThreadID) {
  uint i = tid.x;
  float4 x, y;
  load_pair(x, y);
  OutF[0] = y;
}
