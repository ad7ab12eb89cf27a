// GPU skinning: joint matrices in a uniform array (stride 64), vertices in storage.
const MAX_JOINTS: u32 = 128u;

struct Joints {
    matrices: array<mat4x4<f32>, MAX_JOINTS>,
}

struct SkinnedVertex {
    position: vec3<f32>,
    normal: vec3<f32>,
    joints: vec4<u32>,
    weights: vec4<f32>,
}

@group(0) @binding(0) var<uniform> joints: Joints;
@group(0) @binding(1) var<storage, read> src_vertices: array<SkinnedVertex>;
@group(0) @binding(2) var<storage, read_write> dst_positions: array<vec4<f32>>;

@compute @workgroup_size(64)
fn skin(@builtin(global_invocation_id) id: vec3<u32>) {
    let v = src_vertices[id.x];
    var m = mat4x4<f32>();
    for (var i = 0; i < 4; i++) {
        m += joints.matrices[v.joints[i]] * v.weights[i];
    }
    dst_positions[id.x] = m * vec4<f32>(v.position, 1.0);
}
