// Everything else a real file holds (issue #16): mesh and amplification
// attributes, groupshared, work-graph attributes and records, [[vk::...]]
// attributes, #pragma of several kinds, _Pragma, #line, __FILE__ and
// __LINE__, and #include <...> searched through -I in order.
// By hand: Frame.Lines is float[4] at 0 (`__LINE__` is 4 three lines after
// `#line 1`; 52 bytes), World 64 (row_major by the _Pragma), Rows float4[3]
// at 128 (SHARED_ROWS from the first -I directory), Fog 176, Tail 192;
// $Globals (the DXIL view: vk attributes do not apply): Push 0, kUseFog 68.
// RUN: %cblower layout --color never -I %S/Inputs/inc-a -I %S/Inputs/inc-b %s | FileCheck %s

#include <engine-shared.hlsli>
#include <engine-fog.hlsli>
#pragma once
#pragma warning(disable : 3557)
#pragma dxc diagnostic push
#pragma message("building the mesh pass")
_Pragma("pack_matrix(row_major)")

static const string kFile = __FILE__;
struct PushData { float4x4 Model; uint Material; };
[[vk::push_constant]] PushData Push;
[[vk::constant_id(0)]] const bool kUseFog = true;
[[vk::binding(1, 0)]] [[vk::combinedImageSampler]] Texture2D<float4> Albedo : register(t0);
[[vk::ext_instruction(5381)]] bool IsHelper();

#line 1 "generated/frame.hlsl"
[[vk::binding(0, 0)]]
cbuffer Frame : register(b0)
{
    float Lines[__LINE__];
    float4x4  World;
    float4    Rows[SHARED_ROWS];
    FogParams Fog;
    float     Tail;
};
#pragma dxc diagnostic pop

struct Payload { uint Ids[32]; };
groupshared Payload s_Payload;
groupshared float3 s_Positions[64];

[numthreads(32, 1, 1)]
void ASMain(uint tid : SV_GroupThreadID)
{
    s_Payload.Ids[tid] = tid;
    DispatchMesh(1, 1, 1, s_Payload);
}

[outputtopology("triangle")]
[numthreads(32, 1, 1)]
void MSMain(uint tid : SV_GroupThreadID, in payload Payload p,
            out indices uint3 tris[64], out vertices float4 verts[64] : SV_Position)
{
    SetMeshOutputCounts(3, 1);
    verts[tid] = mul(World, float4(s_Positions[tid], 1));
}

[Shader("node")] [NodeLaunch("broadcasting")] [NodeMaxDispatchGrid(16, 1, 1)] [NumThreads(64, 1, 1)]
void Classify(DispatchNodeInputRecord<uint4> input, [MaxRecords(1)] [NodeId("Shade")] NodeOutput<uint4> shade) {}

// CHECK:      cbuffer Frame : register(b0, space0)  [rules: cbuffer, size: 196 bytes]
// CHECK-NEXT:   offset   size align  type                     name
// CHECK-NEXT:        0     52    16  float[4]                 Lines  (stride 16)
// CHECK-NEXT:        0      4     4  float                      [0]
// CHECK-NEXT:       16      4     4  float                      [1]
// CHECK-NEXT:       32      4     4  float                      [2]
// CHECK-NEXT:       48      4     4  float                      [3]
// CHECK-NEXT:       64     64    16  row_major float4x4       World
// CHECK-NEXT:      128     48    16  float4[3]                Rows  (stride 16)
// CHECK-NEXT:      128     16     4  float4                     [0]
// CHECK-NEXT:      144     16     4  float4                     [1]
// CHECK-NEXT:      160     16     4  float4                     [2]
// CHECK-NEXT:      176     16    16  FogParams                Fog
// CHECK-NEXT:      176     12     4  float3                     Color
// CHECK-NEXT:      188      4     4  float                      Density
// CHECK-NEXT:      192      4     4  float                    Tail
// CHECK-EMPTY:
// CHECK:      cbuffer $Globals  [rules: cbuffer, size: 72 bytes]
// CHECK-NEXT:   offset   size align  type                     name
// CHECK-NEXT:        0     68    16  PushData                 Push
// CHECK-NEXT:        0     64    16  row_major float4x4         Model
// CHECK-NEXT:       64      4     4  uint                       Material
// CHECK-NEXT:       68      4     4  bool                     kUseFog
// CHECK-EMPTY:
