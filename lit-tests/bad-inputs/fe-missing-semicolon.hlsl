// A member declaration without its `;`: reported at the end of the declaration.
// RUN: rm -f %t.out
// RUN: sh -c '%cblower emit-llvm --color never %s -o %t.out; echo "exit=$?"' 2>&1 | FileCheck %s
// RUN: not test -e %t.out
cbuffer CB {
  float a
  float b;
};

// CHECK: error: expected `;` after the declaration of `a`
// CHECK-NEXT: --> {{.*}}fe-missing-semicolon.hlsl:6:10
// CHECK: = help: add `;` at the end of the declaration
// CHECK: exit=1
