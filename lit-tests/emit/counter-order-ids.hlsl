// Structured buffers with a counter (RW, Append, Consume, RasterizerOrdered)
// take two implicit-binding order IDs in clang-22: the buffer's (only when
// it has no register) and then, always, its counter's. Arrays count once
// per declaration, bounded or not, any number of dimensions; a resource
// declared inside a cbuffer counts before the buffer. [[vk::binding]]
// binds the buffer on SPIR-V but its counter still takes an ID (clang-22
// ignores [[vk::counter_binding]]). Every number below is what clang-22
// passed to handlefromimplicitbinding for this file. Both rule sets number
// the same way.
// RUN: %cblower emit-llvm %s | FileCheck %s --check-prefix=DX
// RUN: %cblower emit-llvm --rules clang-22 %s | FileCheck %s --check-prefix=DX
// RUN: %cblower emit-llvm --target spirv %s | FileCheck %s --check-prefix=SPV
// RUN: %cblower emit-llvm --target spirv --rules clang-22 %s | FileCheck %s --check-prefix=SPV

RWStructuredBuffer<float> r0 : register(u0);   // counter 0 (both targets)
cbuffer A { float a; }                         // 1
RWStructuredBuffer<float> r1[3];               // 2, counter 3
cbuffer B { float b; }                         // 4
ConsumeStructuredBuffer<float> c1 : register(u5); // counter 5
cbuffer C { float c; }                         // 6
[[vk::binding(2)]] RWStructuredBuffer<float> r3;  // DXIL 7, 8 | SPIR-V counter 7
cbuffer D { float d; }                         // DXIL 9 | SPIR-V 8
RWByteAddressBuffer bab;                       // no counter: DXIL 10 | SPIR-V 9
cbuffer E { float e; AppendStructuredBuffer<float> inside; } // inside 11, 12 | 10, 11; E 13 | 12
[[vk::binding(3)]] [[vk::counter_binding(4)]] RWStructuredBuffer<float> r4; // 14, 15 | counter 13
cbuffer F { float f; }                         // 16 | 14
RasterizerOrderedStructuredBuffer<float> ro[2][3] : register(space2); // 17, 18 | 15, 16
cbuffer G { float g; }                         // 19 | 17
RWStructuredBuffer<float> un[];                // 20, 21 | 18, 19
float glob;                                    // $Globals: 22 | 20

// DX: handlefromimplicitbinding{{.*}}(i32 1, i32 0, i32 1, i32 0, ptr @A.str)
// DX: handlefromimplicitbinding{{.*}}(i32 4, i32 0, i32 1, i32 0, ptr @B.str)
// DX: handlefromimplicitbinding{{.*}}(i32 6, i32 0, i32 1, i32 0, ptr @C.str)
// DX: handlefromimplicitbinding{{.*}}(i32 9, i32 0, i32 1, i32 0, ptr @D.str)
// DX: handlefromimplicitbinding{{.*}}(i32 13, i32 0, i32 1, i32 0, ptr @E.str)
// DX: handlefromimplicitbinding{{.*}}(i32 16, i32 0, i32 1, i32 0, ptr @F.str)
// DX: handlefromimplicitbinding{{.*}}(i32 19, i32 0, i32 1, i32 0, ptr @G.str)
// DX: handlefromimplicitbinding{{.*}}(i32 22, i32 0, i32 1, i32 0, ptr @"$Globals.str")

// SPV: handlefromimplicitbinding{{.*}}(i32 1, i32 0, i32 1, i32 0, ptr @A.str)
// SPV: handlefromimplicitbinding{{.*}}(i32 4, i32 0, i32 1, i32 0, ptr @B.str)
// SPV: handlefromimplicitbinding{{.*}}(i32 6, i32 0, i32 1, i32 0, ptr @C.str)
// SPV: handlefromimplicitbinding{{.*}}(i32 8, i32 0, i32 1, i32 0, ptr @D.str)
// SPV: handlefromimplicitbinding{{.*}}(i32 12, i32 0, i32 1, i32 0, ptr @E.str)
// SPV: handlefromimplicitbinding{{.*}}(i32 14, i32 0, i32 1, i32 0, ptr @F.str)
// SPV: handlefromimplicitbinding{{.*}}(i32 17, i32 0, i32 1, i32 0, ptr @G.str)
// SPV: handlefromimplicitbinding{{.*}}(i32 20, i32 0, i32 1, i32 0, ptr @"$Globals.str")
