// A cbuffer bound to a `t` register.
// RUN: rm -f %t.out
// RUN: sh -c '%cblower emit-llvm --color never %s -o %t.out; echo "exit=$?"' 2>&1 | FileCheck %s
// RUN: not test -e %t.out
cbuffer CB : register(t0) { float a; };

// CHECK: error: cbuffer `CB` must be bound to a `b` register, found `t`
// CHECK-NEXT: --> {{.*}}fe-register-wrong-class.hlsl:5:14
// CHECK: = help: write `register(b0)` (with the slot you want)
// CHECK: exit=1
