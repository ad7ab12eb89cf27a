// A block comment that never ends.
// RUN: rm -f %t.out
// RUN: sh -c '%cblower emit-llvm --color never %s -o %t.out; echo "exit=$?"' 2>&1 | FileCheck %s
// RUN: not test -e %t.out
cbuffer CB { float a; };
/* never closed

// CHECK: error: unterminated block comment
// CHECK-NEXT: --> {{.*}}fe-unterminated-block-comment.hlsl:6:1
// CHECK: = help: close the comment with `{{[*]}}/`
// CHECK: exit=1
