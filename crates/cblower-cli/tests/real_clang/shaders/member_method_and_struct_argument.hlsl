struct Light {
  float4 color;
  float range;
  float intensity() { return color.w * range; }
};
cbuffer L : register(b0) {
  Light lights[2];
  float scale;
};
// Member pointers into calls: clang-22 refuses both a method called on a
// cbuffer struct (its `this` would point into the buffer) and a cbuffer
// struct passed by value; kept to show that clang-22 never hands a
// cbuffer pointer to a function.
float scaled(Light l) { return l.range * scale; }
export void call(uint i) {
  OutF[0] = float4(lights[i & 1].intensity(), scaled(lights[1]), 0, 0);
}

[shader("compute")][numthreads(1,1,1)]
void main(uint3 tid : SV_DispatchThreadID) {
  OutF[0] = float4(lights[tid.x & 1].intensity(), 0, 0, 0);
}
