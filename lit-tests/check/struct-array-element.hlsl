// RUN: cd %S && %cblower check struct-array-element.hlsl 2>&1 | FileCheck %s --strict-whitespace --match-full-lines
// Elements of a struct array are padded to the 16-byte row: the fix-it
// writes the padding at the end of the struct, laid out again in every
// buffer. When a later member packs into the last element's tail, it would
// move: the fix-it goes on a note that says so.
struct Light { float3 pos; };
struct Probe { float2 uv; float weight; };
cbuffer Lights : register(b2) {
    Light lights[4];
    float4 ambient;
    Probe probes[2];
    float count;
};

// CHECK:struct-array-element.hlsl:9:11: warning: 12 bytes of implicit padding inside 'lights' in cbuffer 'Lights' (array element: each 12-byte element of 'Light' takes 16 bytes) [-Wimplicit-padding]
// CHECK-NEXT:    9 |     Light lights[4];
// CHECK-NEXT:      |           ^
// CHECK-NEXT:fix-it:"struct-array-element.hlsl":{6:27-6:27}:" float _pad0;"
// CHECK-NEXT:struct-array-element.hlsl:10:12: warning: 4 bytes of implicit padding before 'ambient' in cbuffer 'Lights' (row break: 'ambient' would straddle a 16-byte row) [-Wrow-straddle]
// CHECK-NEXT:   10 |     float4 ambient;
// CHECK-NEXT:      |            ^
// CHECK-NEXT:fix-it:"struct-array-element.hlsl":{6:27-6:27}:" float _pad0;"
// CHECK-NEXT:struct-array-element.hlsl:10:12: note: the fix-it on the member before it fills this gap too
// CHECK-NEXT:struct-array-element.hlsl:11:11: warning: 4 bytes of implicit padding inside 'probes' in cbuffer 'Lights' (array element: each 12-byte element of 'Probe' takes 16 bytes) [-Wimplicit-padding]
// CHECK-NEXT:   11 |     Probe probes[2];
// CHECK-NEXT:      |           ^
// CHECK-NEXT:struct-array-element.hlsl:11:11: note: adding `float _pad0;` at the end of struct 'Probe' removes the padding but moves 'Lights.count' from offset 108 to 112; apply it only where whatever fills the buffer moves them too
// CHECK-NEXT:fix-it:"struct-array-element.hlsl":{7:40-7:40}:" float _pad0;"
// CHECK-NEXT:3 warnings generated.
