// float16_t needs --enable-16bit-types, as in DXC.
// RUN: rm -f %t.out
// RUN: sh -c '%cblower emit-llvm --color never %s -o %t.out; echo "exit=$?"' 2>&1 | FileCheck %s
// RUN: not test -e %t.out
cbuffer CB { float16_t a; };

// CHECK: error: `float16_t` requires native 16-bit types
// CHECK-NEXT: --> {{.*}}fe-16bit-type-without-flag.hlsl:5:14
// CHECK: = help: pass --enable-16bit-types (DXC's -enable-16bit-types)
// CHECK: exit=1
