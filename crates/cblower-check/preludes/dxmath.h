// cblower check --cpp prelude "dxmath": stand-ins with the layouts of
// DirectXMath's storage types (XMFLOAT3 is three floats, XMFLOAT3X3 nine,
// XMFLOAT4X4 sixteen, no SIMD alignment), mapped to the HLSL names the way
// shared headers usually do. Written for cblower; DirectXMath is not needed.
#pragma once
#include <cstdint>
namespace DirectX {
struct XMFLOAT2 { float x, y; };
struct XMFLOAT3 { float x, y, z; };
struct XMFLOAT4 { float x, y, z, w; };
struct XMINT2 { int32_t x, y; };
struct XMINT3 { int32_t x, y, z; };
struct XMINT4 { int32_t x, y, z, w; };
struct XMUINT2 { uint32_t x, y; };
struct XMUINT3 { uint32_t x, y, z; };
struct XMUINT4 { uint32_t x, y, z, w; };
struct XMFLOAT3X3 { float m[3][3]; };
struct XMFLOAT3X4 { float m[3][4]; };
struct XMFLOAT4X3 { float m[4][3]; };
struct XMFLOAT4X4 { float m[4][4]; };
}
typedef unsigned int uint;
typedef DirectX::XMFLOAT2 float2;
typedef DirectX::XMFLOAT3 float3;
typedef DirectX::XMFLOAT4 float4;
typedef DirectX::XMINT2 int2;
typedef DirectX::XMINT3 int3;
typedef DirectX::XMINT4 int4;
typedef DirectX::XMUINT2 uint2;
typedef DirectX::XMUINT3 uint3;
typedef DirectX::XMUINT4 uint4;
typedef DirectX::XMFLOAT3X3 float3x3;
typedef DirectX::XMFLOAT3X4 float3x4;
typedef DirectX::XMFLOAT4X3 float4x3;
typedef DirectX::XMFLOAT4X4 float4x4;
#define row_major
#define column_major
