struct S {
  float x;
  S inner;
};
cbuffer CB { S s; };
