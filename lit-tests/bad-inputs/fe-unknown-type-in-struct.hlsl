// An unknown type inside a struct used by a cbuffer: reported in the struct.
// RUN: rm -f %t.out
// RUN: sh -c '%cblower emit-llvm --color never %s -o %t.out; echo "exit=$?"' 2>&1 | FileCheck %s
// RUN: not test -e %t.out
struct S { Bar b; };
cbuffer CB {
  S s;
};

// CHECK: error: unknown type name `Bar`
// CHECK-NEXT: --> {{.*}}fe-unknown-type-in-struct.hlsl:5:12
// CHECK: exit=1
