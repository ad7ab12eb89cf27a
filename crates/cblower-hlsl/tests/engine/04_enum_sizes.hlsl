// Debug visualisation modes as enums; enum values size arrays and enum-typed
// members take their underlying type's size.
// BY HAND: DebugView.Mode 0, DebugView.ChannelMask 4, DebugView.Flags 8, DebugView.Colors 16, DebugView.Exposure 80
enum DebugMode
{
    DEBUG_NONE,
    DEBUG_ALBEDO,
    DEBUG_NORMALS = 4,
    DEBUG_DEPTH,                 // 5
    DEBUG_COUNT                  // 6
};

enum class Channel : uint { R = 1, G = 2, B = 4, A = 8, All = R | G | B | A };

namespace Vis
{
    enum Palette { Cold, Warm, Heat, PaletteCount };
}

cbuffer DebugView : register(b3)
{
    DebugMode Mode;
    Channel   ChannelMask;
    uint      Flags;
    float4    Colors[Vis::PaletteCount + 1];   // 4 rows: 16..80
    float     Exposure;
};

float3 Visualise(float3 albedo, float3 n, float depth)
{
    switch (Mode)
    {
    case DEBUG_ALBEDO:  return albedo;
    case DEBUG_NORMALS: return n * 0.5 + 0.5;
    case DEBUG_DEPTH:   return depth.xxx * Exposure;
    default:            return Colors[(uint)Channel::G].rgb;
    }
}
