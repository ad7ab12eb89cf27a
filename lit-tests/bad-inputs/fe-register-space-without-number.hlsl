// `space` without its number.
// RUN: rm -f %t.out
// RUN: sh -c '%cblower emit-llvm --color never %s -o %t.out; echo "exit=$?"' 2>&1 | FileCheck %s
// RUN: not test -e %t.out
cbuffer CB : register(b0, space) { float a; };

// CHECK: error: expected a register space `spaceN`, found `space`
// CHECK-NEXT: --> {{.*}}fe-register-space-without-number.hlsl:5:27
// CHECK: exit=1
