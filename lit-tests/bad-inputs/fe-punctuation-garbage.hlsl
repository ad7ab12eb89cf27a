// Characters that start no declaration.
// RUN: rm -f %t.out
// RUN: sh -c '%cblower emit-llvm --color never %s -o %t.out; echo "exit=$?"' 2>&1 | FileCheck %s
// RUN: not test -e %t.out
@@@ !!!

// CHECK: error: expected a declaration, found `@`
// CHECK-NEXT: --> {{.*}}fe-punctuation-garbage.hlsl:5:1
// CHECK: exit=1
