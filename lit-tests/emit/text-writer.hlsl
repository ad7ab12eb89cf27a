// `emit-llvm` writes its text directly (no LLVM module); the hidden
// `--via-llvm` builds the module in LLVM and prints it with LLVM's printer.
// Both must give the same bytes on stdout and in a file, and the same
// warnings. The writer hands modules it cannot reproduce back to LLVM:
// with -D DUP two buffers declare the same global `dup`, which LLVM renames
// to `dup.2` (one counter for the module: the second `Frame.cb` took `.1`).
// RUN: %cblower emit-llvm --enable-16bit-types %s > %t.text.ll
// RUN: %cblower emit-llvm --enable-16bit-types --via-llvm %s > %t.llvm.ll
// RUN: diff %t.text.ll %t.llvm.ll
// RUN: %cblower emit-llvm --enable-16bit-types --target spirv --rules clang-22 %s -o %t.spv.text.ll 2> %t.spv.text.err
// RUN: %cblower emit-llvm --enable-16bit-types --target spirv --rules clang-22 --via-llvm %s -o %t.spv.llvm.ll 2> %t.spv.llvm.err
// RUN: diff %t.spv.text.ll %t.spv.llvm.ll
// RUN: diff %t.spv.text.err %t.spv.llvm.err
// RUN: FileCheck %s --check-prefix=WARN < %t.spv.text.err
// RUN: %opt-22 -passes=verify -disable-output %t.spv.text.ll
// RUN: %cblower emit-llvm --enable-16bit-types -D DUP %s > %t.dup.text.ll
// RUN: %cblower emit-llvm --enable-16bit-types -D DUP --via-llvm %s > %t.dup.llvm.ll
// RUN: diff %t.dup.text.ll %t.dup.llvm.ll
// RUN: FileCheck %s --check-prefix=DUP < %t.dup.text.ll

struct Light { float3 dir; half intensity; };
namespace NS { cbuffer Frame : register(b1, space2) { float4x4 view; Light light; } }
cbuffer Frame { float3 tint[3]; int16_t3 flags; Light lights[2]; };
float time;
#ifdef DUP
cbuffer Dup { float dup; }
cbuffer Dup2 { float dup; }
#endif

// WARN: warning: `light` in `Frame`
// DUP: @Frame.cb.1 = global
// DUP: @dup = external hidden addrspace(2) global float, align 4
// DUP: @dup.2 = external hidden addrspace(2) global float, align 4
