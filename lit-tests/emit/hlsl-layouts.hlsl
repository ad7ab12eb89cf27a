// !hlsl.layouts (seed 001's design, which clang never built): one node per
// named layout struct, in the order the types are created, each holding the
// type's LLVM name, its size (end of the last field, no tail padding) and the
// offset of every non-padding element. Padded arrays are literal structs and
// get no node. Default mode only, on both targets.
// SPIR-V runs use --fvk-use-dx-layout, so both targets lay out by the D3D
// rules (DXC's SPIR-V default, relaxed std140: vk-layout-flags.hlsl).
// RUN: %cblower emit-llvm %s | %opt-22 -S -passes=verify | FileCheck %s --check-prefixes=CHECK,DX
// RUN: %cblower emit-llvm --target spirv --fvk-use-dx-layout %s | %opt-22 -S -passes=verify | FileCheck %s --check-prefixes=CHECK,SPV
// RUN: %cblower emit-llvm --rules clang-22 %s | FileCheck %s --check-prefix=CLANG
// RUN: %cblower emit-llvm --target spirv --rules clang-22 %s | FileCheck %s --check-prefix=CLANG

// Seed 001's example.
struct S { float f; };
cbuffer Constants { int i; S s; }                         // 0 16, size 20
cbuffer OtherConstants { float4 v; int array[10]; }       // 0 16, size 16 + 9*16 + 4 = 164

// Internal padding, a struct nested in a struct, an anonymous struct.
struct Gap { float a; float4 b; double c; };              // 0 16 32, size 40
struct Holder { S first; Gap g; float z; };               // 0 16 56, size 60
cbuffer More { Holder h; struct { int2 p; } anon_m; }     // 0 64, size 72

// CHECK:      !hlsl.cbs = !{![[#]], ![[#]], ![[#]]}
// CHECK-NEXT: !hlsl.layouts = !{![[#]], ![[#]], ![[#]], ![[#]], ![[#]], ![[#]], ![[#]]}
// DX:         !{ptr @Constants.cb, ptr addrspace(2) @i, ptr addrspace(2) @s}
// DX-NEXT:    !{ptr @OtherConstants.cb, ptr addrspace(2) @v, ptr addrspace(2) @array}
// DX-NEXT:    !{ptr @More.cb, ptr addrspace(2) @h, ptr addrspace(2) @anon_m}
// SPV:        !{ptr @Constants.cb, ptr addrspace(12) @i, ptr addrspace(12) @s}
// SPV-NEXT:   !{ptr @OtherConstants.cb, ptr addrspace(12) @v, ptr addrspace(12) @array}
// SPV-NEXT:   !{ptr @More.cb, ptr addrspace(12) @h, ptr addrspace(12) @anon_m}
// CHECK-NEXT: !{!"S", i32 4, i32 0}
// CHECK-NEXT: !{!"__cblayout_Constants", i32 20, i32 0, i32 16}
// CHECK-NEXT: !{!"__cblayout_OtherConstants", i32 164, i32 0, i32 16}
// CHECK-NEXT: !{!"Gap", i32 40, i32 0, i32 16, i32 32}
// CHECK-NEXT: !{!"Holder", i32 60, i32 0, i32 16, i32 56}
// CHECK-NEXT: !{!"anon", i32 8, i32 0}
// CHECK-NEXT: !{!"__cblayout_More", i32 72, i32 0, i32 64}

// CLANG-NOT: hlsl.layouts
