// Division by zero in an #if expression.
// RUN: rm -f %t.out
// RUN: sh -c '%cblower emit-llvm --color never %s -o %t.out; echo "exit=$?"' 2>&1 | FileCheck %s
// RUN: not test -e %t.out
#if 1/0
#endif
cbuffer CB { float a; };

// CHECK: error: division by zero in preprocessor expression
// CHECK-NEXT: --> {{.*}}fe-pp-division-by-zero.hlsl:5:6
// CHECK: = help: make sure the divisor is not 0
// CHECK: exit=1
