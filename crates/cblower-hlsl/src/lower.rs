//! Turns the parsed declarations into `cblower-layout` [`BufferDecl`]s.
//!
//! This is the one place where names are resolved (namespaces, typedefs,
//! structs, `static const` integers), array sizes are evaluated and matrix
//! orders are decided, in source order, so a name only sees what was declared
//! before it.

use std::collections::hash_map::Entry;
use std::collections::HashMap;
use std::sync::Arc;

use smol_str::SmolStr;

use cblower_layout::{
    Binding, BufferDecl, BufferKind, Field, MatrixOrder, Placement, ResourceTy, Scalar, Storage,
    StructTy, Ty, VkGlobal,
};

use crate::builtin::{self, Shape};
use crate::diag::{Diagnostic, Diagnostics};
use crate::intval::IntVal;
use crate::lexer::FastHash;
use crate::parser::ast::{
    ArrayDim, Attributes, BlockKind, BufferBlock, ConstantBufferDecl, Declaration, Declarator,
    EnumDef, Expr, Ident, Item, Register, StructDef, TemplateArg, TemplateDef, TypeSpec,
};
use crate::source::Span;
use crate::{
    AcceptAs, BufferSpans, FrontendOptions, ImplicitOrder, VkBinding, UNBOUNDED_RESOURCE_ARRAY,
};
use cblower_program::plan::push_constant_record;
use cblower_program::{DeclaredBinding, RegisterCount};

/// Deepest typedef chain followed.
const MAX_TYPEDEF_DEPTH: usize = 256;

/// The buffers of a translation unit, with `$Globals` last.
#[derive(Debug, Default)]
pub struct Lowered {
    /// The constant buffers and `ConstantBuffer<T>`s, in source order, with the
    /// implicit `$Globals` buffer (if any) last.
    pub buffers: Vec<BufferDecl>,
    /// Parallel to `buffers`: where each buffer and its members were declared.
    pub spans: Vec<BufferSpans>,
    /// Parallel to `buffers`: the `[[vk::binding]]` attribute, if any.
    pub vk_bindings: Vec<Option<VkBinding>>,
    /// Parallel to `buffers`: Clang's implicit-binding order IDs.
    pub implicit_orders: Vec<ImplicitOrder>,
    /// Every resource and buffer declaration with what binds it, in the
    /// order of the implicit-binding IDs (`$Globals` last).
    pub bindings: Vec<DeclaredBinding>,
    /// Parallel to `bindings`: the declared name, and the `register(...)`
    /// annotation if any.
    pub binding_spans: Vec<(Span, Option<Span>)>,
    /// Every named struct defined without errors, in source order.
    pub structs: Vec<crate::StructSpans>,
    /// Parallel to the members of `$Globals`: how many of `buffers` were
    /// declared before each (where a `[[vk::push_constant]]` global sits
    /// among the buffers).
    pub globals_order: Vec<usize>,
}

impl<'a> Lowerer<'a> {
    /// A lowerer that has seen no declaration yet; `opts` decides whether
    /// 16-bit types are allowed and the default matrix order.
    pub fn new(opts: &'a FrontendOptions) -> Lowerer<'a> {
        Lowerer {
            opts,
            scope: Vec::new(),
            namespaces: Vec::new(),
            types: HashMap::default(),
            consts: HashMap::default(),
            ranges: Vec::new(),
            in_buffer: 0,
            using: Vec::new(),
            out: Lowered::default(),
            globals: Vec::new(),
            global_names: HashMap::default(),
            scope_ids: HashMap::default(),
            struct_spans: HashMap::new(),
            diags: Diagnostics::new(),
            next_order: ImplicitOrder::default(),
        }
        .with_predefined()
    }

    fn with_predefined(mut self) -> Self {
        for (name, s) in dxr_structs() {
            self.types.insert(name, TypeEntry::Struct(s));
        }
        self
    }

    /// Lowers the next top-level item (items arrive in source order).
    pub fn item(&mut self, item: &Item) {
        self.items(std::slice::from_ref(item));
    }

    /// Adds `$Globals` and returns the buffers with the warnings, or every
    /// error found.
    pub fn finish(mut self) -> Result<(Lowered, Diagnostics), Diagnostics> {
        if !self.globals.is_empty() {
            let first = self.globals.first().map(|g| g.1);
            let (members, spans): (Vec<Field>, Vec<Span>) =
                std::mem::take(&mut self.globals).into_iter().unzip();
            self.out
                .buffers
                .push(BufferDecl::new("$Globals", BufferKind::Globals, members));
            self.out.spans.push(BufferSpans {
                name: first.unwrap_or_else(|| Span::new(Default::default(), 0, 0)),
                members: spans,
            });
            self.out.vk_bindings.push(None);
            self.out.implicit_orders.push(self.next_order);
            self.out.bindings.push(DeclaredBinding {
                name: "$Globals".into(),
                kind: "cbuffer".into(),
                class: 'b',
                register: None,
                space: 0,
                count: RegisterCount::One,
                vk_binding: None,
                implicit_order: Some(self.next_order),
                counter_order: None,
            });
            self.out.binding_spans.push((
                first.unwrap_or_else(|| Span::new(Default::default(), 0, 0)),
                None,
            ));
        }
        if self.diags.has_errors() {
            return Err(self.diags);
        }
        Ok((self.out, self.diags))
    }
}

/// The matrix order a declaration asks for: an explicit keyword wins over the
/// `#pragma pack_matrix` / default order in effect.
#[derive(Clone, Copy, Debug)]
struct OrderCtx {
    explicit: Option<MatrixOrder>,
    implicit: MatrixOrder,
}

impl OrderCtx {
    fn effective(self) -> MatrixOrder {
        self.explicit.unwrap_or(self.implicit)
    }
}

#[derive(Clone, Debug)]
enum TypeEntry {
    Struct(Arc<StructTy>),
    /// Forward-declared, or being defined right now (then a use is a
    /// recursive struct).
    Incomplete {
        being_defined: bool,
        span: Span,
    },
    /// A typedef resolved for both possible implicit matrix orders, so the
    /// order in effect where it is *used* can still apply.
    Typedef {
        column: Ty,
        row: Ty,
    },
    /// A typedef of a struct that was only forward-declared: resolved when used.
    DeferredTypedef {
        spec: TypeSpec,
        dims: Vec<u64>,
        scope: Vec<String>,
        explicit: Option<MatrixOrder>,
    },
    /// An enum and its underlying type.
    Enum(Ty),
    /// A struct template, with the scope it was declared in.
    Template(Arc<TemplateDef>, Vec<String>),
    /// A struct outside any buffer whose definition has errors: they are
    /// reported if (and where) a buffer uses it.
    Broken(Box<Diagnostic>),
}

/// `register(t0, space1)` on a declaration of `count` registers (`None`:
/// unbounded, up to the end of the space).
#[derive(Clone, Debug)]
struct RegisterRange {
    class: char,
    space: u32,
    start: u32,
    count: Option<u64>,
    name: Arc<str>,
    span: Span,
}

impl RegisterRange {
    fn end(&self) -> u64 {
        self.count
            .map_or(1u64 << 32, |n| u64::from(self.start).saturating_add(n))
    }

    fn describe(&self) -> String {
        match self.count {
            Some(1) => format!("{}{}", self.class, self.start),
            Some(n) => format!(
                "{c}{}..{c}{}",
                self.start,
                u64::from(self.start) + n - 1,
                c = self.class
            ),
            None => format!("{}{} onwards (unbounded)", self.class, self.start),
        }
    }
}

/// Where [`Lowerer::bitfield`] records a bitfield: the open storage unit,
/// the struct's fields and their spans, and the `: 0` bitfields that follow
/// no bitfield (kept for the next field, for clang-22's sake).
struct BitfieldOut<'a> {
    unit: &'a mut Option<BitUnit>,
    fields: &'a mut Vec<Field>,
    spans: &'a mut Vec<Span>,
    zero_width: &'a mut Vec<Field>,
}

/// The storage unit the current run of bitfields packs into.
#[derive(Clone, Copy, Debug)]
struct BitUnit {
    /// The unit's size in bits (the declared type's).
    bits: u64,
    used: u64,
    /// Its index among the struct's fields.
    field: usize,
}

/// `RayDesc` and `BuiltInTriangleIntersectionAttributes`, the DXR structs
/// HLSL predefines (they may appear in user structs and buffers).
fn dxr_structs() -> Vec<(String, Arc<StructTy>)> {
    let st = |name: &str, fields: Vec<Field>| {
        (
            name.to_string(),
            Arc::new(StructTy {
                name: Arc::from(name),
                base: None,
                fields,
                align: None,
                size: None,
            }),
        )
    };
    vec![
        st(
            "RayDesc",
            vec![
                Field::new("Origin", Ty::vector(Scalar::Float, 3)),
                Field::new("TMin", Ty::Scalar(Scalar::Float)),
                Field::new("Direction", Ty::vector(Scalar::Float, 3)),
                Field::new("TMax", Ty::Scalar(Scalar::Float)),
            ],
        ),
        st(
            "BuiltInTriangleIntersectionAttributes",
            vec![Field::new("barycentrics", Ty::vector(Scalar::Float, 2))],
        ),
    ]
}

/// True if the declaration's type is an object that holds no buffer data
/// and takes no register (state-object subobjects, `RayQuery<...>`,
/// `string`, work-graph records, ...).
fn names_object_type(spec: &TypeSpec) -> bool {
    match spec {
        TypeSpec::Named { path, .. } => {
            path.len() == 1 && path.first().is_some_and(|p| builtin::is_object(&p.name))
        }
        TypeSpec::Struct(_) => false,
    }
}

/// The register count of a declaration of `len` resources or buffers
/// (`None`: a single one).
fn register_count(len: Option<u64>) -> RegisterCount {
    match len {
        None => RegisterCount::One,
        Some(UNBOUNDED_RESOURCE_ARRAY) => RegisterCount::Unbounded,
        Some(n) => RegisterCount::Array(n),
    }
}

/// The resource type's spelling and register class: `u` for read-write
/// (`RW...`, `RasterizerOrdered...`, `Append...`, `Consume...`), `s` for
/// samplers, `t` for the other (read-only) resources.
fn resource_kind(ty: &Ty) -> (String, char) {
    let mut t = ty;
    while let Ty::Array { elem, .. } = t {
        t = elem;
    }
    let name = t.to_string();
    let class = if ["RW", "RasterizerOrdered", "Append", "Consume"]
        .iter()
        .any(|p| name.starts_with(p))
    {
        'u'
    } else if name.starts_with("Sampler") {
        's'
    } else {
        't'
    };
    (name, class)
}

/// A resource array's register count for overlap checks: `None` for an
/// unbounded one.
fn range_count(len: Option<u64>) -> Option<u64> {
    match len {
        None => Some(1),
        Some(UNBOUNDED_RESOURCE_ARRAY) => None,
        Some(n) => Some(n),
    }
}

/// The members of one `cbuffer`/`tbuffer` collected so far.
struct BufferMembers {
    kw: &'static str,
    name: Arc<str>,
    members: Vec<Field>,
    spans: Vec<Span>,
    /// Members refused as redefinitions of a name outside the buffer (with
    /// the span of each): a second one of the same name in this buffer is
    /// then a duplicate member. Only filled on that error path.
    refused: Vec<(SmolStr, Span)>,
    scope: u32,
    with_packoffset: bool,
    without_packoffset: bool,
}

/// Lowers items one at a time, keeping the names declared so far.
pub struct Lowerer<'a> {
    opts: &'a FrontendOptions,
    /// Enclosing namespaces and structs: the prefix of qualified names.
    scope: Vec<String>,
    /// Enclosing namespaces only (for `Field::namespace`).
    namespaces: Vec<String>,
    types: HashMap<String, TypeEntry, FastHash>,
    consts: HashMap<String, IntVal, FastHash>,
    /// Explicit register ranges seen so far, for overlap warnings.
    ranges: Vec<RegisterRange>,
    /// Inside a buffer declaration: errors in struct definitions there are
    /// reported at once rather than when the struct is used.
    in_buffer: usize,
    /// Namespaces named by `using namespace` so far (fully qualified). They
    /// apply to the rest of the file, whatever scope they appear in.
    using: Vec<String>,
    out: Lowered,
    globals: Vec<(Field, Span)>,
    /// Names at namespace scope that hold data: global variables and the
    /// members of `cbuffer`/`tbuffer` blocks, which HLSL places in the
    /// enclosing scope. Keyed by (enclosing namespaces as an index into
    /// [`Self::scope_ids`], name): one entry per member, kept small.
    global_names: HashMap<(u32, SmolStr), Span, FastHash>,
    /// Every enclosing-namespace list met, joined with `::`, and its index
    /// (the global scope is 0 and not listed).
    scope_ids: HashMap<String, u32, FastHash>,
    /// Field-name spans of each struct, base fields first.
    struct_spans: HashMap<String, Vec<Span>>,
    diags: Diagnostics,
    /// The implicit-binding order IDs the next implicitly bound resource or
    /// buffer takes (Clang counts them in source order, per target).
    next_order: ImplicitOrder,
}

impl Lowerer<'_> {
    fn qualify(&self, name: &str) -> String {
        if self.scope.is_empty() {
            name.to_string()
        } else {
            format!("{}::{name}", self.scope.join("::"))
        }
    }

    /// The enclosing namespaces, as a key for [`Self::global_names`].
    fn scope_key(&mut self) -> u32 {
        if self.scope.is_empty() {
            return 0;
        }
        let next = u32::try_from(self.scope_ids.len() + 1).unwrap_or(u32::MAX);
        *self.scope_ids.entry(self.scope.join("::")).or_insert(next)
    }

    fn namespace(&self) -> Option<Arc<str>> {
        (!self.namespaces.is_empty()).then(|| Arc::from(self.namespaces.join("::")))
    }

    /// The key under which `path` is visible from the current scope.
    fn visible_key<T>(&self, map: &HashMap<String, T, FastHash>, path: &[Ident]) -> Option<String> {
        // The usual case, a plain name at namespace scope, without joining.
        if let ([one], true) = (path, self.scope.is_empty()) {
            if map.contains_key(one.name.as_str()) {
                return Some(one.name.to_string());
            }
        }
        let joined = path
            .iter()
            .map(|i| i.name.as_ref())
            .collect::<Vec<_>>()
            .join("::");
        (0..=self.scope.len())
            .rev()
            .find_map(|i| {
                let key = match self.scope.get(..i) {
                    Some(prefix) if !prefix.is_empty() => {
                        format!("{}::{joined}", prefix.join("::"))
                    }
                    _ => joined.clone(),
                };
                map.contains_key(&key).then_some(key)
            })
            .or_else(|| {
                // Through `using namespace` directives seen so far.
                self.using.iter().rev().find_map(|ns| {
                    let key = format!("{ns}::{joined}");
                    map.contains_key(&key).then_some(key)
                })
            })
    }

    fn items(&mut self, items: &[Item]) {
        for item in items {
            match item {
                Item::Namespace { name, items } => {
                    self.scope.push(name.name.to_string());
                    self.namespaces.push(name.name.to_string());
                    self.items(items);
                    self.scope.pop();
                    self.namespaces.pop();
                }
                Item::Buffer(b) => self.buffer(b),
                Item::ConstantBuffer(cb) => self.constant_buffer(cb),
                Item::Enum(e) => self.enum_def(e),
                Item::Decl(d) => self.global(d),
                Item::Template(t) => self.template_def(t),
                Item::UsingNamespace(path) => self.using_namespace(path),
            }
        }
    }

    /// `using namespace A::B;`: resolved against the enclosing scopes (the
    /// namespace must be known as a prefix of some declared name).
    fn using_namespace(&mut self, path: &[Ident]) {
        let joined = path
            .iter()
            .map(|i| i.name.as_ref())
            .collect::<Vec<_>>()
            .join("::");
        let mut candidates: Vec<String> = (0..=self.scope.len())
            .rev()
            .map(|i| match self.scope.get(..i) {
                Some(prefix) if !prefix.is_empty() => format!("{}::{joined}", prefix.join("::")),
                _ => joined.clone(),
            })
            .collect();
        let known = |ns: &str| {
            let prefix = format!("{ns}::");
            self.types.keys().any(|k| k.starts_with(&prefix))
                || self.consts.keys().any(|k| k.starts_with(&prefix))
        };
        let pick = candidates
            .iter()
            .position(|c| known(c))
            .unwrap_or(candidates.len() - 1);
        let ns = candidates.swap_remove(pick);
        if !self.using.contains(&ns) {
            self.using.push(ns);
        }
    }

    fn global(&mut self, d: &Declaration) {
        if names_object_type(&d.ty) {
            return; // state-object subobjects, `RayQuery<...>`, `string`: no data
        }
        // A static or groupshared variable is never in a buffer: errors in
        // its type do not matter to any layout.
        // Nor is an out-of-line definition (`const uint S::N = 4;`).
        let out_of_line =
            !d.declarators.is_empty() && d.declarators.iter().all(|x| !x.qualifier().is_empty());
        let quiet = (d.modifiers.is_static || d.modifiers.is_groupshared || out_of_line)
            && !matches!(&d.ty, TypeSpec::Struct(def) if def.body.is_some());
        let errors_before = self.diags.len();
        let Some(base) = self.declaration_base(d) else {
            if quiet {
                self.diags.split_off(errors_before);
            }
            return;
        };
        if d.modifiers.is_typedef {
            self.typedefs(d, &base);
            return;
        }
        for decl in &d.declarators {
            if !decl.qualifier().is_empty() {
                // `const uint S::N = 4;`: defines a member, declares nothing new.
                self.record_constant(d, decl);
                continue;
            }
            if d.modifiers.is_static || d.modifiers.is_groupshared {
                self.record_constant(d, decl);
                continue;
            }
            if is_resource(&base) {
                self.count_resource(d, decl, &base);
                continue;
            }
            let ty = match self.apply_dims_init(base.clone(), decl) {
                Ok(t) => t,
                Err(e) => {
                    self.diags.push(e);
                    continue;
                }
            };
            let Some(field) = self.field(d, decl, ty) else {
                continue;
            };
            let key = (self.scope_key(), decl.name.name.clone());
            if let Some(first) = self.global_names.get(&key) {
                self.diags.push(duplicate(
                    &decl.name,
                    *first,
                    format!("duplicate global variable `{}`", decl.name.name),
                ));
                continue;
            }
            self.global_names.insert(key, decl.name.span);
            self.globals.push((field, decl.name.span));
            self.out.globals_order.push(self.out.buffers.len());
        }
    }

    /// A buffer member or global as a [`Field`]; `None` after an error.
    fn field(&mut self, d: &Declaration, decl: &Declarator, ty: Ty) -> Option<Field> {
        let mut field = Field::new(decl.name.name.clone(), ty);
        field.is_const = d.modifiers.is_const;
        field.namespace = self.namespace();
        field.storage = if d.modifiers.is_static {
            Storage::Static
        } else if d.modifiers.is_groupshared {
            Storage::Groupshared
        } else {
            Storage::Buffer
        };
        if d.attrs.vk_push_constant {
            field.vk_global = Some(VkGlobal::PushConstant);
        }
        if let Some(e) = &d.attrs.vk_constant_id {
            match self.eval_unsigned(e, "a `vk::constant_id`") {
                Ok(v) => {
                    field.vk_global =
                        Some(VkGlobal::SpecConstant(u32::try_from(v).unwrap_or(u32::MAX)))
                }
                Err(err) => {
                    self.diags.push(err);
                    return None;
                }
            }
        }
        if let Some(e) = &d.attrs.vk_offset {
            match self.eval_unsigned(e, "a `vk::offset`") {
                Ok(v) => field.placement = Some(Placement::VkOffset(v)),
                Err(err) => {
                    self.diags.push(err);
                    return None;
                }
            }
        }
        if let Some(Register {
            slot: Some(('c', n)),
            ..
        }) = decl.register
        {
            field.placement = Some(Placement::ConstantRegister(n));
        }
        if let Some((register, component, _)) = decl.packoffset {
            field.placement = Some(Placement::PackOffset {
                register,
                component,
            });
        }
        Some(field)
    }

    fn record_constant(&mut self, d: &Declaration, decl: &Declarator) {
        if !d.modifiers.is_const || !decl.dims.is_empty() {
            return;
        }
        let Some(v) = decl.init.as_ref().and_then(|e| self.eval(e).ok()) else {
            return;
        };
        // The value converted to the declared type (`static const uint N = -1`).
        let v = match &d.ty {
            TypeSpec::Named {
                path, args: None, ..
            } if path.len() == 1 => path.first().map_or(v, |p| v.cast(&p.name)),
            _ => v,
        };
        let mut name: Vec<&str> = decl.qualifier().iter().map(|q| q.name.as_ref()).collect();
        name.push(&decl.name.name);
        let key = self.qualify(&name.join("::"));
        self.consts.insert(key, v);
    }

    fn buffer(&mut self, b: &BufferBlock) {
        let (kind, kw, class) = match b.kind {
            BlockKind::CBuffer => (BufferKind::CBuffer, "cbuffer", 'b'),
            BlockKind::TBuffer => (BufferKind::TBuffer, "tbuffer", 't'),
        };
        let binding = self.binding(b.register.as_ref(), kw, &b.name, class);
        if let Some(r) = &b.register {
            self.note_range(r, Some(1), &b.name);
        }
        let vk = self.vk_binding(&b.attrs);
        let mut acc = BufferMembers {
            kw,
            name: Arc::from(b.name.name.as_str()),
            members: Vec::with_capacity(b.items.len()),
            spans: Vec::with_capacity(b.items.len()),
            refused: Vec::new(),
            scope: self.scope_key(),
            with_packoffset: false,
            without_packoffset: false,
        };
        // Every member is a global name too: room for them in one step.
        self.global_names.reserve(b.items.len());
        let mut nested = Vec::new();
        self.in_buffer += 1;
        self.buffer_items(&b.items, &mut acc, &mut nested);
        self.in_buffer -= 1;
        if acc.with_packoffset && acc.without_packoffset {
            // clang-22 words it "in a cbuffer" for tbuffers too.
            self.diags.push(
                Diagnostic::warning(
                    b.name.span,
                    "cannot mix packoffset elements with nonpackoffset elements in a cbuffer",
                )
                .with_help(
                    "give every member a packoffset, or none: the members without one are \
                     packed after the last explicitly placed member",
                ),
            );
        }
        let mut decl = BufferDecl::new(b.name.name.as_ref(), kind, acc.members);
        decl.binding = binding;
        decl.namespace = self.namespace();
        self.push_buffer(
            decl,
            b.name.span,
            acc.spans,
            vk,
            b.register.as_ref().map(|r| r.span),
        );
        // A buffer nested in this one is a buffer of its own (DXC), after it.
        for inner in nested {
            self.buffer(inner);
        }
    }

    /// The members of a buffer body. A `namespace` inside a buffer adds its
    /// variables to the buffer (DXC hoists them to the enclosing scope); a
    /// nested `cbuffer`/`tbuffer` is collected into `nested`.
    fn buffer_items<'i>(
        &mut self,
        items: &'i [Item],
        acc: &mut BufferMembers,
        nested: &mut Vec<&'i BufferBlock>,
    ) {
        for item in items {
            match item {
                Item::Decl(d) => self.buffer_decl(d, acc),
                Item::Enum(e) => self.enum_def(e),
                Item::Namespace { items, .. } => self.buffer_items(items, acc, nested),
                Item::Buffer(inner) => nested.push(inner),
                Item::ConstantBuffer(cb) => self.constant_buffer(cb),
                Item::Template(t) => self.template_def(t),
                Item::UsingNamespace(path) => self.using_namespace(path),
            }
        }
    }

    fn buffer_decl(&mut self, d: &Declaration, acc: &mut BufferMembers) {
        let kw = acc.kw;
        if !d.modifiers.is_typedef {
            for decl in &d.declarators {
                acc.with_packoffset |= decl.packoffset.is_some();
                acc.without_packoffset |= decl.packoffset.is_none();
            }
        }
        let Some(base) = self.declaration_base(d) else {
            return;
        };
        if d.modifiers.is_typedef {
            self.typedefs(d, &base);
            return;
        }
        for decl in &d.declarators {
            if let Some(width) = decl.bitfield() {
                self.diags.push(
                    Diagnostic::error(
                        width.span(),
                        format!(
                            "bitfield `{}` directly in {kw} `{}`",
                            decl.name.name, acc.name
                        ),
                    )
                    .with_help("put the bitfields in a struct and declare a member of that struct"),
                );
                continue;
            }
            let ty = match self.apply_dims(base.clone(), &decl.dims, &decl.name) {
                Ok(t) => t,
                Err(e) => {
                    self.diags.push(e);
                    continue;
                }
            };
            if d.modifiers.is_static {
                self.record_constant(d, decl);
            } else if !d.modifiers.is_groupshared && is_resource(&ty) {
                self.count_resource(d, decl, &ty);
            }
            let Some(field) = self.field(d, decl, ty) else {
                continue;
            };
            // One hash and probe per member: the scope's names include
            // this buffer's members so far, so a name met before in this
            // buffer is found there too, and only then (an error) are the
            // buffer's own members searched to tell the two errors apart.
            let key = (acc.scope, decl.name.name.clone());
            match self.global_names.entry(key) {
                Entry::Occupied(first) => {
                    let earlier = acc
                        .members
                        .iter()
                        .zip(&acc.spans)
                        .map(|(m, &span)| (&*m.name, span))
                        .chain(
                            acc.refused
                                .iter()
                                .map(|(name, span)| (name.as_str(), *span)),
                        )
                        .find(|(name, _)| *name == decl.name.name.as_str());
                    if let Some((_, span)) = earlier {
                        self.diags.push(duplicate(
                            &decl.name,
                            span,
                            format!(
                                "duplicate member `{}` in {kw} `{}`",
                                decl.name.name, acc.name
                            ),
                        ));
                        continue;
                    }
                    acc.refused.push((decl.name.name.clone(), decl.name.span));
                    self.diags.push(duplicate(
                        &decl.name,
                        *first.get(),
                        format!(
                            "redefinition of `{}`: the members of a {kw} share the \
                             enclosing scope with global variables and other buffers' members",
                            decl.name.name
                        ),
                    ));
                    continue;
                }
                Entry::Vacant(slot) => {
                    slot.insert(decl.name.span);
                }
            }
            acc.members.push(field);
            acc.spans.push(decl.name.span);
        }
    }

    fn push_buffer(
        &mut self,
        decl: BufferDecl,
        name: Span,
        members: Vec<Span>,
        vk: Option<VkBinding>,
        register: Option<Span>,
    ) {
        // A buffer takes an order ID when it has no `b`/`t` register; on
        // SPIR-V a `[[vk::binding]]` counts as a register.
        let implicit = decl.binding.map_or(true, |b| b.register.is_none());
        let (kind, class) = match (decl.kind, &decl.element_type) {
            (BufferKind::TBuffer, _) => ("tbuffer".to_string(), 't'),
            (BufferKind::ConstantBuffer, Some(t)) => (format!("ConstantBuffer<{t}>"), 'b'),
            _ => ("cbuffer".to_string(), 'b'),
        };
        self.out.bindings.push(DeclaredBinding {
            name: decl.name.clone(),
            kind,
            class,
            register: decl.binding.and_then(|b| b.register),
            space: decl.binding.map_or(0, |b| b.space),
            count: register_count(decl.array_len),
            vk_binding: vk,
            implicit_order: implicit.then_some(self.next_order),
            counter_order: None,
        });
        self.out.binding_spans.push((name, register));
        self.out.implicit_orders.push(self.next_order);
        self.next_order.advance(implicit, implicit && vk.is_none());
        self.out.buffers.push(decl);
        self.out.spans.push(BufferSpans { name, members });
        self.out.vk_bindings.push(vk);
    }

    /// A non-static resource declaration takes the next order ID when it has
    /// no register slot (arrays of resources take one too). A structured
    /// buffer with a counter (`RW`, `Append`, `Consume`, `RasterizerOrdered`)
    /// takes one more for the counter right after it, on both targets, even
    /// when the buffer itself is bound (clang-22 ignores
    /// `[[vk::counter_binding]]`).
    fn count_resource(&mut self, d: &Declaration, decl: &Declarator, ty: &Ty) {
        let implicit = decl.register.as_ref().map_or(true, |r| r.slot.is_none());
        // The attribute only informs the report here: a bad one on a
        // resource is not this front end's error to raise.
        let before = self.diags.len();
        let vk = self.vk_binding(&d.attrs);
        self.diags.split_off(before);
        let vk_declared = d.attrs.vk_binding.is_some();
        let len = self.resource_array_len(&decl.dims);
        let (kind, class) = resource_kind(ty);
        let slot = decl.register.as_ref().and_then(|r| r.slot);
        self.out.bindings.push(DeclaredBinding {
            name: Arc::from(decl.name.name.as_str()),
            kind,
            class: slot.map_or(class, |s| s.0),
            register: slot.map(|s| s.1),
            space: decl.register.as_ref().and_then(|r| r.space).unwrap_or(0),
            count: register_count(len.as_ref().ok().copied().flatten().or(
                // An array of resources through a typedef: count its elements.
                match ty {
                    Ty::Array { len, .. } => Some(*len),
                    _ => None,
                },
            )),
            vk_binding: vk,
            implicit_order: implicit.then_some(self.next_order),
            counter_order: None,
        });
        self.out
            .binding_spans
            .push((decl.name.span, decl.register.as_ref().map(|r| r.span)));
        self.next_order.advance(implicit, implicit && !vk_declared);
        if has_counter(ty) {
            if let Some(binding) = self.out.bindings.last_mut() {
                binding.counter_order = Some(self.next_order);
            }
            self.next_order.advance(true, true);
        }
        if let (Some(r), Ok(len)) = (&decl.register, len) {
            self.note_range(r, range_count(len), &decl.name);
        }
    }

    /// Records an explicit register range and warns if it overlaps one seen
    /// before in the same class and space (DXC refuses to allocate such
    /// resources; clang-22's front end accepts them, so this is a warning).
    fn note_range(&mut self, r: &Register, count: Option<u64>, name: &Ident) {
        let Some((class, start)) = r.slot else {
            return;
        };
        if class == 'c' {
            return;
        }
        let range = RegisterRange {
            class,
            space: r.space.unwrap_or(0),
            start,
            count,
            name: Arc::from(name.name.as_str()),
            span: r.span,
        };
        let clash = self.ranges.iter().find(|o| {
            o.class == range.class
                && o.space == range.space
                && u64::from(o.start) < range.end()
                && u64::from(range.start) < o.end()
        });
        if let Some(other) = clash {
            let other_desc = other.describe();
            self.diags.push(
                Diagnostic::warning(
                    r.span,
                    format!(
                        "registers {} of `{}` overlap registers {} of `{}` in space{}",
                        range.describe(),
                        range.name,
                        other_desc,
                        other.name,
                        range.space
                    ),
                )
                .with_label(other.span, format!("`{}` is bound here", other.name))
                .with_help(
                    "move one of them to free registers or another space; an unbounded \
                     array `[]` takes every register from its first to the end of its space",
                ),
            );
        }
        self.ranges.push(range);
    }

    /// Registers a struct template for later instantiation.
    fn template_def(&mut self, t: &TemplateDef) {
        if let Some(name) = &t.def.name {
            let key = self.qualify(&name.name);
            self.types.insert(
                key,
                TypeEntry::Template(Arc::new(t.clone()), self.scope.clone()),
            );
        }
    }

    /// `Pair<float3>`: the struct template instantiated with `args` (once per
    /// distinct argument list; the instance is named `Pair<float3>`).
    fn instantiate(
        &mut self,
        t: &TemplateDef,
        scope: Vec<String>,
        args: &[TemplateArg],
        span: Span,
        order: OrderCtx,
    ) -> Result<Ty, Diagnostic> {
        let Some(tname) = &t.def.name else {
            return Err(Diagnostic::error(span, "unnamed struct template")
                .with_help("give the template struct a name"));
        };
        if args.len() > t.params.len() {
            return Err(Diagnostic::error(
                span,
                format!(
                    "`{}` takes {} template arguments, found {}",
                    tname.name,
                    t.params.len(),
                    args.len()
                ),
            )
            .with_help("pass one argument per template parameter"));
        }
        // Resolve the arguments where they are written.
        let mut bound: Vec<(String, Result<Ty, IntVal>)> = Vec::new();
        let mut rendered = Vec::new();
        for (i, p) in t.params.iter().enumerate() {
            let Some(arg) = args.get(i).or(p.default.as_ref()) else {
                return Err(Diagnostic::error(
                    span,
                    format!(
                        "missing template argument `{}` of `{}`",
                        p.name.name, tname.name
                    ),
                )
                .with_help("pass one argument per template parameter"));
            };
            if p.is_type {
                let ty = match arg {
                    TemplateArg::Type(spec) => self.resolve(spec, order, 0)?,
                    TemplateArg::Expr(e) => {
                        return Err(Diagnostic::error(
                            e.span(),
                            format!("template parameter `{}` needs a type", p.name.name),
                        )
                        .with_help("pass a type such as `float3`"))
                    }
                };
                rendered.push(ty.to_string());
                bound.push((p.name.name.to_string(), Ok(ty)));
            } else {
                let v = match arg {
                    TemplateArg::Expr(e) => self.eval(e)?,
                    TemplateArg::Type(TypeSpec::Named {
                        path, args: None, ..
                    }) => self.eval(&Expr::Name(path.to_vec()))?,
                    TemplateArg::Type(other) => {
                        return Err(Diagnostic::error(
                            other.span(),
                            format!("template parameter `{}` needs a constant", p.name.name),
                        )
                        .with_help("pass an integer constant"))
                    }
                };
                rendered.push(v.value.to_string());
                bound.push((p.name.name.to_string(), Err(v)));
            }
        }
        let local = format!("{}<{}>", tname.name, rendered.join(", "));
        let saved = std::mem::replace(&mut self.scope, scope);
        let qualified = self.qualify(&local);
        if let Some(TypeEntry::Struct(s)) = self.types.get(&qualified) {
            let s = s.clone();
            self.scope = saved;
            return Ok(Ty::Struct(s));
        }
        for (name, value) in bound {
            let key = format!("{qualified}::{name}");
            match value {
                Ok(ty) => {
                    self.types.insert(
                        key,
                        TypeEntry::Typedef {
                            column: ty.clone(),
                            row: ty,
                        },
                    );
                }
                Err(v) => {
                    self.consts.insert(key, v);
                }
            }
        }
        let mut def = (*t.def).clone();
        def.name = Some(Ident {
            name: SmolStr::from(local.as_str()),
            span: tname.span,
        });
        let errors_before = self.diags.len();
        let s = self.define_struct(&def, None);
        self.scope = saved;
        if let Some(TypeEntry::Broken(e)) = self.types.get(&qualified) {
            let mut e = (**e).clone();
            e.labels.push(crate::diag::Label {
                span,
                message: format!("in `{local}`, instantiated here"),
            });
            return Err(e);
        }
        if let Some(first) = self.diags.split_off(errors_before).into_iter().next() {
            return Err(first);
        }
        Ok(Ty::Struct(s))
    }

    fn constant_buffer(&mut self, cb: &ConstantBufferDecl) {
        let kind = if cb.texture {
            BufferKind::TextureBuffer
        } else {
            BufferKind::ConstantBuffer
        };
        let kw = kind.keyword();
        let binding = self.binding(cb.register.as_ref(), kw, &cb.name, kind.register_class());
        let vk = self.vk_binding(&cb.attrs);
        let order = OrderCtx {
            explicit: None,
            implicit: self.opts.default_matrix_order,
        };
        let elem = match self.resolve(&cb.element, order, 0) {
            Ok(Ty::Struct(s)) => s,
            Ok(other) => {
                self.diags.push(
                    Diagnostic::error(
                        cb.element.span(),
                        format!("`{kw}` needs a struct type, found `{other}`"),
                    )
                    .with_help(format!(
                        "put the members in a struct: `struct T {{ ... }}; {kw}<T> Name;`"
                    )),
                );
                return;
            }
            Err(e) => {
                self.diags.push(e);
                return;
            }
        };
        let array_len = match self.resource_array_len(&cb.dims) {
            Ok(n) => n,
            Err(err) => {
                self.diags.push(err);
                return;
            }
        };
        if let Some(r) = &cb.register {
            self.note_range(r, range_count(array_len), &cb.name);
        }
        let members: Vec<Field> = elem.all_fields().cloned().collect();
        let spans = self
            .struct_spans
            .get(&*elem.name)
            .cloned()
            .unwrap_or_else(|| vec![cb.name.span; members.len()]);
        let mut decl = BufferDecl::new(cb.name.name.as_ref(), kind, members);
        decl.binding = binding;
        decl.element_type = Some(elem.name.clone());
        decl.array_len = array_len;
        decl.namespace = self.namespace();
        decl.element_bases = base_ends(&elem);
        self.push_buffer(
            decl,
            cb.name.span,
            spans,
            vk,
            cb.register.as_ref().map(|r| r.span),
        );
    }

    fn binding(
        &mut self,
        reg: Option<&Register>,
        kw: &str,
        name: &Ident,
        class: char,
    ) -> Option<Binding> {
        let reg = reg?;
        match reg.slot {
            Some((c, _)) if c != class => {
                self.diags.push(
                    Diagnostic::error(
                        reg.span,
                        format!(
                            "{kw} `{}` must be bound to a `{class}` register, found `{c}`",
                            name.name
                        ),
                    )
                    .with_help(format!(
                        "write `register({class}0)` (with the slot you want)"
                    )),
                );
                None
            }
            slot => Some(Binding {
                register: slot.map(|s| s.1),
                space: reg.space.unwrap_or(0),
            }),
        }
    }

    fn vk_binding(&mut self, attrs: &Attributes) -> Option<VkBinding> {
        let (b, s) = &**attrs.vk_binding.as_ref()?;
        let binding = self.eval_unsigned(b, "a `vk::binding`");
        let set = s
            .as_ref()
            .map_or(Ok(0), |s| self.eval_unsigned(s, "a `vk::binding` set"));
        match (binding, set) {
            (Ok(b), Ok(s)) => Some(VkBinding {
                binding: u32::try_from(b).unwrap_or(u32::MAX),
                set: u32::try_from(s).unwrap_or(u32::MAX),
            }),
            (Err(e), _) | (_, Err(e)) => {
                self.diags.push(e);
                None
            }
        }
    }

    fn enum_def(&mut self, e: &EnumDef) {
        let order = OrderCtx {
            explicit: None,
            implicit: self.opts.default_matrix_order,
        };
        let underlying = match e.base.as_ref().map(|b| self.resolve(b, order, 0)) {
            Some(Ok(t @ Ty::Scalar(_))) => t,
            _ => Ty::Scalar(Scalar::Int),
        };
        let (unsigned, wide) = match &underlying {
            Ty::Scalar(Scalar::Uint | Scalar::Uint16 | Scalar::Min16Uint) => (true, false),
            Ty::Scalar(Scalar::Uint64) => (true, true),
            Ty::Scalar(Scalar::Int64) => (false, true),
            _ => (false, false),
        };
        if let Some(name) = &e.name {
            let key = self.qualify(&name.name);
            self.types.insert(key, TypeEntry::Enum(underlying));
        }
        let mut next = IntVal::new(0, unsigned, wide);
        // After an unread value (template code), the enumerators that count
        // on from it have no known value either: they are not defined, so a
        // use of one is an unknown name.
        let mut known = true;
        for (id, value) in &e.values {
            match value {
                Some(Expr::Unread(_)) => {
                    known = false;
                    continue;
                }
                None if !known => continue,
                _ => known = true,
            }
            let v = match value.as_ref().map(|v| self.eval(v)) {
                Some(Ok(v)) => IntVal::new(v.value, unsigned, wide),
                Some(Err(err)) => {
                    self.diags.push(err);
                    next
                }
                None => next,
            };
            let key = self.qualify(&id.name);
            self.consts.insert(key, v);
            if let Some(name) = &e.name {
                let key = self.qualify(&format!("{}::{}", name.name, id.name));
                self.consts.insert(key, v);
            }
            next = IntVal::new(v.value.wrapping_add(1), unsigned, wide);
        }
    }

    fn order_of(&self, d: &Declaration) -> OrderCtx {
        OrderCtx {
            explicit: d.modifiers.matrix_order,
            implicit: d.pack_matrix.unwrap_or(self.opts.default_matrix_order),
        }
    }

    /// The type a declaration's declarators share (before their array
    /// dimensions). Defines an inline struct exactly once. Errors are
    /// recorded and give `None`.
    fn declaration_base(&mut self, d: &Declaration) -> Option<Ty> {
        let order = self.order_of(d);
        let r = match &d.ty {
            TypeSpec::Struct(def) if def.body.is_some() => {
                // `typedef struct { ... } Name;` names the struct `Name`.
                let hint = if d.modifiers.is_typedef && def.name.is_none() {
                    d.declarators.first().map(|x| x.name.name.to_string())
                } else {
                    None
                };
                Ok(Ty::Struct(self.define_struct(def, hint)))
            }
            TypeSpec::Struct(def) => match &def.name {
                Some(name) => {
                    if self
                        .visible_key(&self.types, std::slice::from_ref(name))
                        .is_none()
                    {
                        let key = self.qualify(&name.name);
                        self.types.insert(
                            key,
                            TypeEntry::Incomplete {
                                being_defined: false,
                                span: name.span,
                            },
                        );
                    }
                    if d.declarators.is_empty() {
                        return None; // a forward declaration
                    }
                    if d.modifiers.is_typedef {
                        // Checked (and possibly deferred) in `typedefs`.
                        return Some(Ty::Scalar(Scalar::Int));
                    }
                    self.resolve_path(std::slice::from_ref(name), None, name.span, order, 0)
                }
                None => return None,
            },
            TypeSpec::Named { .. } if d.modifiers.is_typedef && self.is_incomplete(&d.ty) => {
                return Some(Ty::Scalar(Scalar::Int)); // deferred in `typedefs`
            }
            spec => self.resolve(spec, order, 0),
        };
        match r {
            Ok(t) => Some(t),
            Err(e) => {
                self.diags.push(e);
                None
            }
        }
    }

    /// True if `spec` names a forward-declared struct or a deferred typedef.
    fn is_incomplete(&self, spec: &TypeSpec) -> bool {
        let path = match spec {
            TypeSpec::Named {
                path, args: None, ..
            } => &path[..],
            TypeSpec::Struct(def) if def.body.is_none() => match &def.name {
                Some(n) => std::slice::from_ref(n),
                None => return false,
            },
            _ => return false,
        };
        self.visible_key(&self.types, path)
            .and_then(|k| self.types.get(&k))
            .is_some_and(|e| {
                matches!(
                    e,
                    TypeEntry::Incomplete {
                        being_defined: false,
                        ..
                    } | TypeEntry::DeferredTypedef { .. }
                )
            })
    }

    fn typedefs(&mut self, d: &Declaration, base: &Ty) {
        let deferred = self.is_incomplete(&d.ty);
        for decl in &d.declarators {
            let key = self.qualify(&decl.name.name);
            if deferred {
                let mut dims = Vec::new();
                for dim in &decl.dims {
                    match self.dim_size(dim, &decl.name) {
                        Ok(n) => dims.push(n),
                        Err(e) => {
                            self.diags.push(e);
                            return;
                        }
                    }
                }
                self.types.insert(
                    key,
                    TypeEntry::DeferredTypedef {
                        spec: d.ty.clone(),
                        dims,
                        scope: self.scope.clone(),
                        explicit: d.modifiers.matrix_order,
                    },
                );
                continue;
            }
            // Re-resolve a plain named type under the other implicit order;
            // struct definitions are resolved once (their fields are fixed).
            let explicit = d.modifiers.matrix_order;
            let with_order = |l: &mut Self, implicit| -> Result<Ty, Diagnostic> {
                let t = match &d.ty {
                    TypeSpec::Struct(def) if def.body.is_some() => base.clone(),
                    spec => l.resolve(spec, OrderCtx { explicit, implicit }, 0)?,
                };
                l.apply_dims(t, &decl.dims, &decl.name)
            };
            match (
                with_order(self, MatrixOrder::ColumnMajor),
                with_order(self, MatrixOrder::RowMajor),
            ) {
                (Ok(column), Ok(row)) => {
                    self.types.insert(key, TypeEntry::Typedef { column, row });
                }
                (Err(e), _) | (_, Err(e)) => self.diags.push(e),
            }
        }
    }

    /// Defines a struct and returns it. Field errors are recorded and the
    /// struct is still defined with the fields that worked, so one mistake
    /// gives one error.
    fn define_struct(&mut self, def: &StructDef, hint: Option<String>) -> Arc<StructTy> {
        let local = def
            .name
            .as_ref()
            .map(|n| n.name.to_string())
            .or(hint)
            .unwrap_or_else(|| "anon".to_string());
        let qualified = self.qualify(&local);
        let name_span = def.name.as_ref().map_or(def.keyword_span, |n| n.span);
        let registered = def.name.is_some();
        let errors_before = self.diags.len();
        if registered {
            if let Some(TypeEntry::Struct(_)) = self.types.get(&qualified) {
                self.diags.push(
                    Diagnostic::error(name_span, format!("redefinition of struct `{local}`"))
                        .with_help("rename one of the structs"),
                );
            }
            self.types.insert(
                qualified.clone(),
                TypeEntry::Incomplete {
                    being_defined: true,
                    span: name_span,
                },
            );
        }
        let mut base = None;
        let mut spans = Vec::new();
        if let Some(b) = &def.base {
            let order = OrderCtx {
                explicit: None,
                implicit: self.opts.default_matrix_order,
            };
            match self.resolve(b, order, 0) {
                Ok(Ty::Struct(s)) => {
                    spans = self.struct_spans.get(&*s.name).cloned().unwrap_or_default();
                    base = Some(s);
                }
                Ok(other) => self.diags.push(
                    Diagnostic::error(
                        b.span(),
                        format!("a struct can only derive from a struct, not `{other}`"),
                    )
                    .with_help("remove the base type or make it a struct"),
                ),
                Err(e) => self.diags.push(e),
            }
        }
        self.scope.push(local.clone());
        let mut fields: Vec<Field> = Vec::new();
        let mut seen: HashMap<SmolStr, Span, FastHash> = HashMap::default();
        let mut unit: Option<BitUnit> = None;
        // `: 0` bitfields that follow no bitfield, kept for the next field.
        let mut zero_width: Vec<Field> = Vec::new();
        for item in def.body.as_deref().unwrap_or(&[]) {
            if !matches!(item, Item::Decl(d) if d.declarators.iter().any(|x| x.bitfield().is_some()))
            {
                unit = None;
            }
            match item {
                Item::Decl(d) => {
                    if names_object_type(&d.ty) {
                        continue;
                    }
                    let Some(ty) = self.declaration_base(d) else {
                        continue;
                    };
                    if d.modifiers.is_typedef {
                        self.typedefs(d, &ty);
                        continue;
                    }
                    for decl in &d.declarators {
                        if d.modifiers.is_static {
                            // A static member takes no bytes; a constant one
                            // can size arrays (`float w[Params::Count]`).
                            self.record_constant(d, decl);
                            continue;
                        }
                        if let Some(width) = decl.bitfield() {
                            let mut out = BitfieldOut {
                                unit: &mut unit,
                                fields: &mut fields,
                                spans: &mut spans,
                                zero_width: &mut zero_width,
                            };
                            self.bitfield(&ty, d, decl, width, &mut out);
                            continue;
                        }
                        unit = None;
                        let t = match self.apply_dims(ty.clone(), &decl.dims, &decl.name) {
                            Ok(t) => t,
                            Err(e) => {
                                self.diags.push(e);
                                continue;
                            }
                        };
                        if let Some(first) = seen.get(&decl.name.name) {
                            self.diags.push(duplicate(
                                &decl.name,
                                *first,
                                format!("duplicate field `{}` in struct `{local}`", decl.name.name),
                            ));
                            continue;
                        }
                        seen.insert(decl.name.name.clone(), decl.name.span);
                        if let Some(mut f) = self.field(d, decl, t) {
                            f.namespace = None;
                            if !zero_width.is_empty() {
                                // clang-22 keeps them as members before
                                // this one; DXC gives them no bytes.
                                let mut decls = std::mem::take(&mut zero_width);
                                decls.push(f.clone());
                                f.bitfields = Some(Arc::new(decls));
                            }
                            fields.push(f);
                            spans.push(decl.name.span);
                        }
                    }
                }
                Item::Enum(e) => self.enum_def(e),
                Item::Template(t) => self.template_def(t),
                Item::UsingNamespace(path) => self.using_namespace(path),
                Item::Namespace { .. } | Item::Buffer(_) | Item::ConstantBuffer(_) => {}
            }
        }
        self.scope.pop();
        if !zero_width.is_empty() {
            // Trailing `: 0` bitfields after a non-bitfield field: clang-22
            // keeps them after it.
            if let Some(last) = fields.last_mut() {
                let mut decls = match last.bitfields.take() {
                    Some(list) => Arc::unwrap_or_clone(list),
                    None => vec![last.clone()],
                };
                decls.append(&mut zero_width);
                last.bitfields = Some(Arc::new(decls));
            } else if matches!(self.opts.accept_as, AcceptAs::Clang22(_))
                && base
                    .as_deref()
                    .is_some_and(|b| !push_constant_record::is_empty_class(b))
            {
                // All the struct declares: clang-22 still gives them members
                // when its base makes it a non-empty class. They travel in a
                // unit of their own, which only clang-22's rules read.
                let mut carrier = Field::new("", zero_width[0].ty.clone());
                carrier.bitfields = Some(Arc::new(std::mem::take(&mut zero_width)));
                fields.push(carrier);
                spans.push(name_span);
            }
        }
        let s = Arc::new(StructTy {
            name: Arc::from(qualified.as_str()),
            base,
            fields,
            align: None,
            size: None,
        });
        if registered {
            // Outside buffers, a struct with errors is kept aside: the
            // errors are reported only if a buffer uses it (its warnings,
            // such as clang-22's over-wide bitfield one, stay).
            let broken = self
                .diags
                .iter()
                .skip(errors_before)
                .any(Diagnostic::is_error);
            let entry = match broken && self.in_buffer == 0 {
                true => self
                    .diags
                    .split_off(errors_before)
                    .into_iter()
                    .find(|d| d.severity == crate::diag::Severity::Error)
                    .map(|d| TypeEntry::Broken(Box::new(d))),
                false => None,
            };
            if entry.is_none() {
                self.out.structs.push(crate::StructSpans {
                    ty: s.clone(),
                    name: name_span,
                    fields: spans.clone(),
                });
            }
            self.types.insert(
                qualified.clone(),
                entry.unwrap_or_else(|| TypeEntry::Struct(s.clone())),
            );
        }
        self.struct_spans.insert(qualified, spans);
        s
    }

    /// One bitfield `ty name : width`; `out` is the struct being built. Bitfields share a storage unit of
    /// their declared type's size while their bits fit (DXC, as clang: a
    /// field that does not fit starts a new unit; `: 0` closes the unit;
    /// `int` and `uint` bitfields share one, which becomes unsigned). Each
    /// unit is one member, named after its first named bitfield.
    ///
    /// A `[[vk::offset(N)]]` is recorded on the declaration only: DXC's
    /// DXIL packing ignores it, and its SPIR-V packing (redone from the
    /// declarations by `cblower_program::effective_decl`) starts a unit
    /// at N there.
    fn bitfield(
        &mut self,
        ty: &Ty,
        d: &Declaration,
        decl: &Declarator,
        width: &Expr,
        out: &mut BitfieldOut<'_>,
    ) {
        let BitfieldOut {
            unit,
            fields,
            spans,
            zero_width,
        } = out;
        let Ty::Scalar(scalar) = ty else {
            self.diags.push(
                Diagnostic::error(
                    decl.name.span,
                    format!(
                        "bitfield `{}` must have an integer or `bool` type, found `{ty}`",
                        decl.name.name
                    ),
                )
                .with_help("use `bool`, `uint`, `int` or another integer scalar type"),
            );
            return;
        };
        // `bool` is 32 bits in HLSL (in DXC's records and buffers alike), so
        // it shares a unit with 32-bit `int`/`uint` bitfields.
        let bits: u64 = match scalar {
            Scalar::Bool | Scalar::Int | Scalar::Uint => 32,
            Scalar::Int64 | Scalar::Uint64 => 64,
            Scalar::Int16 | Scalar::Uint16 | Scalar::Min16Int | Scalar::Min16Uint => 16,
            _ => {
                self.diags.push(
                    Diagnostic::error(
                        decl.name.span,
                        format!(
                            "bitfield `{}` must have an integer or `bool` type, found `{ty}`",
                            decl.name.name
                        ),
                    )
                    .with_help("use `bool`, `uint`, `int` or another integer scalar type"),
                );
                return;
            }
        };
        let w = match self.eval(width) {
            Ok(v) => match self.bitfield_width(v.value, bits, ty, (d, decl)) {
                Some(w) => w,
                None => return,
            },
            Err(e) => {
                self.diags.push(e);
                return;
            }
        };
        if w == 0 && !decl.name.name.is_empty() {
            // clang-22 and DXC alike: only an unnamed bitfield may be `: 0`.
            self.diags.push(
                Diagnostic::error(
                    decl.name.span,
                    format!("named bitfield `{}` has zero width", decl.name.name),
                )
                .with_help(format!(
                    "remove the name (`{ty} : 0;`) to close the storage unit, or give `{}` a width",
                    decl.name.name
                )),
            );
            return;
        }
        let mut declared = Field::new(decl.name.name.clone(), ty.clone());
        declared.bit_width = Some(w);
        if let Some(e) = &d.attrs.vk_offset {
            match self.eval_unsigned(e, "a `vk::offset`") {
                Ok(v) => declared.placement = Some(Placement::VkOffset(v)),
                Err(e) => {
                    self.diags.push(e);
                    return;
                }
            }
        }
        if w == 0 {
            // clang-22 keeps even a zero-width bitfield as a member: record
            // it with the unit just closed if it directly follows one, else
            // with the next field (DXC gives it no bytes either way).
            match (unit.is_some(), fields.last_mut()) {
                (true, Some(f)) if f.bitfields.is_some() => {
                    if let Some(list) = f.bitfields.as_mut() {
                        Arc::make_mut(list).push(declared);
                    }
                }
                _ => zero_width.push(declared),
            }
            **unit = None;
            return;
        }
        // A unit holding bitfields of different types is unsigned.
        let unsigned_of = |s: Scalar| match s {
            Scalar::Bool | Scalar::Int => Scalar::Uint,
            Scalar::Int64 => Scalar::Uint64,
            Scalar::Int16 => Scalar::Uint16,
            Scalar::Min16Int => Scalar::Min16Uint,
            other => other,
        };
        if let Some(u) = unit.as_mut() {
            if u.bits == bits && u.used + w <= bits {
                u.used += w;
                if let Some(f) = fields.get_mut(u.field) {
                    if let Ty::Scalar(current) = f.ty {
                        if current != *scalar {
                            f.ty = Ty::Scalar(unsigned_of(current));
                        }
                    }
                    if f.name.is_empty() && !decl.name.name.is_empty() {
                        f.name = Arc::from(decl.name.name.as_str());
                        if let Some(sp) = spans.get_mut(u.field) {
                            *sp = decl.name.span;
                        }
                    }
                    Arc::make_mut(f.bitfields.get_or_insert_with(Default::default)).push(declared);
                }
                return;
            }
        }
        **unit = Some(BitUnit {
            bits,
            used: w,
            field: fields.len(),
        });
        let mut f = Field::new(decl.name.name.clone(), ty.clone());
        let mut decls = std::mem::take(*zero_width);
        decls.push(declared);
        f.bitfields = Some(Arc::new(decls));
        fields.push(f);
        spans.push(decl.name.span);
    }

    /// Checks a bitfield's width `value` against its type's `bits`: the
    /// width, or `None` with the error pushed. A negative width is refused
    /// (as both compilers refuse it). A width over `bits` is DXC's error,
    /// except under [`AcceptAs::Clang22`], where it is clang-22's
    /// `-Wbitfield-width` warning (for a named, non-`bool` bitfield) below
    /// the target's limit and clang-22's "too wide" error from it.
    fn bitfield_width(
        &mut self,
        value: i64,
        bits: u64,
        ty: &Ty,
        (declaration, decl): (&Declaration, &Declarator),
    ) -> Option<u64> {
        let name = &decl.name.name;
        let what = if name.is_empty() {
            "anonymous bit-field".to_string()
        } else {
            format!("bit-field '{name}'")
        };
        // clang points at the name, or for an anonymous bitfield at its
        // `:` (where the parser places the empty name).
        let at = decl.name.span;
        if value < 0 {
            self.diags.push(
                Diagnostic::error(at, format!("{what} has negative width ({value})"))
                    .with_help(format!("give it a width from 0 to {bits}")),
            );
            return None;
        }
        let w = value as u64;
        if w <= bits {
            return Some(w);
        }
        let AcceptAs::Clang22(target) = self.opts.accept_as else {
            // DXC's words and place (its sema reports at the name, or for an
            // anonymous bitfield at the start of the declaration).
            let (what, at) = if name.is_empty() {
                (
                    "size of anonymous bit-field".to_string(),
                    declaration.ty.span(),
                )
            } else {
                (format!("size of {what}"), decl.name.span)
            };
            self.diags.push(
                Diagnostic::error(
                    at,
                    format!("{what} ({w} bits) exceeds size of its type ({bits} bits)"),
                )
                .with_help(format!(
                    "a `{ty}` bitfield holds at most {bits} bits; give it a width from 0 to {bits} (clang-22 accepts more: `--rules clang-22`)"
                )),
            );
            return None;
        };
        // clang-22's limit: the width must fit in its `size_t`.
        let limit_bits = target.clang22_size_bits();
        if w >> limit_bits != 0 {
            self.diags.push(
                Diagnostic::error(at, format!("{what} is too wide ({w} bits)")).with_help(
                    format!("give it a width from 0 to {bits} (clang-22 refuses 2^{limit_bits} bits or more for this target)"),
                ),
            );
            return None;
        }
        if !name.is_empty() && !matches!(ty, Ty::Scalar(Scalar::Bool)) {
            self.diags.push(
                Diagnostic::warning(
                    at,
                    format!(
                        "width of {what} ({} bits) exceeds the width of its type; value will be truncated to {bits} bits",
                        digit_groups(w)
                    ),
                )
                .with_help(format!(
                    "give it a width from 0 to {bits} (clang-22 over-aligns the struct that holds it; DXC refuses it)"
                )),
            );
        }
        Some(w)
    }

    fn resolve(
        &mut self,
        spec: &TypeSpec,
        order: OrderCtx,
        depth: usize,
    ) -> Result<Ty, Diagnostic> {
        match spec {
            TypeSpec::Struct(def) => {
                if def.body.is_some() {
                    return Ok(Ty::Struct(self.define_struct(def, None)));
                }
                match &def.name {
                    Some(n) => {
                        self.resolve_path(std::slice::from_ref(n), None, n.span, order, depth)
                    }
                    None => Err(
                        Diagnostic::error(def.keyword_span, "expected a struct name")
                            .with_help("write `struct Name`"),
                    ),
                }
            }
            TypeSpec::Named { path, args, span } => {
                self.resolve_path(path, args.as_deref(), *span, order, depth)
            }
        }
    }

    fn resolve_path(
        &mut self,
        path: &[Ident],
        args: Option<&[TemplateArg]>,
        span: Span,
        order: OrderCtx,
        depth: usize,
    ) -> Result<Ty, Diagnostic> {
        if depth > MAX_TYPEDEF_DEPTH {
            return Err(Diagnostic::error(
                span,
                format!("typedefs are nested too deeply (more than {MAX_TYPEDEF_DEPTH} levels)"),
            )
            .with_help("shorten the chain of typedefs"));
        }
        let Some(first) = path.first() else {
            return Err(Diagnostic::error(span, "expected a type name")
                .with_help("write a type such as `float4`"));
        };
        if path.len() == 1 {
            if let Some(t) = self.builtin(first, args, span, order)? {
                return Ok(t);
            }
        }
        let Some(key) = self.visible_key(&self.types, path) else {
            return Err(self.unknown_type(path, span));
        };
        let entry = self.types.get(&key).cloned();
        match entry {
            Some(TypeEntry::Struct(s)) => Ok(Ty::Struct(s)),
            Some(TypeEntry::Incomplete {
                being_defined: true,
                span: def_span,
            }) => Err(Diagnostic::error(span, format!("struct `{key}` contains itself"))
                .with_label(def_span, "struct defined here")
                .with_help("a struct cannot contain a field of its own type (directly or through a typedef); use another type for this field")),
            Some(TypeEntry::Incomplete { span: def_span, .. }) => {
                Err(Diagnostic::error(span, format!("struct `{key}` is used before it is defined"))
                    .with_label(def_span, "only declared here")
                    .with_help(format!("define `struct {} {{ ... }};` before this point", first.name)))
            }
            Some(TypeEntry::Typedef { column, row }) => Ok(match order.effective() {
                MatrixOrder::ColumnMajor => column,
                MatrixOrder::RowMajor => row,
            }),
            Some(TypeEntry::DeferredTypedef {
                spec,
                dims,
                scope,
                explicit,
            }) => {
                let saved = std::mem::replace(&mut self.scope, scope);
                let inner = OrderCtx {
                    explicit: explicit.or(order.explicit),
                    implicit: order.implicit,
                };
                let r = self.resolve(&spec, inner, depth + 1);
                self.scope = saved;
                let mut t = r.map_err(|e| {
                    // Point at the use, where the recursion became visible.
                    let mut e = e;
                    e.span = Some(span);
                    e
                })?;
                for n in dims.iter().rev() {
                    t = Ty::array(t, *n);
                }
                Ok(t)
            }
            Some(TypeEntry::Enum(t)) => Ok(t),
            Some(TypeEntry::Template(t, scope)) => match args {
                Some(args) => self.instantiate(&t, scope, args, span, order),
                None => Err(Diagnostic::error(
                    span,
                    format!("struct template `{key}` needs template arguments"),
                )
                .with_help(format!("write e.g. `{key}<float4>`"))),
            },
            Some(TypeEntry::Broken(e)) => {
                let mut e = *e;
                e.labels.push(crate::diag::Label {
                    span,
                    message: format!("`{key}` is used here"),
                });
                Err(e)
            }
            None => Err(self.unknown_type(path, span)),
        }
    }

    /// Built-in numeric and resource types; `Ok(None)` if `name` is not one.
    fn builtin(
        &mut self,
        name: &Ident,
        args: Option<&[TemplateArg]>,
        span: Span,
        order: OrderCtx,
    ) -> Result<Option<Ty>, Diagnostic> {
        let n = name.name.as_ref();
        if let Some((scalar, shape)) = builtin::numeric(n) {
            self.check_16bit(scalar, name)?;
            return Ok(Some(match shape {
                Shape::Scalar => Ty::Scalar(scalar),
                Shape::Vector(len) => Ty::vector(scalar, len),
                Shape::Matrix(r, c) => Ty::matrix(scalar, r, c, order.effective()),
            }));
        }
        if n == "vector" || n == "matrix" {
            return self.templated_numeric(name, args, span, order).map(Some);
        }
        if builtin::is_resource(n) {
            let mut text = n.to_string();
            if let Some(args) = args {
                let rendered: Vec<String> = args.iter().map(|a| self.render_arg(a)).collect();
                text = format!("{text}<{}>", rendered.join(", "));
            }
            return Ok(Some(Ty::Resource(ResourceTy {
                name: Arc::from(text),
            })));
        }
        Ok(None)
    }

    fn check_16bit(&self, scalar: Scalar, name: &Ident) -> Result<(), Diagnostic> {
        if scalar.requires_native_16bit() && !self.opts.native_16bit {
            return Err(Diagnostic::error(
                name.span,
                format!("`{}` requires native 16-bit types", name.name),
            )
            .with_help("pass --enable-16bit-types (DXC's -enable-16bit-types)"));
        }
        Ok(())
    }

    /// `vector<T, N>`, `matrix<T, R, C>`, and bare `vector` / `matrix`.
    fn templated_numeric(
        &mut self,
        name: &Ident,
        args: Option<&[TemplateArg]>,
        span: Span,
        order: OrderCtx,
    ) -> Result<Ty, Diagnostic> {
        let is_vector = &*name.name == "vector";
        let Some(args) = args else {
            return Ok(if is_vector {
                Ty::vector(Scalar::Float, 4)
            } else {
                Ty::matrix(Scalar::Float, 4, 4, order.effective())
            });
        };
        let expected = if is_vector { 3 } else { 3 + 1 };
        let usage = if is_vector {
            "vector<float, 4>"
        } else {
            "matrix<float, 4, 4>"
        };
        if args.len() + 1 != expected {
            return Err(Diagnostic::error(
                span,
                format!(
                    "`{}` takes {} template arguments, found {}",
                    name.name,
                    expected - 1,
                    args.len()
                ),
            )
            .with_help(format!("write e.g. `{usage}`")));
        }
        let elem = match args.first() {
            Some(TemplateArg::Type(t)) => self.resolve(t, order, 0)?,
            _ => {
                return Err(Diagnostic::error(
                    span,
                    format!(
                        "the first argument of `{}` must be a scalar type",
                        name.name
                    ),
                )
                .with_help(format!("write e.g. `{usage}`")))
            }
        };
        let Ty::Scalar(scalar) = elem else {
            return Err(Diagnostic::error(
                span,
                format!(
                    "the element type of `{}` must be a scalar, found `{elem}`",
                    name.name
                ),
            )
            .with_help(format!("write e.g. `{usage}`")));
        };
        let mut dims = Vec::new();
        for a in args.iter().skip(1) {
            let v = match a {
                TemplateArg::Expr(e) => self.eval(e)?.value,
                TemplateArg::Type(TypeSpec::Named {
                    path, args: None, ..
                }) => self.eval(&Expr::Name(path.to_vec()))?.value,
                TemplateArg::Type(t) => {
                    return Err(
                        Diagnostic::error(t.span(), "expected a size between 1 and 4")
                            .with_help(format!("write e.g. `{usage}`")),
                    )
                }
            };
            match u8::try_from(v) {
                Ok(d @ 1..=4) => dims.push(d),
                _ => {
                    return Err(Diagnostic::error(
                        span,
                        format!("`{}` sizes must be between 1 and 4, found {v}", name.name),
                    )
                    .with_help(format!("write e.g. `{usage}`")))
                }
            }
        }
        Ok(match dims.as_slice() {
            [n] => Ty::vector(scalar, *n),
            [r, c] => Ty::matrix(scalar, *r, *c, order.effective()),
            _ => Ty::vector(scalar, 4),
        })
    }

    fn render_arg(&mut self, a: &TemplateArg) -> String {
        match a {
            TemplateArg::Expr(e) => self
                .eval(e)
                .map_or_else(|_| "?".into(), |v| v.value.to_string()),
            TemplateArg::Type(TypeSpec::Named { path, args, .. }) => {
                let mut s = path
                    .iter()
                    .map(|p| p.name.as_ref())
                    .collect::<Vec<_>>()
                    .join("::");
                if let Some(args) = args {
                    let inner: Vec<String> = args.iter().map(|x| self.render_arg(x)).collect();
                    s = format!("{s}<{}>", inner.join(", "));
                }
                s
            }
            TemplateArg::Type(TypeSpec::Struct(def)) => def
                .name
                .as_ref()
                .map_or("anon".into(), |n| n.name.to_string()),
        }
    }

    fn unknown_type(&self, path: &[Ident], span: Span) -> Diagnostic {
        let name = path
            .iter()
            .map(|p| p.name.as_ref())
            .collect::<Vec<_>>()
            .join("::");
        let builtins = builtin::all_type_names();
        let user: Vec<&str> = self.types.keys().map(String::as_str).collect();
        let candidates = builtins.iter().map(String::as_str).chain(user);
        let help = match builtin::closest(&name, candidates) {
            Some(s) => format!("did you mean `{s}`?"),
            None => "declare it with `struct` or `typedef` before this point".to_string(),
        };
        Diagnostic::error(span, format!("unknown type name `{name}`")).with_help(help)
    }

    fn apply_dims(
        &mut self,
        mut ty: Ty,
        dims: &[ArrayDim],
        name: &Ident,
    ) -> Result<Ty, Diagnostic> {
        let mut sizes = Vec::with_capacity(dims.len());
        for d in dims {
            sizes.push(self.dim_size(d, name)?);
        }
        // clang-22 refuses an array whose bytes do not fit in the target's
        // `size_t` (at most 61 bits: 2^61 bytes on DXIL, 4 GiB on SPIR-V),
        // checked from the innermost dimension out.
        let (mut bytes, limit_bits) = match self.opts.accept_as {
            AcceptAs::Clang22(target) if !sizes.is_empty() => {
                let sizeof =
                    push_constant_record::clang22_sizeof(&ty, target, self.opts.native_16bit);
                (Some(sizeof), target.clang22_size_bits())
            }
            _ => (None, 0),
        };
        for (d, n) in dims.iter().zip(&sizes).rev() {
            if let Some(b) = bytes.as_mut() {
                *b = b.saturating_mul(*n);
                if *b >> limit_bits != 0 {
                    let at = d.size.as_ref().map_or(d.span, Expr::span);
                    return Err(Diagnostic::error(
                        at,
                        format!("array is too large ({} elements)", digit_groups(*n)),
                    )
                    .with_help(format!(
                        "clang-22 refuses an array of 2^{limit_bits} bytes or more for this target (the bits of its `size_t`); give it fewer elements"
                    )));
                }
            }
        }
        if bytes.is_some() {
            // clang-22's buffer layout reads an array's length as a 32-bit
            // number: 2^32 + 1 elements lay out as one, 2^32 as none.
            for n in &mut sizes {
                *n &= u64::from(u32::MAX);
            }
        }
        for n in sizes.into_iter().rev() {
            ty = Ty::array(ty, n);
        }
        Ok(ty)
    }

    /// Like [`Self::apply_dims`], but a first dimension `[]` takes the
    /// number of elements of a `{ ... }` initialiser (`float k[] = {1, 2}`).
    fn apply_dims_init(&mut self, ty: Ty, decl: &Declarator) -> Result<Ty, Diagnostic> {
        match (decl.dims.split_first(), decl.init_list_len()) {
            (Some((first, rest)), Some(n)) if first.size.is_none() => {
                let inner = self.apply_dims(ty, rest, &decl.name)?;
                Ok(Ty::array(inner, n))
            }
            _ => self.apply_dims(ty, &decl.dims, &decl.name),
        }
    }

    fn dim_size(&self, d: &ArrayDim, name: &Ident) -> Result<u64, Diagnostic> {
        match &d.size {
            Some(e) => self.eval_array_size(e),
            None => Err(
                Diagnostic::error(d.span, format!("array `{}` needs a size", name.name))
                    .with_help("write the number of elements, e.g. `[4]`"),
            ),
        }
    }

    /// The number of buffers in `ConstantBuffer<T> name[dims]`: `None` for a
    /// single buffer, [`UNBOUNDED_RESOURCE_ARRAY`] when the first dimension
    /// is `[]` (DXC and clang bind an unbounded range of registers, of which
    /// the shader may index any), else the product of the dimensions.
    fn resource_array_len(&self, dims: &[ArrayDim]) -> Result<Option<u64>, Diagnostic> {
        let mut len: Option<u64> = None;
        for (i, dim) in dims.iter().enumerate() {
            let Some(size) = &dim.size else {
                if i > 0 {
                    return Err(Diagnostic::error(
                        dim.span,
                        "only the first dimension of a resource array may be unbounded",
                    )
                    .with_help("give this dimension a size, or move `[]` to the front"));
                }
                len = Some(UNBOUNDED_RESOURCE_ARRAY);
                continue;
            };
            let n = self.eval_array_size(size)?;
            len = Some(match len {
                Some(UNBOUNDED_RESOURCE_ARRAY) => UNBOUNDED_RESOURCE_ARRAY,
                Some(prev) => prev
                    .checked_mul(n)
                    .filter(|&total| total != UNBOUNDED_RESOURCE_ARRAY)
                    .ok_or_else(|| {
                        Diagnostic::error(
                            dim.span,
                            format!("resource array of {prev} x {n} buffers is too large"),
                        )
                        .with_help("reduce the array dimensions")
                    })?,
                None if n == UNBOUNDED_RESOURCE_ARRAY => {
                    return Err(Diagnostic::error(
                        dim.span,
                        format!("resource array of {n} buffers is too large"),
                    )
                    .with_help("reduce the array dimension, or write `[]` for an unbounded array"))
                }
                None => n,
            });
        }
        Ok(len)
    }

    fn eval_array_size(&self, e: &Expr) -> Result<u64, Diagnostic> {
        let v = self.eval(e)?.value;
        u64::try_from(v).map_err(|_| {
            Diagnostic::error(
                e.span(),
                format!("array size must not be negative, found {v}"),
            )
            .with_help("use a positive number of elements")
        })
    }

    fn eval_unsigned(&self, e: &Expr, what: &str) -> Result<u64, Diagnostic> {
        let v = self.eval(e)?.value;
        u64::try_from(v).map_err(|_| {
            Diagnostic::error(
                e.span(),
                format!("{what} value must not be negative, found {v}"),
            )
            .with_help("use a non-negative integer")
        })
    }

    /// Evaluates an integer constant expression with HLSL's 32-bit (and
    /// 64-bit) integer semantics ([`IntVal`]).
    fn eval(&self, e: &Expr) -> Result<IntVal, Diagnostic> {
        Ok(match e {
            Expr::Int(v, _) => IntVal::int(*v),
            Expr::UInt(v, _) => IntVal::unsigned_literal(*v),
            Expr::Other(span) => {
                return Err(Diagnostic::error(*span, "expected an integer constant")
                    .with_help("use an integer literal, a macro or a `static const` integer"))
            }
            Expr::Unread(span) => {
                return Err(Diagnostic::error(
                    *span,
                    "this enumerator value is template code the front end cannot evaluate",
                )
                .with_help("give the enumerator a plain integer value where a buffer uses it"))
            }
            Expr::SizeOf(spec, span) => self.size_of(spec, *span)?,
            Expr::Name(path) => {
                let name = path
                    .iter()
                    .map(|p| p.name.as_ref())
                    .collect::<Vec<_>>()
                    .join("::");
                match self
                    .visible_key(&self.consts, path)
                    .and_then(|k| self.consts.get(&k))
                {
                    Some(v) => *v,
                    None => {
                        return Err(Diagnostic::error(
                            e.span(),
                            format!("`{name}` is not an integer constant"),
                        )
                        .with_help(
                            "declare it before this point as `static const int` (or `#define` it)",
                        ))
                    }
                }
            }
            Expr::Cast(inner, ty) => {
                let v = self.eval(inner)?;
                match ty {
                    Some(t) => v.cast(t),
                    None => v,
                }
            }
            Expr::Unary(op, inner, _) => self.eval(inner)?.unary(op),
            Expr::Ternary(c, a, b) => {
                if self.eval(c)?.value != 0 {
                    self.eval(a)?
                } else {
                    self.eval(b)?
                }
            }
            Expr::Binary(op, a, b, span) => {
                let (a, b) = (self.eval(a)?, self.eval(b)?);
                a.binary(op, b).ok_or_else(|| {
                    Diagnostic::error(*span, "division by zero in a constant expression")
                        .with_help("make sure the divisor is not 0")
                })?
            }
        })
    }

    /// `sizeof(T)`: the type's size packed as in a structured buffer (each
    /// value at its scalar alignment, structs padded to their alignment), as
    /// DXC computes it; a `uint`.
    fn size_of(&self, spec: &TypeSpec, span: Span) -> Result<IntVal, Diagnostic> {
        // `sizeof` names a type declared before it: look it up without
        // defining anything (no inline structs, no template instances).
        let order = OrderCtx {
            explicit: None,
            implicit: self.opts.default_matrix_order,
        };
        let ty = self.resolve_existing(spec, order).ok_or_else(|| {
            Diagnostic::error(
                span,
                "`sizeof` of a type that is not declared before this point",
            )
            .with_help("name a numeric type, an array of one or a struct declared earlier")
        })?;
        if is_resource(&ty) {
            return Err(
                Diagnostic::error(span, format!("`sizeof` of a resource type `{ty}`"))
                    .with_help("`sizeof` applies to numeric types and structs of them"),
            );
        }
        let opts = cblower_layout::LayoutOptions::new(cblower_layout::RuleSet::Structured)
            .native_16bit(self.opts.native_16bit);
        let node = cblower_layout::layout_type(&ty, opts).map_err(|e| {
            Diagnostic::error(span, format!("cannot compute `sizeof`: {e}"))
                .with_help("use a smaller type")
        })?;
        Ok(IntVal::new(
            i64::try_from(node.size.get()).unwrap_or(i64::MAX),
            true,
            false,
        ))
    }

    /// A type already declared: built-in numeric types, structs, enums and
    /// typedefs (no definitions, no template instances).
    fn resolve_existing(&self, spec: &TypeSpec, order: OrderCtx) -> Option<Ty> {
        let path = match spec {
            TypeSpec::Named {
                path, args: None, ..
            } => &path[..],
            TypeSpec::Named { args: Some(_), .. } => return None,
            TypeSpec::Struct(def) => std::slice::from_ref(def.name.as_ref()?),
        };
        if let [one] = path {
            if let Some((scalar, shape)) = builtin::numeric(&one.name) {
                return Some(match shape {
                    Shape::Scalar => Ty::Scalar(scalar),
                    Shape::Vector(n) => Ty::vector(scalar, n),
                    Shape::Matrix(r, c) => Ty::matrix(scalar, r, c, order.effective()),
                });
            }
            if builtin::is_resource(&one.name) {
                return Some(Ty::Resource(ResourceTy {
                    name: Arc::from(one.name.as_str()),
                }));
            }
        }
        let key = self.visible_key(&self.types, path)?;
        match self.types.get(&key)? {
            TypeEntry::Struct(s) => Some(Ty::Struct(s.clone())),
            TypeEntry::Enum(t) => Some(t.clone()),
            TypeEntry::Typedef { column, row } => Some(match order.effective() {
                MatrixOrder::ColumnMajor => column.clone(),
                MatrixOrder::RowMajor => row.clone(),
            }),
            _ => None,
        }
    }
}

/// Whether a resource (or array of them) comes with a counter buffer that
/// clang-22 binds separately: the read-write, append, consume and
/// rasterizer-ordered structured buffers.
fn has_counter(ty: &Ty) -> bool {
    match ty {
        Ty::Resource(r) => {
            let base = r.name.split('<').next().unwrap_or("").trim();
            matches!(
                base,
                "RWStructuredBuffer"
                    | "AppendStructuredBuffer"
                    | "ConsumeStructuredBuffer"
                    | "RasterizerOrderedStructuredBuffer"
            )
        }
        Ty::Array { elem, .. } => has_counter(elem),
        _ => false,
    }
}

fn is_resource(ty: &Ty) -> bool {
    match ty {
        Ty::Resource(_) => true,
        Ty::Array { elem, .. } => is_resource(elem),
        _ => false,
    }
}

fn duplicate(second: &Ident, first: Span, message: String) -> Diagnostic {
    Diagnostic::error(second.span, message)
        .with_label(first, "first declared here")
        .with_help("rename one of them or remove the duplicate")
}

/// Where each base of `s` ends among its flattened fields (`all_fields`),
/// most-base first; empty when `s` derives from nothing.
fn base_ends(s: &StructTy) -> Vec<usize> {
    let mut chain = Vec::new();
    let mut b = s.base.as_deref();
    while let Some(base) = b {
        chain.push(base);
        b = base.base.as_deref();
    }
    let mut end = 0;
    chain
        .iter()
        .rev()
        .map(|base| {
            end += base.fields.len();
            end
        })
        .collect()
}

/// `n` in decimal with `'` between groups of three digits, as clang prints
/// a bitfield's width in its `-Wbitfield-width` warning (`1'000`).
fn digit_groups(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() * 4 / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push('\'');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod width_tests {
    #[test]
    fn digit_groups_as_clang_prints_them() {
        assert_eq!(super::digit_groups(33), "33");
        assert_eq!(super::digit_groups(999), "999");
        assert_eq!(super::digit_groups(1000), "1'000");
        assert_eq!(super::digit_groups(4_294_967_295), "4'294'967'295");
    }
}
