// typedefs of vectors, matrices, anonymous structs and arrays resolve to the
// types they name. By hand: c 0..16; m (three float3 columns, stride 16, 44
// bytes) at 16; p starts c4: 64 (x 64, y 68); pal starts c5: 80 and 96; 112.
// RUN: %cblower layout --color never %s | FileCheck %s
// RUN: %cblower layout --format json %s | FileCheck %s --check-prefix=JSON

typedef float4 Color;
typedef float3x3 Basis;
typedef struct { float x; float y; } Pair;
typedef Color Palette[2];
cbuffer Typedefs { Color c; Basis m; Pair p; Palette pal; };

// CHECK:      cbuffer Typedefs  [rules: cbuffer, size: 112 bytes]
// CHECK-NEXT:   offset   size align  type                     name
// CHECK-NEXT:        0     16     4  float4                   c
// CHECK-NEXT:       16     44    16  float3x3                 m
// CHECK-NEXT:       64      8    16  Pair                     p
// CHECK-NEXT:       64      4     4  float                      x
// CHECK-NEXT:       68      4     4  float                      y
// CHECK-NEXT:       80     32    16  float4[2]                pal  (stride 16)
// CHECK-NEXT:       80     16     4  float4                     [0]
// CHECK-NEXT:       96     16     4  float4                     [1]

// JSON:      "name": "pal",
// JSON-NEXT: "type": "float4[2]",
// JSON-NEXT: "offset": 80,
// JSON-NEXT: "size": 32,
// JSON-NEXT: "align": 16,
// JSON-NEXT: "stride": 16,
