// Elaborated uses of struct templates (issue #16, public-corpus finding):
// `struct Name<Args> var;` names the specialisation `Name<Args>`, inside a
// buffer and for a `$Globals` member, as DXC and clang-22 read it.
// clang-22 -std=hlsl202x gives the same layouts: Lighting is
// <{ %Span(float3, pad 4, float3), float, %Taps(float[2] at stride 16) }>
// (52 bytes), $Globals is <{ %Span(float2, float2), float }> (20 bytes).
// RUN: %cblower layout --color never %s | FileCheck %s

template <typename T> struct Span { T Lo; T Hi; };
template <typename T, uint N> struct Taps { T W[N]; };

cbuffer Lighting : register(b1)
{
    struct Span<float3>   Extent;
    float                 Intensity;
    struct Taps<float, 2> Kernel;
};

struct Span<float2> ScreenRange;
float Gain;

[numthreads(8, 8, 1)]
void main(uint3 id : SV_DispatchThreadID)
{
}

// CHECK:      cbuffer Lighting : register(b1, space0)  [rules: cbuffer, size: 52 bytes]
// CHECK-NEXT:   offset   size align  type           name
// CHECK-NEXT:        0     28    16  Span<float3>   Extent
// CHECK-NEXT:        0     12     4  float3           Lo
// CHECK-NEXT:       16     12     4  float3           Hi
// CHECK-NEXT:       28      4     4  float          Intensity
// CHECK-NEXT:       32     20    16  Taps<float, 2> Kernel
// CHECK-NEXT:       32     20    16  float[2]         W  (stride 16)
// CHECK:      cbuffer $Globals  [rules: cbuffer, size: 20 bytes]
// CHECK-NEXT:   offset   size align  type         name
// CHECK-NEXT:        0     16    16  Span<float2> ScreenRange
// CHECK-NEXT:        0      8     4  float2         Lo
// CHECK-NEXT:        8      8     4  float2         Hi
// CHECK-NEXT:       16      4     4  float        Gain
