// Known bug (reported to the lead): the clang-22 SPIR-V drift warning only
// compares top-level member offsets. In `float3 a[2]` the padded element
// <{ <3 x float>, spirv.Padding(4) }> is 20 bytes under the SPIR-V data
// layout, so LLVM puts a[1] at 20 instead of clang's 16 (the array's total
// size happens to be 36 both ways, so no later member drifts and nothing is
// reported). Remove the XFAIL line once the warning names `a`.
// RUN: %cblower emit-llvm --target spirv --rules clang-22 %s 2>&1 >/dev/null | FileCheck %s

cbuffer A { float3 a[2]; uint4 b; }

// CHECK: warning: `a` in `A`
