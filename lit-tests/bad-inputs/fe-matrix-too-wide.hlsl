// matrix<T, R, C> with C outside 1..4.
// RUN: rm -f %t.out
// RUN: sh -c '%cblower emit-llvm --color never %s -o %t.out; echo "exit=$?"' 2>&1 | FileCheck %s
// RUN: not test -e %t.out
cbuffer CB { matrix<float, 4, 5> m; };

// CHECK: error: `matrix` sizes must be between 1 and 4, found 5
// CHECK-NEXT: --> {{.*}}fe-matrix-too-wide.hlsl:5:14
// CHECK: exit=1
