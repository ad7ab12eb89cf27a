// [[vk::offset(N)]] is a SPIR-V attribute (issue #15 item 5). On DXIL the
// default rules ignore it, as DXC does when it compiles to DXIL, in nested
// structs too: x 0, y 16, s 32 with s.b right after s.a. On SPIR-V the
// default rules (DXC's relaxed std140) honour it in declaration order, as
// DXC does (x 0, y at 32, s 48; In.b at 8, In rounded to 16 bytes).
// clang-22 does not know the
// attribute at all ("unknown attribute 'vk::offset' ignored", on both
// targets), so --rules clang-22 ignores it on both and emits clang-22's IR.
// RUN: %cblower emit-llvm %s | %opt-22 -S -passes=verify | FileCheck %s --check-prefix=DXIL
// RUN: %cblower emit-llvm --rules clang-22 %s | %opt-22 -S -passes=verify | FileCheck %s --check-prefix=DXIL
// RUN: %cblower emit-llvm --target spirv --rules clang-22 %s | %opt-22 -S -passes=verify | FileCheck %s --check-prefix=CLANG-SPV
// RUN: %cblower emit-llvm --target spirv %s | %opt-22 -S -passes=verify | FileCheck %s --check-prefix=SPV
// RUN: %cblower layout %s | FileCheck %s --check-prefix=LAYOUT

struct In { float a; [[vk::offset(8)]] float b; };
cbuffer CB { float x; [[vk::offset(32)]] float4 y; In s; }

// DXIL:      %__cblayout_CB = type <{ float, target("dx.Padding", 12), <4 x float>, %In }>
// DXIL-NEXT: %In = type <{ float, float }>

// CLANG-SPV:      %__cblayout_CB = type <{ float, target("spirv.Padding", 12), <4 x float>, %In }>
// CLANG-SPV-NEXT: %In = type <{ float, float }>

// SPV:      %__cblayout_CB = type <{ float, target("spirv.Padding", 28), <4 x float>, %In }>
// SPV-NEXT: %In = type <{ float, target("spirv.Padding", 4), float, target("spirv.Padding", 4) }>
// SPV:      !{!"In", i32 16, i32 0, i32 8}
// SPV-NEXT: !{!"__cblayout_CB", i32 64, i32 0, i32 32, i32 48}

// LAYOUT:      0      4     4  float                    x
// LAYOUT-NEXT: 16     16     4  float4                   y
// LAYOUT-NEXT: 32      8    16  In                       s
// LAYOUT-NEXT: 32      4     4  float                      a
// LAYOUT-NEXT: 36      4     4  float                      b
