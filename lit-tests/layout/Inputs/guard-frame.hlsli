// A guarded header that includes itself and a sibling that includes it back:
// the second reading of each stops at its guard instead of being a cycle.
#ifndef GUARD_FRAME_HLSLI
#define GUARD_FRAME_HLSLI
#include "guard-frame.hlsli"
#include "guard-object.hlsli"
struct FrameData { float4x4 viewProj; float time; };
#endif
