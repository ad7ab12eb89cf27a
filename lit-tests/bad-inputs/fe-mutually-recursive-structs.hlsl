// Two structs containing each other: the second needs the first before it is defined.
// RUN: rm -f %t.out
// RUN: sh -c '%cblower emit-llvm --color never %s -o %t.out; echo "exit=$?"' 2>&1 | FileCheck %s
// RUN: not test -e %t.out
struct A;
struct B { A a; };
struct A { B b; };
cbuffer CB { A x; };

// CHECK: error: struct `A` is used before it is defined
// CHECK-NEXT: --> {{.*}}fe-mutually-recursive-structs.hlsl:6:12
// CHECK: 5 | struct A;
// CHECK-NEXT: | - only declared here
// CHECK: exit=1
