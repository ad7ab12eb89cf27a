// Scalars are naturally aligned, bool is stored as i32, 64-bit scalars align
// to 8. Both rule sets agree here, on both targets; only the default mode
// adds !hlsl.layouts.
// RUN: %cblower emit-llvm %s | %opt-22 -S -passes=verify | FileCheck %s --check-prefixes=CHECK,DX,DXC
// RUN: %cblower emit-llvm --rules clang-22 %s | %opt-22 -S -passes=verify | FileCheck %s --check-prefixes=CHECK,DX,CLANG
// RUN: %cblower emit-llvm --target spirv %s | %opt-22 -S -passes=verify | FileCheck %s --check-prefixes=CHECK,SPV,DXC
// RUN: %cblower emit-llvm --target spirv --rules clang-22 %s | %opt-22 -S -passes=verify | FileCheck %s --check-prefixes=CHECK,SPV,CLANG

cbuffer Scalars : register(b0) {
  float f;       // 0
  int i;         // 4
  uint u;        // 8
  bool b;        // 12, 4 bytes
  double d;      // 16
  int64_t l;     // 24
  uint64_t ul;   // 32
  float tail;    // 40
  bool last;     // 44, size 48
};

// CHECK: %__cblayout_Scalars = type <{ float, i32, i32, i32, double, i64, i64, float, i32 }>
// DX:        @Scalars.cb = global target("dx.CBuffer", %__cblayout_Scalars) poison
// SPV:       @Scalars.cb = global target("spirv.VulkanBuffer", %__cblayout_Scalars, 2, 0) poison
// DX-NEXT:   @f = external hidden addrspace(2) global float, align 4
// DX-NEXT:   @i = external hidden addrspace(2) global i32, align 4
// DX-NEXT:   @u = external hidden addrspace(2) global i32, align 4
// DX-NEXT:   @b = external hidden addrspace(2) global i32, align 4
// DX-NEXT:   @d = external hidden addrspace(2) global double, align 8
// DX-NEXT:   @l = external hidden addrspace(2) global i64, align 8
// DX-NEXT:   @ul = external hidden addrspace(2) global i64, align 8
// DX-NEXT:   @tail = external hidden addrspace(2) global float, align 4
// DX-NEXT:   @last = external hidden addrspace(2) global i32, align 4
// SPV-NEXT:  @f = external hidden addrspace(12) global float, align 4
// SPV-NEXT:  @i = external hidden addrspace(12) global i32, align 4
// SPV-NEXT:  @u = external hidden addrspace(12) global i32, align 4
// SPV-NEXT:  @b = external hidden addrspace(12) global i32, align 4
// SPV-NEXT:  @d = external hidden addrspace(12) global double, align 8
// SPV-NEXT:  @l = external hidden addrspace(12) global i64, align 8
// SPV-NEXT:  @ul = external hidden addrspace(12) global i64, align 8
// SPV-NEXT:  @tail = external hidden addrspace(12) global float, align 4
// SPV-NEXT:  @last = external hidden addrspace(12) global i32, align 4
// CHECK-NEXT: @Scalars.str = private unnamed_addr constant [8 x i8] c"Scalars\00", align 1

// CHECK:      !hlsl.cbs = !{![[#]]}
// DXC-NEXT:   !hlsl.layouts = !{![[#]]}
// CLANG-NOT:  !hlsl.layouts
// DX:  !{ptr @Scalars.cb, ptr addrspace(2) @f, ptr addrspace(2) @i, ptr addrspace(2) @u, ptr addrspace(2) @b, ptr addrspace(2) @d, ptr addrspace(2) @l, ptr addrspace(2) @ul, ptr addrspace(2) @tail, ptr addrspace(2) @last}
// SPV: !{ptr @Scalars.cb, ptr addrspace(12) @f, ptr addrspace(12) @i, ptr addrspace(12) @u, ptr addrspace(12) @b, ptr addrspace(12) @d, ptr addrspace(12) @l, ptr addrspace(12) @ul, ptr addrspace(12) @tail, ptr addrspace(12) @last}
// DXC-NEXT: !{!"__cblayout_Scalars", i32 48, i32 0, i32 4, i32 8, i32 12, i32 16, i32 24, i32 32, i32 40, i32 44}
