// vector<T, N> with N outside 1..4.
// RUN: rm -f %t.out
// RUN: sh -c '%cblower emit-llvm --color never %s -o %t.out; echo "exit=$?"' 2>&1 | FileCheck %s
// RUN: not test -e %t.out
cbuffer CB { vector<float, 5> a; };

// CHECK: error: `vector` sizes must be between 1 and 4, found 5
// CHECK-NEXT: --> {{.*}}fe-vector-too-long.hlsl:5:14
// CHECK: = help: write e.g. `vector<float, 4>`
// CHECK: exit=1
