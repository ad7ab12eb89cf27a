// DXR (issue #16): acceleration structures, payloads with access qualifiers,
// state-object subobjects and root-signature strings are read and skipped;
// RayDesc is the predefined struct it is in HLSL.
// By hand: RayGen.InvViewProj 0, CameraPos 64, Frame 76, Probe 80 (Origin 80,
// TMin 92, Direction 96, TMax 108): 112 bytes; no $Globals.
// RUN: %cblower layout --color never %s | FileCheck %s

#define RS "DescriptorTable(UAV(u0), SRV(t0)), CBV(b0)"

RaytracingAccelerationStructure Scene  : register(t0);
RWTexture2D<float4>             Output : register(u0);

struct [raypayload] Payload
{
    float3 Radiance : read(caller) : write(closesthit, miss);
    uint   Depth    : read(caller, closesthit) : write(caller);
};

cbuffer RayGen : register(b0)
{
    float4x4 InvViewProj;
    float3   CameraPos;
    uint     Frame;
    RayDesc  Probe;
};

GlobalRootSignature           Global = { RS };
LocalRootSignature            Local  = { "RootConstants(num32BitConstants = 4, b1)" };
SubobjectToExportsAssociation Assoc  = { "Local", "HitGroup" };
RaytracingShaderConfig        Shader = { 16, 8 };
RaytracingPipelineConfig1     Pipe   = { 2, RAYTRACING_PIPELINE_FLAG_SKIP_PROCEDURAL_PRIMITIVES };
TriangleHitGroup              HitGroup = { "", "ClosestHit" };
ProceduralPrimitiveHitGroup   Spheres  = { "", "SphereHit", "SphereIntersect" };
StateObjectConfig             Config = { STATE_OBJECT_FLAGS_ALLOW_LOCAL_DEPENDENCIES_ON_EXTERNAL_DEFINITONS };

[RootSignature(RS)]
[shader("raygeneration")]
void RayGenMain()
{
    RayDesc ray = Probe;
    Payload p = { float3(0, 0, 0), 0 };
    TraceRay(Scene, RAY_FLAG_NONE, 0xFF, 0, 1, 0, ray, p);
    Output[DispatchRaysIndex().xy] = float4(p.Radiance, 1);
}

[shader("closesthit")]
void ClosestHit(inout Payload p, in BuiltInTriangleIntersectionAttributes a)
{
    RayQuery<RAY_FLAG_CULL_NON_OPAQUE | RAY_FLAG_SKIP_PROCEDURAL_PRIMITIVES> q;
    p.Radiance = float3(a.barycentrics, 0);
}

// CHECK:      cbuffer RayGen : register(b0, space0)  [rules: cbuffer, size: 112 bytes]
// CHECK-NEXT:   offset   size align  type                     name
// CHECK-NEXT:        0     64    16  float4x4                 InvViewProj
// CHECK-NEXT:       64     12     4  float3                   CameraPos
// CHECK-NEXT:       76      4     4  uint                     Frame
// CHECK-NEXT:       80     32    16  RayDesc                  Probe
// CHECK-NEXT:       80     12     4  float3                     Origin
// CHECK-NEXT:       92      4     4  float                      TMin
// CHECK-NEXT:       96     12     4  float3                     Direction
// CHECK-NEXT:      108      4     4  float                      TMax
// CHECK-EMPTY:
// CHECK-NOT:  $Globals
