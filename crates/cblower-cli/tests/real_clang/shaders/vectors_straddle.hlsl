cbuffer Vecs : register(b0) {
  float a;
  float3 v3;      // straddles nothing, fills the row
  float2 v2;
  float3 w3;      // starts at byte 8 of a row: moves to the next row
  half hh;
  int4 i4;
  uint2 u2;
  float f1;
  float2 tail;
};
void emit(uint i) {
  OutF[0] = float4(v3, a);
  OutF[1] = float4(v2, w3.xy);
  OutF[2] = float4(w3.z, f1, tail);
  OutU[0] = i4;
  OutU[1] = uint4(u2, i, 0);
}
export void read_vectors(uint i) { emit(i); }

[shader("compute")][numthreads(1,1,1)]
void main(uint3 tid : SV_DispatchThreadID) {
  uint i = tid.x;
  emit(i);
}
