// A namespace-scope variable is a `$Globals` member for DXC but an ordinary
// global for clang 22: `layout --rules clang-22` and `emit-llvm --rules
// clang-22` both leave it out, so the report and the IR agree with clang-22.
// RUN: %cblower layout --color never %s | FileCheck %s --check-prefix=DXC
// RUN: %cblower layout --color never --rules clang-22 %s | FileCheck %s --check-prefix=CLANG
// RUN: %cblower emit-llvm --rules clang-22 %s | FileCheck %s --check-prefix=IR
// RUN: %clang-22 -cc1 -triple dxilv1.3-pc-shadermodel6.3-library -x hlsl -emit-llvm -disable-llvm-passes -o - %s | FileCheck %s --check-prefix=IR

float a;
namespace Tuning { float gain; }
int b;

// DXC:      cbuffer $Globals  [rules: cbuffer, size: 12 bytes]
// DXC-NEXT:   offset   size align  type                     name
// DXC-NEXT:        0      4     4  float                    a
// DXC-NEXT:        4      4     4  float                    gain
// DXC-NEXT:        8      4     4  int                      b

// CLANG:      cbuffer $Globals  [rules: clang-22, size: 8 bytes]
// CLANG-NEXT:   offset   size align  type                     name
// CLANG-NEXT:        0      4     4  float                    a
// CLANG-NEXT:        4      4     4  int                      b
// CLANG-NOT:  gain

// IR: %"__cblayout_$Globals" = type <{ float, i32 }>
// IR: @a = external hidden addrspace(2) global float, align 4
// IR: @b = external hidden addrspace(2) global i32, align 4
