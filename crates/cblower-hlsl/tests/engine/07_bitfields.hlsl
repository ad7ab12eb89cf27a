// Packed G-buffer and light descriptors with HLSL 2021 bitfields.
// BY HAND: LightGrid.Header 0, LightGrid.Lights 16, LightGrid.Count 108
// PackedLight: Type:4 + Shadow:1 + Index:27 share one uint (0); Range:16 and
// the unnamed :8 share a second uint (4); `: 0` closes it and Cone:10 starts
// a third (8); Color (float3) would cross the row at 12, so it starts at 16
// and the struct is 28 bytes (stride 32 in an array).
struct PackedLight
{
    uint Type   : 4;
    uint Shadow : 1;
    int  Index  : 27;   // int and uint of one size share the unit
    uint Range  : 16;
    uint        : 8;
    uint        : 0;
    uint Cone   : 10;
    float3 Color;
};

struct GridHeader
{
    uint TileX : 16;
    uint TileY : 16;
    uint Depth : 8;
};

cbuffer LightGrid : register(b4)
{
    GridHeader  Header;      // two uints: 0..8
    PackedLight Lights[3];   // new row 16, stride 32: 16, 48, 80 -> ends 108
    uint        Count;
};

float3 Accumulate(float3 p)
{
    float3 sum = 0;
    for (uint i = 0; i < Count; ++i)
    {
        PackedLight l = Lights[i];
        if (l.Type == 1 && l.Shadow) sum += l.Color * (float)l.Range;
    }
    return sum;
}
