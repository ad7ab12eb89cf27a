// The module header is clang-22's for a shader model 6.3 library: triple,
// data layout, the wchar_size flag, and !dx.valver on DXIL only. It does not
// depend on the rule set; only the default mode adds !hlsl.layouts.
// RUN: %cblower emit-llvm %s | %opt-22 -S -passes=verify | FileCheck %s --check-prefixes=DX,DX-DXC
// RUN: %cblower emit-llvm --rules clang-22 %s | %opt-22 -S -passes=verify | FileCheck %s --check-prefixes=DX,DX-CLANG
// RUN: %cblower emit-llvm --target spirv %s | %opt-22 -S -passes=verify | FileCheck %s --check-prefixes=SPV,SPV-DXC
// RUN: %cblower emit-llvm --target spirv --rules clang-22 %s | %opt-22 -S -passes=verify | FileCheck %s --check-prefixes=SPV,SPV-CLANG

cbuffer CB { float a; }

// DX:       source_filename = "{{.*}}module-header.hlsl"
// DX-NEXT:  target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64-v48:16:16-v96:32:32-v192:64:64"
// DX-NEXT:  target triple = "dxilv1.3-pc-shadermodel6.3-library"
// DX-CLANG-NOT: hlsl.layouts
// DX:       !hlsl.cbs = !{![[CBS:[0-9]+]]}
// DX-DXC-NEXT:   !hlsl.layouts = !{![[LAYOUT:[0-9]+]]}
// DX-NEXT:  !llvm.module.flags = !{![[WCHAR:[0-9]+]]}
// DX-NEXT:  !dx.valver = !{![[VALVER:[0-9]+]]}
// DX-EMPTY:
// DX-NEXT:  ![[CBS]] = !{ptr @CB.cb, ptr addrspace(2) @a}
// DX-DXC-NEXT:   ![[LAYOUT]] = !{!"__cblayout_CB", i32 4, i32 0}
// DX-NEXT:  ![[WCHAR]] = !{i32 1, !"wchar_size", i32 4}
// DX-NEXT:  ![[VALVER]] = !{i32 1, i32 8}
// DX-NOT:   !

// SPV:      source_filename = "{{.*}}module-header.hlsl"
// SPV-NEXT: target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64-G10"
// SPV-NEXT: target triple = "spirv-unknown-vulkan1.3-library"
// SPV-CLANG-NOT: hlsl.layouts
// SPV:      !hlsl.cbs = !{![[CBS:[0-9]+]]}
// SPV-DXC-NEXT:  !hlsl.layouts = !{![[LAYOUT:[0-9]+]]}
// SPV-NEXT: !llvm.module.flags = !{![[WCHAR:[0-9]+]]}
// SPV-EMPTY:
// SPV-NEXT: ![[CBS]] = !{ptr @CB.cb, ptr addrspace(12) @a}
// SPV-DXC-NEXT:  ![[LAYOUT]] = !{!"__cblayout_CB", i32 4, i32 0}
// SPV-NEXT: ![[WCHAR]] = !{i32 1, !"wchar_size", i32 4}
// SPV-NOT:  !
