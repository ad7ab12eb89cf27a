// Errors found while planning a module (cblower_program::ProgramError) are
// located diagnostics like the front end's: file:line:col of the
// declaration they are about, the source line with a caret, a `help:` line,
// a non-zero exit and no output file. One RUN pair per error reachable
// from HLSL (a push-constant block refused at its global, a padding gap too
// large for a padding type at the member it is before, or at the member
// whose struct holds it; CBufferTooLarge,
// ConstantBufferInClang22 and ConstantBufferArray at the buffer's name,
// layout errors at the member).
// RUN: rm -rf %t && mkdir -p %t
// RUN: not %cblower emit-llvm --target spirv -DPUSH %s -o %t/push.ll 2>&1 | FileCheck %s --check-prefix=PUSH
// RUN: not test -e %t/push.ll
// RUN: not %cblower emit-llvm --target spirv --rules clang-22 -DPUSH %s -o %t/push22.ll 2>&1 | FileCheck %s --check-prefix=PUSH
// RUN: not test -e %t/push22.ll
// RUN: not %cblower emit-llvm --target spirv -DPAD %s -o %t/pad.ll 2>&1 | FileCheck %s --check-prefix=PAD
// RUN: not test -e %t/pad.ll
// RUN: not %cblower emit-llvm --target spirv -DPADNESTED %s -o %t/padnested.ll 2>&1 | FileCheck %s --check-prefix=PADNESTED
// RUN: not test -e %t/padnested.ll
// RUN: not %cblower emit-llvm -DTOOBIG %s -o %t/big.ll 2>&1 | FileCheck %s --check-prefix=TOOBIG
// RUN: not test -e %t/big.ll
// RUN: not %cblower emit-llvm --rules clang-22 -DCB22 %s -o %t/cb22.ll 2>&1 | FileCheck %s --check-prefix=CB22
// RUN: not test -e %t/cb22.ll
// RUN: not %cblower emit-llvm -DCBARRAY %s -o %t/cbarray.ll 2>&1 | FileCheck %s --check-prefix=CBARRAY
// RUN: not test -e %t/cbarray.ll
// RUN: not %cblower emit-llvm --rules clang-22 -DOVERLAP %s -o %t/overlap.ll 2>&1 | FileCheck %s --check-prefix=OVERLAP
// RUN: not test -e %t/overlap.ll

struct S { float4 v; };
#ifdef PUSH
[[vk::push_constant]] float4 lone;
#endif
#ifdef PAD
cbuffer Far { float a; [[vk::offset(8589934592)]] float b; };
#endif
#ifdef PADNESTED
struct FarApart { float a; [[vk::offset(8589934592)]] float b; };
cbuffer Near { float x; FarApart inner; };
#endif
#ifdef TOOBIG
cbuffer TooBig { float arr[4097]; };
#endif
#ifdef CB22
ConstantBuffer<S> cs;
#endif
#ifdef CBARRAY
ConstantBuffer<S> cbs[4294967296];
#endif
#ifdef OVERLAP
cbuffer Ov { float x : packoffset(c0); float y : packoffset(c0); };
#endif
float g;

// PUSH:      error: push-constant block `lone`: a push-constant block must be a struct (DXC requires one)
// PUSH-NEXT:   --> {{.*}}program-errors.hlsl:30:30
// PUSH:      30 | {{\[\[}}vk::push_constant]] float4 lone;
// PUSH-NEXT:    |                              ^^^^
// PUSH:         = help: declare a struct and make the push-constant global of that type

// PAD:       error: a gap of 8589934588 bytes between two members does not fit a padding type's 32-bit size
// PAD-NEXT:    --> {{.*}}program-errors.hlsl:33:57
// PAD:       33 | cbuffer Far { float a; {{\[\[}}vk::offset(8589934592)]] float b; };
// PAD-NEXT:     |                                                         ^{{$}}
// PAD:          = help: place the member closer to the one before it (packoffset, vk::offset) or shrink the arrays between them

// PADNESTED:       error: a gap of 8589934588 bytes between two members does not fit a padding type's 32-bit size
// PADNESTED-NEXT:    --> {{.*}}program-errors.hlsl:37:34
// PADNESTED:       37 | cbuffer Near { float x; FarApart inner; };
// PADNESTED-NEXT:     |                                  ^^^^^{{$}}
// PADNESTED:          = help: place the member closer to the one before it (packoffset, vk::offset) or shrink the arrays between them

// TOOBIG:      error: `TooBig` is 65540 bytes, more than the 65536 bytes (4096 rows of 16 bytes) a D3D constant buffer may hold; DXC rejects it
// TOOBIG-NEXT:   --> {{.*}}program-errors.hlsl:40:9
// TOOBIG:      40 | cbuffer TooBig { float arr[4097]; };
// TOOBIG-NEXT:    |         ^^^^^^
// TOOBIG:         = help: split the buffer in two or shrink its arrays (or use a structured buffer)

// CB22:      error: clang 22 does not know `ConstantBuffer<T>` (it reports "no template named 'ConstantBuffer'"), so `cs` has no clang-22 IR
// CB22-NEXT:   --> {{.*}}program-errors.hlsl:43:19
// CB22:      43 | ConstantBuffer<S> cs;
// CB22-NEXT:    |                   ^^
// CB22:         = help: use the default rules (--rules cbuffer), or a `cbuffer` block for clang-22

// CBARRAY:      error: `cbs` is an array of 4294967296 ConstantBuffer<T>; a handle's register range holds 1 to 2147483647 buffers (or is unbounded, `[]`)
// CBARRAY-NEXT:   --> {{.*}}program-errors.hlsl:46:19
// CBARRAY:      46 | ConstantBuffer<S> cbs[4294967296];
// CBARRAY-NEXT:    |                   ^^^
// CBARRAY:         = help: declare fewer buffers in the array, or an unbounded array `[]`

// OVERLAP:      error: packoffset of 'y' at byte 0 overlaps 'x' (bytes 0..4)
// OVERLAP-NEXT:   --> {{.*}}program-errors.hlsl:49:46
// OVERLAP:      49 | cbuffer Ov { float x : packoffset(c0); float y : packoffset(c0); };
// OVERLAP-NEXT:    |                                              ^
// OVERLAP:         = help: move one of the members to a packoffset past the other's end

// A gap inside a push-constant block's struct is reported at the block's
// global (not at the `$Globals` member in the gap's position in the
// struct), with other globals declared before it.
// RUN: not %cblower emit-llvm --target spirv -DPUSHPAD %s -o %t/pushpad.ll 2>&1 | FileCheck %s --check-prefix=PUSHPAD
// RUN: not test -e %t/pushpad.ll
#ifdef PUSHPAD
float before;
struct FarPC { float a; [[vk::offset(8589934592)]] float b; };
[[vk::push_constant]] FarPC farpc;
#endif
// PUSHPAD:      error: a gap of 8589934588 bytes between two members does not fit a padding type's 32-bit size
// PUSHPAD-NEXT:   --> {{.*}}program-errors.hlsl:[[#@LINE-3]]:29
// PUSHPAD:         |                             ^^^^^{{$}}
