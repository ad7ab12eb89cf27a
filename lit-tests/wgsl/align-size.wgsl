// @align and @size on members, with literal, const and expression arguments
// (naga evaluates the expressions); the bytes @size adds are "field size"
// padding.
// RUN: %cblower layout %s | FileCheck %s --match-full-lines

const ROW = 16u;

struct Header {
    @size(ROW) version: u32,
    @align(ROW) tint: vec3<f32>,
    @size(ROW / 2u) scale: f32,
    offset: vec2<f32>,
}

@group(0) @binding(0) var<uniform> header: Header;

// CHECK: @group(0) @binding(0) var<uniform> header: Header  [rules: wgsl-uniform, size: 48 bytes]
// CHECK-NEXT:   offset   size align  type                     name
// CHECK-NEXT:        0      4     4  uint                     version
// CHECK-NEXT:       16     12    16  float3                   tint
// CHECK-NEXT:       28      4     4  float                    scale
// CHECK-NEXT:       40      8     8  float2                   offset
// CHECK-EMPTY:
// CHECK-NEXT:         0  1  2  3  4  5  6  7  8  9  10 11 12 13 14 15
// CHECK-NEXT:   c0   |version    |pad: field size--------------------|
// CHECK-NEXT:   c1   |tint                               |scale      |
// CHECK-NEXT:   c2   |pad: field |pad: alignm|offset                 |  pad: field size, pad: alignment
