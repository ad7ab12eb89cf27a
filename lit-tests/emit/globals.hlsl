// $Globals: every translation-unit variable that a constant buffer can hold
// goes into an implicit buffer emitted after all explicit ones (and bound
// last). register(cN) places a global like packoffset; `const` globals are
// `constant` members with internal-linkage names (@_ZL1k); static, static
// const and groupshared variables are not members. Variables inside a
// namespace are $Globals members in the default mode (DXC) but not with
// clang-22 (which makes them ordinary globals; cblower does not emit those,
// nor the groupshared variable, since they are not constant buffer data).
// RUN: %cblower emit-llvm %s | %opt-22 -S -passes=verify | FileCheck %s --check-prefixes=CHECK,DXC
// RUN: %cblower emit-llvm --rules clang-22 %s | %opt-22 -S -passes=verify | FileCheck %s --check-prefixes=CHECK,CLANG

float4 G0;                     // DXC 64 | clang-22 64
cbuffer Mid { float m; }
int G1;                        //     80 |          80
const float k;                 //     84 |          84
static const float folded = 2.0;
static float st;
groupshared float gs;
namespace NS { float nsv; }    //     88 | (not a member)
float2 G2;                     //     96 |          88
float3 gv : register(c3);      //     48 |          48, size 104 | 96

// CHECK:      %__cblayout_Mid = type <{ float }>
// DXC-NEXT:   %"__cblayout_$Globals" = type <{ target("dx.Padding", 48), <3 x float>, target("dx.Padding", 4), <4 x float>, i32, float, float, target("dx.Padding", 4), <2 x float> }>
// CLANG-NEXT: %"__cblayout_$Globals" = type <{ target("dx.Padding", 48), <3 x float>, target("dx.Padding", 4), <4 x float>, i32, float, <2 x float> }>
// CHECK:      @Mid.cb = global target("dx.CBuffer", %__cblayout_Mid) poison
// CHECK-NEXT: @m = external hidden addrspace(2) global float, align 4
// CHECK-NEXT: @Mid.str = private unnamed_addr constant [4 x i8] c"Mid\00", align 1
// CHECK-NEXT: @"$Globals.cb" = global target("dx.CBuffer", %"__cblayout_$Globals") poison
// CHECK-NEXT: @gv = external hidden addrspace(2) global <3 x float>, align 16
// CHECK-NEXT: @G0 = external hidden addrspace(2) global <4 x float>, align 16
// CHECK-NEXT: @G1 = external hidden addrspace(2) global i32, align 4
// CHECK-NEXT: @_ZL1k = external hidden addrspace(2) constant float, align 4
// DXC-NEXT:   @_ZN2NS3nsvE = external hidden addrspace(2) global float, align 4
// CHECK-NEXT: @G2 = external hidden addrspace(2) global <2 x float>, align 8
// CHECK-NEXT: @"$Globals.str" = private unnamed_addr constant [9 x i8] c"$Globals\00", align 1
// CHECK-NOT:  folded
// CHECK-NOT:  @_ZL2st
// CHECK:      %Mid.cb_h = call target("dx.CBuffer", %__cblayout_Mid) @llvm.dx.resource.handlefromimplicitbinding.tdx.CBuffer_s___cblayout_Midst(i32 0, i32 0, i32 1, i32 0, ptr @Mid.str)
// CHECK:      %"$Globals.cb_h" = call target("dx.CBuffer", %"__cblayout_$Globals") @"llvm.dx.resource.handlefromimplicitbinding.tdx.CBuffer_s___cblayout_$Globalsst"(i32 1, i32 0, i32 1, i32 0, ptr @"$Globals.str")
// CHECK:      define internal void @_GLOBAL__sub_I_globals.hlsl()
// CHECK-NEXT: entry:
// CHECK-NEXT:   call void @_init_buffer_Mid.cb()
// CHECK-NEXT:   call void @"_init_buffer_$Globals.cb"()
// CHECK-NEXT:   ret void
// CHECK:      !{ptr @Mid.cb, ptr addrspace(2) @m}
// DXC-NEXT:   !{ptr @"$Globals.cb", ptr addrspace(2) @gv, ptr addrspace(2) @G0, ptr addrspace(2) @G1, ptr addrspace(2) @_ZL1k, ptr addrspace(2) @_ZN2NS3nsvE, ptr addrspace(2) @G2}
// CLANG-NEXT: !{ptr @"$Globals.cb", ptr addrspace(2) @gv, ptr addrspace(2) @G0, ptr addrspace(2) @G1, ptr addrspace(2) @_ZL1k, ptr addrspace(2) @G2}
// DXC-NEXT:   !{!"__cblayout_Mid", i32 4, i32 0}
// DXC-NEXT:   !{!"__cblayout_$Globals", i32 104, i32 48, i32 64, i32 80, i32 84, i32 88, i32 96}
// CLANG-NOT:  !{!"
