// A buffer of 4 GiB + 4 bytes: nothing like a real cbuffer. D3D stops at
// 4096 rows (64 KiB), so the default mode on DXIL refuses it as DXC does;
// SPIR-V has no such limit and clang-22 does not check, so both emit it. Its
// size does not fit !hlsl.layouts' i32, so it is written as an i64; it once
// wrapped to 4 and dxil-cbuffer-access then rejected the emitter's own module
// ("size is 4 in !hlsl.layouts"). Lowering it is refused: `last` sits at byte
// 2^32, which getpointer's i32 offset cannot hold (it used to be read at
// offset 0).
// RUN: rm -f %t.dxc.ll %t.lowered.ll %t.lowered2.ll
// RUN: not %cblower emit-llvm %s -o %t.dxc.ll 2>&1 | FileCheck %s --check-prefix=DXC
// RUN: not test -e %t.dxc.ll
// RUN: %cblower emit-llvm --target spirv %s -o %t.ll
// RUN: FileCheck %s --input-file %t.ll
// RUN: %cblower emit-llvm --rules clang-22 %s -o %t.clang.ll
// RUN: not %cblower-opt -S -passes=dxil-lower %t.clang.ll -o %t.lowered.ll 2>&1 | FileCheck %s --check-prefix=LOWER
// RUN: not test -e %t.lowered.ll
// RUN: not %cblower emit-llvm --rules clang-22 --lower %s -o %t.lowered2.ll 2>&1 | FileCheck %s --check-prefix=LOWER
// RUN: not test -e %t.lowered2.ll
cbuffer Huge : register(b0) {
  float4 rows[0x10000000];
  float last;
};

// DXC: error: `Huge` is 4294967300 bytes, more than the 65536 bytes (4096 rows of 16 bytes) a D3D constant buffer may hold; DXC rejects it
// CHECK: %__cblayout_Huge = type <{ [268435456 x <4 x float>], float }>
// CHECK: !{!"__cblayout_Huge", i64 4294967300, i32 0, i64 4294967296}
// LOWER: dxil-cbuffer-access: !hlsl.cbs entry 0: layout %__cblayout_Huge = type <{ [268435456 x <4 x float>], float }> is 4294967300 bytes, more than the 32-bit offsets of cbuffer accesses can address (at most 2147483647 bytes)
