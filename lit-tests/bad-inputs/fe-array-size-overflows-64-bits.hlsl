// An array whose byte size does not fit 64 bits: a layout error at the member.
// RUN: rm -f %t.out
// RUN: sh -c '%cblower emit-llvm --color never %s -o %t.out; echo "exit=$?"' 2>&1 | FileCheck %s
// RUN: not test -e %t.out
cbuffer CB {
  float a[0x7fffffffffffffff];
  float b[16];
};

// CHECK: error: the size of 'a' overflows 64 bits
// CHECK-NEXT: --> {{.*}}fe-array-size-overflows-64-bits.hlsl:6:9
// CHECK: = help: reduce the array dimensions
// CHECK: exit=1
