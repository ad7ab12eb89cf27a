// An #if without #endif.
// RUN: rm -f %t.out
// RUN: sh -c '%cblower emit-llvm --color never %s -o %t.out; echo "exit=$?"' 2>&1 | FileCheck %s
// RUN: not test -e %t.out
#if 1
cbuffer CB { float a; };

// CHECK: error: unterminated conditional directive
// CHECK-NEXT: --> {{.*}}fe-unterminated-if.hlsl:5:1
// CHECK: = help: add a matching `#endif` before the end of this file
// CHECK: exit=1
