// RUN: cd %S && %cblower check macro.hlsl 2>&1 | FileCheck %s --strict-whitespace --match-full-lines
// A member written by a macro that expands to whole declarations gets its
// fix-it at the invocation, as clang moves a fix-it to the expansion site;
// a member that is not the first declaration of its expansion gets a note
// whose fix-it edits the macro's definition (expanded once here).
#define MEMBER(t, n) t n;
#define LIGHT float4 light;
#define PAIR(a, b) float a; float4 b;
cbuffer Odd : register(b8) {
    float first;
    MEMBER(float4, made)
    float second;
    LIGHT
    float third;
    PAIR(p, q)
};

// CHECK:macro.hlsl:11:20: warning: 12 bytes of implicit padding before 'made' in cbuffer 'Odd' (row break: 'made' would straddle a 16-byte row) [-Wrow-straddle]
// CHECK-NEXT:   11 |     MEMBER(float4, made)
// CHECK-NEXT:      |                    ^
// CHECK-NEXT:      |     float3 _pad0;
// CHECK-NEXT:fix-it:"macro.hlsl":{11:5-11:5}:"float3 _pad0;\n    "
// CHECK-NEXT:macro.hlsl:13:5: warning: 12 bytes of implicit padding before 'light' in cbuffer 'Odd' (row break: 'light' would straddle a 16-byte row) [-Wrow-straddle]
// CHECK-NEXT:   13 |     LIGHT
// CHECK-NEXT:      |     ^
// CHECK-NEXT:      |     float3 _pad1;
// CHECK-NEXT:fix-it:"macro.hlsl":{13:5-13:5}:"float3 _pad1;\n    "
// CHECK-NEXT:macro.hlsl:15:13: warning: 8 bytes of implicit padding before 'q' in cbuffer 'Odd' (row break: 'q' would straddle a 16-byte row) [-Wrow-straddle]
// CHECK-NEXT:   15 |     PAIR(p, q)
// CHECK-NEXT:      |             ^
// CHECK-NEXT:macro.hlsl:15:13: note: 'q' is not the first declaration its macro writes, so no fix-it can go at the invocation; this one writes `float2 _pad2;` into the macro's definition
// CHECK-NEXT:fix-it:"macro.hlsl":{8:29-8:29}:"float2 _pad2; "
// CHECK-NEXT:3 warnings generated.
