// D3D's constant-buffer limit is 4096 rows (65536 bytes). DXC rejects a
// larger cbuffer when it compiles to DXIL ("CBuffer size is 65540 bytes,
// exceeding maximum of 65536 bytes"); the default mode does the same, at the
// buffer's name, with the size and the limit, and writes nothing. clang-22
// has no such check and emits the buffer (checked here on clang-22 itself),
// and so does --rules clang-22. A buffer of exactly 65536 bytes is fine, and
// DXC's SPIR-V back end has no such limit.
// RUN: rm -rf %t && mkdir -p %t
// RUN: not %cblower emit-llvm %s -o %t/out.ll 2>&1 | FileCheck %s --check-prefix=DXC
// RUN: not test -e %t/out.ll
// RUN: %cblower emit-llvm --rules clang-22 %s | %opt-22 -S -passes=verify | FileCheck %s --check-prefix=CLANG
// RUN: %clang-22 -cc1 -triple dxil-pc-shadermodel6.6-library -emit-llvm -disable-llvm-passes -o - %s | FileCheck %s --check-prefix=CLANG
// RUN: %cblower emit-llvm --target spirv %s | %opt-22 -S -passes=verify | FileCheck %s --check-prefix=SPV
// RUN: %cblower emit-llvm -D ONLY_FITS %s | %opt-22 -S -passes=verify | FileCheck %s --check-prefix=FITS

#ifndef ONLY_FITS
cbuffer TooBig : register(b5)
{
  float arr[4097];
}
#endif
cbuffer Fits : register(b6)
{
  vector<float, 4> full[4096];
}

// DXC: error: `TooBig` is 65540 bytes, more than the 65536 bytes (4096 rows of 16 bytes) a D3D constant buffer may hold; DXC rejects it
// DXC-NEXT: --> {{.*}}cbuffer-size-limit.hlsl:17:9
// DXC: help: split the buffer in two or shrink its arrays (or use a structured buffer)

// CLANG: %__cblayout_TooBig = type <{ <{ [4096 x <{ float, target("dx.Padding", 12) }>], float }> }>
// CLANG: %__cblayout_Fits = type <{ [4096 x <4 x float>] }>

// SPV: %__cblayout_TooBig = type <{ <{ [4096 x <{ float, target("spirv.Padding", 12) }>], float }> }>

// FITS-NOT: TooBig
// FITS: %__cblayout_Fits = type <{ [4096 x <4 x float>] }>
