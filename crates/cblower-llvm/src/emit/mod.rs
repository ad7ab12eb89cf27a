//! IR emission: an [`EmissionPlan`] (from `cblower-program`) in, Clang 22's
//! cbuffer IR out, through one of two sinks that only serialise the plan:
//!
//! * [`text::write_text`] writes the IR text directly, without LLVM;
//! * [`build_plan`] builds the same module into the caller's inkwell
//!   module (and [`build_module`] into a new one), for the access API, the
//!   passes and bitcode.
//!
//! ```text
//!  EmissionPlan ──┬─► text::write_text ──► .ll text
//!                 └─► build_plan ──► LLVM module ──► access API, passes, .bc
//! ```
//!
//! Everything a module holds (types, names, globals, init functions, the
//! global constructor, `!hlsl.cbs`, `!hlsl.layouts`, module flags) is
//! decided by the plan; see `cblower_program::plan` and `docs/ir.md`. The
//! builder adds one check of its own: LLVM's data layout must put every
//! element of every layout struct where the plan computed it.
//!
//! [`emit_cbuffers`] is the one-call form for a front end that has its
//! declarations and layouts: it plans them and builds the plan.

pub mod access;
mod build;
mod init;
pub mod metadata;
pub mod text;
pub mod types;

use std::rc::Rc;
use std::sync::Arc;

use cblower_layout::{BufferDecl, BufferLayout};
use cblower_program::plan::{flavor_of_layouts, plan_module};
use cblower_program::{EffectiveDecl, PlanInput, PlanOptions, ProgramError};
use inkwell::context::Context;
use inkwell::module::Module;

use crate::ffi::{LlvmError, RawGlobal, RawType};
use crate::Target;
pub use build::{build_module, build_plan};
pub use cblower_program::plan::{EmissionPlan, EmitWarning, Flavor};
pub use cblower_program::HandleBinding;
pub use metadata::{add_module_flags, prepare_module, prepare_module_for_triple};
pub use types::{ArrayRepr, FieldRepr, StructRepr, TypeRepr};

/// One buffer to emit.
#[derive(Clone, Copy, Debug)]
pub struct BufferInput<'a> {
    /// The declaration.
    pub decl: &'a BufferDecl,
    /// Its layout, made with the cbuffer or clang-22 rules.
    pub layout: &'a BufferLayout,
    /// How its handle is created.
    pub binding: HandleBinding,
}

/// Module-wide choices of [`emit_cbuffers`].
#[derive(Clone, Debug)]
pub struct EmitOptions {
    /// The code generation target.
    pub target: Target,
    /// Native 16-bit types (`half` is `half`; adds the `dx.nativelowprec` flag).
    pub native_16bit: bool,
    /// Add the global constructor `_GLOBAL__sub_I_<ctor_suffix>` calling the
    /// init functions, and `@llvm.global_ctors`, as Clang does. Front ends
    /// that call the init functions themselves turn this off.
    pub global_ctor: bool,
    /// Clang uses the main file's name (`_GLOBAL__sub_I_shader.hlsl`).
    pub ctor_suffix: String,
}

/// Errors that stop emission. Each carries the numbers that explain it.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum EmitError {
    /// The buffers cannot be planned.
    #[error(transparent)]
    Program(#[from] ProgramError),
    /// The module already has a global constructor list.
    #[error("the module already has @llvm.global_ctors; turn `global_ctor` off and call the init functions from your own constructor")]
    ExistingGlobalCtors,
    /// A name the plan gives a type, global or function is taken in the
    /// module or its context (by an earlier emission, or by the caller):
    /// LLVM would rename ours, and IR written against the plan's names would
    /// read the wrong thing.
    #[error("the module already has a {what} named `{name}`; emit each buffer into a module once, or rename it")]
    NameTaken {
        /// `type`, `global` or `function`.
        what: &'static str,
        /// The name.
        name: String,
    },
    /// The module's data layout is not the target's.
    #[error("the module's data layout is `{found}`, but {target:?} needs `{expected}`")]
    DataLayoutMismatch {
        /// The target.
        target: Target,
        /// What the module has.
        found: String,
        /// What the target needs.
        expected: &'static str,
    },
    /// LLVM's data layout puts a layout struct's element elsewhere than the
    /// plan computed: a bug in cblower's data-layout arithmetic.
    #[error("layout type {ty}: element {element} is at byte {plan} in the plan but LLVM's data layout puts it at {llvm}")]
    PlanDisagreesWithLlvm {
        /// The layout type.
        ty: String,
        /// The element.
        element: u32,
        /// The plan's offset.
        plan: u64,
        /// LLVM's offset.
        llvm: u64,
    },
    /// LLVM refused something.
    #[error(transparent)]
    Llvm(#[from] LlvmError),
}

/// A member global and where it sits.
#[derive(Clone, Debug)]
pub struct EmittedMember<'ctx> {
    /// The source name (`inner`, or for a `ConstantBuffer<T>` the buffer's name).
    pub name: Arc<str>,
    /// The global.
    pub global: RawGlobal<'ctx>,
    /// The symbol LLVM gave the global.
    pub symbol: String,
    /// Byte offset in the buffer.
    pub offset: u64,
    /// The alignment printed on the global.
    pub align: u64,
    /// Its type.
    pub repr: TypeRepr<'ctx>,
}

/// One emitted buffer.
#[derive(Clone, Debug)]
pub struct EmittedBuffer<'ctx> {
    /// The buffer's name.
    pub name: Arc<str>,
    /// `%__cblayout_<Name>`.
    pub layout_type: Rc<StructRepr<'ctx>>,
    /// The handle type.
    pub handle_type: RawType<'ctx>,
    /// `@<Name>.cb`.
    pub handle: RawGlobal<'ctx>,
    /// The member globals in layout order.
    pub members: Vec<EmittedMember<'ctx>>,
    /// `_init_buffer_<Name>.cb`.
    pub init_function: inkwell::values::FunctionValue<'ctx>,
}

impl<'ctx> EmittedBuffer<'ctx> {
    /// The member global of the member called `name`.
    pub fn member(&self, name: &str) -> Option<&EmittedMember<'ctx>> {
        self.members.iter().find(|m| &*m.name == name)
    }
}

/// An emitted array of `ConstantBuffer<T>`: no globals but its name
/// string; [`access::array_element_pointer`] creates an element's handle
/// where it is read.
#[derive(Clone, Debug)]
pub struct EmittedBufferArray<'ctx> {
    /// The array's name.
    pub name: Arc<str>,
    /// The handle type of every element.
    pub handle_type: RawType<'ctx>,
    /// `handlefrombinding` or `handlefromimplicitbinding`, overloaded on the
    /// handle type.
    pub(crate) create: crate::ffi::RawFunction<'ctx>,
    /// `@<Name>.str`.
    pub(crate) string: crate::ffi::RawValue<'ctx>,
    /// The binding of the whole range.
    pub binding: HandleBinding,
    /// The number of elements; `None` when unbounded.
    pub len: Option<u32>,
    /// The target (which intrinsics and address space).
    pub target: Target,
    /// What an element holds: the buffer's struct `%T`.
    pub repr: TypeRepr<'ctx>,
}

impl EmittedBufferArray<'_> {
    /// The range size passed to the handle intrinsic: the length, or -1.
    pub fn range_size(&self) -> i32 {
        self.len.map_or(-1, |n| n as i32)
    }
}

/// Everything [`build_plan`] added.
#[derive(Debug)]
pub struct EmittedCBuffers<'ctx> {
    /// The buffers that emitted anything, in order.
    pub buffers: Vec<EmittedBuffer<'ctx>>,
    /// The arrays of `ConstantBuffer<T>`, in order.
    pub arrays: Vec<EmittedBufferArray<'ctx>>,
    /// The plan's warnings.
    pub warnings: Vec<EmitWarning>,
    /// Whose output the module reproduces.
    pub flavor: Flavor,
}

/// Plans `inputs` with their layouts and builds the plan into `module`.
/// The flavour is the layouts' (every layout must use the cbuffer rules,
/// or all the clang-22 rules for `opts.target`).
pub fn emit_cbuffers<'ctx>(
    ctx: &'ctx Context,
    module: &Module<'ctx>,
    inputs: &[BufferInput<'_>],
    opts: &EmitOptions,
) -> Result<EmittedCBuffers<'ctx>, EmitError> {
    let module_id = module.get_name().to_string_lossy().into_owned();
    let plan = plan_buffers(inputs, opts, &module_id)?;
    build_plan(ctx, module, &plan)
}

/// The plan [`emit_cbuffers`] builds: `inputs` with their layouts, for a
/// module called `module_id`.
pub fn plan_buffers<'a>(
    inputs: &[BufferInput<'a>],
    opts: &EmitOptions,
    module_id: &str,
) -> Result<EmissionPlan<'a>, EmitError> {
    let flavor =
        flavor_of_layouts(inputs.iter().map(|i| i.layout), opts.target)?.unwrap_or(Flavor::Dxc);
    let plan_opts = PlanOptions {
        target: opts.target,
        flavor,
        native_16bit: opts.native_16bit,
        global_ctor: opts.global_ctor,
        ctor_suffix: opts.ctor_suffix.clone(),
        module_id: module_id.to_owned(),
        vk_layout: cblower_program::VkLayout::Dx,
        triple: None,
        // Every layout is given: nothing to lay out ahead.
        threads: cblower_program::Threads::Sequential,
    };
    let plan_inputs = inputs
        .iter()
        .map(|i| PlanInput {
            decl: EffectiveDecl::unchanged(i.decl),
            binding: i.binding,
            layout: Some(i.layout),
            member_order: &[],
        })
        .collect();
    Ok(plan_module(plan_inputs, &plan_opts)?)
}
