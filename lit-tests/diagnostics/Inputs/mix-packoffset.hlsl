cbuffer Mixed {
  float a : packoffset(c1.y);
  float b;
  float c : packoffset(c0.x);
};

cbuffer AllExplicit {
  float d : packoffset(c0);
};
