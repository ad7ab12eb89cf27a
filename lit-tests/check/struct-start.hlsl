// RUN: cd %S && %cblower check struct-start.hlsl 2>&1 | FileCheck %s --strict-whitespace --match-full-lines
struct Light {
    float3 color;
    float intensity;
};
cbuffer Lights : register(b1) {
    float ambient;
    Light sun;
};

// CHECK:struct-start.hlsl:8:11: warning: 12 bytes of implicit padding before 'sun' in cbuffer 'Lights' (struct start: structs start a new 16-byte row) [-Wimplicit-padding]
// CHECK-NEXT:    8 |     Light sun;
// CHECK-NEXT:      |           ^
// CHECK-NEXT:      |     float3 _pad0;
// CHECK-NEXT:fix-it:"struct-start.hlsl":{8:5-8:5}:"float3 _pad0;\n    "
// CHECK-NEXT:1 warning generated.
