// Only in the second -I directory.
#pragma once
struct FogParams { float3 Color; float Density; };
