cbuffer CB {
  float a;
  float a;
};
