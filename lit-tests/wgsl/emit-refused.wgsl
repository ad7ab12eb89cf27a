// emit-llvm and mirror read HLSL only: a .wgsl file is refused with the
// reason (no Clang/LLVM WGSL front end to match), exit code 1, and no
// output file.
// RUN: rm -f %t.ll
// RUN: not %cblower emit-llvm %s -o %t.ll 2>&1 | FileCheck %s --check-prefix=EMIT -DFILE=%s
// RUN: not test -e %t.ll
// RUN: not %cblower mirror %s --lang c 2>&1 | FileCheck %s --check-prefix=MIRROR -DFILE=%s

@group(0) @binding(0) var<uniform> tint: vec4<f32>;

// EMIT:      error: `[[FILE]]` is a WGSL file; `cblower emit-llvm` reads HLSL only
// EMIT-NEXT: help: Clang and LLVM have no WGSL front end, so there is no clang-22 IR or HLSL-compiler layout to reproduce for it; lay its buffers out with `cblower layout [[FILE]]` (docs/wgsl.md)
// MIRROR:    error: `[[FILE]]` is a WGSL file; `cblower mirror` reads HLSL only
