// packoffset errors are diagnostics at the member, with a fix, exit 1.
// RUN: sh -c '%cblower layout --color never %s; echo "exit=$?"' 2>&1 | FileCheck %s

cbuffer P {
  float2 o1 : packoffset(c0);
  float o2 : packoffset(c0.y);
};

// CHECK: error: packoffset of 'o2' at byte 4 overlaps 'o1' (bytes 0..8)
// CHECK-NEXT: --> {{.*}}packoffset-errors.hlsl:6:9
// CHECK: float o2 : packoffset(c0.y);
// CHECK-NEXT: ^^
// CHECK: help: move one of the members to a packoffset past the other's end
// CHECK: exit=1
