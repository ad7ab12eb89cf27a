// A buffer of 4 GiB + 4 bytes: nothing like a real cbuffer (D3D stops at
// 64 KiB), but not an error either. Its size does not fit !hlsl.layouts' i32,
// so it is written as an i64; it once wrapped to 4 and dxil-cbuffer-access
// then rejected the emitter's own module ("size is 4 in !hlsl.layouts").
// Lowering it is refused: `last` sits at byte 2^32, which getpointer's i32
// offset cannot hold (it used to be read at offset 0).
// RUN: %cblower emit-llvm %s -o %t.ll
// RUN: FileCheck %s --input-file %t.ll
// RUN: rm -f %t.lowered.ll %t.lowered2.ll
// RUN: not %cblower-opt -S -passes=dxil-lower %t.ll -o %t.lowered.ll 2>&1 | FileCheck %s --check-prefix=LOWER
// RUN: not test -e %t.lowered.ll
// RUN: not %cblower emit-llvm --lower %s -o %t.lowered2.ll 2>&1 | FileCheck %s --check-prefix=LOWER
// RUN: not test -e %t.lowered2.ll
cbuffer Huge : register(b0) {
  float4 rows[0x10000000];
  float last;
};

// CHECK: %__cblayout_Huge = type <{ [268435456 x <4 x float>], float }>
// CHECK: !{!"__cblayout_Huge", i64 4294967300, i32 0, i64 4294967296}
// LOWER: dxil-cbuffer-access: !hlsl.cbs entry 0: layout %__cblayout_Huge = type <{ [268435456 x <4 x float>], float }> is 4294967300 bytes, more than the 32-bit offsets of cbuffer accesses can address (at most 2147483647 bytes)
