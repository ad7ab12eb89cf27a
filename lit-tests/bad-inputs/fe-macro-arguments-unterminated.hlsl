// A function-like macro call whose `)` never comes.
// RUN: rm -f %t.out
// RUN: sh -c '%cblower emit-llvm --color never %s -o %t.out; echo "exit=$?"' 2>&1 | FileCheck %s
// RUN: not test -e %t.out
#define F(x) x
F(
cbuffer CB { float a; };

// CHECK: error: unterminated argument list invoking macro `F`
// CHECK-NEXT: --> {{.*}}fe-macro-arguments-unterminated.hlsl:6:1
// CHECK: = help: add the missing `)` to close the macro arguments
// CHECK: exit=1
