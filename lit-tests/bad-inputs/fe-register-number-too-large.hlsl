// A register number that does not fit 32 bits.
// RUN: rm -f %t.out
// RUN: sh -c '%cblower emit-llvm --color never %s -o %t.out; echo "exit=$?"' 2>&1 | FileCheck %s
// RUN: not test -e %t.out
cbuffer CB : register(b99999999999) { float a; };

// CHECK: error: invalid register number in `b99999999999`
// CHECK-NEXT: --> {{.*}}fe-register-number-too-large.hlsl:5:23
// CHECK: exit=1
