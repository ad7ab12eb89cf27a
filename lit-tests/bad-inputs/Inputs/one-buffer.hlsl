cbuffer CB : register(b0) {
  float4 color;
  float scale;
};
