// A typedef naming itself is an unknown type, not an endless loop.
// RUN: rm -f %t.out
// RUN: sh -c '%cblower emit-llvm --color never %s -o %t.out; echo "exit=$?"' 2>&1 | FileCheck %s
// RUN: not test -e %t.out
typedef Foo Foo;
cbuffer CB { Foo a; };

// CHECK: error: unknown type name `Foo`
// CHECK-NEXT: --> {{.*}}fe-typedef-of-itself.hlsl:5:9
// CHECK: exit=1
