// Uniform arrays: scalars packed into vec4 because of the stride-16 rule.
const KERNEL_TAPS: u32 = 4u;

struct BlurParams {
    weights: array<vec4<f32>, KERNEL_TAPS>,
    offsets: array<vec4<f32>, KERNEL_TAPS>,
    direction: vec2<f32>,
    tap_count: u32,
}

@group(0) @binding(0) var<uniform> blur: BlurParams;
@group(0) @binding(1) var src: texture_2d<f32>;
@group(0) @binding(2) var samp: sampler;

@fragment
fn fs(@location(0) uv: vec2<f32>) -> @location(0) vec4<f32> {
    var c = vec4<f32>(0.0);
    for (var i = 0u; i < blur.tap_count; i++) {
        let w = blur.weights[i / 4u][i % 4u];
        let o = blur.offsets[i / 4u][i % 4u];
        c += w * textureSample(src, samp, uv + blur.direction * o);
    }
    return c;
}
