// #include with an unterminated file name.
// RUN: rm -f %t.out
// RUN: sh -c '%cblower emit-llvm --color never %s -o %t.out; echo "exit=$?"' 2>&1 | FileCheck %s
// RUN: not test -e %t.out
#include "abc
cbuffer CB { float a; };

// CHECK: error: expected "file" or <file> after `#include`
// CHECK-NEXT: --> {{.*}}fe-include-unterminated-name.hlsl:5:1
// CHECK: exit=1
