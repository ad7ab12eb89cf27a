// Amplification shader: per-group culling and DispatchMesh with a payload.
// BY HAND: CullConstants.ViewPos 0, CullConstants.InstanceCount 12, CullConstants.Planes 16, CullConstants.HiZSize 112
struct Payload { uint Indices[32]; };
groupshared Payload s_Payload;
groupshared uint s_Count;

cbuffer CullConstants : register(b1)
{
    float3 ViewPos;
    uint   InstanceCount;
    float4 Planes[6];
    float2 HiZSize;
};

StructuredBuffer<float4> Spheres : register(t0);
Texture2D<float>         HiZ     : register(t1);

bool Visible(float4 s)
{
    [unroll] for (uint i = 0; i < 6; ++i)
        if (dot(Planes[i].xyz, s.xyz) + Planes[i].w < -s.w) return false;
    return true;
}

[numthreads(32, 1, 1)]
void ASMain(uint dtid : SV_DispatchThreadID, uint gtid : SV_GroupThreadID)
{
    if (gtid == 0) s_Count = 0;
    GroupMemoryBarrierWithGroupSync();
    if (dtid < InstanceCount && Visible(Spheres[dtid]))
    {
        uint slot;
        InterlockedAdd(s_Count, 1, slot);
        s_Payload.Indices[slot] = dtid;
    }
    GroupMemoryBarrierWithGroupSync();
    DispatchMesh(s_Count, 1, 1, s_Payload);
}
