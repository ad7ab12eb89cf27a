// Luminance histogram for auto exposure.
struct Histogram {
    bins: array<atomic<u32>, 256>,
}

struct ExposureParams {
    min_log_lum: f32,
    inv_log_lum_range: f32,
    pixel_count: u32,
    tau: f32,
}

@group(0) @binding(0) var<storage, read_write> histogram: Histogram;
@group(0) @binding(1) var<uniform> exposure: ExposureParams;
@group(0) @binding(2) var<storage, read_write> average: array<f32, 1>;

@compute @workgroup_size(16, 16)
fn build(@builtin(local_invocation_index) i: u32) {
    atomicAdd(&histogram.bins[i], 1u);
}
