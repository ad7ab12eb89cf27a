// UI and text rendering: typedefs, a tbuffer of glyphs, a SDF font atlas and
// a $Globals buffer from plain globals.
// BY HAND: GlyphData.Glyphs 0, GlyphData.GlyphCount 512
// BY HAND: $Globals.ScreenSize 0, $Globals.Smoothing 8, $Globals.TextColor 16
typedef float4 Rect;
typedef uint GlyphId;

struct Glyph { Rect Uv; };

tbuffer GlyphData : register(t1)
{
    Glyph   Glyphs[32];     // 0..512
    GlyphId GlyphCount;     // 512
};

float2 ScreenSize;
float  Smoothing;
float4 TextColor;

Texture2D<float> FontAtlas : register(t0);
SamplerState     FontSampler : register(s0);

struct VSOut { float4 Pos : SV_Position; float2 Uv : TEXCOORD0; };

VSOut VSMain(uint vid : SV_VertexID, uint iid : SV_InstanceID)
{
    VSOut o;
    Rect r = Glyphs[iid % GlyphCount].Uv;
    float2 corner = float2(vid & 1, vid >> 1);
    o.Pos = float4(corner * 2 / ScreenSize - 1, 0, 1);
    o.Uv = lerp(r.xy, r.zw, corner);
    return o;
}

float4 PSMain(VSOut i) : SV_Target
{
    float d = FontAtlas.Sample(FontSampler, i.Uv);
    return TextColor * smoothstep(0.5 - Smoothing, 0.5 + Smoothing, d);
}
