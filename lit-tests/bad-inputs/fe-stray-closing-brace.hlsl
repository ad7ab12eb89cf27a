// A `}` with no `{`.
// Outside a buffer it is skipped with a warning (issue #16): nothing here
// declares a buffer, so the module is empty and the exit code 0.
// RUN: rm -f %t.out
// RUN: sh -c '%cblower emit-llvm --color never %s -o %t.out; echo "exit=$?"' 2>&1 | FileCheck %s
// RUN: test -e %t.out
}

// CHECK: warning: skipped a construct the front end cannot read: expected a declaration, found `}`
// CHECK-NEXT: --> {{.*}}fe-stray-closing-brace.hlsl:7:1
// CHECK: exit=0
