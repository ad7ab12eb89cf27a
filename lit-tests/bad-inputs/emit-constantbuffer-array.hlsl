// Arrays of ConstantBuffer<T> are emitted in the default mode; clang-22 does
// not know ConstantBuffer<T>, so --rules clang-22 is an error at the name
// and writes nothing.
// RUN: rm -f %t.out
// RUN: sh -c '%cblower emit-llvm --rules clang-22 --color never %s -o %t.out; echo "exit=$?"' 2>&1 | FileCheck %s
// RUN: not test -e %t.out
struct S { float a; };
ConstantBuffer<S> cbs[2];

// CHECK: error: clang 22 does not know `ConstantBuffer<T>` (it reports "no template named 'ConstantBuffer'"), so `cbs` has no clang-22 IR
// CHECK-NEXT: --> {{.*}}emit-constantbuffer-array.hlsl:8:19
// CHECK: = help: use the default rules (--rules cbuffer), or a `cbuffer` block for clang-22
// CHECK: exit=1
