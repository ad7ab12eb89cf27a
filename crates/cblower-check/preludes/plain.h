// cblower check --cpp prelude "plain": the HLSL vector and matrix names as
// plain C arrays (float3 is float[3], floatRxC is float[R][C]), bool left as
// C++ bool. Written for cblower; it mimics no library.
#pragma once
#include <cstdint>
typedef unsigned int uint;
typedef uint32_t dword;
typedef uint16_t half;
#define CBLOWER_VECTORS(T, N) typedef N N##2[2]; typedef N N##3[3]; typedef N N##4[4];
#define CBLOWER_MATRIX(N, R, C) typedef N N##R##x##C[R][C];
#define CBLOWER_MATRICES(N) \
  CBLOWER_MATRIX(N, 1, 1) CBLOWER_MATRIX(N, 1, 2) CBLOWER_MATRIX(N, 1, 3) CBLOWER_MATRIX(N, 1, 4) \
  CBLOWER_MATRIX(N, 2, 1) CBLOWER_MATRIX(N, 2, 2) CBLOWER_MATRIX(N, 2, 3) CBLOWER_MATRIX(N, 2, 4) \
  CBLOWER_MATRIX(N, 3, 1) CBLOWER_MATRIX(N, 3, 2) CBLOWER_MATRIX(N, 3, 3) CBLOWER_MATRIX(N, 3, 4) \
  CBLOWER_MATRIX(N, 4, 1) CBLOWER_MATRIX(N, 4, 2) CBLOWER_MATRIX(N, 4, 3) CBLOWER_MATRIX(N, 4, 4)
CBLOWER_VECTORS(float, float) CBLOWER_MATRICES(float)
CBLOWER_VECTORS(int, int) CBLOWER_MATRICES(int)
CBLOWER_VECTORS(uint, uint) CBLOWER_MATRICES(uint)
CBLOWER_VECTORS(double, double) CBLOWER_MATRICES(double)
CBLOWER_VECTORS(bool, bool)
CBLOWER_VECTORS(half, half)
#undef CBLOWER_VECTORS
#undef CBLOWER_MATRIX
#undef CBLOWER_MATRICES
#define row_major
#define column_major
