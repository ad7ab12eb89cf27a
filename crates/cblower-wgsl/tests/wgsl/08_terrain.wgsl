// Terrain: heightmap parameters with a mat3x3 normal matrix and a vec2 array
// wrapped for the uniform stride rule.
struct LodLevel {
    @size(16) morph: vec2<f32>,
}

struct Terrain {
    model: mat4x4<f32>,
    normal_matrix: mat3x3<f32>,
    height_scale: f32,
    patch_size: f32,
    @align(16) lod: array<LodLevel, 8>,
    origin: vec2<f32>,
    texel: vec2<f32>,
}

@group(1) @binding(0) var<uniform> terrain: Terrain;
@group(1) @binding(1) var heightmap: texture_2d<f32>;

@vertex
fn vs(@location(0) xz: vec2<f32>, @builtin(instance_index) lod: u32) -> @builtin(position) vec4<f32> {
    let m = terrain.lod[lod].morph;
    let h = textureLoad(heightmap, vec2<i32>(xz * m), 0).r * terrain.height_scale;
    return terrain.model * vec4<f32>(xz.x, h, xz.y, 1.0);
}
