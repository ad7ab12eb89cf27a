//! LLVM side of cblower: the two sinks of an emission plan (IR text, and an
//! LLVM module), the access API, and the access and lowering passes, on
//! LLVM 22 through inkwell 0.11.
//!
//! # Guide
//!
//! A front end has buffer declarations (from `cblower_hlsl`, or built with
//! `cblower_layout`'s types) and asks `cblower_program::plan` for an
//! [`emit::EmissionPlan`]: plain data naming every type, global, function
//! and metadata node of the module in order. Then:
//!
//! 1. [`emit::text::write_text`] writes the plan as LLVM IR text, without
//!    LLVM; or [`emit::build_plan`] builds it into the front end's own
//!    inkwell module ([`emit::emit_cbuffers`] plans and builds in one call).
//!    Both follow the plan, so they cannot drift apart.
//! 2. The access API ([`emit::access`]) builds pointers to a member, a
//!    field or an element (`lights[i].range`) with the GEP shapes clang
//!    emits, and loads a leaf or a whole struct, array or matrix, each load
//!    with the alignment its offset guarantees.
//! 3. [`passes`] runs cblower's passes (the DXIL lowering to
//!    `cbufferLoadLegacy`, the SPIR-V access pass, ...) and [`llvm`] LLVM's
//!    own; [`ir_io`] reads, verifies and writes modules.
//!
//! ```
//! use cblower_layout::{BufferDecl, BufferKind, Field, Scalar, Ty};
//! use cblower_llvm::emit::{build_plan, text::write_text};
//! use cblower_program::{Flavor, PlanOptions, ProgramBuffer, Target};
//!
//! let decl = BufferDecl::new("CB", BufferKind::CBuffer, vec![
//!     Field::new("color", Ty::vector(Scalar::Float, 3)),
//!     Field::new("scale", Ty::scalar(Scalar::Float)),
//! ]);
//! let program = [ProgramBuffer::new(&decl)];
//! let plan = cblower_program::plan(&program, &PlanOptions::new(Target::Dxil, Flavor::Dxc)).unwrap();
//!
//! // The text sink.
//! let mut text = Vec::new();
//! write_text(&plan, &mut text).unwrap();
//! let text = String::from_utf8(text).unwrap();
//! assert!(text.contains("%__cblayout_CB = type <{ <3 x float>, float }>"));
//!
//! // The module sink, into the caller's module; same IR.
//! let ctx = inkwell::context::Context::create();
//! let module = ctx.create_module("m");
//! let emitted = build_plan(&ctx, &module, &plan).unwrap();
//! assert_eq!(emitted.buffers[0].member("scale").unwrap().offset, 12);
//! cblower_llvm::ir_io::verify_module(&module).unwrap();
//! ```
//!
//! # Soundness
//!
//! inkwell 0.11 cannot represent LLVM target extension types: converting one
//! to an inkwell type panics with `Unsupported type: TargetExt`. Every
//! cbuffer layout type contains `target("dx.Padding", N)` or a handle type,
//! so this crate keeps such types as [`RawType`] (and globals of them as
//! [`RawGlobal`]): copyable references whose lifetime is the LLVM context's,
//! so safe code cannot keep one past its context. They are built and read
//! through a private module, the only one that calls `llvm-sys` directly
//! and the only `unsafe` code of the workspace; no public item hands out a
//! raw LLVM pointer. Everything else uses inkwell's safe API for what
//! inkwell understands.

#![deny(missing_docs)]

pub mod data_layout;
pub mod emit;
mod fast_hash;
mod ffi;
pub mod ir_io;
pub mod llvm;
pub mod passes;

pub use cblower_program::Target;
pub use ffi::{LlvmError, RawGlobal, RawType};

/// The code generation targets (kept at this path for older callers).
pub mod target {
    pub use cblower_program::Target;
}
