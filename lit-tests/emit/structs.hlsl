// Structs start a row; inside, the same rules apply relative to the struct's
// start, and there is no tail padding (the next member may pack into the
// struct's last row). A struct type gets one named packed type for the whole
// module, shared by every buffer that uses it; base structs are flattened in
// front of the derived fields; anonymous structs are %anon, %anon.0.
// Both rule sets give the same types; only after's global alignment differs.
// RUN: %cblower emit-llvm --enable-16bit-types %s | %opt-22 -S -passes=verify | FileCheck %s --check-prefixes=CHECK,DXC
// RUN: %cblower emit-llvm --enable-16bit-types --rules clang-22 %s | %opt-22 -S -passes=verify | FileCheck %s --check-prefixes=CHECK,CLANG

struct Inner { float start; double d; float end; };   // 0 8 16, size 20
struct Base { float2 bx; };
struct Derived : Base { uint16_t3 f2; float z; };     // bx 0, f2 8, z 16, size 20
struct Outer { Inner in1; float k; };                 // 0 20, size 24

cbuffer Structs {
  float2 before;                     //   0
  Inner inner;                       //  16
  float3 after;                      //  36, packs into inner's last row
  Derived der;                       //  48
  Outer outer;                       //  80
  struct { float x; int y; } anon1;  // 112
  struct { float4 v; } anon2;        // 128, size 144
};

cbuffer Second { Inner again; float w; };   // 0 20, size 24

// CHECK:      %__cblayout_Structs = type <{ <2 x float>, target("dx.Padding", 8), %Inner, <3 x float>, %Derived, target("dx.Padding", 12), %Outer, target("dx.Padding", 8), %anon, target("dx.Padding", 8), %anon.0 }>
// CHECK-NEXT: %Inner = type <{ float, target("dx.Padding", 4), double, float }>
// CHECK-NEXT: %Derived = type <{ <2 x float>, <3 x i16>, target("dx.Padding", 2), float }>
// CHECK-NEXT: %Outer = type <{ %Inner, float }>
// CHECK-NEXT: %anon = type <{ float, i32 }>
// CHECK-NEXT: %anon.0 = type <{ <4 x float> }>
// CHECK-NEXT: %__cblayout_Second = type <{ %Inner, float }>
// CHECK-NOT:  type
// CHECK:      @Structs.cb = global target("dx.CBuffer", %__cblayout_Structs) poison
// CHECK-NEXT: @before = external hidden addrspace(2) global <2 x float>, align 8
// CHECK-NEXT: @inner = external hidden addrspace(2) global %Inner, align 1
// DXC-NEXT:   @after = external hidden addrspace(2) global <3 x float>, align 4
// CLANG-NEXT: @after = external hidden addrspace(2) global <3 x float>, align 16
// CHECK-NEXT: @der = external hidden addrspace(2) global %Derived, align 1
// CHECK-NEXT: @outer = external hidden addrspace(2) global %Outer, align 1
// CHECK-NEXT: @anon1 = external hidden addrspace(2) global %anon, align 1
// CHECK-NEXT: @anon2 = external hidden addrspace(2) global %anon.0, align 1
// CHECK-NEXT: @Structs.str = private unnamed_addr constant [8 x i8] c"Structs\00", align 1
// CHECK-NEXT: @Second.cb = global target("dx.CBuffer", %__cblayout_Second) poison
// CHECK-NEXT: @again = external hidden addrspace(2) global %Inner, align 1
// CHECK-NEXT: @w = external hidden addrspace(2) global float, align 4
// CHECK-NEXT: @Second.str = private unnamed_addr constant [7 x i8] c"Second\00", align 1

// CHECK:      !{ptr @Structs.cb, ptr addrspace(2) @before, ptr addrspace(2) @inner, ptr addrspace(2) @after, ptr addrspace(2) @der, ptr addrspace(2) @outer, ptr addrspace(2) @anon1, ptr addrspace(2) @anon2}
// CHECK-NEXT: !{ptr @Second.cb, ptr addrspace(2) @again, ptr addrspace(2) @w}
// DXC-NEXT:   !{!"Inner", i32 20, i32 0, i32 8, i32 16}
// DXC-NEXT:   !{!"Derived", i32 20, i32 0, i32 8, i32 16}
// DXC-NEXT:   !{!"Outer", i32 24, i32 0, i32 20}
// DXC-NEXT:   !{!"anon", i32 8, i32 0, i32 4}
// DXC-NEXT:   !{!"anon.0", i32 16, i32 0}
// DXC-NEXT:   !{!"__cblayout_Structs", i32 144, i32 0, i32 16, i32 36, i32 48, i32 80, i32 112, i32 128}
// DXC-NEXT:   !{!"__cblayout_Second", i32 24, i32 0, i32 20}
// CLANG-NOT:  !{!"
