// --format json on WGSL: each buffer's kind is its address space, with the
// access mode, the WGSL type, @group/@binding, and for a runtime-sized array
// the member, its offset and stride (laid out with one element).
// RUN: %cblower layout --format json %s | FileCheck %s --match-full-lines

struct Particle {
    position: vec3<f32>,
    age: f32,
}

struct Pool {
    alive: atomic<u32>,
    @align(16) particles: array<Particle>,
}

@group(1) @binding(2) var<storage, read_write> pool: Pool;
var<uniform> dt: f32;

@compute @workgroup_size(64)
fn step(@builtin(global_invocation_id) id: vec3<u32>) {
    pool.particles[id.x].age += dt;
}

// CHECK: {
// CHECK-NEXT:   "buffers": [
// CHECK-NEXT:     {
// CHECK-NEXT:       "name": "pool",
// CHECK-NEXT:       "kind": "storage",
// CHECK-NEXT:       "access": "read_write",
// CHECK-NEXT:       "type": "Pool",
// CHECK-NEXT:       "binding": {
// CHECK-NEXT:         "group": 1,
// CHECK-NEXT:         "binding": 2
// CHECK-NEXT:       },
// CHECK-NEXT:       "runtime_array": {
// CHECK-NEXT:         "member": "particles",
// CHECK-NEXT:         "offset": 16,
// CHECK-NEXT:         "stride": 16
// CHECK-NEXT:       },
// CHECK-NEXT:       "rules": "wgsl-storage",
// CHECK-NEXT:       "size": 32,
// CHECK-NEXT:       "members": [
// CHECK-NEXT:         {
// CHECK-NEXT:           "name": "alive",
// CHECK-NEXT:           "type": "uint",
// CHECK-NEXT:           "offset": 0,
// CHECK-NEXT:           "size": 4,
// CHECK-NEXT:           "align": 4
// CHECK-NEXT:         },
// CHECK-NEXT:         {
// CHECK-NEXT:           "name": "particles",
// CHECK-NEXT:           "type": "Particle[1]",
// CHECK-NEXT:           "offset": 16,
// CHECK-NEXT:           "size": 16,
// CHECK-NEXT:           "align": 16,
// CHECK-NEXT:           "stride": 16,
// CHECK-NEXT:           "elements": [
// CHECK-NEXT:             {
// CHECK-NEXT:               "name": "[0]",
// CHECK-NEXT:               "type": "Particle",
// CHECK-NEXT:               "offset": 16,
// CHECK-NEXT:               "size": 16,
// CHECK-NEXT:               "align": 16,
// CHECK-NEXT:               "fields": [
// CHECK-NEXT:                 {
// CHECK-NEXT:                   "name": "position",
// CHECK-NEXT:                   "type": "float3",
// CHECK-NEXT:                   "offset": 16,
// CHECK-NEXT:                   "size": 12,
// CHECK-NEXT:                   "align": 16
// CHECK-NEXT:                 },
// CHECK-NEXT:                 {
// CHECK-NEXT:                   "name": "age",
// CHECK-NEXT:                   "type": "float",
// CHECK-NEXT:                   "offset": 28,
// CHECK-NEXT:                   "size": 4,
// CHECK-NEXT:                   "align": 4
// CHECK-NEXT:                 }
// CHECK-NEXT:               ]
// CHECK-NEXT:             }
// CHECK-NEXT:           ]
// CHECK-NEXT:         }
// CHECK-NEXT:       ],
// CHECK-NEXT:       "padding": [
// CHECK-NEXT:         {
// CHECK-NEXT:           "offset": 4,
// CHECK-NEXT:           "size": 12,
// CHECK-NEXT:           "reason": "alignment"
// CHECK-NEXT:         }
// CHECK-NEXT:       ]
// CHECK-NEXT:     },
// CHECK-NEXT:     {
// CHECK-NEXT:       "name": "dt",
// CHECK-NEXT:       "kind": "uniform",
// CHECK-NEXT:       "access": null,
// CHECK-NEXT:       "type": "f32",
// CHECK-NEXT:       "binding": {
// CHECK-NEXT:         "group": null,
// CHECK-NEXT:         "binding": null
// CHECK-NEXT:       },
// CHECK-NEXT:       "rules": "wgsl-uniform",
// CHECK-NEXT:       "size": 4,
// CHECK-NEXT:       "members": [
// CHECK-NEXT:         {
// CHECK-NEXT:           "name": "dt",
// CHECK-NEXT:           "type": "float",
// CHECK-NEXT:           "offset": 0,
// CHECK-NEXT:           "size": 4,
// CHECK-NEXT:           "align": 4
// CHECK-NEXT:         }
// CHECK-NEXT:       ],
// CHECK-NEXT:       "padding": []
// CHECK-NEXT:     }
// CHECK-NEXT:   ]
// CHECK-NEXT: }
