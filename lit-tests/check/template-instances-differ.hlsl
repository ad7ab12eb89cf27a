// RUN: cd %S && %cblower check --rules std140 -W padding-at-end template-instances-differ.hlsl 2>&1 | FileCheck %s --strict-whitespace --match-full-lines
// Two instances of one template that need different padding in the same
// field: no edit of the template's text fixes both, so each instance gets a
// struct of its own on a note, declared before the buffer (both in one
// insertion) and named at its use instead; the padding they share at the
// end is still written in the template.
template <typename T, uint N = 4>
struct Ring
{
    T    items[N];
    uint head;
};

cbuffer History : register(b0)
{
    Ring<float, 3> scalars;
    Ring<uint2>    pairs;
    uint           frame;
};

// CHECK:template-instances-differ.hlsl:10:10: warning: 36 bytes of implicit padding inside 'items' in struct 'Ring<float, 3>' (array element: each 4-byte element of 'float' takes 16 bytes) [-Wimplicit-padding]
// CHECK-NEXT:   10 |     T    items[N];
// CHECK-NEXT:      |          ^
// CHECK-NEXT:template-instances-differ.hlsl:10:10: note: 'Ring<float, 3>' is an instance of template 'Ring' whose instances differ ('Ring<uint2, 4>' has a different one here): no edit of the template's text fixes them all; giving it a struct of its own, 'Ring_float_3' (with `float4 items[3]`, `float _pad0`, `float2 _pad1`), declared before its first use and named there instead, removes the padding and moves nothing
// CHECK-NEXT:fix-it:"template-instances-differ.hlsl":{14:1-14:1}:"struct Ring_float_3\n{\n    float4 items[3];\n    uint head;\n    float _pad0;\n    float2 _pad1;\n};\nstruct Ring_uint2_4\n{\n    uint4 items[4];\n    uint head;\n    float _pad0;\n    float2 _pad1;\n};\n"
// CHECK-NEXT:fix-it:"template-instances-differ.hlsl":{16:5-16:19}:"Ring_float_3"
// CHECK-NEXT:template-instances-differ.hlsl:10:10: warning: 32 bytes of implicit padding inside 'items' in struct 'Ring<uint2, 4>' (array element: each 8-byte element of 'uint2' takes 16 bytes) [-Wimplicit-padding]
// CHECK-NEXT:   10 |     T    items[N];
// CHECK-NEXT:      |          ^
// CHECK-NEXT:template-instances-differ.hlsl:10:10: note: 'Ring<uint2, 4>' is an instance of template 'Ring' whose instances differ ('Ring<float, 3>' has a different one here): no edit of the template's text fixes them all; giving it a struct of its own, 'Ring_uint2_4' (with `uint4 items[4]`, `float _pad0`, `float2 _pad1`), declared before its first use and named there instead, removes the padding and moves nothing
// CHECK-NEXT:fix-it:"template-instances-differ.hlsl":{14:1-14:1}:"struct Ring_float_3\n{\n    float4 items[3];\n    uint head;\n    float _pad0;\n    float2 _pad1;\n};\nstruct Ring_uint2_4\n{\n    uint4 items[4];\n    uint head;\n    float _pad0;\n    float2 _pad1;\n};\n"
// CHECK-NEXT:fix-it:"template-instances-differ.hlsl":{17:5-17:16}:"Ring_uint2_4"
// CHECK-NEXT:template-instances-differ.hlsl:11:10: warning: 12 bytes of implicit padding at the end of struct 'Ring<float, 3>' after 'head' (struct end: the size is rounded up to the alignment) [-Wpadding-at-end]
// CHECK-NEXT:   11 |     uint head;
// CHECK-NEXT:      |          ^
// CHECK-NEXT:      |               float _pad0; float2 _pad1;
// CHECK-NEXT:fix-it:"template-instances-differ.hlsl":{11:15-11:15}:"\n    float _pad0; float2 _pad1;"
// CHECK-NEXT:template-instances-differ.hlsl:11:10: warning: 12 bytes of implicit padding at the end of struct 'Ring<uint2, 4>' after 'head' (struct end: the size is rounded up to the alignment) [-Wpadding-at-end]
// CHECK-NEXT:   11 |     uint head;
// CHECK-NEXT:      |          ^
// CHECK-NEXT:      |               float _pad0; float2 _pad1;
// CHECK-NEXT:fix-it:"template-instances-differ.hlsl":{11:15-11:15}:"\n    float _pad0; float2 _pad1;"
// CHECK-NEXT:template-instances-differ.hlsl:18:20: warning: 12 bytes of implicit padding at the end of cbuffer 'History' after 'frame' (struct end: the size is rounded up to the alignment) [-Wpadding-at-end]
// CHECK-NEXT:   18 |     uint           frame;
// CHECK-NEXT:      |                    ^
// CHECK-NEXT:      |                          float _pad0; float2 _pad1;
// CHECK-NEXT:fix-it:"template-instances-differ.hlsl":{18:26-18:26}:"\n    float _pad0; float2 _pad1;"
// CHECK-NEXT:5 warnings generated.
