// RUN: cd %S && %cblower check multi-declarator.hlsl 2>&1 | FileCheck %s --strict-whitespace --match-full-lines
cbuffer Pair : register(b7) {
    float3 a, b;
};

// CHECK:multi-declarator.hlsl:3:15: warning: 4 bytes of implicit padding before 'b' in cbuffer 'Pair' (row break: 'b' would straddle a 16-byte row) [-Wrow-straddle]
// CHECK-NEXT:    3 |     float3 a, b;
// CHECK-NEXT:      |               ^
// CHECK-NEXT:      |             float _pad0; float3
// CHECK-NEXT:fix-it:"multi-declarator.hlsl":{3:13-3:15}:"; float _pad0; float3 "
// CHECK-NEXT:1 warning generated.
