cbuffer Lights {
  float3 position;
};

cbuffer Camera {
  float4 position;
};
