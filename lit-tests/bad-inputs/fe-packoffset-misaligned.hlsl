// A double placed by packoffset at byte 4: 64-bit values need 8-byte alignment.
// RUN: rm -f %t.out
// RUN: sh -c '%cblower emit-llvm --color never %s -o %t.out; echo "exit=$?"' 2>&1 | FileCheck %s
// RUN: not test -e %t.out
cbuffer CB {
  double d : packoffset(c0.y);
};

// CHECK: error: 'd' needs 8-byte alignment but its explicit offset is 4
// CHECK-NEXT: --> {{.*}}fe-packoffset-misaligned.hlsl:6:10
// CHECK: = help: use a packoffset that is a multiple of 8 bytes
// CHECK: exit=1
