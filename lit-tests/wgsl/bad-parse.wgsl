// naga's parse errors are located diagnostics: file:line:col, naga's
// message and label, and how to fix it; exit code 1 and no report.
// RUN: not %cblower layout %s > %t.out 2> %t.err
// RUN: FileCheck %s --input-file=%t.err -DFILE=%s
// RUN: count 0 < %t.out

struct Camera {
    view_proj: mat4x4<f32>,
    position: vec3<f32>,
}

@group(0) @binding(0) var<uniform> camera: Camera;

fn eye() -> vec3<f32> {
    return camera.positon;
}

// CHECK:      error: invalid field accessor `positon`
// CHECK-NEXT:   --> [[FILE]]:15:19
// CHECK-NEXT:    |
// CHECK-NEXT: 15 |     return camera.positon;
// CHECK-NEXT:    |                   ^^^^^^^
// CHECK-NEXT:    |                   |
// CHECK-NEXT:    |                   invalid accessor
// CHECK-NEXT:    |
// CHECK-NEXT:    = help: correct the WGSL at this location: cblower reads WGSL through naga's front end (the one wgpu uses), which rejects it
