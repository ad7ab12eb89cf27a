cbuffer CB {
  float3 v : packoffset(c0.z);
};
