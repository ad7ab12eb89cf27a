// DXC's min-precision packing by position (cbuffer rules).
// Without native 16-bit types: at the top level of a buffer a member whose
// precision class differs from the buffer's current one starts a row; a
// struct leaves the buffer full precision whatever it ends with, an array
// leaves the state as it was; inside a struct there is no such rule.
// With --enable-16bit-types: min-precision is 2 bytes, 2-aligned at the top
// level but 4-aligned inside a struct.
// RUN: %cblower layout --color never %s | FileCheck %s --check-prefix=MIN
// RUN: %cblower layout --color never --enable-16bit-types %s | FileCheck %s --check-prefix=NATIVE

struct Ends { float a; min16float h; };
struct Mixed { half p; min16float q; min16float3 r; };

cbuffer AfterStruct { Ends s; min16float s_m; float s_f; };
cbuffer AfterArray { float a_a; min16float a_arr[2]; min16float a_m; float a_f; };
cbuffer InStruct { Mixed x; half x_t; };
cbuffer TopLevel { half p; min16float q; min16float3 r; };
ConstantBuffer<Mixed> CBView;

// Without 16-bit types (every min-precision scalar 4 bytes):
// AfterStruct: s 0..8 (no rule inside Ends); s_m is min after a struct
//   (state full) -> 16; s_f changes back -> 32.
// AfterArray: a_arr starts row 1 and leaves the state full (from a_a), so
//   a_m at 36 changes class -> 48 and a_f -> 64.
// InStruct: inside Mixed q packs at 4 next to p; r (12 bytes) at 8 would
//   cross the row -> 16. x_t is full after the struct -> 28.
// TopLevel: the same members as Mixed, but q is min after p (full) -> 16.
// CBView: ConstantBuffer<T>'s members are T's fields, laid out as the
//   struct is (DXC lays out T, not the members): as in InStruct.
// With 16-bit types: Mixed q is 4-aligned (4), r at 8, x_t at 14; at the
// top level q is 2-aligned (2) and r follows at 4.

// MIN:      cbuffer AfterStruct  [rules: cbuffer, size: 36 bytes]
// MIN-NEXT:   offset   size align  type       name
// MIN-NEXT:        0      8    16  Ends       s
// MIN-NEXT:        0      4     4  float        a
// MIN-NEXT:        4      4     4  min16float   h
// MIN-NEXT:       16      4     4  min16float s_m
// MIN-NEXT:       32      4     4  float      s_f
// MIN-EMPTY:
// MIN-NEXT:         0  1  2  3  4  5  6  7  8  9  10 11 12 13 14 15
// MIN-NEXT:   c0   |s.a        |s.h        |pad: precision class---|
// MIN-NEXT:   c1   |s_m        |pad: precision class---------------|
// MIN-NEXT:   c2   |s_f        |                                   |
// MIN-EMPTY:
// MIN:      cbuffer AfterArray  [rules: cbuffer, size: 68 bytes]
// MIN-NEXT:   offset   size align  type          name
// MIN-NEXT:        0      4     4  float         a_a
// MIN-NEXT:       16     20    16  min16float[2] a_arr  (stride 16)
// MIN-NEXT:       16      4     4  min16float      [0]
// MIN-NEXT:       32      4     4  min16float      [1]
// MIN-NEXT:       48      4     4  min16float    a_m
// MIN-NEXT:       64      4     4  float         a_f
// MIN-EMPTY:
// MIN-NEXT:         0  1  2  3  4  5  6  7  8  9  10 11 12 13 14 15
// MIN-NEXT:   c0   |a_a        |pad: array start-------------------|
// MIN-NEXT:   c1   |a_arr[0]   |pad: array element-----------------|
// MIN-NEXT:   c2   |a_arr[1]   |pad: precision class---------------|
// MIN-NEXT:   c3   |a_m        |pad: precision class---------------|
// MIN-NEXT:   c4   |a_f        |                                   |
// MIN-EMPTY:
// MIN:      cbuffer InStruct  [rules: cbuffer, size: 32 bytes]
// MIN-NEXT:   offset   size align  type        name
// MIN-NEXT:        0     28    16  Mixed       x
// MIN-NEXT:        0      4     4  half          p
// MIN-NEXT:        4      4     4  min16float    q
// MIN-NEXT:       16     12     4  min16float3   r
// MIN-NEXT:       28      4     4  half        x_t
// MIN-EMPTY:
// MIN-NEXT:         0  1  2  3  4  5  6  7  8  9  10 11 12 13 14 15
// MIN-NEXT:   c0   |x.p        |x.q        |pad: row boundary------|
// MIN-NEXT:   c1   |x.r                                |x_t        |
// MIN-EMPTY:
// MIN:      cbuffer TopLevel  [rules: cbuffer, size: 32 bytes]
// MIN-NEXT:   offset   size align  type        name
// MIN-NEXT:        0      4     4  half        p
// MIN-NEXT:       16      4     4  min16float  q
// MIN-NEXT:       20     12     4  min16float3 r
// MIN-EMPTY:
// MIN-NEXT:         0  1  2  3  4  5  6  7  8  9  10 11 12 13 14 15
// MIN-NEXT:   c0   |p          |pad: precision class---------------|
// MIN-NEXT:   c1   |q          |r                                  |
// MIN-EMPTY:
// MIN:      ConstantBuffer CBView  [rules: cbuffer, size: 28 bytes]
// MIN-NEXT:   offset   size align  type        name
// MIN-NEXT:        0      4     4  half        p
// MIN-NEXT:        4      4     4  min16float  q
// MIN-NEXT:       16     12     4  min16float3 r
// MIN-EMPTY:
// MIN-NEXT:         0  1  2  3  4  5  6  7  8  9  10 11 12 13 14 15
// MIN-NEXT:   c0   |p          |q          |pad: row boundary------|
// MIN-NEXT:   c1   |r                                  |           |

// NATIVE:      cbuffer AfterStruct  [rules: cbuffer, size: 12 bytes]
// NATIVE-NEXT:   offset   size align  type       name
// NATIVE-NEXT:        0      6    16  Ends       s
// NATIVE-NEXT:        0      4     4  float        a
// NATIVE-NEXT:        4      2     4  min16float   h
// NATIVE-NEXT:        6      2     2  min16float s_m
// NATIVE-NEXT:        8      4     4  float      s_f
// NATIVE-EMPTY:
// NATIVE-NEXT:         0  1  2  3  4  5  6  7  8  9  10 11 12 13 14 15
// NATIVE-NEXT:   c0   |s.a        |s.h  |s_m  |s_f        |           |
// NATIVE-EMPTY:
// NATIVE:      cbuffer AfterArray  [rules: cbuffer, size: 40 bytes]
// NATIVE-NEXT:   offset   size align  type          name
// NATIVE-NEXT:        0      4     4  float         a_a
// NATIVE-NEXT:       16     18    16  min16float[2] a_arr  (stride 16)
// NATIVE-NEXT:       16      2     2  min16float      [0]
// NATIVE-NEXT:       32      2     2  min16float      [1]
// NATIVE-NEXT:       34      2     2  min16float    a_m
// NATIVE-NEXT:       36      4     4  float         a_f
// NATIVE-EMPTY:
// NATIVE-NEXT:         0  1  2  3  4  5  6  7  8  9  10 11 12 13 14 15
// NATIVE-NEXT:   c0   |a_a        |pad: array start-------------------|
// NATIVE-NEXT:   c1   |a_arr|pad: array element-----------------------|  a_arr[0]
// NATIVE-NEXT:   c2   |a_arr|a_m  |a_f        |                       |  a_arr[1]
// NATIVE-EMPTY:
// NATIVE:      cbuffer InStruct  [rules: cbuffer, size: 16 bytes]
// NATIVE-NEXT:   offset   size align  type        name
// NATIVE-NEXT:        0     14    16  Mixed       x
// NATIVE-NEXT:        0      2     2  half          p
// NATIVE-NEXT:        4      2     4  min16float    q
// NATIVE-NEXT:        8      6     4  min16float3   r
// NATIVE-NEXT:       14      2     2  half        x_t
// NATIVE-EMPTY:
// NATIVE-NEXT:         0  1  2  3  4  5  6  7  8  9  10 11 12 13 14 15
// NATIVE-NEXT:   c0   |x.p  |pad: |x.q  |pad: |x.r              |x_t  |  pad: alignment, pad: alignment
// NATIVE-EMPTY:
// NATIVE:      cbuffer TopLevel  [rules: cbuffer, size: 10 bytes]
// NATIVE-NEXT:   offset   size align  type        name
// NATIVE-NEXT:        0      2     2  half        p
// NATIVE-NEXT:        2      2     2  min16float  q
// NATIVE-NEXT:        4      6     2  min16float3 r
// NATIVE-EMPTY:
// NATIVE-NEXT:         0  1  2  3  4  5  6  7  8  9  10 11 12 13 14 15
// NATIVE-NEXT:   c0   |p    |q    |r                |                 |
// NATIVE-EMPTY:
// NATIVE:      ConstantBuffer CBView  [rules: cbuffer, size: 14 bytes]
// NATIVE-NEXT:   offset   size align  type        name
// NATIVE-NEXT:        0      2     2  half        p
// NATIVE-NEXT:        4      2     4  min16float  q
// NATIVE-NEXT:        8      6     4  min16float3 r
// NATIVE-EMPTY:
// NATIVE-NEXT:         0  1  2  3  4  5  6  7  8  9  10 11 12 13 14 15
// NATIVE-NEXT:   c0   |p    |pad: |q    |pad: |r                |     |  pad: alignment, pad: alignment
