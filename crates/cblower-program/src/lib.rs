//! cblower's lowering policy as plain data, with no LLVM: the step from a
//! front end's buffer declarations to what a module holds.
//!
//! ```text
//!  front end ──► ProgramBuffer ──┬─► lay_out_program ──► BufferLayout (reports)
//!  (HLSL, ...)   decl + binding  └─► plan ──► EmissionPlan ──► text writer / module builder
//!                                             (cblower-llvm)
//! ```
//!
//! * [`binding`]: one binding concept, from `register`/`[[vk::binding]]`
//!   and clang's implicit order to the handle intrinsic's operands;
//! * [`policy`]: what each compiler puts in a buffer (clang-22's `$Globals`);
//! * [`mod@plan`]: the emission plan, every type, global, function and
//!   metadata node a module holds, in order, that both IR writers only
//!   serialise.
//!
//! A front end that links cblower builds [`ProgramBuffer`]s (or lets
//! `cblower-hlsl` build them), asks for a plan, and hands it to
//! `cblower-llvm` to write as text or build into its own module.
//!
//! ```
//! use cblower_layout::{BufferDecl, BufferKind, Field, Scalar, Ty};
//! use cblower_program::{plan, Flavor, PlanOptions, ProgramBuffer, Target};
//!
//! let decl = BufferDecl::new("CB", BufferKind::CBuffer, vec![
//!     Field::new("a", Ty::scalar(Scalar::Float)),
//!     Field::new("b", Ty::array(Ty::scalar(Scalar::Float), 2)),
//! ]);
//! let plan = plan(&[ProgramBuffer::new(&decl)], &PlanOptions::new(Target::Dxil, Flavor::Dxc))?;
//! let cb = &plan.buffers[0];
//! assert_eq!(cb.handle, "CB.cb");
//! assert_eq!(
//!     plan.types.named_body(cb.layout_type),
//!     r#"<{ float, target("dx.Padding", 12), <{ [1 x <{ float, target("dx.Padding", 12) }>], float }> }>"#
//! );
//! # Ok::<(), cblower_program::ProgramError>(())
//! ```

#![deny(missing_docs)]

pub mod binding;
mod error;
mod fast_hash;
pub mod plan;
pub mod policy;
mod target;
mod threads;

use cblower_layout::{layout_buffer, BufferLayout, LayoutOptions};

pub use binding::{
    binding_overlaps, BindingOverlap, DeclaredBinding, HandleBinding, ImplicitOrder, ProgramBuffer,
    RegisterCount, VkBinding,
};
pub use error::ProgramError;
pub use plan::{EmissionPlan, EmitWarning, Flavor, PlanInput, PlanOptions, VkLayout};
pub use policy::{effective_decl, EffectiveDecl};
pub use target::{
    ShaderStage, Target, TargetTriple, TripleError, DXIL_TRIPLE_FORMS, PROFILE_FORMS,
    SPIRV_TRIPLE_FORMS,
};
pub use threads::Threads;

/// Lays out every buffer of a program with `opts` for `target`, as the rule
/// set sees it ([`policy`]), or returns the first error with the buffer and
/// member it is about.
pub fn lay_out_program(
    buffers: &[ProgramBuffer<'_>],
    opts: LayoutOptions,
    target: Target,
) -> Result<Vec<BufferLayout>, ProgramError> {
    buffers
        .iter()
        .enumerate()
        .map(|(i, b)| {
            let decl = effective_decl(b.decl, opts, target);
            layout_buffer(decl.decl(), opts).map_err(|error| ProgramError::Layout {
                buffer: i,
                member: decl.source_member(error.member()),
                error,
            })
        })
        .collect()
}

/// Plans the module of a program's buffers: resolves each binding for the
/// target, applies the flavour's policy, lays each buffer out and plans it
/// (see [`plan::plan_module`]).
pub fn plan<'a>(
    buffers: &[ProgramBuffer<'a>],
    opts: &PlanOptions,
) -> Result<EmissionPlan<'a>, ProgramError> {
    let layout = opts.layout_options();
    let inputs = buffers
        .iter()
        .map(|b| PlanInput {
            decl: effective_decl(b.decl, layout, opts.target),
            binding: b.resolve(opts.target),
            layout: None,
            member_order: b.member_order,
        })
        .collect();
    plan::plan_module(inputs, opts)
}
