// RUN: cd %S && %cblower check template.hlsl 2>&1 | FileCheck %s --strict-whitespace --match-full-lines
// A field of a struct made from a template: the fix-it goes in the template
// when every instance the buffers use has the same gap; otherwise a note
// says which instances differ, with a struct of its own as the fix-it.
template <typename T> struct Pair { T a; T b; };
template <typename T> struct Span { float lo; T hi; };
cbuffer Templated : register(b9) {
    Pair<float3> pair;
    Span<float4> wide;
    Span<float2> narrow;
};

// CHECK:template.hlsl:5:44: warning: 4 bytes of implicit padding before 'b' in struct 'Pair<float3>' (row break: 'b' would straddle a 16-byte row) [-Wrow-straddle]
// CHECK-NEXT:    5 | template <typename T> struct Pair { T a; T b; };
// CHECK-NEXT:      |                                            ^
// CHECK-NEXT:      |                                          float _pad0;
// CHECK-NEXT:fix-it:"template.hlsl":{5:42-5:42}:"float _pad0; "
// CHECK-NEXT:template.hlsl:6:49: warning: 12 bytes of implicit padding before 'hi' in struct 'Span<float4>' (row break: 'hi' would straddle a 16-byte row) [-Wrow-straddle]
// CHECK-NEXT:    6 | template <typename T> struct Span { float lo; T hi; };
// CHECK-NEXT:      |                                                 ^
// CHECK-NEXT:template.hlsl:6:49: note: 'Span<float4>' is an instance of template 'Span' whose instances differ ('Span<float2>' has none here): no edit of the template's text fixes them all; giving it a struct of its own, 'Span_float4' (with `float3 _pad0`), declared before its first use and named there instead, removes the padding and moves nothing
// CHECK-NEXT:fix-it:"template.hlsl":{7:1-7:1}:"struct Span_float4\n{\n    float lo;\n    float3 _pad0;\n    float4 hi;\n};\n"
// CHECK-NEXT:fix-it:"template.hlsl":{9:5-9:17}:"Span_float4"
// CHECK-NEXT:template.hlsl:9:18: warning: 4 bytes of implicit padding before 'wide' in cbuffer 'Templated' (struct start: structs start a new 16-byte row) [-Wimplicit-padding]
// CHECK-NEXT:    9 |     Span<float4> wide;
// CHECK-NEXT:      |                  ^
// CHECK-NEXT:      |     float _pad0;
// CHECK-NEXT:fix-it:"template.hlsl":{9:5-9:5}:"float _pad0;\n    "
// CHECK-NEXT:3 warnings generated.
