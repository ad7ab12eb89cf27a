// A negative array size.
// RUN: rm -f %t.out
// RUN: sh -c '%cblower emit-llvm --color never %s -o %t.out; echo "exit=$?"' 2>&1 | FileCheck %s
// RUN: not test -e %t.out
cbuffer CB { float a[-1]; };

// CHECK: error: array size must not be negative, found -1
// CHECK-NEXT: --> {{.*}}fe-negative-array-size.hlsl:5:22
// CHECK: = help: use a positive number of elements
// CHECK: exit=1
