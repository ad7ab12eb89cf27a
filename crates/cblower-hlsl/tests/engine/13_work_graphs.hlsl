// Work graph: broadcasting and thread launch nodes with records, plus the
// global constants they read.
// BY HAND: GraphConstants.GridSize 0, GraphConstants.Seed 12, GraphConstants.Scale 16
struct [NodeTrackRWInputSharing] TileRecord
{
    uint2 Tile;
    uint3 DispatchGrid : SV_DispatchGrid;
};

struct ShadeRecord { uint PixelIndex; float Weight; };

cbuffer GraphConstants : register(b0)
{
    uint3  GridSize;
    uint   Seed;
    float4 Scale;
};

RWStructuredBuffer<float4> Target : register(u0);

[Shader("node")]
[NodeLaunch("broadcasting")]
[NodeMaxDispatchGrid(64, 64, 1)]
[NumThreads(8, 8, 1)]
[NodeIsProgramEntry]
void ClassifyTiles(
    DispatchNodeInputRecord<TileRecord> input,
    uint2 dtid : SV_DispatchThreadID,
    [MaxRecords(64)] [NodeId("Shade")] NodeOutput<ShadeRecord> shadeOut)
{
    ThreadNodeOutputRecords<ShadeRecord> rec = shadeOut.GetThreadNodeOutputRecords(1);
    rec.Get().PixelIndex = dtid.y * GridSize.x + dtid.x;
    rec.Get().Weight = Scale.x;
    rec.OutputComplete();
}

[Shader("node")]
[NodeLaunch("thread")]
void Shade(ThreadNodeInputRecord<ShadeRecord> input)
{
    Target[input.Get().PixelIndex] *= input.Get().Weight;
}
