//! The IR text of [`super::emit_cbuffers`] + [`super::add_module_flags`],
//! written without LLVM.
//!
//! `cblower emit-llvm` used to build an LLVM module of every global and
//! have LLVM print it; on a file of 100k members that costs more time and
//! memory than issue #5 allows (see `docs/performance.md`). This module
//! produces the same bytes directly, in two steps:
//!
//! 1. [`plan_module`] lays out one buffer at a time (through the caller's
//!    closure, so only one layout tree is alive), builds its types into an
//!    interned [`types::TypeTable`] with the module builder's rules, and
//!    keeps a few numbers per member: what the writer needs, nothing more.
//!    It replays what LLVM would decide along the way: renaming clashing
//!    struct and global names, the default flavour's offset check, the
//!    clang-22 SPIR-V drift warnings.
//! 2. [`TextModule::write_to`] streams the text: header, named types in
//!    LLVM's `TypeFinder` order, globals, functions, attribute groups,
//!    metadata.
//!
//! Anything the planner cannot prove it reproduces (an emission error, a
//! layout error, two member globals with one symbol, ...) returns
//! [`Unsupported`], and the caller falls back to the LLVM path, which then
//! reports the error or prints what LLVM prints. The integration test
//! `text_writer_equality` compares both paths byte for byte.

mod data_layout;
mod symbols;
mod types;
mod write;

pub mod syntax;

use std::collections::HashMap;

use cblower_layout::{BufferDecl, BufferKind, BufferLayout, Clang22Target, RuleSet, TypeOptions};

use super::{
    buffer_prelude, member_global, names, EmitError, EmitOptions, EmitWarning, Flavor,
    HandleBinding,
};
use crate::Target;
use symbols::SymbolTable;
use types::{TextField, TextRepr, TextTypes, TypeId, TypeTable};

/// Why the text writer hands a module back to the LLVM path.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum Unsupported {
    #[error("buffer {index} could not be laid out")]
    Layout { index: usize },
    #[error("buffer {index} was laid out with other rules than the module's")]
    MixedRules { index: usize },
    #[error("the rule set cannot be emitted as IR, or targets another target")]
    Rules,
    #[error(transparent)]
    Emit(#[from] EmitError),
    #[error("a padding run of {bytes} bytes does not fit a padding type")]
    PaddingTooLarge { bytes: u64 },
    #[error("two globals would be named `{name}` (LLVM renames one)")]
    SymbolClash { name: String },
    #[error("a layout type's element {element} is at {llvm} under LLVM's data layout, not at {intended}")]
    OffsetCheck {
        element: u32,
        intended: u64,
        llvm: u64,
    },
    #[error("the module identifier contains a line break")]
    ModuleId,
}

/// One buffer to plan: its declaration and how its handle is bound.
#[derive(Clone, Copy, Debug)]
pub struct TextInput<'a> {
    pub decl: &'a BufferDecl,
    pub binding: HandleBinding,
}

/// What the writer keeps of one member global.
#[derive(Clone, Copy, Debug)]
struct PlannedMember {
    /// Index of the member in the declaration (unused for `ConstantBuffer<T>`).
    source: u32,
    ty: TypeId,
    align: u32,
}

/// What the writer keeps of one buffer.
#[derive(Debug)]
struct PlannedBuffer<'a> {
    decl: &'a BufferDecl,
    binding: HandleBinding,
    handle_type: TypeId,
    /// The names LLVM gives the handle global, the buffer's name string, the
    /// init function and the handle intrinsic.
    handle: String,
    string: String,
    /// This buffer created the name string (buffers of one name share it).
    owns_string: bool,
    init: String,
    intrinsic: String,
    members: Vec<PlannedMember>,
}

/// A planned module, ready to be written.
pub struct TextModule<'a> {
    module_id: String,
    target: Target,
    flavor: Flavor,
    native_16bit: bool,
    types: TypeTable,
    /// Named structs in creation order (`!hlsl.layouts`).
    created: Vec<TypeId>,
    buffers: Vec<PlannedBuffer<'a>>,
    /// The global constructor's name, when there is one.
    ctor: Option<String>,
    warnings: Vec<EmitWarning>,
}

impl TextModule<'_> {
    /// The warnings the LLVM path would report, in its order.
    pub fn warnings(&self) -> &[EmitWarning] {
        &self.warnings
    }
}

/// Plans the module of `inputs`; `lay_out` lays out one buffer (and is
/// called once per buffer, in order). `rules` is the rule set every buffer
/// is laid out with. The module identifier and source file name are
/// `module_id` (what `emit-llvm` gives LLVM).
pub fn plan_module<'a>(
    module_id: &str,
    inputs: &[TextInput<'a>],
    lay_out: &mut dyn FnMut(&BufferDecl) -> Option<BufferLayout>,
    rules: RuleSet,
    opts: &EmitOptions,
) -> Result<TextModule<'a>, Unsupported> {
    if module_id.contains('\n') {
        return Err(Unsupported::ModuleId);
    }
    let flavor = Flavor::of_rules(rules).ok_or(Unsupported::Rules)?;
    if let RuleSet::Clang22(t) = rules {
        let layout_target = match t {
            Clang22Target::Dxil => Target::Dxil,
            Clang22Target::SpirV => Target::SpirV,
        };
        if layout_target != opts.target {
            return Err(Unsupported::Rules);
        }
    }
    let types_opts = TypeOptions {
        native_16bit: opts.native_16bit,
    };
    let mut types = TextTypes::new(opts.target, flavor, opts.native_16bit);
    let mut symbols = SymbolTable::default();
    let mut strings: HashMap<&str, String> = HashMap::new();
    let mut warnings = Vec::new();
    let mut drift = Vec::new();
    let mut buffers = Vec::new();
    let mut checked = 0;
    let mut layout_names = names::LayoutStructNames::new(inputs.iter().map(|i| i.decl));
    for (index, input) in inputs.iter().enumerate() {
        let decl = input.decl;
        let layout = lay_out(decl).ok_or(Unsupported::Layout { index })?;
        let struct_name = layout_names.assign(decl);
        if layout.rules != rules {
            return Err(Unsupported::MixedRules { index });
        }
        if !buffer_prelude(decl, &layout, flavor, &mut warnings)? {
            continue;
        }
        let (layout_type, fields) = match (&decl.element_type, decl.kind) {
            (Some(elem), BufferKind::ConstantBuffer) => {
                let inner = types.user_struct(elem, layout.root())?;
                types.wrapper_struct(&struct_name, inner)
            }
            _ => types.buffer_struct(&struct_name, &layout)?,
        };
        if flavor == Flavor::Dxc {
            for &id in &types.created[checked..] {
                let stored = &types.table.named(id).fields;
                let fields = if id == layout_type { &fields } else { stored };
                check_struct(&types.table, id, fields)?;
            }
            checked = types.created.len();
        }
        let handle_type = types.table.handle(layout_type);
        let handle = symbols.add(&names::handle_global_name(decl))?;
        let mut members = Vec::with_capacity(fields.len());
        for (i, field) in fields.iter().enumerate() {
            let (symbol, _, align) = member_global(
                decl,
                &layout,
                i,
                field.offset,
                opts.target,
                flavor,
                types_opts,
            );
            symbols.add_member(&symbol)?;
            let source = match decl.kind {
                BufferKind::ConstantBuffer => 0,
                _ => layout.member_index[i] as u32,
            };
            members.push(PlannedMember {
                source,
                ty: field_type(field),
                align: align as u32,
            });
        }
        if flavor == Flavor::Clang22 && opts.target == Target::SpirV {
            drift_warnings(
                &types.table,
                decl,
                layout_type,
                layout.fields(),
                &fields,
                &mut drift,
            );
        }
        let (string, owns_string) = match strings.get(&*decl.name) {
            Some(s) => (s.clone(), false),
            None => {
                let s = symbols.add(&format!("{}.str", decl.name))?;
                strings.insert(&decl.name, s.clone());
                (s, true)
            }
        };
        let init = symbols.add(&format!("_init_buffer_{handle}"))?;
        let intrinsic = intrinsic_name(&types.table, opts.target, input.binding, layout_type);
        symbols.add_exact(&intrinsic)?;
        buffers.push(PlannedBuffer {
            decl,
            binding: input.binding,
            handle_type,
            handle,
            string,
            owns_string,
            init,
            intrinsic,
            members,
        });
    }
    warnings.append(&mut drift);
    let ctor = if opts.global_ctor && !buffers.is_empty() {
        let ctor = symbols.add(&format!("_GLOBAL__sub_I_{}", opts.ctor_suffix))?;
        if opts.target == Target::SpirV {
            symbols.add_exact("llvm.experimental.convergence.entry")?;
        }
        symbols.add_exact("llvm.global_ctors")?;
        Some(ctor)
    } else {
        None
    };
    Ok(TextModule {
        module_id: module_id.to_owned(),
        target: opts.target,
        flavor,
        native_16bit: opts.native_16bit,
        created: types.created,
        types: types.table,
        buffers,
        ctor,
        warnings,
    })
}

fn field_type(field: &TextField) -> TypeId {
    match &field.repr {
        TextRepr::Leaf(ty) => *ty,
        TextRepr::Array(a) => a.ty,
        TextRepr::Struct(id) => *id,
    }
}

/// `llvm.dx.resource.handlefrombinding.tdx.CBuffer_s_<Layout>st` and its
/// siblings: the intrinsic's name with the handle type mangled into it.
fn intrinsic_name(
    table: &TypeTable,
    target: Target,
    binding: HandleBinding,
    layout_type: TypeId,
) -> String {
    let which = match binding {
        HandleBinding::Explicit { .. } => "handlefrombinding",
        HandleBinding::Implicit { .. } => "handlefromimplicitbinding",
    };
    let layout = &table.named(layout_type).name;
    match target {
        Target::Dxil => format!("llvm.dx.resource.{which}.tdx.CBuffer_s_{layout}st"),
        Target::SpirV => {
            format!("llvm.spv.resource.{which}.tspirv.VulkanBuffer_s_{layout}s_2_0t")
        }
    }
}

/// The default flavour's invariant (see `check_offsets` in the module
/// builder): every field at its intended offset under LLVM's data layout,
/// every array element at its stride. A violation is a bug the LLVM path
/// reports as an error, so here it only hands the module back.
fn check_struct(table: &TypeTable, id: TypeId, fields: &[TextField]) -> Result<(), Unsupported> {
    let s = table.named(id);
    for f in fields {
        let llvm = s.elem_offsets[f.element as usize];
        if llvm != f.offset {
            return Err(Unsupported::OffsetCheck {
                element: f.element,
                intended: f.offset,
                llvm,
            });
        }
        check_array_strides(table, &f.repr)?;
    }
    Ok(())
}

fn check_array_strides(table: &TypeTable, repr: &TextRepr) -> Result<(), Unsupported> {
    let TextRepr::Array(a) = repr else {
        return Ok(());
    };
    let mismatch = |intended, llvm| Unsupported::OffsetCheck {
        element: 1,
        intended,
        llvm,
    };
    match a.padded_elem {
        Some(cell) => {
            let llvm = table.alloc_size(cell);
            if llvm != a.stride {
                return Err(mismatch(a.stride, llvm));
            }
            // Element 1 of `<{ [N-1 x cell], E }>` follows the N-1 cells.
            let last = llvm * (a.count - 1);
            if last != (a.count - 1) * a.stride {
                return Err(mismatch((a.count - 1) * a.stride, last));
            }
        }
        None if a.count >= 2 => {
            let llvm = table.alloc_size(repr_type(&a.elem));
            if llvm != a.stride {
                return Err(mismatch(a.stride, llvm));
            }
        }
        None => {}
    }
    check_array_strides(table, &a.elem)
}

fn repr_type(r: &TextRepr) -> TypeId {
    match r {
        TextRepr::Leaf(ty) => *ty,
        TextRepr::Array(a) => a.ty,
        TextRepr::Struct(id) => *id,
    }
}

/// The first place inside a value where LLVM's offsets leave the intended
/// ones, as (intended, LLVM) relative to the value (the module builder's
/// `inner_drift`).
fn inner_drift(table: &TypeTable, repr: &TextRepr) -> Option<(u64, u64)> {
    match repr {
        TextRepr::Leaf(_) => None,
        TextRepr::Array(a) => {
            let llvm_stride = table.alloc_size(a.padded_elem.unwrap_or(repr_type(&a.elem)));
            if a.count >= 2 && llvm_stride != a.stride {
                return Some((a.stride, llvm_stride));
            }
            inner_drift(table, &a.elem)
        }
        TextRepr::Struct(id) => {
            let s = table.named(*id);
            for f in &s.fields {
                let llvm = s.elem_offsets[f.element as usize];
                if llvm != f.offset {
                    return Some((f.offset, llvm));
                }
                if let Some((i, l)) = inner_drift(table, &f.repr) {
                    return Some((f.offset + i, llvm + l));
                }
            }
            None
        }
    }
}

/// clang-22 on SPIR-V: a warning for each member LLVM's data layout places
/// elsewhere than clang meant (the module builder's `check_offsets`; a member
/// is matched to the first field of its name, as there).
fn drift_warnings(
    table: &TypeTable,
    decl: &BufferDecl,
    layout_type: TypeId,
    layout_fields: &[cblower_layout::FieldNode],
    fields: &[TextField],
    out: &mut Vec<EmitWarning>,
) {
    let s = table.named(layout_type);
    let mut first: HashMap<&str, usize> = HashMap::new();
    for (i, f) in layout_fields.iter().enumerate() {
        first.entry(&f.name).or_insert(i);
    }
    for (i, (field, source)) in fields.iter().zip(layout_fields).enumerate() {
        let j = first.get(&*source.name).copied().unwrap_or(i);
        let llvm = s.elem_offsets[fields[j].element as usize];
        let drift = if llvm != field.offset {
            Some((field.offset, llvm))
        } else {
            inner_drift(table, &field.repr).map(|(a, b)| (field.offset + a, field.offset + b))
        };
        if let Some((intended, llvm)) = drift {
            out.push(EmitWarning::OffsetDrift {
                buffer: decl.name.to_string(),
                member: source.name.to_string(),
                intended,
                llvm,
            });
        }
    }
}
