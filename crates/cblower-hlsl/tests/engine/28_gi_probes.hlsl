// Irradiance probe volume: SH coefficients, packed probe state bitfields,
// bindless probe atlases in their own space.
// BY HAND: ProbeVolume.Origin 0, ProbeVolume.Spacing 12, ProbeVolume.Counts 16, ProbeVolume.State 32, ProbeVolume.SH 48
struct ProbeState
{
    uint Active     : 1;
    uint Relocated  : 1;
    uint Classified : 2;
    uint Frames     : 12;
    uint Offset     : 16;
};

struct SH9 { float4 C[9]; };

cbuffer ProbeVolume : register(b0, space0)
{
    float3     Origin;
    float      Spacing;
    uint3      Counts;
    ProbeState State;          // one uint of bitfields; a struct starts a row: 32
    SH9        SH;
};

Texture2DArray<float4> ProbeAtlases[] : register(t0, space5);
RWTexture2D<float4>    ProbeOut       : register(u0);

float3 EvalSH(SH9 sh, float3 n)
{
    float3 r = sh.C[0].rgb * 0.282095;
    r += sh.C[1].rgb * 0.488603 * n.y + sh.C[2].rgb * 0.488603 * n.z + sh.C[3].rgb * 0.488603 * n.x;
    return r;
}

[numthreads(8, 8, 1)]
void CSUpdate(uint3 id : SV_DispatchThreadID)
{
    if (!State.Active) return;
    ProbeOut[id.xy] = float4(EvalSH(SH, normalize(float3(id.xy, 1))), 1) + ProbeAtlases[State.Offset].Load(int4(id.xy, 0, 0));
}
