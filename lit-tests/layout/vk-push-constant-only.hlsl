// `cblower layout --target spirv` on a shader whose only globals are a
// [[vk::push_constant]] block and a [[vk::constant_id]] specialisation
// constant shows no $Globals (issue #15): neither DXC nor clang-22 makes one
// on SPIR-V, and `emit-llvm` writes none (emit/vk-push-constant-only.hlsl).
// Under every rule set, in the text and JSON reports; another buffer is
// still shown. On DXIL both globals are $Globals members.
// RUN: %cblower layout --target spirv %s | FileCheck %s --check-prefix=NONE --allow-empty --implicit-check-not=Globals
// RUN: %cblower layout --target spirv --rules relaxed-std140 %s | FileCheck %s --check-prefix=NONE --allow-empty --implicit-check-not=Globals
// RUN: %cblower layout --target spirv --rules clang-22 %s | FileCheck %s --check-prefix=NONE --allow-empty --implicit-check-not=Globals
// RUN: %cblower layout --target spirv --format json %s | FileCheck %s --check-prefix=JSON
// RUN: %cblower layout --target spirv -DOTHER %s | FileCheck %s --check-prefix=OTHER --implicit-check-not=Globals
// RUN: %cblower layout %s | FileCheck %s --check-prefix=DXIL

struct PC { float4 v; };
[[vk::push_constant]] PC pc;
[[vk::constant_id(1)]] const float k = 1;
#ifdef OTHER
cbuffer CB { float x; };
#endif

// NONE-NOT: {{.}}

// JSON:      "buffers": []

// OTHER:     cbuffer CB  [rules: cbuffer, size: 4 bytes]

// DXIL:      cbuffer $Globals  [rules: cbuffer, size: 20 bytes]
// DXIL:             0     16    16  PC     pc
// DXIL:            16      4     4  float  k
