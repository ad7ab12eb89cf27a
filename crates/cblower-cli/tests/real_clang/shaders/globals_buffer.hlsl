float gTime;
float4 gColor;
int gCount;
float gArr[3];
export void read(uint i) {
  OutF[0] = float4(gTime, gArr[i % 3], 0, 0);
  OutF[1] = gColor;
  OutU[0] = uint4(gCount, 0, 0, 0);
}

[shader("compute")][numthreads(1,1,1)]
void main(uint3 tid : SV_DispatchThreadID) {
  uint i = tid.x;
  OutF[0] = gColor;
}
