#if !defined(GUARD_OBJECT_HLSLI)
#define GUARD_OBJECT_HLSLI
#include "guard-frame.hlsli"
struct ObjectData { float3 position; float scale; };
#endif
