cbuffer C : register(b0) {
  float4 wa[4];
  float scale;
  float arr[3];
};
// Arrays are passed by value: clang-22 copies the cbuffer array element by
// element into a temporary and passes that (byval); no cbuffer pointer
// reaches the helper.
float sum4(float4 a[4], uint i) { return a[i & 3].x + a[(i + 1) & 3].y; }
float pick3(float a[3], uint i) { return a[i % 3] * scale; }
export void call(uint i) {
  OutF[0] = float4(sum4(wa, i), pick3(arr, i), 0, 0);
}

[shader("compute")][numthreads(1,1,1)]
void main(uint3 tid : SV_DispatchThreadID) {
  OutF[0] = float4(sum4(wa, tid.x), pick3(arr, tid.x + 1), 0, 0);
}
