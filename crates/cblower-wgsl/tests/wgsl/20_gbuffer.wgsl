// Deferred shading resolve: G-buffer unpacking constants.
struct GBufferParams {
    inv_proj: mat4x4<f32>,
    inv_view: mat4x4<f32>,
    screen: vec4<f32>,
    depth_linearize: vec2<f32>,
    debug_view: u32,
    sample_count: u32,
}

struct Probe {
    position: vec3<f32>,
    radius: f32,
    sh: array<vec4<f32>, 9>,
}

struct ProbeGrid {
    origin: vec3<f32>,
    spacing: f32,
    counts: vec3<u32>,
    probes: array<Probe>,
}

@group(0) @binding(0) var<uniform> gbuffer: GBufferParams;
@group(0) @binding(1) var<storage, read> probe_grid: ProbeGrid;
