// `mutable` members and `const` member functions (HLSL 202x): the
// qualifier does not change the layout; the methods take no space.
// clang-22 -std=hlsl202x: <{ %Limits(float2, pad 8, float3), pad 4,
// %Counter(i32, i32), float }>, the offsets below.
// RUN: %cblower layout --color never %s 2>&1 | FileCheck %s
struct Counter
{
    uint         Base;
    mutable uint Cache;
    uint Next() const { return ++Cache + Base; }
};

struct Limits
{
    float2 Range;
    float  Clamp(float v) const { return v < Range.x ? Range.x : (v > Range.y ? Range.y : v); }
    mutable float3 Scratch;
};

cbuffer Frame : register(b0)
{
    Limits  Bounds;
    Counter Ticks;
    float   Time;
};

[numthreads(1, 1, 1)]
void main()
{
}

// CHECK-NOT:  warning
// CHECK:      cbuffer Frame : register(b0, space0)  [rules: cbuffer, size: 44 bytes]
// CHECK-NEXT:   offset   size align  type    name
// CHECK-NEXT:        0     28    16  Limits  Bounds
// CHECK-NEXT:        0      8     4  float2    Range
// CHECK-NEXT:       16     12     4  float3    Scratch
// CHECK-NEXT:       32      8    16  Counter Ticks
// CHECK-NEXT:       32      4     4  uint      Base
// CHECK-NEXT:       36      4     4  uint      Cache
// CHECK-NEXT:       40      4     4  float   Time
