// Templated and plain resource types, samplers and arrays of them take no
// bytes, as globals and as cbuffer members. By hand: WithRes x 0, y 4.
// RUN: %cblower layout --color never %s | FileCheck %s
// RUN: %cblower layout --format json %s | FileCheck %s --check-prefix=JSON

struct S { float a; };
Texture2D<float4> gTex : register(t0);
RWStructuredBuffer<S> gOut : register(u0);
SamplerState gSamp : register(s0);
SamplerComparisonState gCmp;
Texture2D gTexArr[4];
StructuredBuffer<S> gSB;
RWTexture2D<float4> gTarget;
float gValue;
cbuffer WithRes { float x; Texture2D<float4> t; SamplerState smp; float y; };

// CHECK:      cbuffer WithRes  [rules: cbuffer, size: 8 bytes]
// CHECK-NEXT:   offset   size align  type                     name
// CHECK-NEXT:        0      4     4  float                    x
// CHECK-NEXT:        4      4     4  float                    y
// CHECK-EMPTY:
// CHECK:      cbuffer $Globals  [rules: cbuffer, size: 4 bytes]
// CHECK-NEXT:   offset   size align  type                     name
// CHECK-NEXT:        0      4     4  float                    gValue
// CHECK-NOT: {{gTex|gOut|gSamp|gCmp|gSB|gTarget| t$| smp$}}

// JSON:      "name": "WithRes",
// JSON:      "members": [
// JSON-NEXT:   {
// JSON-NEXT:     "name": "x",
// JSON:        {
// JSON-NEXT:     "name": "y",
// JSON-NEXT:     "type": "float",
// JSON-NEXT:     "offset": 4,
// JSON:      "name": "$Globals",
// JSON-NOT:  "gTex"
