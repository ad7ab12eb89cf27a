// A struct without its closing brace.
// RUN: rm -f %t.out
// RUN: sh -c '%cblower emit-llvm --color never %s -o %t.out; echo "exit=$?"' 2>&1 | FileCheck %s
// RUN: not test -e %t.out
struct S { float a;
cbuffer CB { S s; };

// CHECK: error: unterminated struct `S`: missing `}`
// CHECK-NEXT: --> {{.*}}fe-unterminated-struct.hlsl:5:10
// CHECK: exit=1
