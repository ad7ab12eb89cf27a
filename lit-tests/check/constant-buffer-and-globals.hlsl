// RUN: cd %S && %cblower check constant-buffer-and-globals.hlsl 2>&1 | FileCheck %s --strict-whitespace --match-full-lines
// A ConstantBuffer<T> is checked once per T (the fix-it goes into T);
// a $Globals gap gets a global padding variable.
struct Params {
    float2 uv;
    float3 normal;
};
ConstantBuffer<Params> first_params : register(b3);
ConstantBuffer<Params> second_params : register(b4);
float global_time;
float4 global_tint;

// CHECK:constant-buffer-and-globals.hlsl:6:12: warning: 8 bytes of implicit padding before 'normal' in ConstantBuffer 'first_params' (row break: 'normal' would straddle a 16-byte row) [-Wrow-straddle]
// CHECK-NEXT:    6 |     float3 normal;
// CHECK-NEXT:      |            ^
// CHECK-NEXT:      |     float2 _pad0;
// CHECK-NEXT:fix-it:"constant-buffer-and-globals.hlsl":{6:5-6:5}:"float2 _pad0;\n    "
// CHECK-NEXT:constant-buffer-and-globals.hlsl:11:8: warning: 12 bytes of implicit padding before 'global_tint' in '$Globals' (row break: 'global_tint' would straddle a 16-byte row) [-Wrow-straddle]
// CHECK-NEXT:   11 | float4 global_tint;
// CHECK-NEXT:      |        ^
// CHECK-NEXT:      | float3 _pad0;
// CHECK-NEXT:fix-it:"constant-buffer-and-globals.hlsl":{11:1-11:1}:"float3 _pad0;\n"
// CHECK-NEXT:2 warnings generated.
