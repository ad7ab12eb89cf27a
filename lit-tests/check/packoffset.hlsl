// RUN: cd %S && %cblower check packoffset.hlsl 2>&1 | FileCheck %s --strict-whitespace --match-full-lines
cbuffer Placed : register(b5) {
    float first : packoffset(c0);
    float4 second : packoffset(c2);
};

// CHECK:packoffset.hlsl:4:12: warning: 28 bytes of implicit padding before 'second' in cbuffer 'Placed' (packoffset: 'second' is placed explicitly) [-Wimplicit-padding]
// CHECK-NEXT:    4 |     float4 second : packoffset(c2);
// CHECK-NEXT:      |            ^
// CHECK-NEXT:      |     float3 _pad0 : packoffset(c0.y); float4 _pad1 : packoffset(c1.x);
// CHECK-NEXT:fix-it:"packoffset.hlsl":{4:5-4:5}:"float3 _pad0 : packoffset(c0.y); float4 _pad1 : packoffset(c1.x);\n    "
// CHECK-NEXT:1 warning generated.
