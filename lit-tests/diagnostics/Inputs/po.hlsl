cbuffer CB {
  float a : packoffset(c1.q);
};
