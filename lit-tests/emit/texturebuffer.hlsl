// TextureBuffer<T> (issue #15 item 3): laid out by the cbuffer rules as DXC
// lays it out, shown by `layout` with kind TextureBuffer, and emitted like a
// tbuffer: handle @<Name>.tb on its `t` register, one member global named
// after the buffer of type %T (like ConstantBuffer<T>). `t` and `b`
// registers are different classes: the tbuffer on t0 and the cbuffer on b0
// do not overlap (no diagnostic). clang-22 does not know TextureBuffer<T>
// ("no template named 'TextureBuffer'"): --rules clang-22 is an error, exit
// 1, no output. A `b` register on a TextureBuffer is an error.
// RUN: %cblower layout %s 2>&1 | FileCheck %s --check-prefix=LAYOUT --implicit-check-not=overlap
// RUN: %cblower layout --format json %s | FileCheck %s --check-prefix=JSON
// RUN: %cblower emit-llvm %s | %opt-22 -S -passes=verify | FileCheck %s --check-prefix=DXC
// RUN: %cblower emit-llvm --target spirv %s | %opt-22 -S -passes=verify | FileCheck %s --check-prefix=SPV
// RUN: rm -f %t.ll
// RUN: not %cblower emit-llvm --rules clang-22 %s -o %t.ll 2>&1 | FileCheck %s --check-prefix=CLANG
// RUN: not test -e %t.ll
// RUN: echo 'struct S { float a; }; TextureBuffer<S> Bad : register(b1);' > %t.hlsl
// RUN: not %cblower layout %t.hlsl 2>&1 | FileCheck %s --check-prefix=BADREG

struct Light { float3 dir; float range; float2 uv; double d; };  // 0 12 16 24, size 32
tbuffer T : register(t0) { float t; }
cbuffer C : register(b0) { float c; }
TextureBuffer<Light> TB : register(t1, space2);
TextureBuffer<Light> TB2;                                          // implicit id 0
cbuffer After { float a; }                                         // implicit id 1

// LAYOUT:      tbuffer T : register(t0, space0)
// LAYOUT:      cbuffer C : register(b0, space0)
// LAYOUT:      TextureBuffer TB : register(t1, space2)  [rules: cbuffer, size: 32 bytes]
// LAYOUT-NEXT:   offset   size align  type                     name
// LAYOUT-NEXT:        0     12     4  float3                   dir
// LAYOUT-NEXT:       12      4     4  float                    range
// LAYOUT-NEXT:       16      8     4  float2                   uv
// LAYOUT-NEXT:       24      8     8  double                   d
// LAYOUT:      TextureBuffer TB2  [rules: cbuffer, size: 32 bytes]

// JSON: "kind": "TextureBuffer"

// DXC:      %__cblayout_TB = type <{ %Light }>
// DXC-NEXT: %Light = type <{ <3 x float>, float, <2 x float>, double }>
// DXC:      @TB.tb = global target("dx.CBuffer", %__cblayout_TB) poison
// DXC-NEXT: @TB = external hidden addrspace(2) global %Light, align 1
// DXC:      @TB2.tb = global target("dx.CBuffer", %__cblayout_TB2) poison
// DXC-NEXT: @TB2 = external hidden addrspace(2) global %Light, align 1
// DXC:      define internal void @_init_buffer_TB.tb()
// DXC:      %TB.tb_h = call target("dx.CBuffer", %__cblayout_TB) @llvm.dx.resource.handlefrombinding.tdx.CBuffer_s___cblayout_TBst(i32 2, i32 1, i32 1, i32 0, ptr @TB.str)
// DXC:      %TB2.tb_h = call target("dx.CBuffer", %__cblayout_TB2) @llvm.dx.resource.handlefromimplicitbinding.tdx.CBuffer_s___cblayout_TB2st(i32 0, i32 0, i32 1, i32 0, ptr @TB2.str)
// DXC:      %After.cb_h = {{.*}}handlefromimplicitbinding{{.*}}(i32 1, i32 0, i32 1, i32 0, ptr @After.str)
// DXC:      !{ptr @TB.tb, ptr addrspace(2) @TB}
// DXC-NEXT: !{ptr @TB2.tb, ptr addrspace(2) @TB2}
// DXC:      !{!"Light", i32 32, i32 0, i32 12, i32 16, i32 24}

// SPV:      @TB.tb = global target("spirv.VulkanBuffer", %__cblayout_TB, 2, 0) poison
// SPV-NEXT: @TB = external hidden addrspace(12) global %Light, align 1
// SPV:      handlefrombinding{{.*}}(i32 2, i32 1, i32 1, i32 0, ptr @TB.str)

// CLANG: error: clang 22 does not know `TextureBuffer<T>` (it reports "no template named 'TextureBuffer'"), so `TB` has no clang-22 IR
// CLANG: help: use the default rules (--rules cbuffer), or a `tbuffer` block for clang-22

// BADREG: error: TextureBuffer `Bad` must be bound to a `t` register, found `b`
