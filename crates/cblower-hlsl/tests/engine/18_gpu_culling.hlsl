// GPU-driven instance culling: initializer-sized constant tables, unbounded
// buffer tables, groupshared compaction.
// BY HAND: CullingData.ViewProj 0, CullingData.InstanceCount 64, CullingData.LodDistances 80, CullingData.Cascades 116
static const float kLodBias[] = { 1.0, 0.75, 0.5, 0.25 };
static const uint  kLodCount = 3;
static const uint2 kTileOffsets[] = { uint2(0, 0), uint2(1, 0), uint2(0, 1), uint2(1, 1) };

cbuffer CullingData : register(b0)
{
    float4x4 ViewProj;
    uint     InstanceCount;
    float    LodDistances[kLodCount];   // new row 80: 80, 96, 112 -> ends 116
    uint     Cascades;                  // packs into the last row at 116
};

StructuredBuffer<float4>          Bounds[]       : register(t0, space1);
RWStructuredBuffer<uint>          VisibleList    : register(u0);
RWByteAddressBuffer               DrawArgs       : register(u1);
groupshared uint                  gs_Visible[64];
groupshared uint                  gs_Count;

[numthreads(64, 1, 1)]
void CSCull(uint dtid : SV_DispatchThreadID, uint gi : SV_GroupIndex)
{
    if (gi == 0) gs_Count = 0;
    GroupMemoryBarrierWithGroupSync();
    if (dtid < InstanceCount)
    {
        float4 s = Bounds[0][dtid];
        float4 c = mul(ViewProj, float4(s.xyz, 1));
        if (c.w > -s.w * kLodBias[dtid & 3])
        {
            uint slot;
            InterlockedAdd(gs_Count, 1, slot);
            gs_Visible[slot] = dtid;
        }
    }
    GroupMemoryBarrierWithGroupSync();
    if (gi < gs_Count) VisibleList[gi] = gs_Visible[gi];
    if (gi == 0) DrawArgs.InterlockedAdd(4, gs_Count, gs_Count);
}
