// RUN: cd %S && %cblower check --rules clang-22 --target spirv template-alloc-size-excess.hlsl 2>&1 | FileCheck %s --strict-whitespace --match-full-lines
// clang-22 on SPIR-V: an instance whose template parameter is a 3-component
// vector is larger in LLVM than clang laid it out. Only another template
// argument would change that, so the instance gets a struct of its own with
// 4-component vectors, on a note that names what moves.
template <typename T>
struct Range
{
    T lo;
    T hi;
};

cbuffer Scene : register(b0)
{
    Range<float3> bounds;
    float         exposure;
};

// CHECK:template-alloc-size-excess.hlsl:10:7: warning: 4 bytes of implicit padding before 'hi' in struct 'Range<float3>' (alignment: 'hi' is aligned to 16 bytes) [-Wimplicit-padding]
// CHECK-NEXT:   10 |     T hi;
// CHECK-NEXT:      |       ^
// CHECK-NEXT:      |     float _pad0;
// CHECK-NEXT:fix-it:"template-alloc-size-excess.hlsl":{10:5-10:5}:"float _pad0;\n    "
// CHECK-NEXT:template-alloc-size-excess.hlsl:10:7: warning: 8 bytes of implicit padding at the end of struct 'Range<float3>' after 'hi' (alloc size excess: clang-22's LLVM type stores each 3-component vector in 16 bytes, past the size it laid out) [-Wimplicit-padding]
// CHECK-NEXT:   10 |     T hi;
// CHECK-NEXT:      |       ^
// CHECK-NEXT:template-alloc-size-excess.hlsl:10:7: note: 'Range<float3>' is an instance of template 'Range'; this gap exists only in clang-22's LLVM type sizes: declare the 3-component vectors as 4-component ones; giving it a struct of its own, 'Range_float3' (with `float4 lo`, `float4 hi`), declared before its first use and named there instead, removes the padding but moves 'Scene.exposure' from offset 36 to 32; apply it only where whatever fills the buffer moves them too
// CHECK-NEXT:fix-it:"template-alloc-size-excess.hlsl":{13:1-13:1}:"struct Range_float3\n{\n    float4 lo;\n    float4 hi;\n};\n"
// CHECK-NEXT:fix-it:"template-alloc-size-excess.hlsl":{15:5-15:18}:"Range_float3"
// CHECK-NEXT:2 warnings generated.
