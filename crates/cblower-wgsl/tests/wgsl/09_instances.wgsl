// Instanced drawing from a storage buffer of per-instance data.
struct Instance {
    model: mat4x4<f32>,
    normal: mat3x3<f32>,
    color: vec4<f32>,
    material_id: u32,
    flags: u32,
}

@group(0) @binding(0) var<storage, read> instances: array<Instance>;
@group(0) @binding(1) var<uniform> view_proj: mat4x4<f32>;

@vertex
fn vs(@location(0) p: vec3<f32>, @builtin(instance_index) i: u32) -> @builtin(position) vec4<f32> {
    return view_proj * instances[i].model * vec4<f32>(p, 1.0);
}
