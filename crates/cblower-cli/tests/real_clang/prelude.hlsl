// Typedefs clang-22 gets from hlsl.h, which Debian's clang-22 lacks; the
// test defines CBLOWER_NATIVE16 for shaders marked `// cblower-test: native16`.
typedef unsigned int uint;
typedef long int64_t;
typedef unsigned long uint64_t;
#ifdef CBLOWER_NATIVE16
typedef half float16_t;
typedef short int16_t;
typedef unsigned short uint16_t;
typedef vector<int16_t,2> int16_t2; typedef vector<int16_t,3> int16_t3; typedef vector<int16_t,4> int16_t4;
typedef vector<uint16_t,2> uint16_t2; typedef vector<uint16_t,4> uint16_t4;
#endif
typedef vector<float,2> float2; typedef vector<float,3> float3; typedef vector<float,4> float4;
typedef vector<int,2> int2; typedef vector<int,3> int3; typedef vector<int,4> int4;
typedef vector<uint,2> uint2; typedef vector<uint,3> uint3; typedef vector<uint,4> uint4;
typedef vector<bool,2> bool2; typedef vector<bool,3> bool3; typedef vector<bool,4> bool4;
typedef vector<half,2> half2; typedef vector<half,3> half3; typedef vector<half,4> half4;
typedef vector<double,2> double2; typedef vector<double,3> double3; typedef vector<double,4> double4;
typedef vector<int64_t,2> int64_t2; typedef vector<uint64_t,2> uint64_t2; typedef vector<uint64_t,3> uint64_t3;
typedef matrix<float,2,2> float2x2; typedef matrix<float,3,3> float3x3; typedef matrix<float,4,4> float4x4;
typedef matrix<float,3,4> float3x4; typedef matrix<float,4,3> float4x3; typedef matrix<float,2,3> float2x3;
typedef matrix<int,2,3> int2x3; typedef matrix<half,2,2> half2x2; typedef matrix<double,2,2> double2x2;

RWBuffer<float4> OutF : register(u0, space9);
RWBuffer<uint4> OutU : register(u1, space9);

// Writes a value's bits (as far as the shader keeps them) to the outputs.
