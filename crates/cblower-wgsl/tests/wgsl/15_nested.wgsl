// Nested structs three levels deep, as a scene graph node table.
struct Transform {
    translation: vec3<f32>,
    scale: f32,
    rotation: vec4<f32>,
}

struct Aabb {
    min: vec3<f32>,
    max: vec3<f32>,
}

struct Node {
    local: Transform,
    world: Transform,
    bounds: Aabb,
    parent: i32,
    first_child: i32,
    mesh: u32,
}

struct Scene {
    node_count: u32,
    root: Node,
    nodes: array<Node>,
}

@group(0) @binding(0) var<storage, read_write> scene: Scene;
