//! The emission plan: everything a module of laid-out buffers holds, as
//! plain data, decided once.
//!
//! ```text
//!  ProgramBuffer ──► effective_decl ──► layout ──► PlanTypes ──► EmissionPlan ──┬─► text writer   (cblower-llvm)
//!  (decl, binding)    (clang-22 policy)  (one buffer   (types,       (types, globals,  └─► module builder (cblower-llvm)
//!                                         at a time)    padding)      functions, metadata)
//! ```
//!
//! For each buffer, in the order given (Clang's order is source order with
//! `$Globals` last), the plan holds:
//!
//! * `%__cblayout_<Name>`, a packed struct with explicit padding, and the
//!   user structs it uses ([`types`]);
//! * the handle global `@<Name>.cb` (`.tb` for a `tbuffer`), one
//!   `external hidden` member global per stored member in the constant
//!   address space, and `@<Name>.str`;
//! * `_init_buffer_<Name>.cb`, which creates the handle from its binding,
//!   and the handle intrinsic it calls;
//!
//! and for the module: the global constructor calling every init function,
//! `!hlsl.cbs`, in the default flavour `!hlsl.layouts`, and the module
//! flags ([`module_flags`]). Every name is the one LLVM gives: clashing
//! dotted names and anonymous structs are numbered as LLVM numbers them.
//!
//! Two flavours, chosen by the rule set: [`Flavor::Dxc`] (DXC's offsets,
//! types chosen so LLVM's data layout agrees, which the plan checks) and
//! [`Flavor::Clang22`] (clang 22.1 bug for bug, with a warning wherever
//! LLVM's data layout moves a member on SPIR-V).
//!
//! The writers only serialise a plan: neither decides anything, so they
//! cannot drift apart. Planning keeps one buffer's layout alive at a time.

mod arrays;
pub mod data_layout;
pub mod names;
pub mod push_constant_record;
mod struct_cache;
mod symbols;
pub mod syntax;
pub mod types;

use std::borrow::Cow;
use std::collections::HashMap;

use cblower_layout::{
    layout_buffer, BufferDecl, BufferKind, BufferLayout, Clang22Target, LayoutOptions, RuleSet, Ty,
    TypeOptions,
};

use crate::fast_hash::FastMap;
use crate::policy::EffectiveDecl;
use crate::{HandleBinding, ProgramError, Target, TargetTriple, Threads};
pub use arrays::PlannedArray;
use symbols::SymbolTable;
pub use types::{
    LeafRepr, NamedStruct, PlanArray, PlanField, PlanRepr, PlanTypes, Prim, TypeDef, TypeId,
    TypeTable,
};

/// Which compiler's output the emission reproduces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
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

    /// The rule set buffers are laid out with for this flavour on `target`.
    pub fn rules(self, target: Target) -> RuleSet {
        match (self, target) {
            (Flavor::Dxc, _) => RuleSet::CBuffer,
            (Flavor::Clang22, Target::Dxil) => RuleSet::Clang22(Clang22Target::Dxil),
            (Flavor::Clang22, Target::SpirV) => RuleSet::Clang22(Clang22Target::SpirV),
        }
    }
}

/// Something the caller should know but that does not stop emission.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EmitWarning {
    /// clang-22 on SPIR-V: LLVM's data layout places this member elsewhere
    /// than clang intended (the 3-element vector alloc size bug).
    OffsetDrift {
        /// The buffer's name.
        buffer: String,
        /// The member's name.
        member: String,
        /// The byte clang means.
        intended: u64,
        /// The byte LLVM computes.
        llvm: u64,
    },
    /// clang-22 emits nothing for a buffer whose members are all filtered out.
    EmptyBufferSkipped {
        /// The buffer's name.
        buffer: String,
    },
    /// clang-22 lays out an array of structs that contain resources with the
    /// unfiltered struct (resource handles inside the cbuffer); cblower emits
    /// the filtered layout instead.
    FilteredArrayElement {
        /// The buffer's name.
        buffer: String,
        /// The member's name.
        member: String,
    },
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

/// Module-wide choices.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlanOptions {
    /// The code generation target.
    pub target: Target,
    /// Whose output to reproduce.
    pub flavor: Flavor,
    /// Native 16-bit types (`half` is `half`; adds the `dx.nativelowprec` flag).
    pub native_16bit: bool,
    /// Add the global constructor `_GLOBAL__sub_I_<ctor_suffix>` calling the
    /// init functions, and `@llvm.global_ctors`, as Clang does. Front ends
    /// that call the init functions themselves turn this off.
    pub global_ctor: bool,
    /// Clang uses the main file's name (`_GLOBAL__sub_I_shader.hlsl`).
    pub ctor_suffix: String,
    /// The module identifier and source file name (the text writer's header).
    pub module_id: String,
    /// DXC's `-fvk-use-*-layout` choice for constant buffers on SPIR-V in
    /// the default flavour (ignored on DXIL and by the clang-22 flavour).
    pub vk_layout: VkLayout,
    /// The target triple, with its shader stage (`cblower emit-llvm
    /// --triple`/`-T`/`--stage`); `None` is `target`'s shader-model 6.3
    /// library triple ([`TargetTriple::library`]). Its target must be
    /// `target`. It sets the `target triple` line, and a stage other than
    /// `library` leaves the global constructor out of `@llvm.global_ctors`
    /// (clang-22's entry-point wrapper calls it instead).
    pub triple: Option<TargetTriple>,
    /// Whether the planner may lay buffers out ahead on a thread of its own
    /// (the plan is the same either way).
    pub threads: Threads,
}

/// How the default flavour lays out buffers on SPIR-V, as DXC's
/// `-fvk-use-*-layout` flags choose: by default DXC's relaxed rules
/// (relaxed std140 for constant buffers, relaxed std430 for `tbuffer`s and
/// `TextureBuffer<T>`), `-fvk-use-dx-layout` DXC's FXC-compatible rows
/// (`RuleSet::FxcCBuffer`),
/// `-fvk-use-gl-layout` std140 (std430) and `-fvk-use-scalar-layout` the
/// scalar block layout as DXC computes it (`RuleSet::ScalarDxc`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum VkLayout {
    /// DXC's default: relaxed std140 (relaxed std430 for texture buffers).
    #[default]
    Relaxed,
    /// DXC's FXC-compatible constant-buffer rows (`-fvk-use-dx-layout`).
    Dx,
    /// GLSL std140 (std430 for texture buffers; `-fvk-use-gl-layout`).
    Gl,
    /// Vulkan scalar block layout (`-fvk-use-scalar-layout`).
    Scalar,
}

impl VkLayout {
    /// The rule set of a buffer of `kind` under this choice on SPIR-V.
    pub fn rules_for(self, kind: BufferKind) -> RuleSet {
        let texture = matches!(kind, BufferKind::TBuffer | BufferKind::TextureBuffer);
        match (self, texture) {
            (VkLayout::Relaxed, false) => RuleSet::RelaxedStd140,
            (VkLayout::Relaxed, true) => RuleSet::RelaxedStd430,
            (VkLayout::Dx, _) => RuleSet::FxcCBuffer,
            (VkLayout::Gl, false) => RuleSet::Std140,
            (VkLayout::Gl, true) => RuleSet::Std430,
            (VkLayout::Scalar, _) => RuleSet::ScalarDxc,
        }
    }
}

impl PlanOptions {
    /// Options for `target` and `flavor`: no native 16-bit types, a global
    /// constructor named `_GLOBAL__sub_I_module`, an empty module identifier.
    pub fn new(target: Target, flavor: Flavor) -> Self {
        PlanOptions {
            target,
            flavor,
            native_16bit: false,
            global_ctor: true,
            ctor_suffix: "module".to_owned(),
            module_id: String::new(),
            vk_layout: VkLayout::Relaxed,
            triple: None,
            threads: Threads::Pipelined,
        }
    }

    /// The rule set constant buffers are laid out with: the flavour's,
    /// except that the default flavour on SPIR-V follows
    /// [`PlanOptions::vk_layout`].
    pub fn rules(&self) -> RuleSet {
        self.rules_for(BufferKind::CBuffer)
    }

    /// The rule set a buffer of `kind` is laid out with: on SPIR-V in the
    /// default flavour, texture buffers follow DXC's `tbuffer` rules.
    pub fn rules_for(&self, kind: BufferKind) -> RuleSet {
        match (self.flavor, self.target) {
            (Flavor::Dxc, Target::SpirV) => self.vk_layout.rules_for(kind),
            (flavor, target) => flavor.rules(target),
        }
    }

    /// The rule set a `[[vk::push_constant]]` block is laid out with in the
    /// default flavour: DXC's structured-buffer rule for Vulkan (relaxed
    /// std430 by default, std430 with `-fvk-use-gl-layout`, the scalar block
    /// layout as DXC computes it (struct sizes not rounded) with
    /// `-fvk-use-scalar-layout`, the FXC structured-buffer rules with
    /// `-fvk-use-dx-layout`).
    pub fn push_constant_rules(&self) -> RuleSet {
        match self.vk_layout {
            VkLayout::Relaxed => RuleSet::RelaxedStd430,
            VkLayout::Dx => RuleSet::Structured,
            VkLayout::Gl => RuleSet::Std430,
            VkLayout::Scalar => RuleSet::ScalarDxc,
        }
    }

    /// The layout options constant buffers are laid out with.
    pub fn layout_options(&self) -> LayoutOptions {
        LayoutOptions::new(self.rules()).native_16bit(self.native_16bit)
    }

    /// The layout options a buffer of `kind` is laid out with.
    pub fn layout_options_for(&self, kind: BufferKind) -> LayoutOptions {
        LayoutOptions::new(self.rules_for(kind)).native_16bit(self.native_16bit)
    }
}

/// One buffer to plan.
#[derive(Clone, Debug)]
pub struct PlanInput<'a> {
    /// The declaration as the flavour sees it.
    pub decl: EffectiveDecl<'a>,
    /// How its handle is created.
    pub binding: HandleBinding,
    /// Its layout, if the caller has it; otherwise the planner lays it out
    /// (and drops it before the next buffer).
    pub layout: Option<&'a BufferLayout>,
    /// Parallel to the source declaration's members (or empty): how many of
    /// the inputs were declared before each; see
    /// [`ProgramBuffer::member_order`](crate::ProgramBuffer::member_order).
    pub member_order: &'a [usize],
}

/// One member global.
#[derive(Clone, Debug)]
pub struct PlannedMember {
    /// Index of the member in the (effective) declaration; unused for a
    /// `ConstantBuffer<T>`, whose one member global is the buffer.
    pub source: u32,
    /// The element of the buffer's layout struct that holds it.
    pub element: u32,
    /// The alignment printed on the global.
    pub align: u32,
    /// Its type: an index into [`EmissionPlan::reprs`] (members of one
    /// type share an entry, so a member costs a few words).
    pub repr: u32,
}

/// One buffer's globals and functions.
#[derive(Debug)]
pub struct PlannedBuffer<'a> {
    decl: EffectiveDecl<'a>,
    /// Position of the buffer in the planner's input.
    pub index: usize,
    /// How the handle is created.
    pub binding: HandleBinding,
    /// `%__cblayout_<Name>`.
    pub layout_type: TypeId,
    /// `target("dx.CBuffer", %__cblayout_<Name>)` or the SPIR-V handle.
    pub handle_type: TypeId,
    /// The handle global's name (`CB.cb`).
    pub handle: String,
    /// The name string's global (`CB.str`).
    pub string: String,
    /// This buffer defines the name string (buffers of one name share it).
    pub owns_string: bool,
    /// `_init_buffer_CB.cb`.
    pub init: String,
    /// The handle intrinsic the init function calls, with its mangled type.
    pub intrinsic: String,
    /// The member globals in layout order.
    pub members: Vec<PlannedMember>,
}

impl PlannedBuffer<'_> {
    /// The declaration (as the flavour sees it).
    pub fn decl(&self) -> &BufferDecl {
        self.decl.decl()
    }

    /// The symbol of member global `m` and whether it is `constant`.
    pub fn member_symbol(&self, m: &PlannedMember) -> (Cow<'_, str>, bool) {
        let decl = self.decl();
        match decl.kind {
            BufferKind::ConstantBuffer | BufferKind::TextureBuffer => {
                (Cow::Borrowed(&*decl.name), false)
            }
            _ => {
                let f = &decl.members[m.source as usize];
                (names::member_symbol_cow(f), f.is_const)
            }
        }
    }

    /// The source name of member global `m` (the buffer's name for a
    /// `ConstantBuffer<T>`).
    pub fn member_name(&self, m: &PlannedMember) -> &std::sync::Arc<str> {
        let decl = self.decl();
        match decl.kind {
            BufferKind::ConstantBuffer | BufferKind::TextureBuffer => &decl.name,
            _ => &decl.members[m.source as usize].name,
        }
    }
}

/// A `[[vk::push_constant]]` block (SPIR-V): one global
/// `@<name> = external hidden addrspace(13) externally_initialized global
/// %struct.<Type>, align N`, as clang-22 emits it.
#[derive(Clone, Debug)]
pub struct PlannedPushConstant {
    /// The global's symbol.
    pub symbol: String,
    /// Its type: the named struct `%struct.<Type>` (explicit padding, laid
    /// out by the push-constant rules).
    pub ty: TypeId,
    /// The `align` printed on the global: the struct's alignment in
    /// clang-22's record layout (raised by a bitfield wider than its type),
    /// 1 in the default flavour.
    pub align: u32,
    /// The global comes right before the handle of buffer number `before`
    /// of [`EmissionPlan::buffers`] (after all of them when it is their
    /// count): where the block is declared among the buffers, as clang-22
    /// places it ([`PlanInput::member_order`]).
    pub before: usize,
}

/// The address space of push constants on SPIR-V (`PushConstant` storage).
pub const PUSH_CONSTANT_ADDRESS_SPACE: u32 = 13;

/// A module flag: `!{i32 1, !"<key>", i32 <value>}` (behaviour `Error`).
pub type ModuleFlag = (&'static str, u32);

/// clang-22's module flags: `wchar_size`, and `dx.nativelowprec` with native
/// 16-bit types.
pub fn module_flags(native_16bit: bool) -> Vec<ModuleFlag> {
    let mut flags = vec![("wchar_size", 4)];
    if native_16bit {
        flags.push(("dx.nativelowprec", 1));
    }
    flags
}

/// `!dx.valver = !{!{i32 1, i32 8}}` on DXIL.
pub fn validator_version(target: Target) -> Option<(u32, u32)> {
    (target == Target::Dxil).then_some((1, 8))
}

/// A planned module, ready to be written or built.
pub struct EmissionPlan<'a> {
    /// The module identifier and source file name.
    pub module_id: String,
    /// The code generation target.
    pub target: Target,
    /// Whose output the plan reproduces.
    pub flavor: Flavor,
    /// Native 16-bit types.
    pub native_16bit: bool,
    /// Every type the module uses.
    pub types: TypeTable,
    /// The distinct member types ([`PlannedMember::repr`] indexes it).
    pub reprs: Vec<PlanRepr>,
    /// The named structs in the order their bodies were made: `!hlsl.layouts`.
    pub layouts: Vec<TypeId>,
    /// The buffers that emit anything, in order.
    pub buffers: Vec<PlannedBuffer<'a>>,
    /// The target triple and shader stage.
    pub triple: TargetTriple,
    /// The arrays of `ConstantBuffer<T>`, in order ([`PlannedArray`]).
    pub arrays: Vec<PlannedArray<'a>>,
    /// The `[[vk::push_constant]]` blocks (SPIR-V), in order.
    pub push_constants: Vec<PlannedPushConstant>,
    /// The global constructor's name, when there is one.
    pub ctor: Option<String>,
    /// What the caller should know, in the order found.
    pub warnings: Vec<EmitWarning>,
}

impl EmissionPlan<'_> {
    /// The type of member global `m`.
    pub fn member_repr(&self, m: &PlannedMember) -> &PlanRepr {
        &self.reprs[m.repr as usize]
    }

    /// The byte offset in buffer `b` of its member global number `i` (the
    /// layout struct keeps every field's offset; members do not repeat it).
    pub fn member_offset(&self, b: &PlannedBuffer<'_>, i: usize) -> u64 {
        self.types.named(b.layout_type).field_offsets[i]
    }

    /// Whether the global constructor is registered in `@llvm.global_ctors`:
    /// for a library only (clang-22 calls it from a stage's entry point).
    pub fn registers_ctor(&self) -> bool {
        self.ctor.is_some() && self.triple.stage().is_library()
    }

    /// `!hlsl.layouts` is written in the default flavour only.
    pub fn has_layouts_metadata(&self) -> bool {
        self.flavor == Flavor::Dxc
    }

    /// The module flags (see [`module_flags`]).
    pub fn module_flags(&self) -> Vec<ModuleFlag> {
        module_flags(self.native_16bit)
    }

    /// The push-constant blocks whose globals come right before buffer
    /// `i`'s (`i == buffers.len()`: after every buffer).
    pub fn push_constants_before(&self, i: usize) -> impl Iterator<Item = &PlannedPushConstant> {
        self.push_constants.iter().filter(move |p| p.before == i)
    }
}

/// The flavour a set of existing layouts asks for: every layout must use
/// one rule set IR can be emitted for, made for `target`.
pub fn flavor_of_layouts<'a>(
    layouts: impl IntoIterator<Item = &'a BufferLayout>,
    target: Target,
) -> Result<Option<Flavor>, ProgramError> {
    let mut flavor: Option<(Flavor, &str)> = None;
    for layout in layouts {
        let rules = layout.rules;
        let this = Flavor::of_rules(rules).ok_or_else(|| ProgramError::UnsupportedRules {
            buffer: layout.name.to_string(),
            rules: rules.name(),
        })?;
        if let RuleSet::Clang22(t) = rules {
            let layout_target = match t {
                Clang22Target::Dxil => Target::Dxil,
                Clang22Target::SpirV => Target::SpirV,
            };
            if layout_target != target {
                return Err(ProgramError::TargetMismatch {
                    buffer: layout.name.to_string(),
                    layout_target,
                    target,
                });
            }
        }
        match flavor {
            Some((f, first)) if f != this => {
                return Err(ProgramError::MixedFlavors {
                    first: first.to_owned(),
                    second: layout.name.to_string(),
                })
            }
            Some(_) => {}
            None => flavor = Some((this, &layout.name)),
        }
    }
    Ok(flavor.map(|(f, _)| f))
}

/// Layouts computed ahead on the helper thread, waiting for the planner
/// (each is dropped once its buffer is planned, so few are alive at once).
const LAYOUTS_AHEAD: usize = 2;

/// A layout the planner computes itself, in input order.
type LaidOut = Result<BufferLayout, cblower_layout::LayoutError>;

/// Plans the module of `inputs` (see the module documentation).
///
/// The layouts of the buffers whose declaration the inputs borrow are
/// computed on a second thread, in input order, while this one plans the
/// buffers before them; the planner takes them in that same order, so the
/// plan (and the first error) is exactly the sequential one.
pub fn plan_module<'a>(
    inputs: Vec<PlanInput<'a>>,
    opts: &PlanOptions,
) -> Result<EmissionPlan<'a>, ProgramError> {
    let ahead: Vec<Option<(&'a BufferDecl, LayoutOptions)>> = inputs
        .iter()
        .map(|i| match (i.layout, i.decl.borrowed()) {
            (None, Some(decl)) if !i.decl.only_vulkan_globals() => {
                Some((decl, opts.layout_options_for(decl.kind)))
            }
            _ => None,
        })
        .collect();
    if opts.threads == Threads::Sequential || ahead.iter().flatten().nth(1).is_none() {
        return plan_module_with(inputs, opts, &[], &mut || None);
    }
    let from_helper: Vec<bool> = ahead.iter().map(Option::is_some).collect();
    std::thread::scope(|scope| {
        let (tx, rx) = std::sync::mpsc::sync_channel::<LaidOut>(LAYOUTS_AHEAD);
        let helper = std::thread::Builder::new()
            .name("cblower-layout".into())
            .spawn_scoped(scope, move || {
                for (decl, layout_opts) in ahead.into_iter().flatten() {
                    let laid_out = layout_buffer(decl, layout_opts);
                    let failed = laid_out.is_err();
                    // The planner stops at its first error: then nobody
                    // receives.
                    if tx.send(laid_out).is_err() || failed {
                        break;
                    }
                }
            });
        match helper {
            Ok(_) => plan_module_with(inputs, opts, &from_helper, &mut || rx.recv().ok()),
            // No thread: the planner lays out every buffer itself.
            Err(_) => plan_module_with(inputs, opts, &[], &mut || None),
        }
    })
}

/// [`plan_module`]'s work: a buffer flagged in `from_helper` takes its
/// layout from `next_layout` (computed in input order) when that has one.
fn plan_module_with<'a>(
    inputs: Vec<PlanInput<'a>>,
    opts: &PlanOptions,
    from_helper: &[bool],
    next_layout: &mut dyn FnMut() -> Option<LaidOut>,
) -> Result<EmissionPlan<'a>, ProgramError> {
    let given = inputs.iter().filter_map(|i| i.layout);
    if flavor_of_layouts(given.clone(), opts.target)?.is_some_and(|f| f != opts.flavor) {
        if let Some(layout) = given.clone().next() {
            return Err(ProgramError::FlavorMismatch {
                buffer: layout.name.to_string(),
                rules: layout.rules.name(),
                flavor: opts.flavor,
            });
        }
    }
    let flavor = opts.flavor;
    let target = opts.target;
    let triple = match &opts.triple {
        None => TargetTriple::library(target),
        Some(t) if t.target() == target => t.clone(),
        Some(t) => {
            return Err(ProgramError::TripleTargetMismatch {
                triple: t.to_string(),
                target,
            })
        }
    };
    let types_opts = TypeOptions {
        native_16bit: opts.native_16bit,
    };
    let mut types = PlanTypes::new(target, flavor, opts.native_16bit);
    let mut symbols = SymbolTable::default();
    symbols.reserve_members(inputs.iter().map(|i| i.decl.decl().members.len()).sum());
    let mut reprs = ReprTable::default();
    let mut strings: HashMap<String, String> = HashMap::new();
    let mut warnings = Vec::new();
    let mut drift = Vec::new();
    let mut buffers = Vec::new();
    let mut pending_arrays = Vec::new();
    let mut checked = 0;
    let mut push_constants = Vec::new();
    let mut layout_names = names::LayoutStructNames::new(inputs.iter().map(|i| i.decl.decl()));
    // Every push-constant block with the input it is declared before:
    // clang-22 emits its global (and so its type) where it is declared.
    let count = inputs.len();
    // (before input, declaring input, source member, the global)
    let mut blocks: Vec<(usize, usize, usize, cblower_layout::Field)> = Vec::new();
    for (index, input) in inputs.iter().enumerate() {
        for (k, field) in input.decl.push_constants().iter().enumerate() {
            let source = input.decl.push_constant_source(k);
            let at = input.member_order.get(source).copied().unwrap_or(index);
            blocks.push((at.min(count), index, source, field.clone()));
        }
    }
    blocks.sort_by_key(|b| b.0);
    if let [first, second, ..] = blocks.as_slice() {
        // DXC and clang-22 alike refuse a second block in a module.
        return Err(ProgramError::SecondPushConstant {
            buffer: second.1,
            member: second.2,
            name: second.3.name.to_string(),
            first: first.3.name.to_string(),
        });
    }
    let mut blocks = blocks.into_iter().peekable();
    let mut plan_blocks_before = |index: usize,
                                  before: usize,
                                  types: &mut PlanTypes,
                                  symbols: &mut SymbolTable,
                                  out: &mut Vec<PlannedPushConstant>|
     -> Result<(), ProgramError> {
        while let Some((_, buffer, member, field)) = blocks.next_if(|b| b.0 <= index) {
            let (symbol, ty, align) =
                plan_push_constant(&field, (buffer, member), opts, types, symbols)
                    .map_err(|e| e.in_buffer(buffer))?;
            out.push(PlannedPushConstant {
                symbol,
                ty,
                align,
                before,
            });
        }
        Ok(())
    };
    for (index, input) in inputs.into_iter().enumerate() {
        plan_blocks_before(
            index,
            buffers.len(),
            &mut types,
            &mut symbols,
            &mut push_constants,
        )?;
        if input.decl.only_vulkan_globals() {
            // Only push and specialisation constants: neither DXC nor
            // clang makes a `$Globals` for them (docs/ir.md).
            continue;
        }
        let ahead = match from_helper.get(index) {
            Some(true) => next_layout(),
            _ => None,
        };
        let layout = match input.layout {
            Some(l) => Cow::Borrowed(l),
            None => Cow::Owned(
                ahead
                    .unwrap_or_else(|| {
                        layout_buffer(
                            input.decl.decl(),
                            opts.layout_options_for(input.decl.decl().kind),
                        )
                    })
                    .map_err(|error| ProgramError::Layout {
                        buffer: index,
                        member: input.decl.source_member(error.member()),
                        error,
                    })?,
            ),
        };
        let decl = input.decl.decl();
        // Named before the prelude may skip the buffer: clang declares the
        // layout record of every buffer, emitted or not.
        let struct_name = layout_names.assign(decl);
        if !buffer_prelude(index, decl, &layout, (flavor, target), &mut warnings)? {
            continue;
        }
        // A padding gap is reported at the source member it is before or
        // inside (the types give the position among the stored members).
        let locate = |e: ProgramError| {
            e.in_buffer(index).map_member(|k| {
                let member = layout.member_index.get(k).copied().unwrap_or(k);
                input.decl.source_member(member)
            })
        };
        let (layout_type, fields) = match (&decl.element_type, decl.kind) {
            (Some(elem), BufferKind::ConstantBuffer | BufferKind::TextureBuffer) => {
                // `ConstantBuffer<T> CB;` is one member `CB` of type `%T`.
                let name = names::without_template_arguments(elem);
                let inner = types
                    .user_struct(elem, name, layout.root())
                    .map_err(locate)?;
                types.wrapper_struct(&struct_name, decl.name.clone(), inner)
            }
            _ => types.buffer_struct(&struct_name, &layout).map_err(locate)?,
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
        if decl.kind.is_templated() && decl.array_len.is_some() {
            pending_arrays.push(arrays::PendingArray {
                len: arrays::array_length(index, decl)?,
                decl: input.decl,
                index,
                binding: input.binding,
                layout_type,
                handle_type,
                repr: reprs.index(&fields[0].repr),
            });
            continue;
        }
        let handle = symbols.add(&names::handle_global_name(decl))?;
        let mut members = Vec::with_capacity(fields.len());
        for (i, field) in fields.iter().enumerate() {
            let source = match decl.kind {
                BufferKind::ConstantBuffer | BufferKind::TextureBuffer => 0,
                _ => layout.member_index[i],
            };
            let (symbol, align) =
                member_global(decl, source, field.offset, target, flavor, types_opts);
            if symbols.add_member(&symbol)? && symbol_planned(&buffers, decl, &members, &symbol) {
                return Err(ProgramError::DuplicateSymbol {
                    name: symbol.into_owned(),
                });
            }
            members.push(PlannedMember {
                source: source as u32,
                element: field.element,
                align: align as u32,
                repr: reprs.index(&field.repr),
            });
        }
        if flavor == Flavor::Clang22 && target == Target::SpirV {
            drift_warnings(&types.table, decl, layout_type, &fields, &mut drift);
        }
        let (string, owns_string) = match strings.get(&*decl.name) {
            Some(s) => (s.clone(), false),
            None => {
                let s = symbols.add(&format!("{}.str", decl.name))?;
                strings.insert(decl.name.to_string(), s.clone());
                (s, true)
            }
        };
        let init = symbols.add(&format!("_init_buffer_{handle}"))?;
        let intrinsic = intrinsic_name(&types.table, target, input.binding, layout_type);
        symbols.add_exact(&intrinsic)?;
        buffers.push(PlannedBuffer {
            decl: input.decl,
            index,
            binding: input.binding,
            layout_type,
            handle_type,
            handle,
            string,
            owns_string,
            init,
            intrinsic,
            members,
        });
    }
    plan_blocks_before(
        count,
        buffers.len(),
        &mut types,
        &mut symbols,
        &mut push_constants,
    )?;
    warnings.append(&mut drift);
    let mut arrays = arrays::name_strings(pending_arrays, &mut symbols, &mut strings)?;
    let ctor = if opts.global_ctor && !buffers.is_empty() {
        let ctor = symbols.add(&format!("_GLOBAL__sub_I_{}", opts.ctor_suffix))?;
        if target == Target::SpirV {
            symbols.add_exact("llvm.experimental.convergence.entry")?;
        }
        if triple.stage().is_library() {
            symbols.add_exact("llvm.global_ctors")?;
        }
        Some(ctor)
    } else {
        None
    };
    for a in &mut arrays {
        a.intrinsic = intrinsic_name(&types.table, target, a.binding, a.layout_type);
        symbols.add_exact(&a.intrinsic)?;
    }
    Ok(EmissionPlan {
        module_id: opts.module_id.clone(),
        target,
        flavor,
        native_16bit: opts.native_16bit,
        layouts: types.created,
        types: types.table,
        reprs: reprs.reprs,
        buffers,
        triple,
        arrays,
        push_constants,
        ctor,
        warnings,
    })
}

/// Plans the global of the `[[vk::push_constant]]` block `field` (member
/// `member` of input `buffer`): its symbol, its struct type, laid out by
/// [`PlanOptions::push_constant_rules`], and the global's alignment.
fn plan_push_constant(
    field: &cblower_layout::Field,
    (buffer, member): (usize, usize),
    opts: &PlanOptions,
    types: &mut PlanTypes,
    symbols: &mut SymbolTable,
) -> Result<(String, TypeId, u32), ProgramError> {
    let refuse = |reason: String, fix: &str| ProgramError::PushConstant {
        buffer,
        member,
        name: field.name.to_string(),
        reason,
        fix: fix.to_owned(),
    };
    let Ty::Struct(s) = &field.ty else {
        return Err(refuse(
            "a push-constant block must be a struct (DXC requires one)".into(),
            "declare a struct and make the push-constant global of that type",
        ));
    };
    let symbol = names::member_symbol_cow(field).into_owned();
    if opts.flavor == Flavor::Clang22 {
        let made = types
            .clang22_push_constant_struct(s, &mut HashMap::new(), 0)
            .map_err(|e| refuse(e.reason, e.fix))?;
        symbols.add_exact(&symbol)?;
        // 1 to 8: the alignment of an integer type.
        return Ok((symbol, made.id, made.align as u32));
    }
    if let Some((inner, owner)) = resource_in(s, 0) {
        // DXC lays the struct's fields out with the resource among them and
        // its SPIR-V fails validation: a Block cannot hold an image.
        return Err(refuse(
            format!("member `{inner}` of `{owner}` is a resource, which a push-constant block cannot hold"),
            "keep only data members in the push-constant struct",
        ));
    }
    let source = member;
    let mut member = field.clone();
    member.vk_global = None;
    member.placement = None;
    let decl = BufferDecl {
        name: field.name.clone(),
        kind: BufferKind::CBuffer,
        binding: None,
        element_type: None,
        array_len: None,
        members: vec![member],
        namespace: None,
        element_bases: Vec::new(),
    };
    let rules = opts.push_constant_rules();
    let layout = layout_buffer(
        &decl,
        LayoutOptions::new(rules).native_16bit(opts.native_16bit),
    )
    .map_err(|e| refuse(format!("cannot be laid out: {e}"), "change its struct"))?;
    let Some(m) = layout.members().next() else {
        return Err(refuse(
            "its struct stores nothing".into(),
            "give its struct a member",
        ));
    };
    let name = format!("struct.{}", names::struct_type_name(s));
    // A padding gap inside the block is reported at its global.
    let (id, made) = types
        .push_constant_struct(&name, &m.layout_type().node)
        .map_err(|e| e.at_member(source))?;
    for &made in &made {
        let fields = types.table.named(made).fields.clone();
        check_struct(&types.table, made, &fields)?;
    }
    symbols.add_exact(&symbol)?;
    Ok((symbol, id, 1))
}

/// The first field of `s` (its bases and nested structs included) whose
/// type is a resource or an array of them: (field, struct that declares
/// it).
fn resource_in(s: &cblower_layout::StructTy, depth: usize) -> Option<(String, String)> {
    if depth > 64 {
        return None;
    }
    if let Some(found) = s.base.as_ref().and_then(|b| resource_in(b, depth + 1)) {
        return Some(found);
    }
    s.fields.iter().find_map(|f| {
        let mut ty = &f.ty;
        while let Ty::Array { elem, .. } = ty {
            ty = elem;
        }
        match ty {
            Ty::Resource(_) => Some((f.name.to_string(), s.name.to_string())),
            Ty::Struct(inner) => resource_in(inner, depth + 1),
            _ => None,
        }
    })
}

/// The distinct member types of a plan.
#[derive(Default)]
struct ReprTable {
    reprs: Vec<PlanRepr>,
    index: FastMap<(u8, u64, u64), u32>,
}

impl ReprTable {
    /// The index of `r`, added when new. Arrays are told apart by their
    /// shared `Rc` (kept alive in the table), the rest by value.
    fn index(&mut self, r: &PlanRepr) -> u32 {
        let key = match r {
            PlanRepr::Leaf(l) => (
                0,
                (l.memory.index() as u64) << 32 | l.value.index() as u64,
                l.size << 8 | l.scalar as u64,
            ),
            PlanRepr::Array(a) => (1, std::rc::Rc::as_ptr(a) as usize as u64, 0),
            PlanRepr::Struct(id) => (2, id.index() as u64, 0),
        };
        let next = self.reprs.len() as u32;
        let i = *self.index.entry(key).or_insert(next);
        if i == next {
            self.reprs.push(r.clone());
        }
        i
    }
}

/// Whether a member global already planned (in `buffers`, or among the
/// current buffer's `members` of `decl`) has the symbol `symbol`. Only
/// asked when the symbol table's hash of it was seen before.
fn symbol_planned(
    buffers: &[PlannedBuffer<'_>],
    decl: &BufferDecl,
    members: &[PlannedMember],
    symbol: &str,
) -> bool {
    let in_decl = |decl: &BufferDecl, m: &PlannedMember| match decl.kind {
        BufferKind::ConstantBuffer | BufferKind::TextureBuffer => &*decl.name == symbol,
        _ => names::member_symbol_cow(&decl.members[m.source as usize]) == symbol,
    };
    buffers
        .iter()
        .any(|b| b.members.iter().any(|m| in_decl(b.decl(), m)))
        || members.iter().any(|m| in_decl(decl, m))
}

/// D3D's constant-buffer limit: 4096 rows of 16 bytes.
const CBUFFER_MAX_BYTES: u64 = 4096 * 16;

/// The checks and warnings of one buffer before anything is planned for
/// it; `Ok(false)` when the buffer emits nothing (clang-22 skips buffers
/// that store no members).
fn buffer_prelude(
    index: usize,
    decl: &BufferDecl,
    layout: &BufferLayout,
    (flavor, target): (Flavor, Target),
    warnings: &mut Vec<EmitWarning>,
) -> Result<bool, ProgramError> {
    // D3D's limit of 4096 rows: DXC rejects a larger constant buffer when it
    // compiles to DXIL ("CBuffer size is N bytes, exceeding maximum of 65536
    // bytes"); clang-22 has no such check and emits it.
    let constant = !matches!(decl.kind, BufferKind::TBuffer | BufferKind::TextureBuffer);
    if flavor == Flavor::Dxc && target == Target::Dxil && constant {
        let size = layout.size().get();
        if size > CBUFFER_MAX_BYTES {
            return Err(ProgramError::CBufferTooLarge {
                index,
                buffer: decl.name.to_string(),
                size,
            });
        }
    }
    if decl.kind.is_templated() && flavor == Flavor::Clang22 {
        return Err(ProgramError::ConstantBufferInClang22 {
            index,
            buffer: decl.name.to_string(),
            template: decl.kind.keyword(),
        });
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

/// The symbol and printed alignment of the member global of declaration
/// member `source` at byte `offset`.
fn member_global(
    decl: &BufferDecl,
    source: usize,
    offset: u64,
    target: Target,
    flavor: Flavor,
    types_opts: TypeOptions,
) -> (Cow<'_, str>, u64) {
    let (symbol, clang_align) = match decl.kind {
        BufferKind::ConstantBuffer | BufferKind::TextureBuffer => (Cow::Borrowed(&*decl.name), 1),
        _ => {
            let m = &decl.members[source];
            (
                names::member_symbol_cow(m),
                names::clang_member_align(&m.ty, target, types_opts),
            )
        }
    };
    let align = match flavor {
        Flavor::Clang22 => clang_align,
        Flavor::Dxc => clang_align.min(names::offset_alignment(offset)),
    };
    (symbol, align)
}

/// An array (of any depth) whose elements are structs that lose members.
fn array_of_filtered_struct(ty: &Ty) -> bool {
    let Ty::Array { elem, .. } = ty else {
        return false;
    };
    let mut t = &**elem;
    while let Ty::Array { elem, .. } = t {
        t = elem;
    }
    matches!(t, Ty::Struct(s) if names::needs_filtered_copy(s))
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

/// The default flavour's invariant: every field at its intended offset
/// under LLVM's data layout, every array element at its stride. A
/// violation is a bug in the type choices, reported as an error.
fn check_struct(table: &TypeTable, id: TypeId, fields: &[PlanField]) -> Result<(), ProgramError> {
    let s = table.named(id);
    for f in fields {
        let llvm = s.elem_offsets[f.element as usize];
        if llvm != f.offset {
            return Err(ProgramError::OffsetMismatch {
                ty: s.name.clone(),
                element: f.element,
                intended: f.offset,
                llvm,
            });
        }
        check_array_strides(table, &s.name, &f.repr)?;
    }
    Ok(())
}

fn check_array_strides(table: &TypeTable, ty: &str, repr: &PlanRepr) -> Result<(), ProgramError> {
    let PlanRepr::Array(a) = repr else {
        return Ok(());
    };
    let mismatch = |intended, llvm| ProgramError::OffsetMismatch {
        ty: ty.to_owned(),
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
        }
        None if a.count >= 2 => {
            let llvm = table.alloc_size(a.elem.ty());
            if llvm != a.stride {
                return Err(mismatch(a.stride, llvm));
            }
        }
        None => {}
    }
    check_array_strides(table, ty, &a.elem)
}

/// The first place inside a value where LLVM's offsets leave the intended
/// ones, as (intended, LLVM) relative to the value.
fn inner_drift(table: &TypeTable, repr: &PlanRepr) -> Option<(u64, u64)> {
    match repr {
        PlanRepr::Leaf(_) => None,
        PlanRepr::Array(a) => {
            let llvm_stride = table.alloc_size(a.padded_elem.unwrap_or(a.elem.ty()));
            if a.count >= 2 && llvm_stride != a.stride {
                return Some((a.stride, llvm_stride));
            }
            inner_drift(table, &a.elem)
        }
        PlanRepr::Struct(id) => {
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
/// elsewhere than clang meant (a member is matched to the first field of
/// its name).
fn drift_warnings(
    table: &TypeTable,
    decl: &BufferDecl,
    layout_type: TypeId,
    fields: &[PlanField],
    out: &mut Vec<EmitWarning>,
) {
    let s = table.named(layout_type);
    let mut first: HashMap<&str, usize> = HashMap::new();
    for (i, f) in fields.iter().enumerate() {
        first.entry(&f.name).or_insert(i);
    }
    for (i, field) in fields.iter().enumerate() {
        let j = first.get(&*field.name).copied().unwrap_or(i);
        let llvm = s.elem_offsets[fields[j].element as usize];
        let drift = if llvm != field.offset {
            Some((field.offset, llvm))
        } else {
            inner_drift(table, &field.repr).map(|(a, b)| (field.offset + a, field.offset + b))
        };
        if let Some((intended, llvm)) = drift {
            out.push(EmitWarning::OffsetDrift {
                buffer: decl.name.to_string(),
                member: field.name.to_string(),
                intended,
                llvm,
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{plan, ProgramBuffer};
    use cblower_layout::{Binding, Field, LayoutError, Scalar};

    fn cb() -> BufferDecl {
        let mut d = BufferDecl::new(
            "CB",
            BufferKind::CBuffer,
            vec![
                Field::new("a", Ty::scalar(Scalar::Float)),
                Field::new("b", Ty::array(Ty::scalar(Scalar::Float), 2)),
                Field::new("v", Ty::vector(Scalar::Float, 3)),
            ],
        );
        d.binding = Some(Binding {
            register: Some(2),
            space: 1,
        });
        d
    }

    /// The whole plan of one buffer: names, types, offsets, alignments.
    #[test]
    fn plans_a_buffer_as_plain_data() {
        let decl = cb();
        let opts = PlanOptions::new(Target::Dxil, Flavor::Dxc);
        let p = plan(&[ProgramBuffer::new(&decl)], &opts).unwrap();
        assert!(p.warnings.is_empty());
        let b = &p.buffers[0];
        assert_eq!(
            (b.handle.as_str(), b.string.as_str(), b.init.as_str()),
            ("CB.cb", "CB.str", "_init_buffer_CB.cb")
        );
        assert_eq!(
            b.intrinsic,
            "llvm.dx.resource.handlefrombinding.tdx.CBuffer_s___cblayout_CBst"
        );
        assert_eq!(
            b.binding,
            HandleBinding::Explicit {
                register: 2,
                space: 1
            }
        );
        assert_eq!(
            p.types.named_body(b.layout_type),
            "<{ float, target(\"dx.Padding\", 12), <{ [1 x <{ float, target(\"dx.Padding\", 12) }>], float }>, <3 x float> }>"
        );
        let members: Vec<(String, u64, u32)> = b
            .members
            .iter()
            .enumerate()
            .map(|(i, m)| {
                (
                    b.member_symbol(m).0.into_owned(),
                    p.member_offset(b, i),
                    m.align,
                )
            })
            .collect();
        assert_eq!(
            members,
            [
                ("a".to_owned(), 0, 4),
                ("b".to_owned(), 16, 4),
                ("v".to_owned(), 36, 4)
            ]
        );
        // `v` is element 3, after one padding element.
        assert_eq!(b.members[2].element, 3);
        assert_eq!(
            p.types.text(b.handle_type),
            "target(\"dx.CBuffer\", %__cblayout_CB)"
        );
        assert_eq!(p.layouts, [b.layout_type]);
        assert_eq!(p.types.named(b.layout_type).field_offsets, [0, 16, 36]);
        assert_eq!(p.ctor.as_deref(), Some("_GLOBAL__sub_I_module"));
    }

    /// A layout error under clang-22's `$Globals` policy names the member
    /// in the declaration as written, not in the filtered one.
    #[test]
    fn layout_errors_name_the_source_member() {
        let mut ns = Field::new("n", Ty::scalar(Scalar::Float));
        ns.namespace = Some("NS".into());
        let decl = BufferDecl::new(
            "$Globals",
            BufferKind::Globals,
            vec![ns, Field::new("h", Ty::scalar(Scalar::Int16))],
        );
        let opts = PlanOptions::new(Target::Dxil, Flavor::Clang22);
        match plan(&[ProgramBuffer::new(&decl)], &opts) {
            Err(ProgramError::Layout {
                buffer: 0,
                member: 1,
                error: LayoutError::Requires16BitTypes { .. },
            }) => {}
            other => panic!("{:?}", other.err()),
        }
    }

    /// With several buffers the layouts come from the helper thread: the
    /// plan is the same, and the first buffer that fails is the one named
    /// (a later good one, and a later bad one, change nothing).
    #[test]
    fn layouts_laid_out_ahead_keep_order_and_first_error() {
        let named = |name: &str, reg: u32| {
            let mut d = cb();
            d.name = name.into();
            for f in &mut d.members {
                f.name = format!("{name}_{}", f.name).into();
            }
            d.binding = Some(Binding {
                register: Some(reg),
                space: 0,
            });
            d
        };
        let bad = |name: &str, reg: u32| {
            let mut d = named(name, reg);
            d.members
                .push(Field::new(format!("{name}_h"), Ty::scalar(Scalar::Int16)));
            d
        };
        let opts = PlanOptions::new(Target::Dxil, Flavor::Clang22);
        let good: Vec<BufferDecl> = (0..5).map(|i| named(&format!("B{i}"), i)).collect();
        let inputs: Vec<ProgramBuffer> = good.iter().map(ProgramBuffer::new).collect();
        let p = plan(&inputs, &opts).unwrap();
        let one = plan(&inputs[3..4], &opts).unwrap();
        assert_eq!(
            p.types.named_body(p.buffers[3].layout_type),
            one.types.named_body(one.buffers[0].layout_type)
        );
        assert_eq!(
            p.buffers
                .iter()
                .map(|b| b.handle.as_str())
                .collect::<Vec<_>>(),
            ["B0.cb", "B1.cb", "B2.cb", "B3.cb", "B4.cb"]
        );
        let mut decls = good.clone();
        decls[2] = bad("B2", 2);
        decls[4] = bad("B4", 4);
        let inputs: Vec<ProgramBuffer> = decls.iter().map(ProgramBuffer::new).collect();
        match plan(&inputs, &opts) {
            Err(ProgramError::Layout {
                buffer: 2,
                member: 3,
                error: LayoutError::Requires16BitTypes { .. },
            }) => {}
            other => panic!("{:?}", other.err()),
        }
    }

    #[test]
    fn a_member_symbol_used_twice_is_an_error() {
        let a = cb();
        let mut b = cb();
        b.name = "Other".into();
        b.binding = None;
        let opts = PlanOptions::new(Target::SpirV, Flavor::Dxc);
        let err = plan(&[ProgramBuffer::new(&a), ProgramBuffer::new(&b)], &opts).err();
        assert_eq!(
            err,
            Some(ProgramError::DuplicateSymbol { name: "a".into() })
        );
    }

    #[test]
    fn a_layout_of_another_flavour_is_refused() {
        let decl = cb();
        let layout =
            cblower_layout::layout_buffer(&decl, LayoutOptions::new(RuleSet::CBuffer)).unwrap();
        let input = PlanInput {
            decl: EffectiveDecl::unchanged(&decl),
            binding: HandleBinding::Implicit {
                order_id: 0,
                space: 0,
            },
            layout: Some(&layout),
            member_order: &[],
        };
        let opts = PlanOptions::new(Target::Dxil, Flavor::Clang22);
        assert_eq!(
            plan_module(vec![input], &opts).err(),
            Some(ProgramError::FlavorMismatch {
                buffer: "CB".into(),
                rules: "cbuffer",
                flavor: Flavor::Clang22
            })
        );
    }

    /// A stage's plan keeps the constructor but does not register it, and
    /// leaves the name `llvm.global_ctors` free; a library registers it.
    #[test]
    fn only_a_library_registers_the_constructor() {
        let decl = cb();
        let with = |triple: &str| {
            let opts = PlanOptions {
                triple: Some(TargetTriple::parse(triple, None).unwrap()),
                ..PlanOptions::new(Target::Dxil, Flavor::Dxc)
            };
            plan(&[ProgramBuffer::new(&decl)], &opts).unwrap()
        };
        let compute = with("dxil-pc-shadermodel6.6-compute");
        assert_eq!(
            compute.triple.as_str(),
            "dxilv1.6-pc-shadermodel6.6-compute"
        );
        assert_eq!(compute.ctor.as_deref(), Some("_GLOBAL__sub_I_module"));
        assert!(!compute.registers_ctor());
        let library = with("dxil-pc-shadermodel6.8-library");
        assert!(library.registers_ctor());
        let default = plan(
            &[ProgramBuffer::new(&decl)],
            &PlanOptions::new(Target::Dxil, Flavor::Dxc),
        )
        .unwrap();
        assert_eq!(
            default.triple.as_str(),
            "dxilv1.3-pc-shadermodel6.3-library"
        );
        let spirv = PlanOptions {
            triple: Some(TargetTriple::parse("spirv-unknown-vulkan1.3-compute", None).unwrap()),
            ..PlanOptions::new(Target::Dxil, Flavor::Dxc)
        };
        assert_eq!(
            plan(&[ProgramBuffer::new(&decl)], &spirv).err(),
            Some(ProgramError::TripleTargetMismatch {
                triple: "spirv-unknown-vulkan1.3-compute".into(),
                target: Target::Dxil
            })
        );
    }

    /// `vk_layout` picks the default flavour's rule set on SPIR-V only.
    #[test]
    fn vk_layout_applies_to_the_default_flavour_on_spirv() {
        let with = |target, flavor, vk_layout| PlanOptions {
            vk_layout,
            ..PlanOptions::new(target, flavor)
        };
        use cblower_layout::Clang22Target;
        assert_eq!(
            with(Target::SpirV, Flavor::Dxc, VkLayout::Gl).rules(),
            RuleSet::Std140
        );
        assert_eq!(
            with(Target::SpirV, Flavor::Dxc, VkLayout::Scalar).rules(),
            RuleSet::ScalarDxc
        );
        assert_eq!(
            with(Target::SpirV, Flavor::Dxc, VkLayout::Dx).rules(),
            RuleSet::FxcCBuffer
        );
        // DXC's default: relaxed std140, relaxed std430 for texture buffers.
        let default = PlanOptions::new(Target::SpirV, Flavor::Dxc);
        assert_eq!(default.vk_layout, VkLayout::Relaxed);
        assert_eq!(default.rules(), RuleSet::RelaxedStd140);
        for kind in [
            BufferKind::CBuffer,
            BufferKind::ConstantBuffer,
            BufferKind::Globals,
        ] {
            assert_eq!(default.rules_for(kind), RuleSet::RelaxedStd140);
        }
        for kind in [BufferKind::TBuffer, BufferKind::TextureBuffer] {
            assert_eq!(default.rules_for(kind), RuleSet::RelaxedStd430);
        }
        assert_eq!(
            with(Target::SpirV, Flavor::Dxc, VkLayout::Gl).rules_for(BufferKind::TBuffer),
            RuleSet::Std430
        );
        assert_eq!(
            PlanOptions::new(Target::Dxil, Flavor::Dxc).rules_for(BufferKind::TBuffer),
            RuleSet::CBuffer
        );
        assert_eq!(
            with(Target::Dxil, Flavor::Dxc, VkLayout::Gl).rules(),
            RuleSet::CBuffer
        );
        assert_eq!(
            with(Target::SpirV, Flavor::Clang22, VkLayout::Scalar).rules(),
            RuleSet::Clang22(Clang22Target::SpirV)
        );
    }

    /// The push-constant rule follows `-fvk-use-*` as DXC's structured
    /// buffers do.
    #[test]
    fn push_constants_use_the_structured_buffer_rules() {
        let with = |vk_layout| PlanOptions {
            vk_layout,
            ..PlanOptions::new(Target::SpirV, Flavor::Dxc)
        };
        assert_eq!(
            with(VkLayout::Relaxed).push_constant_rules(),
            RuleSet::RelaxedStd430
        );
        assert_eq!(with(VkLayout::Gl).push_constant_rules(), RuleSet::Std430);
        assert_eq!(
            with(VkLayout::Scalar).push_constant_rules(),
            RuleSet::ScalarDxc
        );
        assert_eq!(
            with(VkLayout::Dx).push_constant_rules(),
            RuleSet::Structured
        );
    }

    /// A push-constant block is planned where `member_order` says it was
    /// declared: its global before the handle of the next buffer, its
    /// struct named between that buffer's types and the previous one's.
    #[test]
    fn push_constants_are_placed_by_member_order() {
        use cblower_layout::{StructTy, VkGlobal};
        let cb = |name: &str| {
            BufferDecl::new(
                name,
                BufferKind::CBuffer,
                vec![Field::new(name.to_lowercase(), Ty::scalar(Scalar::Float))],
            )
        };
        let (a, b) = (cb("A"), cb("B"));
        let mut pc = Field::new(
            "pc",
            Ty::Struct(std::sync::Arc::new(StructTy::new(
                "PC",
                vec![Field::new("v", Ty::scalar(Scalar::Float))],
            ))),
        );
        pc.vk_global = Some(VkGlobal::PushConstant);
        let globals = BufferDecl::new(
            "$Globals",
            BufferKind::Globals,
            vec![Field::new("g", Ty::scalar(Scalar::Float)), pc],
        );
        let opts = PlanOptions::new(Target::SpirV, Flavor::Clang22);
        let placed = |order: &[usize]| {
            let buffers = [
                crate::ProgramBuffer::new(&a),
                crate::ProgramBuffer::new(&b),
                crate::ProgramBuffer {
                    member_order: order,
                    ..crate::ProgramBuffer::new(&globals)
                },
            ];
            let plan = crate::plan(&buffers, &opts).expect("plans");
            let names: Vec<String> = plan
                .types
                .named_in_order()
                .iter()
                .map(|&id| plan.types.named(id).name.clone())
                .collect();
            (plan.push_constants[0].before, names.join(" "))
        };
        let names = |pc_at: usize| {
            let mut n = vec!["__cblayout_A", "__cblayout_B", "__cblayout_$Globals"];
            n.insert(pc_at, "struct.PC");
            n.join(" ")
        };
        assert_eq!(placed(&[2, 0]), (0, names(0)));
        assert_eq!(placed(&[2, 1]), (1, names(1)));
        assert_eq!(placed(&[2, 2]), (2, names(2)));
        // No order: right before the buffer holding it.
        assert_eq!(placed(&[]), (2, names(2)));
    }

    /// D3D's 4096-row limit: the default flavour on DXIL rejects a larger
    /// constant buffer (DXC does); clang-22, SPIR-V and tbuffers do not.
    #[test]
    fn constant_buffers_over_4096_rows_are_rejected_on_dxil_only() {
        let big = |kind, n| {
            let mut d = cb();
            d.kind = kind;
            d.members = vec![Field::new("arr", Ty::array(Ty::scalar(Scalar::Float), n))];
            d
        };
        let fits = big(BufferKind::CBuffer, 4096);
        let over = big(BufferKind::CBuffer, 4097);
        let run = |d: &BufferDecl, target, flavor| {
            plan(&[ProgramBuffer::new(d)], &PlanOptions::new(target, flavor)).err()
        };
        assert_eq!(run(&fits, Target::Dxil, Flavor::Dxc), None);
        assert_eq!(
            run(&over, Target::Dxil, Flavor::Dxc),
            Some(ProgramError::CBufferTooLarge {
                index: 0,
                buffer: "CB".into(),
                size: 65540,
            })
        );
        assert_eq!(run(&over, Target::Dxil, Flavor::Clang22), None);
        assert_eq!(run(&over, Target::SpirV, Flavor::Dxc), None);
        assert_eq!(
            run(&big(BufferKind::TBuffer, 4097), Target::Dxil, Flavor::Dxc),
            None
        );
    }

    #[test]
    fn constant_buffer_under_clang22_names_its_index() {
        let a = cb();
        let mut c = cb();
        c.name = "P".into();
        c.kind = BufferKind::ConstantBuffer;
        c.element_type = Some("S".into());
        let opts = PlanOptions::new(Target::Dxil, Flavor::Clang22);
        let err = plan(&[ProgramBuffer::new(&a), ProgramBuffer::new(&c)], &opts).err();
        assert_eq!(
            err,
            Some(ProgramError::ConstantBufferInClang22 {
                index: 1,
                buffer: "P".into(),
                template: "ConstantBuffer",
            })
        );
        assert_eq!(err.and_then(|e| e.buffer_index()), Some(1));
    }
}
