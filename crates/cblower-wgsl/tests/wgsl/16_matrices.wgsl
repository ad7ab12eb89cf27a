// Every matrix shape once: sizes and alignments of matCxR.
struct AllMatrices {
    m22: mat2x2<f32>,
    m23: mat2x3<f32>,
    m24: mat2x4<f32>,
    m32: mat3x2<f32>,
    m33: mat3x3<f32>,
    m34: mat3x4<f32>,
    m42: mat4x2<f32>,
    m43: mat4x3<f32>,
    m44: mat4x4<f32>,
    s: f32,
}

@group(0) @binding(0) var<storage, read> mats: AllMatrices;
@group(0) @binding(1) var<uniform> mats_u: AllMatrices;
