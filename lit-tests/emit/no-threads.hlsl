// `--no-threads` runs the front end and the planner on one thread; the
// output is the same to the byte as with the default threads, and so is the
// first diagnostic of a file with errors (issue #18).
// RUN: %cblower emit-llvm %s -o %t.threads.ll
// RUN: %cblower emit-llvm --no-threads %s -o %t.one.ll
// RUN: diff %t.threads.ll %t.one.ll
// RUN: FileCheck %s < %t.one.ll
// RUN: %cblower layout --no-threads %s | FileCheck %s --check-prefix=LAYOUT
// RUN: not %cblower emit-llvm -DBROKEN %s -o %t.bad.ll 2> %t.threads.err
// RUN: not %cblower emit-llvm --no-threads -DBROKEN %s -o %t.bad.ll 2> %t.one.err
// RUN: diff %t.threads.err %t.one.err
// RUN: FileCheck %s --check-prefix=ERR < %t.one.err
// RUN: not test -e %t.bad.ll

#define ROWS 3
struct Light { float3 position; float range; };

cbuffer A : register(b0) {
  float4 tint;
  Light lights[ROWS];
};

cbuffer B : register(b1) {
  float scale;
#ifdef BROKEN
  float scale;
#endif
  uint flags;
};

// CHECK: %__cblayout_A = type <{ <4 x float>, [3 x %Light] }>
// CHECK: %Light = type <{ <3 x float>, float }>
// CHECK: %__cblayout_B = type <{ float, i32 }>
// CHECK: @lights = external hidden addrspace(2) global [3 x %Light], align 1
// CHECK: @scale = external hidden addrspace(2) global float, align 4
// CHECK: @flags = external hidden addrspace(2) global i32, align 4

// LAYOUT: cbuffer A : register(b0, space0)  [rules: cbuffer, size: 64 bytes]
// LAYOUT: cbuffer B : register(b1, space0)  [rules: cbuffer, size: 8 bytes]
// ERR: error: duplicate member `scale` in cbuffer `B`
// ERR-NEXT: --> {{.*}}no-threads.hlsl:26:9
