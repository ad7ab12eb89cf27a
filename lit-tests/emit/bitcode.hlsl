// -o X.bc writes bitcode (the same module as the text form); any other name,
// or stdout, gets text IR.
// RUN: rm -f %t.bc %t.ll
// RUN: %cblower emit-llvm %s -o %t.bc
// RUN: not grep -q "target triple" %t.bc
// RUN: head -c 2 %t.bc | FileCheck %s --check-prefix=MAGIC
// MAGIC: BC
// RUN: %opt-22 -S -passes=verify %t.bc | FileCheck %s --check-prefix=DX
// RUN: %cblower emit-llvm --target spirv --rules clang-22 %s -o %t.bc
// RUN: %opt-22 -S -passes=verify %t.bc | FileCheck %s --check-prefix=SPV
// RUN: %cblower emit-llvm %s -o %t.ll
// RUN: FileCheck %s --check-prefix=DX < %t.ll

cbuffer CB : register(b1) { float a; float2 b; }

// DX:      source_filename = "{{.*}}bitcode.hlsl"
// DX:      target triple = "dxilv1.3-pc-shadermodel6.3-library"
// DX:      %__cblayout_CB = type <{ float, <2 x float> }>
// DX:      @CB.cb = global target("dx.CBuffer", %__cblayout_CB) poison
// DX-NEXT: @a = external hidden addrspace(2) global float, align 4
// DX-NEXT: @b = external hidden addrspace(2) global <2 x float>, align 4
// DX:      %CB.cb_h = call target("dx.CBuffer", %__cblayout_CB) @llvm.dx.resource.handlefrombinding.tdx.CBuffer_s___cblayout_CBst(i32 0, i32 1, i32 1, i32 0, ptr @CB.str)
// DX:      !{ptr @CB.cb, ptr addrspace(2) @a, ptr addrspace(2) @b}
// DX-NEXT: !{!"__cblayout_CB", i32 12, i32 0, i32 4}

// SPV:      target triple = "spirv-unknown-vulkan1.3-library"
// SPV:      %__cblayout_CB = type <{ float, target("spirv.Padding", 4), <2 x float> }>
// SPV:      !{ptr @CB.cb, ptr addrspace(12) @a, ptr addrspace(12) @b}
// SPV-NOT:  !{!"__cblayout_CB"
