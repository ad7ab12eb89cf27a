// ConstantBuffer<T> needs a struct T.
// RUN: rm -f %t.out
// RUN: sh -c '%cblower emit-llvm --color never %s -o %t.out; echo "exit=$?"' 2>&1 | FileCheck %s
// RUN: not test -e %t.out
ConstantBuffer<float> cb;

// CHECK: error: `ConstantBuffer` needs a struct type, found `float`
// CHECK-NEXT: --> {{.*}}fe-constantbuffer-of-scalar.hlsl:5:16
// CHECK: exit=1
