// A `}` with no `{`.
// RUN: rm -f %t.out
// RUN: sh -c '%cblower emit-llvm --color never %s -o %t.out; echo "exit=$?"' 2>&1 | FileCheck %s
// RUN: not test -e %t.out
}

// CHECK: error: expected a declaration, found `}`
// CHECK-NEXT: --> {{.*}}fe-stray-closing-brace.hlsl:5:1
// CHECK: = help: remove this `}` or add the `{` it should close
// CHECK: exit=1
