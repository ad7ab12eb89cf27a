// RUN: cd %S && %cblower check matrix-column.hlsl 2>&1 | FileCheck %s --strict-whitespace --match-full-lines
cbuffer Object : register(b4) {
    float3x3 normalMatrix;
    row_major float2x3 uvTransform;
};

// CHECK:matrix-column.hlsl:3:14: warning: 8 bytes of implicit padding inside 'normalMatrix' in cbuffer 'Object' (matrix column: each stored column of 'float3x3' starts a 16-byte row) [-Wimplicit-padding]
// CHECK-NEXT:    3 |     float3x3 normalMatrix;
// CHECK-NEXT:      |              ^
// CHECK-NEXT:      |     float4x3
// CHECK-NEXT:fix-it:"matrix-column.hlsl":{3:5-3:13}:"float4x3"
// CHECK-NEXT:matrix-column.hlsl:4:24: warning: 4 bytes of implicit padding inside 'uvTransform' in cbuffer 'Object' (matrix row: each stored row of 'row_major float2x3' starts a 16-byte row) [-Wimplicit-padding]
// CHECK-NEXT:    4 |     row_major float2x3 uvTransform;
// CHECK-NEXT:      |                        ^
// CHECK-NEXT:      |               float2x4
// CHECK-NEXT:fix-it:"matrix-column.hlsl":{4:15-4:23}:"float2x4"
// CHECK-NEXT:matrix-column.hlsl:4:24: warning: 4 bytes of implicit padding before 'uvTransform' in cbuffer 'Object' (array start: arrays start a new 16-byte row) [-Wimplicit-padding]
// CHECK-NEXT:    4 |     row_major float2x3 uvTransform;
// CHECK-NEXT:      |                        ^
// CHECK-NEXT:fix-it:"matrix-column.hlsl":{3:5-3:13}:"float4x3"
// CHECK-NEXT:matrix-column.hlsl:4:24: note: the fix-it on the member before it fills this gap too
// CHECK-NEXT:3 warnings generated.
