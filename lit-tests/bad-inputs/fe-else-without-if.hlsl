// An #else with no #if.
// RUN: rm -f %t.out
// RUN: sh -c '%cblower emit-llvm --color never %s -o %t.out; echo "exit=$?"' 2>&1 | FileCheck %s
// RUN: not test -e %t.out
#else
cbuffer CB { float a; };

// CHECK: error: `#else` without `#if`
// CHECK-NEXT: --> {{.*}}fe-else-without-if.hlsl:5:1
// CHECK: exit=1
