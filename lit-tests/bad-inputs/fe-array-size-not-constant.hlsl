// An array size naming something that is not a constant.
// RUN: rm -f %t.out
// RUN: sh -c '%cblower emit-llvm --color never %s -o %t.out; echo "exit=$?"' 2>&1 | FileCheck %s
// RUN: not test -e %t.out
cbuffer CB { float a[N]; };

// CHECK: error: `N` is not an integer constant
// CHECK-NEXT: --> {{.*}}fe-array-size-not-constant.hlsl:5:22
// CHECK: exit=1
