//! Asking LLVM where its data layout puts things: the check behind
//! [`EmitError::PlanDisagreesWithLlvm`](crate::emit::EmitError::PlanDisagreesWithLlvm),
//! open to callers who want to compare a layout type with the plan
//! themselves.
//!
//! ```
//! use cblower_llvm::data_layout::DataLayoutQuery;
//! use cblower_llvm::{RawType, Target};
//! let ctx = inkwell::context::Context::create();
//! let dl = DataLayoutQuery::for_target(Target::Dxil).unwrap();
//! let pad = RawType::target_ext(&ctx, "dx.Padding", &[], &[12]).unwrap();
//! assert_eq!(dl.size_in_bytes(pad), 12);
//! let v3 = RawType::from_inkwell(ctx.f32_type().vec_type(3));
//! assert_eq!(dl.size_in_bytes(v3), 12);
//! ```

pub use crate::ffi::DataLayoutQuery;
