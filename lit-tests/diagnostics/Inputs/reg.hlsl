cbuffer CB : register(x1) {
  float a;
};
