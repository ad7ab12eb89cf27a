// Volumetric ray marching: fog volume parameters and a noise lattice.
struct FogVolume {
    world_to_volume: mat4x4<f32>,
    albedo: vec3<f32>,
    density: f32,
    emission: vec3<f32>,
    anisotropy: f32,
    steps: u32,
    jitter: f32,
    noise_scale: vec2<f32>,
}

struct Lattice {
    dims: vec3<u32>,
    cells: array<f32>,
}

@group(0) @binding(0) var<uniform> fog: FogVolume;
@group(0) @binding(1) var<storage, read> lattice: Lattice;
