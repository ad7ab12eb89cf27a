// Post-processing chain settings: bloom, tonemapping, color grading.
struct Bloom {
    threshold: f32,
    knee: f32,
    intensity: f32,
    radius: f32,
}

struct Grading {
    lift: vec3<f32>,
    saturation: f32,
    gamma: vec3<f32>,
    contrast: f32,
    gain: vec3<f32>,
    temperature: f32,
}

struct PostSettings {
    bloom: Bloom,
    grading: Grading,
    exposure: f32,
    tonemapper: u32,
    vignette: vec2<f32>,
    chromatic_aberration: f32,
}

@group(0) @binding(0) var<uniform> post: PostSettings;
@group(0) @binding(1) var hdr: texture_2d<f32>;

fn aces(x: vec3<f32>) -> vec3<f32> {
    return clamp((x * (2.51 * x + 0.03)) / (x * (2.43 * x + 0.59) + 0.14), vec3<f32>(0.0), vec3<f32>(1.0));
}
