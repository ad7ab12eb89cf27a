// cbuffers and structs inside (nested) namespaces; a qualified struct name
// from outside. Buffers are reported under their own name.
// RUN: %cblower layout --color never %s | FileCheck %s
// RUN: %cblower layout --format json %s | FileCheck %s --check-prefix=JSON

namespace Engine {
namespace Render {
  struct Light { float3 dir; float intensity; };
  cbuffer Lights : register(b1) { Light sun; float ambient; };
}
cbuffer Frame { float time; };
}
cbuffer Top { Engine::Render::Light l; };

// sun 0..16 (dir 0..12, intensity 12), ambient 16: 20 bytes.
// CHECK:      cbuffer Lights : register(b1, space0)  [rules: cbuffer, size: 20 bytes]
// CHECK-NEXT:   offset   size align  type                     name
// CHECK-NEXT:        0     16    16  Engine::Render::Light    sun
// CHECK-NEXT:        0     12     4  float3                     dir
// CHECK-NEXT:       12      4     4  float                      intensity
// CHECK-NEXT:       16      4     4  float                    ambient
// CHECK:      cbuffer Frame  [rules: cbuffer, size: 4 bytes]
// CHECK-NEXT:   offset   size align  type                     name
// CHECK-NEXT:        0      4     4  float                    time
// CHECK:      cbuffer Top  [rules: cbuffer, size: 16 bytes]
// CHECK-NEXT:   offset   size align  type                     name
// CHECK-NEXT:        0     16    16  Engine::Render::Light    l
// CHECK-NEXT:        0     12     4  float3                     dir
// CHECK-NEXT:       12      4     4  float                      intensity

// JSON:      "name": "Lights",
// JSON-NEXT: "kind": "cbuffer",
// JSON:      "name": "sun",
// JSON-NEXT: "type": "Engine::Render::Light",
// JSON:      "name": "Frame",
// JSON:      "name": "Top",
