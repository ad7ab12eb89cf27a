// PBR material parameters, one uniform block per material.
struct Material {
    base_color: vec4<f32>,
    emissive: vec3<f32>,
    metallic: f32,
    roughness: f32,
    reflectance: f32,
    alpha_cutoff: f32,
    flags: u32,
    uv_transform: mat3x3<f32>,
}

@group(2) @binding(0) var<uniform> material: Material;
@group(2) @binding(1) var base_color_texture: texture_2d<f32>;
@group(2) @binding(2) var base_color_sampler: sampler;

@fragment
fn fs_main(@location(0) uv: vec2<f32>) -> @location(0) vec4<f32> {
    let t = (material.uv_transform * vec3<f32>(uv, 1.0)).xy;
    var c = material.base_color * textureSample(base_color_texture, base_color_sampler, t);
    if ((material.flags & 1u) != 0u && c.a < material.alpha_cutoff) {
        discard;
    }
    return vec4<f32>(c.rgb + material.emissive, c.a);
}
