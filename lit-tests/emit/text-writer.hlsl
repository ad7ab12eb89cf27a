// `emit-llvm` writes its text directly (no LLVM module); the hidden
// `--via-llvm` builds the module in LLVM and prints it with LLVM's printer.
// Both must give the same bytes on stdout and in a file, and the same
// warnings. The second `Frame` buffer's handle global clashes with the
// first's, which LLVM renames to `Frame.cb.1`; the writer reproduces that.
// (Modules it cannot reproduce, such as two member globals with one symbol,
// which only the library API can build, go back to LLVM: see
// crates/cblower-cli/tests/text_writer_equality.rs.)
// RUN: %cblower emit-llvm --enable-16bit-types %s > %t.text.ll
// RUN: %cblower emit-llvm --enable-16bit-types --via-llvm %s > %t.llvm.ll
// RUN: diff %t.text.ll %t.llvm.ll
// RUN: %cblower emit-llvm --enable-16bit-types --target spirv --rules clang-22 %s -o %t.spv.text.ll 2> %t.spv.text.err
// RUN: %cblower emit-llvm --enable-16bit-types --target spirv --rules clang-22 --via-llvm %s -o %t.spv.llvm.ll 2> %t.spv.llvm.err
// RUN: diff %t.spv.text.ll %t.spv.llvm.ll
// RUN: diff %t.spv.text.err %t.spv.llvm.err
// RUN: FileCheck %s --check-prefix=WARN < %t.spv.text.err
// RUN: %opt-22 -passes=verify -disable-output %t.spv.text.ll
// RUN: FileCheck %s --check-prefix=NAMES < %t.text.ll

struct Light { float3 dir; half intensity; };
namespace NS { cbuffer Frame : register(b1, space2) { float4x4 view; Light light; } }
cbuffer Frame { float3 tint[3]; int16_t3 flags; Light lights[2]; };
float time;

// WARN: warning: `light` in `Frame`
// NAMES: @Frame.cb = global
// NAMES: @Frame.cb.1 = global
