// DXR library: acceleration structure, payloads with access qualifiers,
// state-object subobjects and per-hit-group local constants.
// BY HAND: RayGenConstants.InvViewProj 0, RayGenConstants.CameraPos 64, RayGenConstants.FrameIndex 76, RayGenConstants.Probe 80
RaytracingAccelerationStructure Scene   : register(t0, space0);
RWTexture2D<float4>             Output  : register(u0);
StructuredBuffer<float3>        Normals : register(t1);

struct [raypayload] RadiancePayload
{
    float3 Radiance : read(caller) : write(closesthit, miss);
    uint   Depth    : read(caller, closesthit) : write(caller);
};

struct [raypayload] ShadowPayload
{
    bool Hit : read(caller) : write(caller, anyhit, miss);
};

cbuffer RayGenConstants : register(b0)
{
    float4x4 InvViewProj;
    float3   CameraPos;
    uint     FrameIndex;
    RayDesc  Probe;          // Origin 80, TMin 92, Direction 96, TMax 108
};

GlobalRootSignature MyGlobalRootSignature =
{
    "DescriptorTable(UAV(u0), SRV(t0, numDescriptors = 2)), CBV(b0)"
};

LocalRootSignature MyLocalRootSignature = { "RootConstants(num32BitConstants = 4, b1)" };

SubobjectToExportsAssociation MyLocalRootSignatureAssociation =
{
    "MyLocalRootSignature", "HitGroup"
};

RaytracingShaderConfig   MyShaderConfig   = { 16, 8 };
RaytracingPipelineConfig MyPipelineConfig = { 2 };
TriangleHitGroup HitGroup = { "", "ClosestHit" };
ProceduralPrimitiveHitGroup SphereGroup = { "", "SphereHit", "SphereIntersect" };
StateObjectConfig MyStateObjectConfig = { STATE_OBJECT_FLAGS_ALLOW_LOCAL_DEPENDENCIES_ON_EXTERNAL_DEFINITONS };

[shader("raygeneration")]
void RayGen()
{
    uint2 px = DispatchRaysIndex().xy;
    RayDesc ray;
    ray.Origin = CameraPos;
    ray.Direction = normalize(mul(InvViewProj, float4(px, 0, 1)).xyz);
    ray.TMin = 0.001;
    ray.TMax = 1e5;
    RadiancePayload p = { float3(0, 0, 0), 0 };
    TraceRay(Scene, RAY_FLAG_NONE, 0xFF, 0, 1, 0, ray, p);
    Output[px] = float4(p.Radiance, 1);
}

[shader("closesthit")]
void ClosestHit(inout RadiancePayload p, in BuiltInTriangleIntersectionAttributes attr)
{
    float3 bary = float3(1 - attr.barycentrics.x - attr.barycentrics.y, attr.barycentrics);
    p.Radiance = Normals[PrimitiveIndex()] * bary.x;
}

[shader("miss")]
void Miss(inout RadiancePayload p) { p.Radiance = float3(0.2, 0.3, 0.5); }
