// A cbuffer nested in another and a namespace inside a buffer (issue #16),
// as DXC reads them: the inner cbuffer is a buffer of its own, listed after
// the outer one; the namespace's variables are members of the enclosing
// buffer and their names share its scope.
// By hand: Outer.Ambient 0, Fog 16..28, FogDensity 28, Wind 32, Sun 48..60;
// Inner.Scale 0, Bias 4.
// RUN: %cblower layout --color never %s | FileCheck %s
// RUN: %cblower emit-llvm %s -o - | FileCheck %s --check-prefix=IR

cbuffer Outer : register(b0)
{
    float4 Ambient;
    float3 Fog;
    float  FogDensity;

    cbuffer Inner : register(b1)
    {
        float Scale;
        float Bias;
    };

    namespace Weather
    {
        float4 Wind;
    }

    float3 Sun;
};

float4 PSMain(float3 wp : WORLDPOS) : SV_Target
{
    float f = exp(-FogDensity * length(wp)) * Scale + Bias;
    return float4(lerp(Fog, Ambient.rgb + Sun + Wind.xyz, f), 1);
}

// CHECK:      cbuffer Outer : register(b0, space0)  [rules: cbuffer, size: 60 bytes]
// CHECK-NEXT:   offset   size align  type                     name
// CHECK-NEXT:        0     16     4  float4                   Ambient
// CHECK-NEXT:       16     12     4  float3                   Fog
// CHECK-NEXT:       28      4     4  float                    FogDensity
// CHECK-NEXT:       32     16     4  float4                   Wind
// CHECK-NEXT:       48     12     4  float3                   Sun
// CHECK-EMPTY:
// CHECK:      cbuffer Inner : register(b1, space0)  [rules: cbuffer, size: 8 bytes]
// CHECK-NEXT:   offset   size align  type                     name
// CHECK-NEXT:        0      4     4  float                    Scale
// CHECK-NEXT:        4      4     4  float                    Bias
// CHECK-EMPTY:
// CHECK-NOT:  $Globals

// IR:      %__cblayout_Outer = type <{ <4 x float>, <3 x float>, float, <4 x float>, <3 x float> }>
// IR-NEXT: %__cblayout_Inner = type <{ float, float }>
// IR:      @Wind = external hidden addrspace(2) global <4 x float>, align 16
// IR:      @Inner.cb = global target("dx.CBuffer", %__cblayout_Inner) poison
// IR:      %Outer.cb_h = call target("dx.CBuffer", %__cblayout_Outer) @llvm.dx.resource.handlefrombinding.{{.*}}(i32 0, i32 0, i32 1, i32 0, ptr @Outer.str)
// IR:      %Inner.cb_h = call target("dx.CBuffer", %__cblayout_Inner) @llvm.dx.resource.handlefrombinding.{{.*}}(i32 0, i32 1, i32 1, i32 0, ptr @Inner.str)
