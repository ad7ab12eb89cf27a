// A buffer whose members are all filtered out (or that has none). The
// default mode still creates its handle, with an empty layout struct, so the
// binding exists as DXC reports it; clang-22 emits nothing at all for such a
// buffer (its order id is still used up: Kept gets 3 either way), and cblower
// says so with a warning per buffer.
// RUN: %cblower emit-llvm %s 2>%t.dxc.err | %opt-22 -S -passes=verify | FileCheck %s --check-prefixes=CHECK,DXC
// RUN: count 0 < %t.dxc.err
// RUN: %cblower emit-llvm --rules clang-22 %s 2>%t.clang.err | %opt-22 -S -passes=verify | FileCheck %s --check-prefixes=CHECK,CLANG
// RUN: FileCheck %s --check-prefix=WARN < %t.clang.err

cbuffer E1 { static float s1 = 1; RWBuffer<float> r1; }   // r1 takes id 0, E1 1
cbuffer E0 {}                                             // 2
cbuffer Kept { float k; }                                 // 3

// DXC:        %__cblayout_E1 = type <{}>
// DXC-NEXT:   %__cblayout_E0 = type <{}>
// CHECK:      %__cblayout_Kept = type <{ float }>
// DXC:        @E1.cb = global target("dx.CBuffer", %__cblayout_E1) poison
// DXC-NEXT:   @E1.str = private unnamed_addr constant [3 x i8] c"E1\00", align 1
// DXC-NEXT:   @E0.cb = global target("dx.CBuffer", %__cblayout_E0) poison
// DXC-NEXT:   @E0.str = private unnamed_addr constant [3 x i8] c"E0\00", align 1
// CLANG-NOT:  E1
// CLANG-NOT:  E0
// CHECK:      @Kept.cb = global target("dx.CBuffer", %__cblayout_Kept) poison
// DXC:        %E1.cb_h = call target("dx.CBuffer", %__cblayout_E1) @llvm.dx.resource.handlefromimplicitbinding.tdx.CBuffer_s___cblayout_E1st(i32 1, i32 0, i32 1, i32 0, ptr @E1.str)
// DXC:        %E0.cb_h = call target("dx.CBuffer", %__cblayout_E0) @llvm.dx.resource.handlefromimplicitbinding.tdx.CBuffer_s___cblayout_E0st(i32 2, i32 0, i32 1, i32 0, ptr @E0.str)
// CHECK:      %Kept.cb_h = call target("dx.CBuffer", %__cblayout_Kept) @llvm.dx.resource.handlefromimplicitbinding.tdx.CBuffer_s___cblayout_Keptst(i32 3, i32 0, i32 1, i32 0, ptr @Kept.str)
// DXC:        !hlsl.cbs = !{![[#]], ![[#]], ![[#]]}
// CLANG:      !hlsl.cbs = !{![[#]]}
// DXC:        !{ptr @E1.cb}
// DXC-NEXT:   !{ptr @E0.cb}
// CHECK:      !{ptr @Kept.cb, ptr addrspace(2) @k}
// DXC-NEXT:   !{!"__cblayout_E1", i32 0}
// DXC-NEXT:   !{!"__cblayout_E0", i32 0}
// DXC-NEXT:   !{!"__cblayout_Kept", i32 4, i32 0}

// WARN:      warning: `E1` stores no members; clang-22 emits nothing for it (not even its handle)
// WARN-NEXT: warning: `E0` stores no members; clang-22 emits nothing for it (not even its handle)
// WARN-NOT:  warning
