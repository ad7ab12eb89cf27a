//! LLVM side of cblower: the two sinks of an emission plan (IR text, and an
//! LLVM module), the access API, and the access and lowering passes.
//!
//! inkwell 0.11 cannot represent LLVM target extension types: converting one to an
//! inkwell type panics with `Unsupported type: TargetExt`. Every cbuffer layout type
//! contains `target("dx.Padding", N)` or a handle type, so this crate keeps such
//! types as [`RawType`] values and builds them through [`ffi`], the one module that
//! talks to `llvm-sys` directly. Everything else uses inkwell's safe API for values
//! and types that inkwell does understand.

pub mod emit;
mod fast_hash;
pub mod ffi;
pub mod ir_io;
pub mod passes;

pub use cblower_program::Target;
pub use ffi::{LlvmError, RawGlobal, RawType};

/// The code generation targets (kept at this path for older callers).
pub mod target {
    pub use cblower_program::Target;
}
