// FFT ocean: spectrum parameters with an array of wave cascades.
struct WaveCascade {
    length_scale: f32,
    cutoff_low: f32,
    cutoff_high: f32,
    weight: f32,
}

struct Ocean {
    wind: vec2<f32>,
    depth: f32,
    choppiness: f32,
    cascades: array<WaveCascade, 3>,
    time: f32,
    resolution: u32,
}

@group(0) @binding(0) var<uniform> ocean: Ocean;
@group(0) @binding(1) var<storage, read_write> spectrum: array<vec4<f32>>;

@compute @workgroup_size(8, 8)
fn init_spectrum(@builtin(global_invocation_id) id: vec3<u32>) {
    let k = vec2<f32>(id.xy) - f32(ocean.resolution) * 0.5;
    spectrum[id.y * ocean.resolution + id.x] = vec4<f32>(k, ocean.depth, ocean.time);
}
