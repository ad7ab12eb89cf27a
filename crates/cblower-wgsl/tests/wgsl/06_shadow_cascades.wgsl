// Cascaded shadow maps: an array of structs in a uniform buffer.
struct Cascade {
    view_proj: mat4x4<f32>,
    split_depth: f32,
    texel_size: f32,
    bias: vec2<f32>,
}

struct Shadows {
    cascades: array<Cascade, 4>,
    light_dir: vec3<f32>,
    cascade_count: u32,
    pcf_radius: f32,
}

@group(0) @binding(3) var<uniform> shadows: Shadows;
@group(0) @binding(4) var shadow_map: texture_depth_2d_array;
@group(0) @binding(5) var shadow_sampler: sampler_comparison;

fn cascade_index(view_depth: f32) -> u32 {
    var idx = 0u;
    for (var i = 0u; i < shadows.cascade_count - 1u; i++) {
        if (view_depth > shadows.cascades[i].split_depth) {
            idx = i + 1u;
        }
    }
    return idx;
}
