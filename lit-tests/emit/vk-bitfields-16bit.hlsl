// 16-bit and min-precision bitfields on SPIR-V (issue #15). DXC's SPIR-V
// back end shares a unit between bitfields whose types lower to one SPIR-V
// integer type: without -enable-16bit-types `min16uint` is a 32-bit `uint`
// (so `min16uint a:10; min16uint b:10; uint c:4` is one 32-bit unit) and
// `min16int` an `int` (a unit of its own after them); with it they are
// `uint16_t` and `int16_t`, 16-bit units (a and b no longer fit one; N's
// `uint16_t a:10` and `min16uint b:6` share one; `int16_t c` and
// `uint16_t d` each start another). The DXIL packing is unchanged.
// RUN: %cblower emit-llvm --target spirv -DNO16 %s | %opt-22 -S -passes=verify | FileCheck %s --check-prefix=SPIRV32
// RUN: %cblower emit-llvm --target spirv --enable-16bit-types %s | %opt-22 -S -passes=verify | FileCheck %s --check-prefix=SPIRV16
// RUN: %cblower emit-llvm --enable-16bit-types %s | %opt-22 -S -passes=verify | FileCheck %s --check-prefix=DXIL16

struct M { min16uint a : 10; min16uint b : 10; uint c : 4; min16int d : 4; };
#ifdef NO16
cbuffer CB { M m; };
#else
struct N { uint16_t a : 10; min16uint b : 6; int16_t c : 4; uint16_t d : 16; };
cbuffer CB { M m; N n; };
#endif

// SPIRV32:      %M = type <{ i32, i32, target("spirv.Padding", 8) }>
// SPIRV32:      !{!"M", i32 16, i32 0, i32 4}

// SPIRV16:      %M = type <{ i16, i16, i32, i16, target("spirv.Padding", 6) }>
// SPIRV16-NEXT: %N = type <{ i16, i16, i16, target("spirv.Padding", 10) }>
// SPIRV16:      !{!"M", i32 16, i32 0, i32 2, i32 4, i32 8}
// SPIRV16-NEXT: !{!"N", i32 16, i32 0, i32 2, i32 4}

// DXIL16:      %M = type <{ i16, target("dx.Padding", 2), i16, target("dx.Padding", 2), i32, i16 }>
// DXIL16-NEXT: %N = type <{ i16, i16, i16 }>
