// A forward renderer's per-view and per-light buffers: `cblower layout` on a
// .wgsl file reads WGSL (by extension), lays each var<uniform> out under
// wgsl-uniform and each var<storage> under wgsl-storage, and heads each
// report with the declaration as WGSL writes it.
// RUN: %cblower layout %s | FileCheck %s --match-full-lines

struct Camera {
    view_proj: mat4x4<f32>,
    normal_matrix: mat3x3<f32>,
    position: vec3<f32>,
    exposure: f32,
    jitter: vec2<f32>,
}

struct PointLight {
    position: vec3<f32>,
    radius: f32,
    color: vec3<f32>,
}

struct Lights {
    count: u32,
    items: array<PointLight, 2>,
}

@group(0) @binding(0) var<uniform> camera: Camera;
@group(0) @binding(1) var<storage, read> lights: Lights;

@fragment
fn fs_main(@location(0) world: vec3<f32>) -> @location(0) vec4<f32> {
    var acc = vec3<f32>(0.0);
    for (var i = 0u; i < lights.count; i++) {
        let d = distance(lights.items[i].position, world);
        acc += lights.items[i].color * max(0.0, 1.0 - d / lights.items[i].radius);
    }
    return vec4<f32>(acc * camera.exposure, 1.0);
}

// CHECK: @group(0) @binding(0) var<uniform> camera: Camera  [rules: wgsl-uniform, size: 144 bytes]
// CHECK-NEXT:   offset   size align  type                     name
// CHECK-NEXT:        0     64    16  float4x4                 view_proj
// CHECK-NEXT:       64     48    16  float3x3                 normal_matrix
// CHECK-NEXT:      112     12    16  float3                   position
// CHECK-NEXT:      124      4     4  float                    exposure
// CHECK-NEXT:      128      8     8  float2                   jitter
// CHECK-EMPTY:
// CHECK-NEXT:         0  1  2  3  4  5  6  7  8  9  10 11 12 13 14 15
// CHECK-NEXT:   c0   |view_proj.c0                                   |
// CHECK-NEXT:   c1   |view_proj.c1                                   |
// CHECK-NEXT:   c2   |view_proj.c2                                   |
// CHECK-NEXT:   c3   |view_proj.c3                                   |
// CHECK-NEXT:   c4   |normal_matrix.c0                   |pad: matrix|  pad: matrix column
// CHECK-NEXT:   c5   |normal_matrix.c1                   |pad: matrix|  pad: matrix column
// CHECK-NEXT:   c6   |normal_matrix.c2                   |pad: matrix|  pad: matrix column
// CHECK-NEXT:   c7   |position                           |exposure   |
// CHECK-NEXT:   c8   |jitter                 |pad: tail--------------|
// CHECK-EMPTY:
// CHECK-NEXT: @group(0) @binding(1) var<storage, read> lights: Lights  [rules: wgsl-storage, size: 80 bytes]
// CHECK-NEXT:   offset   size align  type                     name
// CHECK-NEXT:        0      4     4  uint                     count
// CHECK-NEXT:       16     64    16  PointLight[2]            items  (stride 32)
// CHECK-NEXT:       16     32    16  PointLight                 [0]
// CHECK-NEXT:       16     12    16  float3                       position
// CHECK-NEXT:       28      4     4  float                        radius
// CHECK-NEXT:       32     12    16  float3                       color
// CHECK-NEXT:       48     32    16  PointLight                 [1]
// CHECK-NEXT:       48     12    16  float3                       position
// CHECK-NEXT:       60      4     4  float                        radius
// CHECK-NEXT:       64     12    16  float3                       color
// CHECK-EMPTY:
// CHECK-NEXT:         0  1  2  3  4  5  6  7  8  9  10 11 12 13 14 15
// CHECK-NEXT:   c0   |count      |pad: alignment---------------------|
// CHECK-NEXT:   c1   |items[0].position                  |items[0].ra|  items[0].radius
// CHECK-NEXT:   c2   |items[0].color                     |pad: tail--|
// CHECK-NEXT:   c3   |items[1].position                  |items[1].ra|  items[1].radius
// CHECK-NEXT:   c4   |items[1].color                     |pad: tail--|
