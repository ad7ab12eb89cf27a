// Member functions, static data members and operators defined outside their
// struct (issue #16) are skipped as definitions, never read as globals; the
// out-of-line constant still sizes an array.
// By hand: Shading.Specular 0..12, Roughness 12, Lobes float[2] at 16 and 32
// (36 bytes); no $Globals.
// RUN: %cblower layout --color never %s | FileCheck %s

struct Surface
{
    float3 Specular;
    float  Roughness;
    static const uint LobeCount;
    float D(float NdotH);
    Surface operator*(float s);
};

const uint Surface::LobeCount = 2;

float Surface::D(float NdotH)
{
    float a2 = this.Roughness * this.Roughness;
    float d = NdotH * NdotH * (a2 - 1) + 1;
    return a2 / (3.14159 * d * d);
}

Surface Surface::operator*(float s)
{
    Surface r = this;
    r.Specular *= s;
    return r;
}

bool operator==(Surface a, Surface b) { return all(a.Specular == b.Specular); }

cbuffer Shading : register(b2)
{
    float3 Specular;
    float  Roughness;
    float  Lobes[Surface::LobeCount];
};

float3 Shade(float NdotH)
{
    Surface s = { Specular, Roughness };
    s = s * Lobes[0];
    return s.Specular * s.D(NdotH);
}

// CHECK:      cbuffer Shading : register(b2, space0)  [rules: cbuffer, size: 36 bytes]
// CHECK-NEXT:   offset   size align  type                     name
// CHECK-NEXT:        0     12     4  float3                   Specular
// CHECK-NEXT:       12      4     4  float                    Roughness
// CHECK-NEXT:       16     20    16  float[2]                 Lobes  (stride 16)
// CHECK-NEXT:       16      4     4  float                      [0]
// CHECK-NEXT:       32      4     4  float                      [1]
// CHECK-EMPTY:
// CHECK-NOT:  $Globals
