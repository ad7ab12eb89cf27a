// Arrays of ConstantBuffer<T> (issue #15 item 7), emitted as LLVM main emits
// global resource arrays: no handle global, no init function, no !hlsl.cbs
// entry. The module holds what the access API needs to create an element's
// handle where it is read: the layout type %__cblayout_<Name> = <{ %T }>,
// the name string and the declaration of the handle intrinsic, which takes
// (space, register, range, index, name) or (order id, space, range, index,
// name) with range = the length, -1 when unbounded (the calls themselves are
// built and lowered by the API test crates/cblower-llvm/tests/constant_buffer_arrays.rs).
// The intrinsic declarations share the intrinsics' attribute group (#1 next
// to a cbuffer, #0 alone). clang-22 does not know ConstantBuffer<T>:
// --rules clang-22 is an error, exit 1, no output.
// RUN: %cblower emit-llvm %s | %opt-22 -S -passes=verify | FileCheck %s --check-prefix=DXC
// RUN: %cblower emit-llvm --via-llvm %s | FileCheck %s --check-prefix=DXC
// RUN: %cblower emit-llvm --target spirv %s | %opt-22 -S -passes=verify | FileCheck %s --check-prefix=SPV
// RUN: %cblower emit-llvm %S/Inputs/constantbuffer-array-alone.hlsl | %opt-22 -S -passes=verify | FileCheck %s --check-prefix=ALONE
// RUN: rm -f %t.ll
// RUN: not %cblower emit-llvm --rules clang-22 %s -o %t.ll 2>&1 | FileCheck %s --check-prefix=CLANG
// RUN: not test -e %t.ll

struct Light { float3 pos; float range; float4 color; };   // 0 12 16, size 32
ConstantBuffer<Light> lights[4] : register(b2, space1);
ConstantBuffer<Light> bindless[] : register(b0, space3);
cbuffer After { float a; }                                 // implicit id 0
ConstantBuffer<Light> more[2];                             // implicit id 1

// DXC:      %__cblayout_After = type <{ float }>
// DXC-NEXT: %__cblayout_lights = type <{ %Light }>
// DXC-NEXT: %Light = type <{ <3 x float>, float, <4 x float> }>
// DXC-NEXT: %__cblayout_bindless = type <{ %Light }>
// DXC-NEXT: %__cblayout_more = type <{ %Light }>
// DXC-EMPTY:
// DXC-NEXT: @After.cb = global target("dx.CBuffer", %__cblayout_After) poison
// DXC-NEXT: @a = external hidden addrspace(2) global float, align 4
// DXC-NEXT: @After.str = private unnamed_addr constant [6 x i8] c"After\00", align 1
// DXC-NEXT: @lights.str = private unnamed_addr constant [7 x i8] c"lights\00", align 1
// DXC-NEXT: @bindless.str = private unnamed_addr constant [9 x i8] c"bindless\00", align 1
// DXC-NEXT: @more.str = private unnamed_addr constant [5 x i8] c"more\00", align 1
// DXC-NEXT: @llvm.global_ctors =
// DXC:      define internal void @_GLOBAL__sub_I_constantbuffer_array.hlsl() #2 {
// DXC-NEXT: entry:
// DXC-NEXT:   call void @_init_buffer_After.cb()
// DXC-NEXT:   ret void
// DXC-NEXT: }
// DXC:      declare target("dx.CBuffer", %__cblayout_lights) @llvm.dx.resource.handlefrombinding.tdx.CBuffer_s___cblayout_lightsst(i32, i32, i32, i32, ptr) #1
// DXC:      declare target("dx.CBuffer", %__cblayout_bindless) @llvm.dx.resource.handlefrombinding.tdx.CBuffer_s___cblayout_bindlessst(i32, i32, i32, i32, ptr) #1
// DXC:      declare target("dx.CBuffer", %__cblayout_more) @llvm.dx.resource.handlefromimplicitbinding.tdx.CBuffer_s___cblayout_morest(i32, i32, i32, i32, ptr) #1
// DXC:      !hlsl.cbs = !{!0}
// DXC:      !0 = !{ptr @After.cb, ptr addrspace(2) @a}
// DXC-NEXT: !1 = !{!"Light", i32 32, i32 0, i32 12, i32 16}
// DXC-NEXT: !2 = !{!"__cblayout_lights", i32 32, i32 0}
// DXC-NEXT: !3 = !{!"__cblayout_bindless", i32 32, i32 0}
// DXC-NEXT: !4 = !{!"__cblayout_After", i32 4, i32 0}
// DXC-NEXT: !5 = !{!"__cblayout_more", i32 32, i32 0}

// SPV:      %Light = type <{ [3 x float], float, <4 x float> }>
// SPV:      @lights.str = private unnamed_addr constant [7 x i8] c"lights\00", align 1
// SPV:      declare target("spirv.VulkanBuffer", %__cblayout_lights, 2, 0) @llvm.spv.resource.handlefrombinding.tspirv.VulkanBuffer_s___cblayout_lightss_2_0t(i32, i32, i32, i32, ptr) #1
// SPV:      declare target("spirv.VulkanBuffer", %__cblayout_more, 2, 0) @llvm.spv.resource.handlefromimplicitbinding.tspirv.VulkanBuffer_s___cblayout_mores_2_0t(i32, i32, i32, i32, ptr) #1
// SPV:      !hlsl.cbs = !{!0}

// ALONE:      %__cblayout_cbs = type <{ %S }>
// ALONE-NEXT: %S = type <{ float }>
// ALONE-EMPTY:
// ALONE-NEXT: @cbs.str = private unnamed_addr constant [4 x i8] c"cbs\00", align 1
// ALONE-EMPTY:
// ALONE-NEXT: ; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
// ALONE-NEXT: declare target("dx.CBuffer", %__cblayout_cbs) @llvm.dx.resource.handlefromimplicitbinding.tdx.CBuffer_s___cblayout_cbsst(i32, i32, i32, i32, ptr) #0
// ALONE-EMPTY:
// ALONE-NEXT: attributes #0 = { nocallback nofree nosync nounwind willreturn memory(none) }
// ALONE-NOT:  hlsl.cbs
// ALONE:      !hlsl.layouts = !{!0, !1}

// CLANG:      error: clang 22 does not know `ConstantBuffer<T>` (it reports "no template named 'ConstantBuffer'"), so `lights` has no clang-22 IR
// CLANG-NEXT:   --> {{.*}}constantbuffer-array.hlsl:21:23
