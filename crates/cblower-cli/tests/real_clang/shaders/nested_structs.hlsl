struct Inner { float2 uv; int id; };
struct Mid { Inner a; float3 n; Inner b[2]; };
struct Outer { float4 head; Mid mid; float tail; };
cbuffer N : register(b0) {
  Outer o;
  Mid extra;
};
export void read(uint i) {
  OutF[0] = float4(o.mid.a.uv, o.mid.n.xy);
  OutF[1] = float4(o.mid.b[i % 2].uv, o.tail, extra.n.z);
  OutU[0] = uint4(o.mid.b[1].id, extra.b[i % 2].id, o.mid.a.id, 0);
}
export void whole(uint i) {
  OutF[0] = float4(o.mid.b[i % 2].uv, 0, 0);
  OutU[0] = uint4(o.mid.b[i % 2].id, 0, 0, 0);
}

[shader("compute")][numthreads(1,1,1)]
void main(uint3 tid : SV_DispatchThreadID) {
  uint i = tid.x;
  OutF[0] = o.head;
  OutF[1] = float4(extra.a.uv, o.mid.b[i & 1].uv);
}
