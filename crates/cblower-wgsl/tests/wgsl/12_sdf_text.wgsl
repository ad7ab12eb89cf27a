// Signed-distance-field text rendering: glyph table in storage.
struct Glyph {
    uv_min: vec2<f32>,
    uv_max: vec2<f32>,
    size: vec2<f32>,
    bearing: vec2<f32>,
    advance: f32,
}

struct TextStyle {
    color: vec4<f32>,
    outline_color: vec4<f32>,
    outline_width: f32,
    softness: f32,
    screen_size: vec2<f32>,
}

struct Glyphs {
    glyphs: array<Glyph>,
}

@group(0) @binding(0) var<uniform> style: TextStyle;
@group(0) @binding(1) var<storage, read> font: Glyphs;
