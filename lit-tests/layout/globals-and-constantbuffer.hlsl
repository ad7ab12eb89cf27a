// Globals form $Globals (last; register(c#) is an explicit offset);
// ConstantBuffer<T> is a buffer of T's fields.
// RUN: %cblower layout %s | FileCheck %s

struct PostParams { float exposure; float3 tint; };
float4 early;
ConstantBuffer<PostParams> Post : register(b2);
cbuffer Later { int later; };
float late : register(c3);
static float notMember;

// CHECK:      ConstantBuffer Post : register(b2, space0)  [rules: cbuffer, size: 16 bytes]
// CHECK:      cbuffer Later  [rules: cbuffer, size: 4 bytes]
// Explicitly placed members come first; `early` packs after `late` (52),
// which would cross a row, so it starts c4.
// CHECK:      cbuffer $Globals  [rules: cbuffer, size: 80 bytes]
// CHECK-NEXT: offset
// CHECK-NEXT: 48      4     4  float                    late
// CHECK-NEXT: 64     16     4  float4                   early
