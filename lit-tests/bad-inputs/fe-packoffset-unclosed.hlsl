// packoffset( without its `)`.
// RUN: rm -f %t.out
// RUN: sh -c '%cblower emit-llvm --color never %s -o %t.out; echo "exit=$?"' 2>&1 | FileCheck %s
// RUN: not test -e %t.out
cbuffer CB { float a : packoffset(c0; };

// CHECK: error: expected `)`, found `;`
// CHECK-NEXT: --> {{.*}}fe-packoffset-unclosed.hlsl:5:37
// CHECK: = help: close `packoffset(...)` with `)`
// CHECK: exit=1
