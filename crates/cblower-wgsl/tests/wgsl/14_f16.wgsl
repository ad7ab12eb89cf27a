// Half-precision vertex data (enable f16).
enable f16;

struct PackedVertex {
    position: vec3<f16>,
    u: f16,
    normal: vec3<f16>,
    v: f16,
    tangent: vec4<f16>,
}

struct Quantization {
    scale: vec3<f32>,
    @align(16) offset: vec3<f32>,
}

@group(0) @binding(0) var<storage, read> packed_vertices: array<PackedVertex>;
@group(0) @binding(1) var<uniform> quant: Quantization;
