cbuffer CB {
  float a;
