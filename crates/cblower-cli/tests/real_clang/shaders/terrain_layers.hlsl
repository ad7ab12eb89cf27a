struct Layer { float2 uvScale; float height; float blend; };
cbuffer Terrain : register(b0) {
  Layer layers[4];
  float4 heightRange;
  uint layerCount;
};
export void layer(uint i) {
  OutF[0] = float4(layers[i % 4].uvScale, layers[i % 4].height, layers[i % 4].blend);
  OutF[1] = heightRange;
}

[shader("compute")][numthreads(1,1,1)]
void main(uint3 tid : SV_DispatchThreadID) {
  uint i = tid.x;
  uint n = layerCount % 4;
  OutF[0] = float4(layers[n].uvScale, layers[3 - n].height, 0);
}
