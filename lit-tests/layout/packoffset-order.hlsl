// packoffset members are laid out in offset order; members without one follow.
// RUN: %cblower layout %s | FileCheck %s

cbuffer P2 { float a : packoffset(c1.y); float b; float c : packoffset(c0.x); double d; };

// CHECK:      cbuffer P2  [rules: cbuffer, size: 40 bytes]
// CHECK-NEXT: offset
// CHECK-NEXT:  0      4     4  float                    c
// CHECK-NEXT: 20      4     4  float                    a
// CHECK-NEXT: 24      4     4  float                    b
// CHECK-NEXT: 32      8     8  double                   d
// CHECK:   c0   |c          |pad: explicit offset---------------|
