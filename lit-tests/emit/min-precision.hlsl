// Minimum-precision types: in the default mode they are 4-byte values that
// never share a 16-byte row with full-precision data (DXC's legacy layout),
// or 2-byte half/i16 with --enable-16bit-types. clang-22 does not know these
// types ("unknown type name 'min16float'"), so --rules clang-22 refuses the
// file with exit 1 and writes nothing.
// RUN: %cblower emit-llvm %s | %opt-22 -S -passes=verify | FileCheck %s --check-prefix=DXC
// RUN: %cblower emit-llvm --enable-16bit-types %s | %opt-22 -S -passes=verify | FileCheck %s --check-prefix=NATIVE
// RUN: rm -f %t.ll
// RUN: not %cblower emit-llvm --rules clang-22 %s -o %t.ll 2>&1 | FileCheck %s --check-prefix=CLANG
// RUN: not test -e %t.ll

cbuffer MinPrec {
  min16float h1;   // DXC  0 | native  0
  float3 f3;       //     16 |         4 (full precision: next row)
  min16float2 h2;  //     32 |        16
  min16int i1;     //     40 |        20 (min-precision rows are shared)
  float f;         //     48 |        24, size 52 | 28
};

// DXC:      %__cblayout_MinPrec = type <{ float, target("dx.Padding", 12), <3 x float>, target("dx.Padding", 4), <2 x float>, i32, target("dx.Padding", 4), float }>
// DXC:      @h1 = external hidden addrspace(2) global float, align 4
// DXC-NEXT: @f3 = external hidden addrspace(2) global <3 x float>, align 16
// DXC-NEXT: @h2 = external hidden addrspace(2) global <2 x float>, align 8
// DXC-NEXT: @i1 = external hidden addrspace(2) global i32, align 4
// DXC-NEXT: @f = external hidden addrspace(2) global float, align 4
// DXC:      !{ptr @MinPrec.cb, ptr addrspace(2) @h1, ptr addrspace(2) @f3, ptr addrspace(2) @h2, ptr addrspace(2) @i1, ptr addrspace(2) @f}
// DXC-NEXT: !{!"__cblayout_MinPrec", i32 52, i32 0, i32 16, i32 32, i32 40, i32 48}

// NATIVE:      %__cblayout_MinPrec = type <{ half, target("dx.Padding", 2), <3 x float>, <2 x half>, i16, target("dx.Padding", 2), float }>
// NATIVE:      @h1 = external hidden addrspace(2) global half, align 2
// NATIVE-NEXT: @f3 = external hidden addrspace(2) global <3 x float>, align 4
// NATIVE-NEXT: @h2 = external hidden addrspace(2) global <2 x half>, align 4
// NATIVE-NEXT: @i1 = external hidden addrspace(2) global i16, align 2
// NATIVE-NEXT: @f = external hidden addrspace(2) global float, align 4
// NATIVE:      !{!"__cblayout_MinPrec", i32 28, i32 0, i32 4, i32 16, i32 20, i32 24}
// NATIVE:      !{i32 1, !"dx.nativelowprec", i32 1}

// CLANG:      error: 'h1' has type min16float, which clang-22 does not support
// CLANG-NEXT:   --> {{.*}}min-precision.hlsl:13:14
// CLANG:        = help: use the default rules (--rules cbuffer), which follow DXC
