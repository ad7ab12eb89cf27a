// --color never (and a pipe) gives plain text; --color always colours the
// row diagram's member labels (and only them).
// RUN: %cblower layout --color never %s | FileCheck %s
// RUN: %cblower layout %s | FileCheck %s
// RUN: %cblower layout --color always %s | FileCheck %s --check-prefix=ALWAYS

cbuffer C { float a; float b; };

// CHECK:      cbuffer C  [rules: cbuffer, size: 8 bytes]
// CHECK-NOT:  [0m
// CHECK:      c0   |a          |b          |                       |
// ALWAYS:     cbuffer C  [rules: cbuffer, size: 8 bytes]
// ALWAYS:     c0   |{{.}}[36ma          {{.}}[0m|{{.}}[33mb          {{.}}[0m|
