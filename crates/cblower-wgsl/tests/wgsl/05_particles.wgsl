// Particle simulation (compute): simulation parameters and a particle pool.
struct SimParams {
    delta_time: f32,
    gravity: vec3<f32>,
    damping: f32,
    emit_rate: f32,
    bounds_min: vec3<f32>,
    bounds_max: vec3<f32>,
    seed: u32,
}

struct Particle {
    position: vec3<f32>,
    age: f32,
    velocity: vec3<f32>,
    lifetime: f32,
    color: vec4<f32>,
}

struct ParticlePool {
    alive: atomic<u32>,
    dead: atomic<u32>,
    particles: array<Particle>,
}

@group(0) @binding(0) var<uniform> params: SimParams;
@group(0) @binding(1) var<storage, read_write> pool: ParticlePool;

@compute @workgroup_size(256)
fn simulate(@builtin(global_invocation_id) id: vec3<u32>) {
    var p = pool.particles[id.x];
    p.velocity = p.velocity * params.damping + params.gravity * params.delta_time;
    p.position = clamp(p.position + p.velocity * params.delta_time, params.bounds_min, params.bounds_max);
    p.age += params.delta_time;
    if (p.age > p.lifetime) {
        atomicAdd(&pool.dead, 1u);
    }
    pool.particles[id.x] = p;
}
