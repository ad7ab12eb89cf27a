// HLSL 2021 bitfields on SPIR-V in the default mode (issue #15): packed as
// DXC's SPIR-V back end packs them, not by its DXIL rule. Its struct
// lowering merges a bitfield into the field before only when that is a
// bitfield of the very same SPIR-V type with room left, so:
//   Mixed  `uint a:4; int b:4; uint c:4`: three units (one unsigned unit on DXIL);
//   Spill  `uint a:30; uint b:3; uint c:1`: b does not fit, c joins b;
//   AfterFloat `float x; uint :0; float y`: the `: 0` follows no bitfield,
//          so it is a `uint` of its own at 4, y at 8 (y at 4 on DXIL);
//   First  `uint :0; uint a:4; float z`: the `: 0` opens the unit a joins;
//   Closed `uint a:4; uint :0; uint b:4`: `: 0` closes nothing, one unit
//          (two on DXIL);
//   Other  `uint a:4; int :0; uint b:4`: an `int : 0` after a `uint` run is
//          an `int` of its own, and b a new unit after it;
//   Wide   `uint64_t a:40; int64_t b:10; uint64_t c:20`: three 64-bit units;
//   Tail   `float w; uint :0`: the trailing `: 0` is a `uint` at 4.
// The relaxed std140 rule rounds each struct to 16 (Wide to 32); the D3D
// rule of -fvk-use-dx-layout and the scalar rule do not. The tbuffer (relaxed
// std430: Mixed is 12 bytes), the `ConstantBuffer<Mixed>` members and the
// push-constant block (relaxed std430: b at 20, 32 bytes) are repacked the
// same way. Offsets are in !hlsl.layouts; every module passes the verifier.
// RUN: %cblower emit-llvm --target spirv %s | %opt-22 -S -passes=verify | FileCheck %s --check-prefix=RELAXED
// RUN: %cblower emit-llvm --target spirv --fvk-use-gl-layout %s | %opt-22 -S -passes=verify | FileCheck %s --check-prefix=RELAXED
// RUN: %cblower emit-llvm --target spirv --fvk-use-dx-layout %s | %opt-22 -S -passes=verify | FileCheck %s --check-prefix=DX
// RUN: %cblower emit-llvm --target spirv --fvk-use-scalar-layout %s | %opt-22 -S -passes=verify | FileCheck %s --check-prefix=SCALAR
// RUN: %cblower emit-llvm %s | %opt-22 -S -passes=verify | FileCheck %s --check-prefix=DXIL

struct Mixed { uint a : 4; int b : 4; uint c : 4; };
struct Spill { uint a : 30; uint b : 3; uint c : 1; };
struct AfterFloat { float x; uint : 0; float y; };
struct First { uint : 0; uint a : 4; float z; };
struct Closed { uint a : 4; uint : 0; uint b : 4; };
struct Other { uint a : 4; int : 0; uint b : 4; };
struct Wide { uint64_t a : 40; int64_t b : 10; uint64_t c : 20; };
struct Tail { float w; uint : 0; };
cbuffer CB { Mixed m; Spill s; AfterFloat f; First p; Closed c; Other o; Wide w; Tail t; };
tbuffer TB { Mixed tm; Closed tc; };
ConstantBuffer<Mixed> cbm;
struct PC { float4 v; uint a : 4; int b : 4; };
[[vk::push_constant]] PC pc;

// RELAXED:      %__cblayout_CB = type <{ %Mixed, %Spill, %AfterFloat, %First, %Closed, %Other, %Wide, %Tail }>
// RELAXED-NEXT: %Mixed = type <{ i32, i32, i32, target("spirv.Padding", 4) }>
// RELAXED-NEXT: %Spill = type <{ i32, i32, target("spirv.Padding", 8) }>
// RELAXED-NEXT: %AfterFloat = type <{ float, i32, float, target("spirv.Padding", 4) }>
// RELAXED-NEXT: %First = type <{ i32, float, target("spirv.Padding", 8) }>
// RELAXED-NEXT: %Closed = type <{ i32, target("spirv.Padding", 12) }>
// RELAXED-NEXT: %Other = type <{ i32, i32, i32, target("spirv.Padding", 4) }>
// RELAXED-NEXT: %Wide = type <{ i64, i64, i64, target("spirv.Padding", 8) }>
// RELAXED-NEXT: %Tail = type <{ float, i32, target("spirv.Padding", 8) }>
// RELAXED-NEXT: %__cblayout_TB = type <{ %Mixed.0, %Closed.1 }>
// RELAXED-NEXT: %Mixed.0 = type <{ i32, i32, i32 }>
// RELAXED-NEXT: %Closed.1 = type <{ i32 }>
// RELAXED-NEXT: %__cblayout_cbm = type <{ %Mixed }>
// RELAXED-NEXT: %struct.PC = type <{ <4 x float>, i32, i32, target("spirv.Padding", 8) }>
// RELAXED:      @cbm = external hidden addrspace(12) global %Mixed, align 1
// RELAXED:      @pc = external hidden addrspace(13) externally_initialized global %struct.PC, align 1
// RELAXED:      !{!"Mixed", i32 16, i32 0, i32 4, i32 8}
// RELAXED-NEXT: !{!"Spill", i32 16, i32 0, i32 4}
// RELAXED-NEXT: !{!"AfterFloat", i32 16, i32 0, i32 4, i32 8}
// RELAXED-NEXT: !{!"First", i32 16, i32 0, i32 4}
// RELAXED-NEXT: !{!"Closed", i32 16, i32 0}
// RELAXED-NEXT: !{!"Other", i32 16, i32 0, i32 4, i32 8}
// RELAXED-NEXT: !{!"Wide", i32 32, i32 0, i32 8, i32 16}
// RELAXED-NEXT: !{!"Tail", i32 16, i32 0, i32 4}
// RELAXED-NEXT: !{!"__cblayout_CB", i32 144, i32 0, i32 16, i32 32, i32 48, i32 64, i32 80, i32 96, i32 128}
// RELAXED-NEXT: !{!"Mixed.0", i32 12, i32 0, i32 4, i32 8}
// RELAXED-NEXT: !{!"Closed.1", i32 4, i32 0}
// RELAXED-NEXT: !{!"__cblayout_TB", i32 16, i32 0, i32 12}

// DX:      %Mixed = type <{ i32, i32, i32 }>
// DX-NEXT: %Spill = type <{ i32, i32 }>
// DX-NEXT: %AfterFloat = type <{ float, i32, float }>
// DX-NEXT: %First = type <{ i32, float }>
// DX-NEXT: %Closed = type <{ i32 }>
// DX-NEXT: %Other = type <{ i32, i32, i32 }>
// DX-NEXT: %Wide = type <{ i64, i64, i64 }>
// DX-NEXT: %Tail = type <{ float, i32 }>
// DX:      %struct.PC = type <{ <4 x float>, i32, i32 }>
// DX:      !{!"__cblayout_CB", i32 136, i32 0, i32 16, i32 32, i32 48, i32 64, i32 80, i32 96, i32 128}

// SCALAR:      %__cblayout_CB = type <{ %Mixed, %Spill, %AfterFloat, %First, %Closed, %Other, %Wide, %Tail }>
// SCALAR-NEXT: %Mixed = type <{ i32, i32, i32 }>
// SCALAR:      %struct.PC = type <{ <4 x float>, i32, i32 }>
// SCALAR:      !{!"__cblayout_CB", i32 88, i32 0, i32 12, i32 20, i32 32, i32 40, i32 44, i32 56, i32 80}

// DXIL:      %Mixed = type <{ i32 }>
// DXIL-NEXT: %Spill = type <{ i32, i32 }>
// DXIL-NEXT: %AfterFloat = type <{ float, float }>
// DXIL-NEXT: %First = type <{ i32, float }>
// DXIL-NEXT: %Closed = type <{ i32, i32 }>
// DXIL-NEXT: %Other = type <{ i32, i32 }>
// DXIL-NEXT: %Wide = type <{ i64, i64 }>
// DXIL-NEXT: %Tail = type <{ float }>
