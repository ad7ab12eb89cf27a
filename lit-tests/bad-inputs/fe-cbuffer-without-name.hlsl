// A cbuffer needs a name.
// RUN: rm -f %t.out
// RUN: sh -c '%cblower emit-llvm --color never %s -o %t.out; echo "exit=$?"' 2>&1 | FileCheck %s
// RUN: not test -e %t.out
cbuffer {
  float a;
};

// CHECK: error: expected a name in the declaration, found `{`
// CHECK-NEXT: --> {{.*}}fe-cbuffer-without-name.hlsl:5:9
// CHECK: exit=1
