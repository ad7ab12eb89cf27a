// On SPIR-V a file whose only globals are a push-constant block and a
// specialisation constant has no `$Globals` (neither DXC nor clang-22 makes
// one; `layout` shows none): `mirror` writes no struct and no "stores
// nothing" note for it. On DXIL the `$Globals` holds both.
// RUN: %cblower mirror --lang c --target spirv %s | FileCheck %s --check-prefix=SPV --implicit-check-not=Globals
// RUN: %cblower mirror --lang c --target spirv --rules clang-22 %s | FileCheck %s --check-prefix=SPV --implicit-check-not=Globals
// RUN: %cblower layout --target spirv %s | count 0
// RUN: %cblower mirror --lang c %s | FileCheck %s --check-prefix=DXIL

struct P { float4 x; };
[[vk::push_constant]] P pc;
[[vk::constant_id(1)]] const bool flag = true;

// SPV:      #include <stdint.h>
// SPV-EMPTY:
// SPV-NOT:  {{.}}

// DXIL: _Static_assert(sizeof(Globals) == 20, "Globals: 20 bytes");
// DXIL: _Static_assert(offsetof(Globals, pc) == 0, "Globals.pc at byte 0");
// DXIL: _Static_assert(offsetof(Globals, flag) == 16, "Globals.flag at byte 16");
