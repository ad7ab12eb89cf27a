// Meshlet rendering: mesh-shader attributes, output arrays and groupshared
// culling state.
// BY HAND: MeshletConstants.World 0, MeshletConstants.MeshletCount 64, MeshletConstants.ConeCull 68, MeshletConstants.LodScale 72, MeshletConstants.Frustum 80
#define MAX_VERTS 64
#define MAX_PRIMS 124
#define GROUP_SIZE 32

struct Meshlet { uint VertOffset; uint VertCount; uint PrimOffset; uint PrimCount; };
struct VertexOut { float4 Pos : SV_Position; float3 Normal : NORMAL; uint MeshletId : COLOR0; };
struct PrimOut { bool Culled : SV_CullPrimitive; uint Layer : SV_RenderTargetArrayIndex; };
struct Payload { uint MeshletIndices[GROUP_SIZE]; };

cbuffer MeshletConstants : register(b0)
{
    float4x4 World;
    uint     MeshletCount;
    bool     ConeCull;
    float    LodScale;
    float4   Frustum[6];
};

StructuredBuffer<Meshlet> Meshlets : register(t0);
StructuredBuffer<float3>  Positions : register(t1);
ByteAddressBuffer         Prims : register(t2);

groupshared uint  gs_VisibleCount;
groupshared float3 gs_Positions[MAX_VERTS];

[outputtopology("triangle")]
[numthreads(GROUP_SIZE, 1, 1)]
void MSMain(
    uint gtid : SV_GroupThreadID,
    uint gid : SV_GroupID,
    in payload Payload payload,
    out indices uint3 tris[MAX_PRIMS],
    out vertices VertexOut verts[MAX_VERTS],
    out primitives PrimOut prims[MAX_PRIMS])
{
    Meshlet m = Meshlets[payload.MeshletIndices[gid]];
    SetMeshOutputCounts(m.VertCount, m.PrimCount);
    for (uint v = gtid; v < m.VertCount; v += GROUP_SIZE)
    {
        gs_Positions[v] = Positions[m.VertOffset + v];
        verts[v].Pos = mul(World, float4(gs_Positions[v], 1));
        verts[v].Normal = 0;
        verts[v].MeshletId = gid;
    }
    for (uint p = gtid; p < m.PrimCount; p += GROUP_SIZE)
    {
        uint packed = Prims.Load((m.PrimOffset + p) * 4);
        tris[p] = uint3(packed & 0xFF, (packed >> 8) & 0xFF, (packed >> 16) & 0xFF);
        prims[p].Culled = false;
        prims[p].Layer = 0;
    }
}
