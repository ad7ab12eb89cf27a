// An array with `[` but no size before `;`.
// RUN: rm -f %t.out
// RUN: sh -c '%cblower emit-llvm --color never %s -o %t.out; echo "exit=$?"' 2>&1 | FileCheck %s
// RUN: not test -e %t.out
cbuffer CB {
  float a[;
};

// CHECK: error: expected an expression, found `;`
// CHECK-NEXT: --> {{.*}}fe-empty-array-size.hlsl:6:11
// CHECK: = help: write a constant such as `4` or `N * 2`
// CHECK: exit=1
