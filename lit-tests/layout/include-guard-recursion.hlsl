// Include guards end recursive inclusion as in clang and DXC: a header that
// includes itself (or a header that includes it back) is read once, not
// reported as an include cycle.
// RUN: %cblower layout --color never %s | FileCheck %s

#include "Inputs/guard-frame.hlsli"
#include "Inputs/guard-object.hlsli"
#include "Inputs/guard-frame.hlsli"

cbuffer PerDraw : register(b1) { FrameData frame; ObjectData object; };

// FrameData: viewProj 0..64 (four float4 columns), time 64; 68 bytes.
// ObjectData starts a row at 80: position 80..92, scale 92.
// CHECK:      cbuffer PerDraw : register(b1, space0)  [rules: cbuffer, size: 96 bytes]
// CHECK-NEXT:   offset   size align  type                     name
// CHECK-NEXT:        0     68    16  FrameData                frame
// CHECK-NEXT:        0     64    16  float4x4                   viewProj
// CHECK-NEXT:       64      4     4  float                      time
// CHECK-NEXT:       80     16    16  ObjectData               object
// CHECK-NEXT:       80     12     4  float3                     position
// CHECK-NEXT:       92      4     4  float                      scale

// RUN: %cblower layout --format json %s | FileCheck %s --check-prefix=JSON
// JSON:      "name": "PerDraw",
// JSON:      "size": 96,
// JSON:      "name": "object",
// JSON-NEXT: "type": "ObjectData",
// JSON-NEXT: "offset": 80,
// JSON-NEXT: "size": 16,
