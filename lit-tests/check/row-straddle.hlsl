// RUN: cd %S && %cblower check row-straddle.hlsl 2>&1 | FileCheck %s --strict-whitespace --match-full-lines
cbuffer Camera : register(b0) {
    float2 jitter;
    float3 position;
    float exposure;
};

// CHECK:row-straddle.hlsl:4:12: warning: 8 bytes of implicit padding before 'position' in cbuffer 'Camera' (row break: 'position' would straddle a 16-byte row) [-Wrow-straddle]
// CHECK-NEXT:    4 |     float3 position;
// CHECK-NEXT:      |            ^
// CHECK-NEXT:      |     float2 _pad0;
// CHECK-NEXT:fix-it:"row-straddle.hlsl":{4:5-4:5}:"float2 _pad0;\n    "
// CHECK-NEXT:1 warning generated.
