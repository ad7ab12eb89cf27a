// A storage-style struct that breaks the uniform rules when used as a uniform.
struct Wave {
    amplitude: f32,
    frequency: f32,
    direction: vec2<f32>,
    phase: f32,
}

struct Waves {
    count: u32,
    waves: array<Wave, 4>,
}

@group(0) @binding(0) var<storage, read> waves_storage: Waves;
@group(0) @binding(1) var<uniform> waves_uniform: Waves;
