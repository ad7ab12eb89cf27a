// clang-22 refuses an array of 4 GiB or more on SPIR-V, whose `size_t` has
// 32 bits: "array is too large (N elements)", at the size of the first
// dimension (from the innermost out) that reaches 2^32 bytes, by Clang's
// `sizeof` of the element (a struct's record size, over-wide bitfields
// included). --rules clang-22 refuses the same arrays in the same words at
// the same places, with no output file; one byte less is accepted by both.
// On DXIL the limit is 2^61 bytes. Every CHECK line holds for clang-22.
// RUN: rm -f %t.ll
// RUN: not %cblower emit-llvm --color never --target spirv --rules clang-22 --enable-16bit-types %s -o %t.ll 2>&1 | FileCheck %s --check-prefixes=CHECK,CB
// RUN: not test -e %t.ll
// RUN: not %clang-22 -cc1 -triple spirv-unknown-vulkan1.3-library -emit-llvm -disable-llvm-passes -fnative-half-type -o - %s 2>&1 | FileCheck %s --check-prefixes=CHECK,CLANG
// RUN: %cblower emit-llvm --target spirv --rules clang-22 --enable-16bit-types -D FITS %s | %opt-22 -S -passes=verify | FileCheck %s --check-prefix=FITS
// RUN: %clang-22 -cc1 -triple spirv-unknown-vulkan1.3-library -emit-llvm -disable-llvm-passes -fnative-half-type -D FITS -o - %s 2>/dev/null | FileCheck %s --check-prefix=FITS

typedef unsigned int uint;
struct Big { float x[268435456]; };
struct Wide { uint a : 268435456; };
#ifdef FITS
cbuffer CB { float a[1073741823]; Wide w[127]; };
#else
cbuffer CB {
  float a[65536][65536];
  Big arr[4];
  half h[2147483648];
  Wide w[128];
};
#endif

// CLANG:       array-too-large-spirv.hlsl:22:11: error: array is too large (65'536 elements)
// CB:          error: array is too large (65'536 elements)
// CB-NEXT:     --> {{.*}}array-too-large-spirv.hlsl:22:11
// CB:          = help: clang-22 refuses an array of 2^32 bytes or more for this target (the bits of its `size_t`); give it fewer elements
// CHECK:       array-too-large-spirv.hlsl:23:11{{:|$}}
// CLANG-SAME:  error: array is too large (4 elements)
// CHECK:       array-too-large-spirv.hlsl:24:10{{:|$}}
// CLANG-SAME:  error: array is too large (2'147'483'648 elements)
// CHECK:       array-too-large-spirv.hlsl:25:10{{:|$}}
// CLANG-SAME:  error: array is too large (128 elements)

// FITS:      @a = external hidden addrspace(12) global <{ [1073741822 x <{ float, target("spirv.Padding", 12) }>], float }>, align 4
// FITS-NEXT: @w = external hidden addrspace(12) global <{ [126 x <{ %Wide, target("spirv.Padding", 12) }>], %Wide }>, align 8
