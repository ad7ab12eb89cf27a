cbuffer P : register(b0) {
  float4 tint;
  float4 table[3];
};
[noinline] float4 fetch(uint i) { return table[i % 3]; }
[noinline] float4 getTint() { return tint; }
export void call(uint i) {
  OutF[0] = fetch(i);
  OutF[1] = getTint();
}

[shader("compute")][numthreads(1,1,1)]
void main(uint3 tid : SV_DispatchThreadID) {
  uint i = tid.x;
  OutF[0] = fetch(i + 1);
}
