// GPU-driven culling: frustum planes, bounding spheres and indirect draws.
struct Frustum {
    planes: array<vec4<f32>, 6>,
    camera_pos: vec3<f32>,
    lod_bias: f32,
}

struct DrawIndirect {
    vertex_count: u32,
    instance_count: atomic<u32>,
    first_vertex: u32,
    first_instance: u32,
}

struct Bounds {
    center: vec3<f32>,
    radius: f32,
}

@group(0) @binding(0) var<uniform> frustum: Frustum;
@group(0) @binding(1) var<storage, read> bounds: array<Bounds>;
@group(0) @binding(2) var<storage, read_write> draw: DrawIndirect;
@group(0) @binding(3) var<storage, read_write> visible: array<u32>;

@compute @workgroup_size(64)
fn cull(@builtin(global_invocation_id) id: vec3<u32>) {
    let b = bounds[id.x];
    for (var i = 0; i < 6; i++) {
        if (dot(frustum.planes[i].xyz, b.center) + frustum.planes[i].w < -b.radius) {
            return;
        }
    }
    let slot = atomicAdd(&draw.instance_count, 1u);
    visible[slot] = id.x;
}
