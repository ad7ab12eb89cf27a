// `defined(` with no macro name.
// RUN: rm -f %t.out
// RUN: sh -c '%cblower emit-llvm --color never %s -o %t.out; echo "exit=$?"' 2>&1 | FileCheck %s
// RUN: not test -e %t.out
#if defined(
#endif
cbuffer CB { float a; };

// CHECK: error: expected a macro name after `defined`
// CHECK-NEXT: --> {{.*}}fe-pp-defined-without-name.hlsl:5:5
// CHECK: exit=1
