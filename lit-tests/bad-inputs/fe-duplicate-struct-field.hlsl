// A struct field declared twice: error at the second, note at the first.
// RUN: rm -f %t.out
// RUN: sh -c '%cblower emit-llvm --color never %s -o %t.out; echo "exit=$?"' 2>&1 | FileCheck %s
// RUN: not test -e %t.out
struct S { float a; int a; };
cbuffer CB { S s; };

// CHECK: error: duplicate field `a` in struct `S`
// CHECK-NEXT: --> {{.*}}fe-duplicate-struct-field.hlsl:5:25
// CHECK: first declared here
// CHECK: exit=1
