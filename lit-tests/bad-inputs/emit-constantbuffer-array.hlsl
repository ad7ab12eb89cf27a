// Arrays of ConstantBuffer<T> lay out, but IR emission does not support them: an error at the name.
// RUN: rm -f %t.out
// RUN: sh -c '%cblower emit-llvm --color never %s -o %t.out; echo "exit=$?"' 2>&1 | FileCheck %s
// RUN: not test -e %t.out
struct S { float a; };
ConstantBuffer<S> cbs[2];

// CHECK: error: `cbs` is an array of 2 ConstantBuffer<T>; arrays of constant buffers are not supported by IR emission
// CHECK-NEXT: --> {{.*}}emit-constantbuffer-array.hlsl:6:19
// CHECK: = help: declare one `ConstantBuffer<T>` per binding, or use a `cbuffer`
// CHECK: exit=1
