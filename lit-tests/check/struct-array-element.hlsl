// RUN: cd %S && %cblower check struct-array-element.hlsl 2>&1 | FileCheck %s --strict-whitespace --match-full-lines
// Elements of a struct array are padded to the 16-byte row; the padding
// belongs at the end of the struct, so the note says so instead of a fix-it.
struct Light { float3 pos; };
cbuffer Lights : register(b2) {
    Light lights[4];
    float count;
};

// CHECK:struct-array-element.hlsl:6:11: warning: 12 bytes of implicit padding inside 'lights' in cbuffer 'Lights' (array element: each 12-byte element of 'Light' takes 16 bytes) [-Wimplicit-padding]
// CHECK-NEXT:    6 |     Light lights[4];
// CHECK-NEXT:      |           ^
// CHECK-NEXT:struct-array-element.hlsl:6:11: note: add explicit members at the end of struct 'Light' until its size is the element stride
// CHECK-NEXT:1 warning generated.
