//! IR emission: laid-out buffers in, Clang 22's cbuffer IR out, on the
//! caller's inkwell module.
//!
//! For each buffer, in the order given (Clang's order is source order with
//! `$Globals` last), [`emit_cbuffers`] adds:
//!
//! * `%__cblayout_<Name>`, a packed struct with explicit padding ([`types`]);
//! * the handle global `@<Name>.cb` (`.tb` for a `tbuffer`), one
//!   `external hidden` member global per stored member in the constant
//!   address space, and `@<Name>.str`;
//! * `_init_buffer_<Name>.cb`, which creates the handle from its binding, and
//!   one global constructor calling all of them ([`init`]);
//! * `!hlsl.cbs`, and in the default flavour `!hlsl.layouts` ([`metadata`]).
//!
//! Two flavours, chosen by the rule set the buffers were laid out with:
//! [`Flavor::Dxc`] (`RuleSet::CBuffer`: DXC's offsets, types chosen so LLVM's
//! data layout agrees) and [`Flavor::Clang22`] (`RuleSet::Clang22`: clang 22.1
//! bug for bug). `docs/ir.md` lists every difference.

pub mod access;
mod init;
pub mod metadata;
pub mod names;
mod struct_cache;
pub mod text;
pub mod types;

use std::collections::HashMap;
use std::rc::Rc;
use std::sync::Arc;

use cblower_layout::{BufferDecl, BufferKind, BufferLayout, RuleSet, TypeOptions};
use inkwell::context::Context;
use inkwell::module::{Linkage as InkLinkage, Module};
use inkwell::values::GlobalValue;
use inkwell::AddressSpace;

use crate::ffi::{Linkage, LlvmError, RawGlobal, RawType, RawValue};
use crate::Target;
pub use metadata::{add_module_flags, prepare_module};
pub use types::{ArrayRepr, FieldRepr, LayoutTypes, StructRepr, TypeRepr};

/// Which compiler's output the emission reproduces.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flavor {
    /// DXC's offsets (the seed rules; LLVM main after its 2026 fixes).
    Dxc,
    /// clang 22.1's output, bug for bug.
    Clang22,
}

impl Flavor {
    /// The flavour a rule set asks for, if it is one IR can be emitted for.
    pub fn of_rules(rules: RuleSet) -> Option<Flavor> {
        match rules {
            RuleSet::CBuffer => Some(Flavor::Dxc),
            RuleSet::Clang22(_) => Some(Flavor::Clang22),
            _ => None,
        }
    }
}

/// How a buffer's handle is created.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HandleBinding {
    /// `register(b<register>, space<space>)` (or `[[vk::binding(register, space)]]`).
    Explicit { register: u32, space: u32 },
    /// No register: the backend picks one, in the order of `order_id`.
    Implicit { order_id: u32, space: u32 },
}

/// One buffer to emit.
#[derive(Clone, Copy, Debug)]
pub struct BufferInput<'a> {
    pub decl: &'a BufferDecl,
    pub layout: &'a BufferLayout,
    pub binding: HandleBinding,
}

/// Module-wide choices.
#[derive(Clone, Debug)]
pub struct EmitOptions {
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
    #[error("buffer `{buffer}` was laid out with the {rules} rules; IR can only be emitted for the cbuffer or clang-22 rules")]
    UnsupportedRules { buffer: String, rules: &'static str },
    #[error("buffer `{buffer}` was laid out for clang-22 on {layout_target:?} but the module targets {target:?}")]
    TargetMismatch {
        buffer: String,
        layout_target: Target,
        target: Target,
    },
    #[error("buffers `{first}` and `{second}` were laid out with different rule sets; emit one flavour per module")]
    MixedFlavors { first: String, second: String },
    #[error("`{buffer}` is an array of {len} ConstantBuffer<T>; arrays of constant buffers are not supported by IR emission")]
    ConstantBufferArray { buffer: String, len: u64 },
    #[error("clang 22 does not know `ConstantBuffer<T>` (it reports \"no template named 'ConstantBuffer'\"), so `{buffer}` has no clang-22 IR")]
    ConstantBufferInClang22 { buffer: String },
    #[error("a padding run of {bytes} bytes does not fit a padding type's 32-bit size")]
    PaddingTooLarge { bytes: u64 },
    #[error("the module already has @llvm.global_ctors; turn `global_ctor` off and call the init functions from your own constructor")]
    ExistingGlobalCtors,
    #[error("layout type {ty}: element {element} should be at byte {intended} but LLVM's data layout puts it at {llvm}")]
    OffsetMismatch {
        ty: String,
        element: u32,
        intended: u64,
        llvm: u64,
    },
    #[error(transparent)]
    Llvm(#[from] LlvmError),
}

/// Something the caller should know but that does not stop emission.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EmitWarning {
    /// clang-22 on SPIR-V: LLVM's data layout places this member elsewhere
    /// than clang intended (the 3-element vector alloc size bug).
    OffsetDrift {
        buffer: String,
        member: String,
        intended: u64,
        llvm: u64,
    },
    /// clang-22 emits nothing for a buffer whose members are all filtered out.
    EmptyBufferSkipped { buffer: String },
    /// clang-22 lays out an array of structs that contain resources with the
    /// unfiltered struct (resource handles inside the cbuffer); cblower emits
    /// the filtered layout instead.
    FilteredArrayElement { buffer: String, member: String },
}

impl std::fmt::Display for EmitWarning {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EmitWarning::OffsetDrift {
                buffer,
                member,
                intended,
                llvm,
            } => write!(
                f,
                "`{member}` in `{buffer}`: clang-22 means byte {intended} (of the member or a part of it), but under the SPIR-V data layout LLVM computes {llvm} (3-element vectors have a larger alloc size there)"
            ),
            EmitWarning::EmptyBufferSkipped { buffer } => write!(
                f,
                "`{buffer}` stores no members; clang-22 emits nothing for it (not even its handle)"
            ),
            EmitWarning::FilteredArrayElement { buffer, member } => write!(
                f,
                "`{member}` in `{buffer}`: clang-22 keeps the resources of an array's struct elements inside the cbuffer layout; cblower emits the filtered struct, so this member differs from clang-22's output"
            ),
        }
    }
}

/// A member global and where it sits.
#[derive(Clone, Debug)]
pub struct EmittedMember<'ctx> {
    /// The source name (`inner`, or for a `ConstantBuffer<T>` the buffer's name).
    pub name: Arc<str>,
    pub global: RawGlobal<'ctx>,
    /// The symbol LLVM gave the global.
    pub symbol: String,
    /// Byte offset in the buffer.
    pub offset: u64,
    pub align: u64,
    pub repr: TypeRepr<'ctx>,
}

/// One emitted buffer.
#[derive(Clone, Debug)]
pub struct EmittedBuffer<'ctx> {
    pub name: Arc<str>,
    pub layout_type: Rc<StructRepr<'ctx>>,
    pub handle_type: RawType<'ctx>,
    pub handle: RawGlobal<'ctx>,
    pub members: Vec<EmittedMember<'ctx>>,
    /// `_init_buffer_<Name>.cb`.
    pub init_function: inkwell::values::FunctionValue<'ctx>,
}

impl<'ctx> EmittedBuffer<'ctx> {
    pub fn member(&self, name: &str) -> Option<&EmittedMember<'ctx>> {
        self.members.iter().find(|m| &*m.name == name)
    }
}

/// Everything [`emit_cbuffers`] added.
#[derive(Debug)]
pub struct EmittedCBuffers<'ctx> {
    pub buffers: Vec<EmittedBuffer<'ctx>>,
    pub warnings: Vec<EmitWarning>,
    pub flavor: Flavor,
}

/// Adds the IR of `inputs` to `module` (see the module documentation).
pub fn emit_cbuffers<'ctx>(
    ctx: &'ctx Context,
    module: &Module<'ctx>,
    inputs: &[BufferInput<'_>],
    opts: &EmitOptions,
) -> Result<EmittedCBuffers<'ctx>, EmitError> {
    let flavor = check_inputs(inputs, opts.target)?;
    if opts.global_ctor && module.get_global("llvm.global_ctors").is_some() {
        return Err(EmitError::ExistingGlobalCtors);
    }
    let mut types = LayoutTypes::new(ctx, opts.target, flavor, opts.native_16bit)?;
    let mut strings: HashMap<String, GlobalValue<'ctx>> = HashMap::new();
    let mut out = EmittedCBuffers {
        buffers: Vec::new(),
        warnings: Vec::new(),
        flavor,
    };
    let mut layout_names = names::LayoutStructNames::new(inputs.iter().map(|i| i.decl));
    for input in inputs {
        // Named before the prelude may skip the buffer: clang declares the
        // layout record of every buffer, emitted or not.
        let struct_name = layout_names.assign(input.decl);
        if !buffer_prelude(input.decl, input.layout, flavor, &mut out.warnings)? {
            continue;
        }
        let decl = input.decl;
        let parts =
            emit_buffer_globals(ctx, module, &mut types, input, &struct_name, opts, flavor)?;
        let str_global = name_string(ctx, module, &mut strings, &decl.name);
        let init_function = init::init_function(
            ctx,
            module,
            opts.target,
            flavor,
            parts.handle,
            parts.handle_type,
            input.binding,
            str_global,
        )?;
        out.buffers.push(EmittedBuffer {
            name: decl.name.clone(),
            layout_type: parts.layout_type,
            handle_type: parts.handle_type,
            handle: parts.handle,
            members: parts.members,
            init_function,
        });
    }
    check_offsets(&types, &mut out, flavor, opts.target)?;
    if opts.global_ctor && !out.buffers.is_empty() {
        let inits: Vec<_> = out.buffers.iter().map(|b| b.init_function).collect();
        init::global_ctor(ctx, module, opts.target, &opts.ctor_suffix, &inits)?;
    }
    metadata::add_hlsl_cbs(ctx, module, &out.buffers)?;
    if flavor == Flavor::Dxc {
        metadata::add_hlsl_layouts(ctx, module, types.named_structs())?;
    }
    Ok(out)
}

/// The checks and warnings of one buffer before anything is built for it;
/// `Ok(false)` when the buffer emits nothing (clang-22 skips buffers that
/// store no members). Shared by both emitters.
fn buffer_prelude(
    decl: &BufferDecl,
    layout: &BufferLayout,
    flavor: Flavor,
    warnings: &mut Vec<EmitWarning>,
) -> Result<bool, EmitError> {
    if decl.kind == BufferKind::ConstantBuffer {
        if flavor == Flavor::Clang22 {
            return Err(EmitError::ConstantBufferInClang22 {
                buffer: decl.name.to_string(),
            });
        }
        if let Some(len) = decl.array_len {
            return Err(EmitError::ConstantBufferArray {
                buffer: decl.name.to_string(),
                len,
            });
        }
    }
    if flavor == Flavor::Clang22 && layout.member_count() == 0 {
        warnings.push(EmitWarning::EmptyBufferSkipped {
            buffer: decl.name.to_string(),
        });
        return Ok(false);
    }
    if flavor == Flavor::Clang22 {
        for m in &decl.members {
            if m.is_stored() && array_of_filtered_struct(&m.ty) {
                warnings.push(EmitWarning::FilteredArrayElement {
                    buffer: decl.name.to_string(),
                    member: m.name.to_string(),
                });
            }
        }
    }
    Ok(true)
}

/// The symbol, constness and printed alignment of the member global of
/// layout field `field` (at byte `offset`) of `decl`. Shared by both emitters.
fn member_global(
    decl: &BufferDecl,
    layout: &BufferLayout,
    field: usize,
    offset: u64,
    target: Target,
    flavor: Flavor,
    types_opts: TypeOptions,
) -> (String, bool, u64) {
    let (symbol, is_const, clang_align) = match decl.kind {
        BufferKind::ConstantBuffer => (decl.name.to_string(), false, 1),
        _ => {
            let source = &decl.members[layout.member_index[field]];
            (
                names::member_symbol(source),
                source.is_const,
                names::clang_member_align(&source.ty, target, types_opts),
            )
        }
    };
    let align = match flavor {
        Flavor::Clang22 => clang_align,
        Flavor::Dxc => clang_align.min(names::offset_alignment(offset)),
    };
    (symbol, is_const, align)
}

/// An array (of any depth) whose elements are structs that lose members.
fn array_of_filtered_struct(ty: &cblower_layout::Ty) -> bool {
    use cblower_layout::Ty;
    let Ty::Array { elem, .. } = ty else {
        return false;
    };
    let mut t = &**elem;
    while let Ty::Array { elem, .. } = t {
        t = elem;
    }
    matches!(t, Ty::Struct(s) if types::needs_filtered_copy(s))
}

/// All buffers must ask for one flavour, for this target.
fn check_inputs(inputs: &[BufferInput<'_>], target: Target) -> Result<Flavor, EmitError> {
    let mut flavor: Option<(Flavor, &str)> = None;
    for input in inputs {
        let rules = input.layout.rules;
        let this = Flavor::of_rules(rules).ok_or_else(|| EmitError::UnsupportedRules {
            buffer: input.decl.name.to_string(),
            rules: rules.name(),
        })?;
        if let RuleSet::Clang22(t) = rules {
            let layout_target = match t {
                cblower_layout::Clang22Target::Dxil => Target::Dxil,
                cblower_layout::Clang22Target::SpirV => Target::SpirV,
            };
            if layout_target != target {
                return Err(EmitError::TargetMismatch {
                    buffer: input.decl.name.to_string(),
                    layout_target,
                    target,
                });
            }
        }
        match flavor {
            Some((f, first)) if f != this => {
                return Err(EmitError::MixedFlavors {
                    first: first.to_owned(),
                    second: input.decl.name.to_string(),
                })
            }
            Some(_) => {}
            None => flavor = Some((this, &input.decl.name)),
        }
    }
    Ok(flavor.map_or(Flavor::Dxc, |(f, _)| f))
}

/// The globals of one buffer, before its init function exists.
struct BufferGlobals<'ctx> {
    layout_type: Rc<StructRepr<'ctx>>,
    handle_type: RawType<'ctx>,
    handle: RawGlobal<'ctx>,
    members: Vec<EmittedMember<'ctx>>,
}

fn emit_buffer_globals<'ctx>(
    ctx: &'ctx Context,
    module: &Module<'ctx>,
    types: &mut LayoutTypes<'ctx>,
    input: &BufferInput<'_>,
    struct_name: &str,
    opts: &EmitOptions,
    flavor: Flavor,
) -> Result<BufferGlobals<'ctx>, EmitError> {
    let types_opts = TypeOptions {
        native_16bit: opts.native_16bit,
    };
    let decl = input.decl;
    let layout = input.layout;
    let layout_type = match (&decl.element_type, decl.kind) {
        (Some(elem), BufferKind::ConstantBuffer) => {
            // `ConstantBuffer<T> CB;` is one member `CB` of type `%T`.
            let inner = types.user_struct(elem, layout.root())?;
            types.wrapper_struct(struct_name, decl.name.clone(), TypeRepr::Struct(inner))?
        }
        _ => types.named_struct(struct_name, layout.root())?,
    };
    let handle_type = match opts.target {
        Target::Dxil => RawType::target_ext(ctx, "dx.CBuffer", &[layout_type.ty], &[])?,
        Target::SpirV => {
            RawType::target_ext(ctx, "spirv.VulkanBuffer", &[layout_type.ty], &[2, 0])?
        }
    };
    let handle = RawGlobal::add(module, handle_type, &names::handle_global_name(decl), 0)?;
    handle.set_poison_initializer();

    let address_space = opts.target.constant_address_space();
    let mut members = Vec::with_capacity(layout_type.fields.len());
    for (i, field) in layout_type.fields.iter().enumerate() {
        let (symbol, is_const, align) = member_global(
            decl,
            layout,
            i,
            field.offset,
            opts.target,
            flavor,
            types_opts,
        );
        let global = RawGlobal::add(module, field.repr.ty(), &symbol, address_space)?;
        global.set_linkage(Linkage::External);
        global.set_hidden();
        global.set_constant(is_const);
        global.set_alignment(align as u32);
        members.push(EmittedMember {
            name: field.name.clone(),
            global,
            symbol: global.name(),
            offset: field.offset,
            align,
            repr: field.repr.clone(),
        });
    }
    Ok(BufferGlobals {
        layout_type,
        handle_type,
        handle,
        members,
    })
}

/// `@<Name>.str = private unnamed_addr constant [n x i8] c"<Name>\00"`,
/// shared between buffers of the same name as Clang shares string literals.
fn name_string<'ctx>(
    ctx: &'ctx Context,
    module: &Module<'ctx>,
    strings: &mut HashMap<String, GlobalValue<'ctx>>,
    name: &str,
) -> RawValue<'ctx> {
    if let Some(g) = strings.get(name) {
        return RawValue::from_inkwell(g.as_pointer_value());
    }
    let bytes = ctx.const_string(name.as_bytes(), true);
    let g = module.add_global(
        bytes.get_type(),
        Some(AddressSpace::default()),
        &format!("{name}.str"),
    );
    g.set_initializer(&bytes);
    g.set_linkage(InkLinkage::Private);
    g.set_unnamed_address(inkwell::values::UnnamedAddress::Global);
    g.set_constant(true);
    g.set_alignment(1);
    strings.insert(name.to_owned(), g);
    RawValue::from_inkwell(g.as_pointer_value())
}

/// The first place inside a value where LLVM's data layout disagrees with
/// the intended layout, as (intended, LLVM) offsets relative to the value.
fn inner_drift(
    dl: &crate::ffi::DataLayoutQuery,
    repr: &TypeRepr<'_>,
) -> Result<Option<(u64, u64)>, EmitError> {
    match repr {
        TypeRepr::Leaf { .. } => Ok(None),
        TypeRepr::Array(a) => {
            let llvm_stride = dl.alloc_size(a.padded_elem.unwrap_or(a.elem.ty()));
            if a.count >= 2 && llvm_stride != a.stride {
                return Ok(Some((a.stride, llvm_stride)));
            }
            Ok(inner_drift(dl, &a.elem)?)
        }
        TypeRepr::Struct(s) => {
            for f in &s.fields {
                let llvm = dl.offset_of_element(s.ty, f.element)?;
                if llvm != f.offset {
                    return Ok(Some((f.offset, llvm)));
                }
                if let Some((i, l)) = inner_drift(dl, &f.repr)? {
                    return Ok(Some((f.offset + i, llvm + l)));
                }
            }
            Ok(None)
        }
    }
}

/// Arrays inside a layout struct: LLVM's element spacing must be the stride
/// (the padded cell's alloc size, or the element's for a plain array), and
/// the bare last element of a padded array must start at `(count-1) * stride`.
fn check_array_strides(
    dl: &crate::ffi::DataLayoutQuery,
    repr: &TypeRepr<'_>,
) -> Result<(), EmitError> {
    let TypeRepr::Array(a) = repr else {
        return Ok(());
    };
    let mismatch = |intended, llvm| EmitError::OffsetMismatch {
        ty: a.ty.print(),
        element: 1,
        intended,
        llvm,
    };
    match a.padded_elem {
        Some(cell) => {
            let llvm = dl.alloc_size(cell);
            if llvm != a.stride {
                return Err(mismatch(a.stride, llvm));
            }
            let last = dl.offset_of_element(a.ty, 1)?;
            if last != (a.count - 1) * a.stride {
                return Err(mismatch((a.count - 1) * a.stride, last));
            }
        }
        None if a.count >= 2 => {
            let llvm = dl.alloc_size(a.elem.ty());
            if llvm != a.stride {
                return Err(mismatch(a.stride, llvm));
            }
        }
        None => {}
    }
    check_array_strides(dl, &a.elem)
}

/// The invariant of the layout types: LLVM's data-layout offset of every
/// field equals the intended offset. The default flavour chooses its types so
/// that it holds (a violation is a bug, reported as an error); clang-22 on
/// SPIR-V breaks it, and each affected buffer member becomes a warning.
fn check_offsets(
    types: &LayoutTypes<'_>,
    out: &mut EmittedCBuffers<'_>,
    flavor: Flavor,
    target: Target,
) -> Result<(), EmitError> {
    let dl = types.data_layout();
    if flavor == Flavor::Dxc {
        for s in types.named_structs() {
            for f in &s.fields {
                let llvm = dl.offset_of_element(s.ty, f.element)?;
                if llvm != f.offset {
                    return Err(EmitError::OffsetMismatch {
                        ty: s.name.clone(),
                        element: f.element,
                        intended: f.offset,
                        llvm,
                    });
                }
                check_array_strides(dl, &f.repr)?;
            }
        }
        return Ok(());
    }
    if target != Target::SpirV {
        return Ok(());
    }
    for b in &out.buffers {
        for m in &b.members {
            let f = b
                .layout_type
                .fields
                .iter()
                .find(|f| f.name == m.name)
                .map(|f| f.element);
            if let Some(element) = f {
                let llvm = dl.offset_of_element(b.layout_type.ty, element)?;
                let drift = if llvm != m.offset {
                    Some((m.offset, llvm))
                } else {
                    inner_drift(dl, &m.repr)?.map(|(i, l)| (m.offset + i, m.offset + l))
                };
                if let Some((intended, llvm)) = drift {
                    out.warnings.push(EmitWarning::OffsetDrift {
                        buffer: b.name.to_string(),
                        member: m.name.to_string(),
                        intended,
                        llvm,
                    });
                }
            }
        }
    }
    Ok(())
}
