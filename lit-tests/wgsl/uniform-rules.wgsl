// The uniform address space's rules (the WGSL alignment proposal): a struct
// laid out fine for storage is rejected as a uniform buffer, at the member,
// with a WGSL fix; types a buffer cannot hold are rejected at their member.
// RUN: not %cblower layout %s 2>&1 | FileCheck %s -DFILE=%s
// RUN: sed 's/var<uniform>/var<storage, read>/' %s > %t.wgsl
// RUN: %cblower layout %t.wgsl | FileCheck %s --check-prefix=STORAGE
// RUN: printf 'struct S { on: bool }\nvar<storage> s: S;\n' | not %cblower layout --lang wgsl - 2>&1 | FileCheck %s --check-prefix=BOOL
// RUN: printf 'struct S { n: u32, xs: array<f32> }\nvar<uniform> s: S;\n' | not %cblower layout --lang wgsl - 2>&1 | FileCheck %s --check-prefix=RUNTIME
// RUN: printf 'struct S { xs: array<f32>, n: u32 }\nvar<storage> s: S;\n' | not %cblower layout --lang wgsl - 2>&1 | FileCheck %s --check-prefix=LAST

struct Wave {
    amplitude: f32,
    frequency: f32,
    direction: vec2<f32>,
    phase: f32,
}

struct Waves {
    count: u32,
    waves: array<Wave, 4>,
}

@group(0) @binding(1) var<uniform> waves: Waves;

// CHECK:      error: 'waves': array 'waves' at byte offset 8: uniform buffers require arrays to start at a multiple of 16
// CHECK-NEXT:   --> [[FILE]]:20:5
// CHECK:        = in var<uniform> waves: Waves
// CHECK-NEXT:   = help: put @align(16) on this member

// STORAGE:      @group(0) @binding(1) var<storage, read> waves: Waves  [rules: wgsl-storage, size: 104 bytes]
// STORAGE-NEXT:   offset   size align  type                     name
// STORAGE-NEXT:        0      4     4  uint                     count
// STORAGE-NEXT:        8     96     8  Wave[4]                  waves  (stride 24)

// BOOL:      error: var<storage, read> s: member 'on' of struct S: bool is not host-shareable
// BOOL-NEXT:   --> <stdin>:1:12
// BOOL:        = help: uniform and storage buffers hold only host-shareable types: numbers, vectors, matrices, atomics, fixed-size arrays, runtime-sized arrays (storage, last) and structs of them; use u32 for a boolean

// RUNTIME:      error: var<uniform> s holds a runtime-sized array: only storage buffers may
// RUNTIME-NEXT:   --> <stdin>:2:14

// LAST:      error: var<storage, read> s: member 'xs' of struct S is runtime-sized but not the last member
// LAST-NEXT:   --> <stdin>:1:12
