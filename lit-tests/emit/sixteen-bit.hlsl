// Native 16-bit types (--enable-16bit-types, clang's -fnative-half-type
// -fnative-int16-type): half/int16_t are 2 bytes and the module carries the
// dx.nativelowprec flag. clang-22 aligns half2 to 4; DXC to 2.
// RUN: %cblower emit-llvm --enable-16bit-types -D NATIVE %s | %opt-22 -S -passes=verify | FileCheck %s --check-prefixes=DXC,NATIVE
// RUN: %cblower emit-llvm --rules clang-22 --enable-16bit-types -D NATIVE %s | %opt-22 -S -passes=verify | FileCheck %s --check-prefixes=CLANG,NATIVE
// Without them half is a 4-byte float and there is no flag.
// RUN: %cblower emit-llvm %s | %opt-22 -S -passes=verify | FileCheck %s --check-prefixes=DXC32,NOFLAG
// RUN: %cblower emit-llvm --rules clang-22 %s | %opt-22 -S -passes=verify | FileCheck %s --check-prefixes=CLANG32,NOFLAG

#ifdef NATIVE
cbuffer Half {
  half a;          // DXC  0 | clang-22  0
  half2 b;         //      2 |           4
  float16_t c;     //      6 |           8
  int16_t d;       //      8 |          10
  uint16_t4 e;     //     16 |          16 (8 bytes would cross the row at 10)
  half3 f;         //     24 |          24
  uint16_t g[3];   //     32 |          32 (elements 32, 48, 64; 34 bytes)
  float h;         //     68 |          68, size 72
};
#else
cbuffer Half {
  half a;          // DXC  0 | clang-22  0
  half2 b;         //      4 |           8
  half3 f;         //     16 |          16, size 28
};
#endif

// DXC:      %__cblayout_Half = type <{ half, <2 x half>, half, i16, target("dx.Padding", 6), <4 x i16>, <3 x half>, target("dx.Padding", 2), <{ [2 x <{ i16, target("dx.Padding", 14) }>], i16 }>, target("dx.Padding", 2), float }>
// DXC:      @Half.cb = global target("dx.CBuffer", %__cblayout_Half) poison
// DXC-NEXT: @a = external hidden addrspace(2) global half, align 2
// DXC-NEXT: @b = external hidden addrspace(2) global <2 x half>, align 2
// DXC-NEXT: @c = external hidden addrspace(2) global half, align 2
// DXC-NEXT: @d = external hidden addrspace(2) global i16, align 2
// DXC-NEXT: @e = external hidden addrspace(2) global <4 x i16>, align 8
// DXC-NEXT: @f = external hidden addrspace(2) global <3 x half>, align 8
// DXC-NEXT: @g = external hidden addrspace(2) global <{ [2 x <{ i16, target("dx.Padding", 14) }>], i16 }>, align 2
// DXC-NEXT: @h = external hidden addrspace(2) global float, align 4

// CLANG:      %__cblayout_Half = type <{ half, target("dx.Padding", 2), <2 x half>, half, i16, target("dx.Padding", 4), <4 x i16>, <3 x half>, target("dx.Padding", 2), <{ [2 x <{ i16, target("dx.Padding", 14) }>], i16 }>, target("dx.Padding", 2), float }>
// CLANG:      @Half.cb = global target("dx.CBuffer", %__cblayout_Half) poison
// CLANG-NEXT: @a = external hidden addrspace(2) global half, align 2
// CLANG-NEXT: @b = external hidden addrspace(2) global <2 x half>, align 4
// CLANG-NEXT: @c = external hidden addrspace(2) global half, align 2
// CLANG-NEXT: @d = external hidden addrspace(2) global i16, align 2
// CLANG-NEXT: @e = external hidden addrspace(2) global <4 x i16>, align 8
// CLANG-NEXT: @f = external hidden addrspace(2) global <3 x half>, align 8
// CLANG-NEXT: @g = external hidden addrspace(2) global <{ [2 x <{ i16, target("dx.Padding", 14) }>], i16 }>, align 2
// CLANG-NEXT: @h = external hidden addrspace(2) global float, align 4

// DXC32:        %__cblayout_Half = type <{ float, <2 x float>, target("dx.Padding", 4), <3 x float> }>
// DXC32:        @a = external hidden addrspace(2) global float, align 4
// DXC32-NEXT:   @b = external hidden addrspace(2) global <2 x float>, align 4
// DXC32-NEXT:   @f = external hidden addrspace(2) global <3 x float>, align 16
// CLANG32:      %__cblayout_Half = type <{ float, target("dx.Padding", 4), <2 x float>, <3 x float> }>
// CLANG32:      @a = external hidden addrspace(2) global float, align 4
// CLANG32-NEXT: @b = external hidden addrspace(2) global <2 x float>, align 8
// CLANG32-NEXT: @f = external hidden addrspace(2) global <3 x float>, align 16

// NATIVE:      !llvm.module.flags = !{![[WCHAR:[0-9]+]], ![[LOWPREC:[0-9]+]]}
// NOFLAG:      !llvm.module.flags = !{![[WCHAR:[0-9]+]]}
// DXC:         !{!"__cblayout_Half", i32 72, i32 0, i32 2, i32 6, i32 8, i32 16, i32 24, i32 32, i32 68}
// DXC32:       !{!"__cblayout_Half", i32 28, i32 0, i32 4, i32 16}
// NATIVE:      ![[WCHAR]] = !{i32 1, !"wchar_size", i32 4}
// NATIVE-NEXT: ![[LOWPREC]] = !{i32 1, !"dx.nativelowprec", i32 1}
// NOFLAG:      ![[WCHAR]] = !{i32 1, !"wchar_size", i32 4}
// NOFLAG-NOT:  dx.nativelowprec
