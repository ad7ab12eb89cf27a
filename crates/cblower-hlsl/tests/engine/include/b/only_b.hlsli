// Reached through the second -I directory.
#pragma once
struct Fog { float3 Color; float Density; };
