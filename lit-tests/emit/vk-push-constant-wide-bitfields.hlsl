// Bitfields wider than their type in a [[vk::push_constant]] struct under
// --rules clang-22 (issue #15). clang-22 lays the struct out as a C++
// record: packed, but an over-wide bitfield is placed at the alignment of
// the largest integer type its width fills and raises the struct's
// alignment (the global's `align`); its record lowering then turns runs of
// bitfields into access units, which, in a struct aligned more than 1, may
// widen into following padding and merge up to 8 bytes. Every CHECK line
// is clang-22's own output for the same variant (the RUN lines compare
// both; clang-22 needs the 16- and 64-bit types spelled as C types).
// RUN: %cblower emit-llvm --target spirv --rules clang-22 --enable-16bit-types -D U16=uint16_t -D U64=uint64_t -D ALIGN %s 2>/dev/null | %opt-22 -S -passes=verify | FileCheck %s --check-prefix=ALIGN
// RUN: %clang-22 -cc1 -triple spirv-unknown-vulkan1.3-library -emit-llvm -disable-llvm-passes -fnative-int16-type -D "U16=unsigned short" -D "U64=unsigned long" -D ALIGN -o - %s 2>/dev/null | FileCheck %s --check-prefix=ALIGN
// RUN: %cblower emit-llvm --target spirv --rules clang-22 --enable-16bit-types -D U16=uint16_t -D U64=uint64_t -D WIDEN %s 2>/dev/null | %opt-22 -S -passes=verify | FileCheck %s --check-prefix=WIDEN
// RUN: %clang-22 -cc1 -triple spirv-unknown-vulkan1.3-library -emit-llvm -disable-llvm-passes -fnative-int16-type -D "U16=unsigned short" -D "U64=unsigned long" -D WIDEN -o - %s 2>/dev/null | FileCheck %s --check-prefix=WIDEN
// RUN: %cblower emit-llvm --target spirv --rules clang-22 --enable-16bit-types -D U16=uint16_t -D U64=uint64_t -D MERGE %s 2>/dev/null | %opt-22 -S -passes=verify | FileCheck %s --check-prefix=MERGE
// RUN: %clang-22 -cc1 -triple spirv-unknown-vulkan1.3-library -emit-llvm -disable-llvm-passes -fnative-int16-type -D "U16=unsigned short" -D "U64=unsigned long" -D MERGE -o - %s 2>/dev/null | FileCheck %s --check-prefix=MERGE
// RUN: %cblower emit-llvm --target spirv --rules clang-22 --enable-16bit-types -D U16=uint16_t -D U64=uint64_t -D OFFALIGN %s 2>/dev/null | %opt-22 -S -passes=verify | FileCheck %s --check-prefix=OFFALIGN
// RUN: %clang-22 -cc1 -triple spirv-unknown-vulkan1.3-library -emit-llvm -disable-llvm-passes -fnative-int16-type -D "U16=unsigned short" -D "U64=unsigned long" -D OFFALIGN -o - %s 2>/dev/null | FileCheck %s --check-prefix=OFFALIGN
// RUN: %cblower emit-llvm --target spirv --rules clang-22 --enable-16bit-types -D U16=uint16_t -D U64=uint64_t -D NONPOD %s 2>/dev/null | %opt-22 -S -passes=verify | FileCheck %s --check-prefix=NONPOD
// RUN: %clang-22 -cc1 -triple spirv-unknown-vulkan1.3-library -emit-llvm -disable-llvm-passes -fnative-int16-type -D "U16=unsigned short" -D "U64=unsigned long" -D NONPOD -o - %s 2>/dev/null | FileCheck %s --check-prefix=NONPOD
// RUN: %cblower emit-llvm --target spirv --rules clang-22 --enable-16bit-types -D U16=uint16_t -D U64=uint64_t -D POD %s 2>/dev/null | %opt-22 -S -passes=verify | FileCheck %s --check-prefix=POD
// RUN: %clang-22 -cc1 -triple spirv-unknown-vulkan1.3-library -emit-llvm -disable-llvm-passes -fnative-int16-type -D "U16=unsigned short" -D "U64=unsigned long" -D POD -o - %s 2>/dev/null | FileCheck %s --check-prefix=POD
// RUN: %cblower emit-llvm --target spirv --rules clang-22 --enable-16bit-types -D U16=uint16_t -D U64=uint64_t -D MEMBER %s 2>/dev/null | %opt-22 -S -passes=verify | FileCheck %s --check-prefix=MEMBER
// RUN: %clang-22 -cc1 -triple spirv-unknown-vulkan1.3-library -emit-llvm -disable-llvm-passes -fnative-int16-type -D "U16=unsigned short" -D "U64=unsigned long" -D MEMBER -o - %s 2>/dev/null | FileCheck %s --check-prefix=MEMBER
// RUN: %cblower emit-llvm --target spirv --rules clang-22 --enable-16bit-types -D U16=uint16_t -D U64=uint64_t -D TYPES %s 2>/dev/null | %opt-22 -S -passes=verify | FileCheck %s --check-prefix=TYPES
// RUN: %clang-22 -cc1 -triple spirv-unknown-vulkan1.3-library -emit-llvm -disable-llvm-passes -fnative-int16-type -D "U16=unsigned short" -D "U64=unsigned long" -D TYPES -o - %s 2>/dev/null | FileCheck %s --check-prefix=TYPES
// RUN: %cblower emit-llvm --target spirv --rules clang-22 --enable-16bit-types -D U16=uint16_t -D U64=uint64_t -D HUGE %s 2>/dev/null | %opt-22 -S -passes=verify | FileCheck %s --check-prefix=HUGE
// RUN: %clang-22 -cc1 -triple spirv-unknown-vulkan1.3-library -emit-llvm -disable-llvm-passes -fnative-int16-type -D "U16=unsigned short" -D "U64=unsigned long" -D HUGE -o - %s 2>/dev/null | FileCheck %s --check-prefix=HUGE

typedef unsigned int uint;
#ifdef ALIGN
// a 33-bit field after 3 bits starts at byte 4 (4-aligned); its 5 bytes are clipped; `b` follows at 9; the record is 16 bytes, 4-aligned
struct P { uint x : 3; uint a : 33; float b; };
#endif
#ifdef WIDEN
// 13 bytes widen to an i128 filling the 16-byte, 8-aligned record
struct P { uint a : 100; };
#endif
#ifdef MERGE
// after a 64-bit field, two 2-byte units and a 4-byte one merge into one 8-byte unit (at most a register)
struct P { uint a : 64; uint b : 16; uint c : 16; uint d : 32; };
#endif
#ifdef OFFALIGN
// an i64 at byte 4: kept (it is the span's first unit), so the struct is packed
struct P { float f; uint a : 33; uint b : 31; };
#endif
#ifdef NONPOD
// B has a base, so it is not POD and P's field starts in B's tail padding (at 9) and P holds B as %struct.B.base, lowered to its 9 bytes
struct A { float z; };
struct B : A { uint a : 33; };
struct P : B { uint c : 3; };
#endif
#ifdef POD
// C is POD, so P's field starts after its 8 bytes; P has a base, so P's own tail (byte 11) is not used to widen the 3-byte unit
struct C { uint a : 33; };
struct P : C { uint c : 20; };
#endif
#ifdef MEMBER
// a member struct's alignment does not reach P (members are packed)
struct D { uint a : 40; uint b : 20; };
struct P { float f; D arr[2]; uint c : 3; };
#endif
#ifdef TYPES
// a 64-bit field of 65 bits, then 16-bit ones continuing in its last byte
struct P { U64 a : 65; U16 b : 5; U16 c : 12; float d; };
#endif
#ifdef HUGE
// 125 bytes widen to an i1024 (LLVM accepts integers up to 8388608 bits)
struct P { uint a : 1000; };
#endif
[[vk::push_constant]] P p;

// ALIGN:      %struct.P = type <{ i8, [3 x i8], [5 x i8], float, [3 x i8] }>
// ALIGN:      @p = external hidden addrspace(13) externally_initialized global %struct.P, align 4

// WIDEN:      %struct.P = type { i128 }
// WIDEN:      @p = external hidden addrspace(13) externally_initialized global %struct.P, align 8

// MERGE:      %struct.P = type { i64, i64 }
// MERGE:      @p = external hidden addrspace(13) externally_initialized global %struct.P, align 8

// OFFALIGN:      %struct.P = type <{ float, i64 }>
// OFFALIGN:      @p = external hidden addrspace(13) externally_initialized global %struct.P, align 4

// NONPOD:      %struct.P = type { %struct.B.base, i8, [2 x i8] }
// NONPOD-NEXT: %struct.B.base = type <{ %struct.A, [5 x i8] }>
// NONPOD-NEXT: %struct.A = type { float }
// NONPOD:      @p = external hidden addrspace(13) externally_initialized global %struct.P, align 4

// POD:      %struct.P = type { %struct.C, [3 x i8], i8 }
// POD-NEXT: %struct.C = type { [5 x i8], [3 x i8] }
// POD:      @p = external hidden addrspace(13) externally_initialized global %struct.P, align 4

// MEMBER:      %struct.P = type <{ float, [2 x %struct.D], i8 }>
// MEMBER-NEXT: %struct.D = type { [5 x i8], [3 x i8] }
// MEMBER:      @p = external hidden addrspace(13) externally_initialized global %struct.P, align 1

// TYPES:      %struct.P = type <{ [11 x i8], float, i8 }>
// TYPES:      @p = external hidden addrspace(13) externally_initialized global %struct.P, align 8

// HUGE:      %struct.P = type { i1024 }
// HUGE:      @p = external hidden addrspace(13) externally_initialized global %struct.P, align 8
