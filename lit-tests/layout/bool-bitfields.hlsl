// `cblower layout` of `bool` bitfields in each mode (emit/bool-bitfields.hlsl
// has the IR). DXC's DXIL packing puts `bool a:1; uint b:3` in one unsigned
// unit and keeps `bool a:1; bool b:1` a `bool` unit; clang-22 lays out every
// declaration as a 4-byte member; DXC's SPIR-V packing shares a unit between
// `bool` and `uint` (a `bool` lowers to `uint`) but not with `int`.
// RUN: %cblower layout %s | FileCheck %s --check-prefix=DXC
// RUN: %cblower layout --rules clang-22 %s | FileCheck %s --check-prefix=CLANG
// RUN: %cblower layout --target spirv %s | FileCheck %s --check-prefix=VK

struct Lead { bool a : 1; uint b : 3; float c; };
struct Pair { bool a : 1; bool b : 1; float c; };
struct Signed { bool a : 1; int b : 3; };
cbuffer CB { Lead l; Pair p; Signed s; };

// DXC:      cbuffer CB  [rules: cbuffer, size: 36 bytes]
// DXC:             0      8    16  Lead    l
// DXC-NEXT:        0      4     4  uint      a
// DXC-NEXT:        4      4     4  float     c
// DXC-NEXT:       16      8    16  Pair    p
// DXC-NEXT:       16      4     4  bool      a
// DXC-NEXT:       20      4     4  float     c
// DXC-NEXT:       32      4    16  Signed  s
// DXC-NEXT:       32      4     4  uint      a

// CLANG:      cbuffer CB  [rules: clang-22, size: 40 bytes]
// CLANG:             0     12    16  Lead    l
// CLANG-NEXT:        0      4     4  bool      a
// CLANG-NEXT:        4      4     4  uint      b
// CLANG-NEXT:        8      4     4  float     c
// CLANG-NEXT:       16     12    16  Pair    p
// CLANG-NEXT:       16      4     4  bool      a
// CLANG-NEXT:       20      4     4  bool      b
// CLANG-NEXT:       24      4     4  float     c
// CLANG-NEXT:       32      8    16  Signed  s
// CLANG-NEXT:       32      4     4  bool      a
// CLANG-NEXT:       36      4     4  int       b

// VK:      cbuffer CB  [rules: cbuffer, size: 40 bytes]
// VK:             0      8    16  Lead    l
// VK-NEXT:        0      4     4  bool      a
// VK-NEXT:        4      4     4  float     c
// VK-NEXT:       16      8    16  Pair    p
// VK-NEXT:       16      4     4  bool      a
// VK-NEXT:       20      4     4  float     c
// VK-NEXT:       32      8    16  Signed  s
// VK-NEXT:       32      4     4  bool      a
// VK-NEXT:       36      4     4  int       b
