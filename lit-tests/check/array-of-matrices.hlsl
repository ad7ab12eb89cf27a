// RUN: cd %S && %cblower check array-of-matrices.hlsl 2>&1 | FileCheck %s --strict-whitespace --match-full-lines
// An array of matrices has padding inside each matrix and between the
// elements; widening the matrix removes both, so both warnings carry the one
// edit and applying every fix-it of the file edits the type once.
cbuffer Bones : register(b1) {
    float3x3 bones[2];
    float4 after;
};

// CHECK:array-of-matrices.hlsl:6:14: warning: 4 bytes of implicit padding inside 'bones' in cbuffer 'Bones' (array element: each 44-byte element of 'float3x3' takes 48 bytes) [-Wimplicit-padding]
// CHECK-NEXT:    6 |     float3x3 bones[2];
// CHECK-NEXT:      |              ^
// CHECK-NEXT:      |     float4x3
// CHECK-NEXT:fix-it:"array-of-matrices.hlsl":{6:5-6:13}:"float4x3"
// CHECK-NEXT:array-of-matrices.hlsl:6:14: warning: 16 bytes of implicit padding inside 'bones' in cbuffer 'Bones' (matrix column: each stored column of 'float3x3' starts a 16-byte row) [-Wimplicit-padding]
// CHECK-NEXT:    6 |     float3x3 bones[2];
// CHECK-NEXT:      |              ^
// CHECK-NEXT:      |     float4x3
// CHECK-NEXT:fix-it:"array-of-matrices.hlsl":{6:5-6:13}:"float4x3"
// CHECK-NEXT:array-of-matrices.hlsl:7:12: warning: 4 bytes of implicit padding before 'after' in cbuffer 'Bones' (row break: 'after' would straddle a 16-byte row) [-Wrow-straddle]
// CHECK-NEXT:    7 |     float4 after;
// CHECK-NEXT:      |            ^
// CHECK-NEXT:fix-it:"array-of-matrices.hlsl":{6:5-6:13}:"float4x3"
// CHECK-NEXT:array-of-matrices.hlsl:7:12: note: the fix-it on the member before it fills this gap too
// CHECK-NEXT:3 warnings generated.
