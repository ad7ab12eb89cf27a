// Clustered lighting: point lights in a storage buffer, counts in a uniform.
struct PointLight {
    position: vec3<f32>,
    radius: f32,
    color: vec3<f32>,
    intensity: f32,
}

struct LightCounts {
    point_count: u32,
    spot_count: u32,
    ambient: vec3<f32>,
}

struct PointLights {
    count: u32,
    lights: array<PointLight>,
}

@group(1) @binding(0) var<uniform> counts: LightCounts;
@group(1) @binding(1) var<storage, read> point_lights: PointLights;

fn attenuate(d: f32, r: f32) -> f32 {
    let x = clamp(1.0 - pow(d / r, 4.0), 0.0, 1.0);
    return x * x / (d * d + 1.0);
}

@fragment
fn fs_main(@location(0) world: vec3<f32>) -> @location(0) vec4<f32> {
    var acc = counts.ambient;
    for (var i = 0u; i < counts.point_count; i++) {
        let l = point_lights.lights[i];
        acc += l.color * l.intensity * attenuate(distance(l.position, world), l.radius);
    }
    return vec4<f32>(acc, 1.0);
}
