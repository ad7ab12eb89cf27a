// A prelude whose float3 is a 16-byte SIMD vector, as some engines have.
#pragma once
struct alignas(16) float3 { float x, y, z; };
struct float4 { float x, y, z, w; };
