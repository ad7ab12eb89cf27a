// A member whose type is declared nowhere (no near spelling to suggest).
// RUN: rm -f %t.out
// RUN: sh -c '%cblower emit-llvm --color never %s -o %t.out; echo "exit=$?"' 2>&1 | FileCheck %s
// RUN: not test -e %t.out
cbuffer CB {
  Foo a;
};

// CHECK: error: unknown type name `Foo`
// CHECK-NEXT: --> {{.*}}fe-unknown-type.hlsl:6:3
// CHECK: = help: declare it with `struct` or `typedef` before this point
// CHECK: exit=1
