// A struct whose alignment comes from an @align member, nested in another.
struct Inner {
    @align(16) x: f32,
    y: f32,
}

struct Outer {
    a: f32,
    inner: Inner,
    tail: f32,
    list: array<Inner, 2>,
}

@group(0) @binding(0) var<storage, read> outer: Outer;
