// RUN: cd %S && %cblower check widen-moves.hlsl 2>&1 | FileCheck %s --strict-whitespace --match-full-lines
// Widening a matrix (or an array's elements) that a later member packs into
// would move that member: the fix-it goes on a note saying which members
// move, from and to which offsets.
cbuffer Moving : register(b3) {
    float3x3 basis;
    float scale;
    float weights[3];
    float bias;
    float4 last;
};

// CHECK:widen-moves.hlsl:6:14: warning: 8 bytes of implicit padding inside 'basis' in cbuffer 'Moving' (matrix column: each stored column of 'float3x3' starts a 16-byte row) [-Wimplicit-padding]
// CHECK-NEXT:    6 |     float3x3 basis;
// CHECK-NEXT:      |              ^
// CHECK-NEXT:widen-moves.hlsl:6:14: note: declaring it `float4x3` removes the padding but moves 'scale' from offset 44 to 48, 'weights' from 48 to 64, 'bias' from 84 to 100, 'last' from 96 to 112; apply it only where whatever fills the buffer moves them too
// CHECK-NEXT:fix-it:"widen-moves.hlsl":{6:5-6:13}:"float4x3"
// CHECK-NEXT:widen-moves.hlsl:8:11: warning: 24 bytes of implicit padding inside 'weights' in cbuffer 'Moving' (array element: each 4-byte element of 'float' takes 16 bytes) [-Wimplicit-padding]
// CHECK-NEXT:    8 |     float weights[3];
// CHECK-NEXT:      |           ^
// CHECK-NEXT:widen-moves.hlsl:8:11: note: declaring it `float4` removes the padding but moves 'bias' from offset 84 to 96, 'last' from 96 to 112; apply it only where whatever fills the buffer moves them too
// CHECK-NEXT:fix-it:"widen-moves.hlsl":{8:5-8:10}:"float4"
// CHECK-NEXT:widen-moves.hlsl:10:12: warning: 8 bytes of implicit padding before 'last' in cbuffer 'Moving' (row break: 'last' would straddle a 16-byte row) [-Wrow-straddle]
// CHECK-NEXT:   10 |     float4 last;
// CHECK-NEXT:      |            ^
// CHECK-NEXT:      |     float2 _pad0;
// CHECK-NEXT:fix-it:"widen-moves.hlsl":{10:5-10:5}:"float2 _pad0;\n    "
// CHECK-NEXT:3 warnings generated.
