// --rules clang-22 has no ConstantBuffer<T> (clang 22 does not know the template).
// RUN: rm -f %t.out
// RUN: sh -c '%cblower emit-llvm --color never --rules clang-22 %s -o %t.out; echo "exit=$?"' 2>&1 | FileCheck %s
// RUN: not test -e %t.out
struct S { float a; };
ConstantBuffer<S> cb;

// CHECK: error: clang 22 does not know `ConstantBuffer<T>` (it reports "no template named 'ConstantBuffer'"), so `cb` has no clang-22 IR
// CHECK-NEXT: --> {{.*}}emit-constantbuffer-clang22.hlsl:6:19
// CHECK: exit=1
