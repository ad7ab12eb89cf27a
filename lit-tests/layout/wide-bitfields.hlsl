// `cblower layout --rules clang-22` of bitfields wider than their type
// (emit/wide-bitfields.hlsl has the IR, checked against clang-22): each is a
// member of its declared type, 4 bytes for a `uint`, whatever its width,
// with clang-22's warning for a named one. The default rules refuse them,
// as DXC does.
// RUN: %cblower layout --color never --rules clang-22 %s 2>&1 | FileCheck %s --check-prefix=CLANG
// RUN: not %cblower layout --color never %s 2>&1 | FileCheck %s --check-prefix=DXC

struct S { uint a : 33; float b; uint c : 100; };
cbuffer CB { S s; float after; };

// CLANG:      warning: width of bit-field 'a' (33 bits) exceeds the width of its type; value will be truncated to 32 bits
// CLANG:      warning: width of bit-field 'c' (100 bits) exceeds the width of its type; value will be truncated to 32 bits
// CLANG:      cbuffer CB  [rules: clang-22, size: 16 bytes]
// CLANG-NEXT:   offset   size align  type  name
// CLANG-NEXT:        0     12    16  S     s
// CLANG-NEXT:        0      4     4  uint    a
// CLANG-NEXT:        4      4     4  float   b
// CLANG-NEXT:        8      4     4  uint    c
// CLANG-NEXT:       12      4     4  float after

// DXC: error: size of bit-field 'a' (33 bits) exceeds size of its type (32 bits)
