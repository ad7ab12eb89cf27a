// Statics, groupshared, resources, empty structs and zero-sized arrays take no
// bytes and do not appear; structs holding them are filtered copies.
// RUN: %cblower layout %s | FileCheck %s

struct Empty {};
struct WithRes { float a; RWBuffer<float> r; float b; };
cbuffer E {
  float x;
  static float st = 1.0;
  RWBuffer<float> buf;
  Empty e;
  float z0[0];
  WithRes w;
  float y;
};

// CHECK:      cbuffer E  [rules: cbuffer, size: 28 bytes]
// CHECK-NEXT: offset
// CHECK-NEXT:  0      4     4  float                    x
// CHECK-NEXT: 16      8    16  WithRes                  w
// CHECK-NEXT: 16      4     4  float                      a
// CHECK-NEXT: 20      4     4  float                      b
// CHECK-NEXT: 24      4     4  float                    y
// CHECK-NOT: {{ (st|buf|e|z0)$}}
