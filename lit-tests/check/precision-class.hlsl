// RUN: cd %S && %cblower check precision-class.hlsl 2>&1 | FileCheck %s --strict-whitespace --match-full-lines
// Min-precision and full-precision values never share a row: the gap is
// filled with members of the row's own class, which stay in it.
cbuffer Shading : register(b6) {
    min16float shade;
    float full;
    min16float2 soft;
    float4 hard;
};

// CHECK:precision-class.hlsl:6:11: warning: 12 bytes of implicit padding before 'full' in cbuffer 'Shading' (precision class: min-precision and full-precision values do not share a row) [-Wimplicit-padding]
// CHECK-NEXT:    6 |     float full;
// CHECK-NEXT:      |           ^
// CHECK-NEXT:      |     min16float3 _pad0;
// CHECK-NEXT:fix-it:"precision-class.hlsl":{6:5-6:5}:"min16float3 _pad0;\n    "
// CHECK-NEXT:precision-class.hlsl:7:17: warning: 12 bytes of implicit padding before 'soft' in cbuffer 'Shading' (precision class: min-precision and full-precision values do not share a row) [-Wimplicit-padding]
// CHECK-NEXT:    7 |     min16float2 soft;
// CHECK-NEXT:      |                 ^
// CHECK-NEXT:      |     float3 _pad1;
// CHECK-NEXT:fix-it:"precision-class.hlsl":{7:5-7:5}:"float3 _pad1;\n    "
// CHECK-NEXT:precision-class.hlsl:8:12: warning: 8 bytes of implicit padding before 'hard' in cbuffer 'Shading' (row break: 'hard' would straddle a 16-byte row) [-Wrow-straddle]
// CHECK-NEXT:    8 |     float4 hard;
// CHECK-NEXT:      |            ^
// CHECK-NEXT:      |     min16float2 _pad2;
// CHECK-NEXT:fix-it:"precision-class.hlsl":{8:5-8:5}:"min16float2 _pad2;\n    "
// CHECK-NEXT:3 warnings generated.
