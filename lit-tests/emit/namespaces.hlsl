// Namespaces: layout types carry the qualified name (%"NS::__cblayout_CB"),
// member globals the Itanium-mangled one (@_ZN2NS2niE); three buffers named
// CB get @CB.cb, @CB.cb.1, @CB.cb.2 and share one @CB.str. Both rule sets
// agree.
// RUN: %cblower emit-llvm %s | %opt-22 -S -passes=verify | FileCheck %s --check-prefixes=CHECK,DXC
// RUN: %cblower emit-llvm --rules clang-22 %s | %opt-22 -S -passes=verify | FileCheck %s --check-prefixes=CHECK,CLANG

namespace NS {
  struct Inner { float x; };
  cbuffer CB { float ni; Inner in1; }    // 0 16, size 20
  namespace In2 {
    cbuffer CB { float x2; }             // 0, size 4
  }
}
cbuffer CB { float top; NS::Inner s2; }  // 0 16, size 20

// CHECK:      %"NS::__cblayout_CB" = type <{ float, target("dx.Padding", 12), %"NS::Inner" }>
// CHECK-NEXT: %"NS::Inner" = type <{ float }>
// CHECK-NEXT: %"NS::In2::__cblayout_CB" = type <{ float }>
// CHECK-NEXT: %__cblayout_CB = type <{ float, target("dx.Padding", 12), %"NS::Inner" }>
// CHECK:      @CB.cb = global target("dx.CBuffer", %"NS::__cblayout_CB") poison
// CHECK-NEXT: @_ZN2NS2niE = external hidden addrspace(2) global float, align 4
// CHECK-NEXT: @_ZN2NS3in1E = external hidden addrspace(2) global %"NS::Inner", align 1
// CHECK-NEXT: @CB.str = private unnamed_addr constant [3 x i8] c"CB\00", align 1
// CHECK-NEXT: @CB.cb.1 = global target("dx.CBuffer", %"NS::In2::__cblayout_CB") poison
// CHECK-NEXT: @_ZN2NS3In22x2E = external hidden addrspace(2) global float, align 4
// CHECK-NEXT: @CB.cb.2 = global target("dx.CBuffer", %__cblayout_CB) poison
// CHECK-NEXT: @top = external hidden addrspace(2) global float, align 4
// CHECK-NEXT: @s2 = external hidden addrspace(2) global %"NS::Inner", align 1
// CHECK-NOT:  .str
// CHECK:      define internal void @_init_buffer_CB.cb()
// CHECK:      %CB.cb_h = call target("dx.CBuffer", %"NS::__cblayout_CB") @"llvm.dx.resource.handlefromimplicitbinding.tdx.CBuffer_s_NS::__cblayout_CBst"(i32 0, i32 0, i32 1, i32 0, ptr @CB.str)
// CHECK:      define internal void @_init_buffer_CB.cb.1()
// CHECK:      %CB.cb.1_h = call target("dx.CBuffer", %"NS::In2::__cblayout_CB") @"llvm.dx.resource.handlefromimplicitbinding.tdx.CBuffer_s_NS::In2::__cblayout_CBst"(i32 1, i32 0, i32 1, i32 0, ptr @CB.str)
// CHECK:      define internal void @_init_buffer_CB.cb.2()
// CHECK:      %CB.cb.2_h = call target("dx.CBuffer", %__cblayout_CB) @llvm.dx.resource.handlefromimplicitbinding.tdx.CBuffer_s___cblayout_CBst(i32 2, i32 0, i32 1, i32 0, ptr @CB.str)
// CHECK:      !{ptr @CB.cb, ptr addrspace(2) @_ZN2NS2niE, ptr addrspace(2) @_ZN2NS3in1E}
// CHECK-NEXT: !{ptr @CB.cb.1, ptr addrspace(2) @_ZN2NS3In22x2E}
// CHECK-NEXT: !{ptr @CB.cb.2, ptr addrspace(2) @top, ptr addrspace(2) @s2}
// DXC-NEXT:   !{!"NS::Inner", i32 4, i32 0}
// DXC-NEXT:   !{!"NS::__cblayout_CB", i32 20, i32 0, i32 16}
// DXC-NEXT:   !{!"NS::In2::__cblayout_CB", i32 4, i32 0}
// DXC-NEXT:   !{!"__cblayout_CB", i32 20, i32 0, i32 16}
// CLANG-NOT:  !{!"
