// An array placed by packoffset at component .y: aggregates start rows.
// RUN: rm -f %t.out
// RUN: sh -c '%cblower emit-llvm --color never %s -o %t.out; echo "exit=$?"' 2>&1 | FileCheck %s
// RUN: not test -e %t.out
cbuffer CB {
  float a[2] : packoffset(c0.y);
};

// CHECK: error: 'a' is an array or struct and must start a row (component .x), but its explicit offset is 4
// CHECK-NEXT: --> {{.*}}fe-packoffset-array-not-row-start.hlsl:6:9
// CHECK: = help: place arrays and structs at component .x
// CHECK: exit=1
