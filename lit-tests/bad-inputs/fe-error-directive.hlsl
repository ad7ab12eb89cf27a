// An #error that is reached stops the run with its text.
// RUN: rm -f %t.out
// RUN: sh -c '%cblower emit-llvm --color never %s -o %t.out; echo "exit=$?"' 2>&1 | FileCheck %s
// RUN: not test -e %t.out
#error stop here
cbuffer CB { float a; };

// CHECK: error: #error stop here
// CHECK-NEXT: --> {{.*}}fe-error-directive.hlsl:5:1
// CHECK: exit=1
