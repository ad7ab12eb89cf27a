// Attribute arguments from named constants.
const ROW: u32 = 16u;
const WIDE: i32 = 32;

struct Packed {
    @align(ROW) a: f32,
    @size(WIDE) b: vec2<f32>,
    c: vec3<f32>,
}

@group(0) @binding(0) var<uniform> packed_data: Packed;
