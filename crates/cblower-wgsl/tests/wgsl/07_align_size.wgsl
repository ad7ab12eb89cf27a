// @align and @size used to match a CPU-side struct with explicit padding.
struct Header {
    @size(16) version: u32,
    @align(16) tint: vec3<f32>,
    @size(8) scale: f32,
    offset: vec2<f32>,
}

struct Block {
    header: Header,
    @align(32) weights: array<f32, 6>,
    @size(12) tail: u32,
    last: u32,
}

@group(0) @binding(0) var<storage, read> block: Block;

@compute @workgroup_size(1)
fn main() {
    _ = block.header.version + block.tail;
}
