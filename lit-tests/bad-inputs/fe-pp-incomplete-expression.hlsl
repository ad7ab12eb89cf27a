// An #if expression that ends after an operator.
// RUN: rm -f %t.out
// RUN: sh -c '%cblower emit-llvm --color never %s -o %t.out; echo "exit=$?"' 2>&1 | FileCheck %s
// RUN: not test -e %t.out
#if 1 +
#endif
cbuffer CB { float a; };

// CHECK: error: expected a value in preprocessor expression, found end of line
// CHECK-NEXT: --> {{.*}}fe-pp-incomplete-expression.hlsl:5:1
// CHECK: exit=1
