// cblower check --cpp prelude "glm": stand-ins with the layouts of glm's
// default (unaligned) types: vecN is N scalars, matCxR is C columns of vecR.
// HLSL floatRxC (R rows, C columns) is mapped to matCxR, as shared headers
// that use glm do. Written for cblower; glm is not needed.
#pragma once
#include <cstdint>
namespace glm {
struct vec2 { float x, y; };
struct vec3 { float x, y, z; };
struct vec4 { float x, y, z, w; };
struct ivec2 { int32_t x, y; };
struct ivec3 { int32_t x, y, z; };
struct ivec4 { int32_t x, y, z, w; };
struct uvec2 { uint32_t x, y; };
struct uvec3 { uint32_t x, y, z; };
struct uvec4 { uint32_t x, y, z, w; };
struct mat2 { vec2 value[2]; };
struct mat3 { vec3 value[3]; };
struct mat4 { vec4 value[4]; };
struct mat2x3 { vec3 value[2]; };
struct mat2x4 { vec4 value[2]; };
struct mat3x2 { vec2 value[3]; };
struct mat3x4 { vec4 value[3]; };
struct mat4x2 { vec2 value[4]; };
struct mat4x3 { vec3 value[4]; };
}
typedef unsigned int uint;
typedef glm::vec2 float2;
typedef glm::vec3 float3;
typedef glm::vec4 float4;
typedef glm::ivec2 int2;
typedef glm::ivec3 int3;
typedef glm::ivec4 int4;
typedef glm::uvec2 uint2;
typedef glm::uvec3 uint3;
typedef glm::uvec4 uint4;
typedef glm::mat2 float2x2;
typedef glm::mat3 float3x3;
typedef glm::mat4 float4x4;
typedef glm::mat3x2 float2x3;
typedef glm::mat4x2 float2x4;
typedef glm::mat2x3 float3x2;
typedef glm::mat4x3 float3x4;
typedef glm::mat2x4 float4x2;
typedef glm::mat3x4 float4x3;
#define row_major
#define column_major
