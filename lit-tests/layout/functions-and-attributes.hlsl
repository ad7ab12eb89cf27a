// Function declarations and bodies are skipped with their braces balanced
// (locals are not globals); attributes, semantics and interpolation
// modifiers are accepted and do not change the layout.
// By hand: VSOut pos 0..16, id 16, uv 20..28, depth 28, s 32 (36 bytes);
// Mods v 0, after 36 (40 bytes); $Globals value 0 (4 bytes).
// RUN: %cblower layout --color never %s | FileCheck %s
// RUN: %cblower layout --format json %s | FileCheck %s --check-prefix=JSON

struct VSOut {
  linear float4 pos : SV_Position;
  nointerpolation uint id : ID;
  centroid float2 uv : TEXCOORD0;
  noperspective float depth : DEPTH;
  sample float s : S;
};
cbuffer Mods : register(b0) { VSOut v; float after; };

float4 helper(float4 x);
float4 helper(float4 x) {
  float local = 1;
  if (x.x > 0) { struct Local { float q; }; { return x * local; } }
  return float4(0, 0, 0, 0);
}
float value;
[numthreads(8, 8, 1)]
void CSMain(uint3 id : SV_DispatchThreadID) { groupshared float notHere; }
[shader("pixel")]
float4 PSMain(VSOut i) : SV_Target { return i.pos; }

// CHECK:      cbuffer Mods : register(b0, space0)  [rules: cbuffer, size: 40 bytes]
// CHECK-NEXT:   offset   size align  type                     name
// CHECK-NEXT:        0     36    16  VSOut                    v
// CHECK-NEXT:        0     16     4  float4                     pos
// CHECK-NEXT:       16      4     4  uint                       id
// CHECK-NEXT:       20      8     4  float2                     uv
// CHECK-NEXT:       28      4     4  float                      depth
// CHECK-NEXT:       32      4     4  float                      s
// CHECK-NEXT:       36      4     4  float                    after
// CHECK-EMPTY:
// CHECK:      cbuffer $Globals  [rules: cbuffer, size: 4 bytes]
// CHECK-NEXT:   offset   size align  type                     name
// CHECK-NEXT:        0      4     4  float                    value
// CHECK-NOT: {{local|notHere|Local}}

// JSON:      "name": "after",
// JSON-NEXT: "type": "float",
// JSON-NEXT: "offset": 36,
// JSON:      "name": "$Globals",
