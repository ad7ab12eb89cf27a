// --rules clang-22 lays out a [[vk::push_constant]] struct as clang-22 does
// when it holds bitfields, empty structs or zero-length arrays (issue #15
// item 5): every line below is clang-22's own output for this file
// (-triple spirv-unknown-vulkan1.3-library, with typedefs for the vector
// and integer types). The record is byte-aligned: bitfields follow each
// other bit by bit and each run that shares bytes is one storage element
// (i8/i16/i32/i64/i128 when its byte count is theirs, else [N x i8]);
// `: 0` moves the next bitfield to a multiple of its type's size; a field
// or base of an empty struct takes its byte (an empty base none) with no
// element of its own, an array of them is an array of %struct.Empty
// ({ i8 }); a zero-length array is an element of size 0; an empty block
// is { i8 }. Gaps and tail bytes are i8 or [N x i8] where the struct's
// placement does not cover them.
// RUN: %cblower emit-llvm --target spirv --rules clang-22 -DBITS %s 2>/dev/null | %opt-22 -S -passes=verify | FileCheck %s --check-prefix=BITS
// RUN: %cblower emit-llvm --target spirv --rules clang-22 -DEMPTY %s 2>/dev/null | %opt-22 -S -passes=verify | FileCheck %s --check-prefix=EMPTY
// RUN: %cblower emit-llvm --target spirv --rules clang-22 -DZERO %s 2>/dev/null | %opt-22 -S -passes=verify | FileCheck %s --check-prefix=ZERO
// RUN: %cblower emit-llvm --target spirv --rules clang-22 -DNESTED %s 2>/dev/null | %opt-22 -S -passes=verify | FileCheck %s --check-prefix=NESTED
// RUN: %cblower emit-llvm --target spirv --rules clang-22 %s 2>/dev/null | %opt-22 -S -passes=verify | FileCheck %s --check-prefix=NONE
// The default rules (DXC's) still want a block that stores something.
// RUN: not %cblower emit-llvm --target spirv %s -o %t.ll 2>&1 | FileCheck %s --check-prefix=NONE-DEFAULT
// RUN: not test -e %t.ll

struct Empty {};
struct Inner { uint a : 3; };
#if defined(BITS)
struct PC { float f; uint a : 4; uint b : 8; uint : 0; uint64_t c : 40; uint d : 3; float3 v; uint e : 17; };
#elif defined(EMPTY)
struct PC : Empty { float f; Empty e; float g; Empty arr[2]; Inner i[2]; };
#elif defined(ZERO)
struct PC { float z[0]; float a; float3 w[0]; uint b : 2; float y[0]; };
#elif defined(NESTED)
struct Mid { Inner i; uint x : 30; uint y : 4; Empty e; };
struct PC { Mid m; uint64_t a : 60; uint64_t b : 64; uint c : 4; };
#else
struct PC {};
#endif
[[vk::push_constant]] PC pc;

// BITS:        %struct.PC = type <{ float, i16, [2 x i8], [5 x i8], i8, <3 x float>, [3 x i8] }>
// BITS:        @pc = external hidden addrspace(13) externally_initialized global %struct.PC, align 1

// EMPTY:       %struct.PC = type <{ float, i8, float, [2 x %struct.Empty], [2 x %struct.Inner] }>
// EMPTY-NEXT:  %struct.Empty = type { i8 }
// EMPTY-NEXT:  %struct.Inner = type { i8 }

// ZERO:        %struct.PC = type <{ [0 x float], float, [0 x <3 x float>], i8, [0 x float] }>

// NESTED:      %struct.PC = type <{ %struct.Mid, i128 }>
// NESTED-NEXT: %struct.Mid = type { %struct.Inner, [5 x i8], i8 }
// NESTED-NEXT: %struct.Inner = type { i8 }

// NONE:        %struct.PC = type { i8 }
// NONE:        @pc = external hidden addrspace(13) externally_initialized global %struct.PC, align 1

// NONE-DEFAULT: error: push-constant block `pc`: its struct stores nothing
