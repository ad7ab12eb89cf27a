// Structs that each hold two copies of the previous one: 24 lines of HLSL,
// 3 * 2^24 - 1 values to lay out. An error naming the member (not a hang or an
// out-of-memory kill), for emit-llvm on both writers and for layout.
// RUN: rm -f %t.out
// RUN: sh -c '%cblower emit-llvm --color never %s -o %t.out; echo "exit=$?"' 2>&1 | FileCheck %s
// RUN: sh -c '%cblower emit-llvm --via-llvm --color never %s -o %t.out; echo "exit=$?"' 2>&1 | FileCheck %s
// RUN: not test -e %t.out
// RUN: sh -c '%cblower layout --color never %s; echo "exit=$?"' 2>&1 | FileCheck %s
struct S0 { float x; };
struct S1 { S0 a; S0 b; };
struct S2 { S1 a; S1 b; };
struct S3 { S2 a; S2 b; };
struct S4 { S3 a; S3 b; };
struct S5 { S4 a; S4 b; };
struct S6 { S5 a; S5 b; };
struct S7 { S6 a; S6 b; };
struct S8 { S7 a; S7 b; };
struct S9 { S8 a; S8 b; };
struct S10 { S9 a; S9 b; };
struct S11 { S10 a; S10 b; };
struct S12 { S11 a; S11 b; };
struct S13 { S12 a; S12 b; };
struct S14 { S13 a; S13 b; };
struct S15 { S14 a; S14 b; };
struct S16 { S15 a; S15 b; };
struct S17 { S16 a; S16 b; };
struct S18 { S17 a; S17 b; };
struct S19 { S18 a; S18 b; };
struct S20 { S19 a; S19 b; };
struct S21 { S20 a; S20 b; };
struct S22 { S21 a; S21 b; };
struct S23 { S22 a; S22 b; };
struct S24 { S23 a; S23 b; };
cbuffer CB { float4 ok; S24 s; };

// CHECK: error: the type of 's' lays out to 50331647 values (struct fields, vectors, one element per array), more than the limit of 1048576
// CHECK-NEXT: --> {{.*}}fe-doubling-structs.hlsl:34:29
// CHECK: = help: declare repeated parts as arrays (an array is laid out once per element type)
// CHECK: exit=1
