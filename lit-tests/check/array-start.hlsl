// RUN: cd %S && %cblower check array-start.hlsl 2>&1 | FileCheck %s --strict-whitespace --match-full-lines
cbuffer Blur : register(b2) {
    float radius;
    float4 taps[2];
};

// CHECK:array-start.hlsl:4:12: warning: 12 bytes of implicit padding before 'taps' in cbuffer 'Blur' (array start: arrays start a new 16-byte row) [-Wimplicit-padding]
// CHECK-NEXT:    4 |     float4 taps[2];
// CHECK-NEXT:      |            ^
// CHECK-NEXT:      |     float3 _pad0;
// CHECK-NEXT:fix-it:"array-start.hlsl":{4:5-4:5}:"float3 _pad0;\n    "
// CHECK-NEXT:1 warning generated.
