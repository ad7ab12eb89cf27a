// RUN: cd %S && %cblower check array-element.hlsl 2>&1 | FileCheck %s --strict-whitespace --match-full-lines
cbuffer Weights : register(b3) {
    float4 header;
    float weights[3];
};

// CHECK:array-element.hlsl:4:11: warning: 24 bytes of implicit padding inside 'weights' in cbuffer 'Weights' (array element: each 4-byte element of 'float' takes 16 bytes) [-Wimplicit-padding]
// CHECK-NEXT:    4 |     float weights[3];
// CHECK-NEXT:      |           ^
// CHECK-NEXT:      |     float4
// CHECK-NEXT:fix-it:"array-element.hlsl":{4:5-4:10}:"float4"
// CHECK-NEXT:1 warning generated.
