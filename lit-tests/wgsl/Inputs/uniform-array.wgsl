// Scalars in a uniform array: stride 4, which wgsl-uniform rejects.
@group(0) @binding(0) var<uniform> weights: array<f32, 4>;
