cbuffer G : register(b0) {
  float grid[3][4];
  int2 cells[2][2];
};
export void read(uint i) {
  OutF[0] = float4(grid[i % 3][(i + 1) % 4], grid[2][3], grid[0][i % 4], 0);
  OutU[0] = uint4(cells[i % 2][(i / 2) % 2], cells[1][0]);
}

[shader("compute")][numthreads(1,1,1)]
void main(uint3 tid : SV_DispatchThreadID) {
  uint i = tid.x;
  OutF[0] = float4(grid[i % 3][i % 4], 0, 0, 0);
}
