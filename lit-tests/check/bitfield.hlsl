// RUN: cd %S && %cblower check --rules std140 -W padding-at-end bitfield.hlsl 2>&1 | FileCheck %s --strict-whitespace --match-full-lines
// Bitfields share a storage unit: a gap before the unit is filled before
// its first declaration, a gap after it after its last.
struct Flags {
    float y;
    uint64_t kind : 4;
    uint64_t lit  : 2;
    uint64_t      : 0;
};
struct Tail {
    float2 t;
    uint a : 4;
    uint b : 4;
};
cbuffer Bits : register(b0) {
    Flags flags;
    Tail tail;
};

// CHECK:bitfield.hlsl:6:14: warning: 4 bytes of implicit padding before 'kind' in struct 'Flags' (alignment: 'kind' is aligned to 8 bytes) [-Wimplicit-padding]
// CHECK-NEXT:    6 |     uint64_t kind : 4;
// CHECK-NEXT:      |              ^
// CHECK-NEXT:      |     float _pad0;
// CHECK-NEXT:fix-it:"bitfield.hlsl":{6:5-6:5}:"float _pad0;\n    "
// CHECK-NEXT:bitfield.hlsl:12:10: warning: 4 bytes of implicit padding at the end of struct 'Tail' after 'a' (struct end: the size is rounded up to the alignment) [-Wpadding-at-end]
// CHECK-NEXT:   12 |     uint a : 4;
// CHECK-NEXT:      |          ^
// CHECK-NEXT:fix-it:"bitfield.hlsl":{13:16-13:16}:"\n    float _pad0;"
// CHECK-NEXT:2 warnings generated.
