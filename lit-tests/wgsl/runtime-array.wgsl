// A runtime-sized array is laid out with one element (the minimum binding
// size); the note under the header says where element i is. A bare
// array<T> variable is a buffer with one member named after it.
// RUN: %cblower layout %s | FileCheck %s --match-full-lines

struct Vertex {
    position: vec3<f32>,
    normal: vec3<f32>,
    uv: vec2<f32>,
}

struct Mesh {
    vertex_count: u32,
    bounds_min: vec3<f32>,
    bounds_max: vec3<f32>,
    vertices: array<Vertex>,
}

@group(0) @binding(0) var<storage, read> mesh: Mesh;
@group(0) @binding(1) var<storage, read_write> indices: array<u32>;

// CHECK: @group(0) @binding(0) var<storage, read> mesh: Mesh  [rules: wgsl-storage, size: 96 bytes]
// CHECK-NEXT:   note: vertices is runtime-sized, laid out with one element (the minimum binding size); element i is at 48 + i * 48
// CHECK-NEXT:   offset   size align  type                     name
// CHECK-NEXT:        0      4     4  uint                     vertex_count
// CHECK-NEXT:       16     12    16  float3                   bounds_min
// CHECK-NEXT:       32     12    16  float3                   bounds_max
// CHECK-NEXT:       48     48    16  Vertex[1]                vertices  (stride 48)
// CHECK-NEXT:       48     48    16  Vertex                     [0]
// CHECK-NEXT:       48     12    16  float3                       position
// CHECK-NEXT:       64     12    16  float3                       normal
// CHECK-NEXT:       80      8     8  float2                       uv
// CHECK-EMPTY:
// CHECK-NEXT:         0  1  2  3  4  5  6  7  8  9  10 11 12 13 14 15
// CHECK-NEXT:   c0   |vertex_coun|pad: alignment---------------------|  vertex_count
// CHECK-NEXT:   c1   |bounds_min                         |pad: alignm|  pad: alignment
// CHECK-NEXT:   c2   |bounds_max                         |pad: alignm|  pad: alignment
// CHECK-NEXT:   c3   |vertices[0].position               |pad: alignm|  pad: alignment
// CHECK-NEXT:   c4   |vertices[0].normal                 |pad: alignm|  pad: alignment
// CHECK-NEXT:   c5   |vertices[0].uv         |pad: tail--------------|
// CHECK-EMPTY:
// CHECK-NEXT: @group(0) @binding(1) var<storage, read_write> indices: array<u32>  [rules: wgsl-storage, size: 4 bytes]
// CHECK-NEXT:   note: indices is runtime-sized, laid out with one element (the minimum binding size); element i is at 0 + i * 4
// CHECK-NEXT:   offset   size align  type                     name
// CHECK-NEXT:        0      4     4  uint[1]                  indices  (stride 4)
// CHECK-NEXT:        0      4     4  uint                       [0]
// CHECK-EMPTY:
// CHECK-NEXT:         0  1  2  3  4  5  6  7  8  9  10 11 12 13 14 15
// CHECK-NEXT:   c0   |indices[0] |                                   |
