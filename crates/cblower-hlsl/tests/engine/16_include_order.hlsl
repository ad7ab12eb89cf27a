// Headers found the way DXC finds them: "..." next to this file first, <...>
// only through -I directories, in the order given (include/a, include/b).
// BY HAND: IncludeOrder.Rows 0, IncludeOrder.Local 48, IncludeOrder.FogParams 80, IncludeOrder.FromA 96
#include <shared.hlsli>          // include/a/shared.hlsli: SHARED_ROWS 3
#include <only_b.hlsli>          // include/b/only_b.hlsli
#include "include/local.hlsli"   // relative to this file
#include "shared.hlsli"          // not next to this file: -I order again, and #pragma once

cbuffer IncludeOrder : register(b0)
{
    float4 Rows[SHARED_ROWS];         // 0..48
    float2 Local[LOCAL_ROWS];         // 48, 64 -> ends 72
    Fog    FogParams;                 // new row 80
    uint   FromA[SHARED_FROM_A];      // new row 96
};

float3 ApplyFog(float3 c, float d)
{
    return lerp(c, FogParams.Color, saturate(d * FogParams.Density)) + Rows[0].xyz;
}
