//! The layout types of a plan: LLVM's types for laid-out buffers, as plain
//! data, with every padding byte an explicit `target("dx.Padding", N)` /
//! `target("spirv.Padding", N)`.
//!
//! The walk follows each member's layout (`cblower_layout::Node`) together
//! with its source type (`Ty`), which it needs only to know *which* struct a
//! struct node is, so each user struct gets one named type for the module:
//!
//! * scalars and vectors become `float`, `<3 x float>`, ...; a vector whose
//!   LLVM alloc size exceeds its size under the target's data layout (a
//!   3-element vector on SPIR-V) becomes `[3 x T]` in the default flavour,
//!   so that LLVM's own offsets stay the intended ones;
//! * a matrix becomes the type of its storage (array of vectors, one
//!   vector, or clang-22's flat scalar array);
//! * an array whose stride exceeds its element's size, with two or more
//!   elements, becomes `<{ [N-1 x <{ E, pad }>], E }>`; otherwise `[N x E]`;
//! * a struct becomes a named packed struct of its fields in offset order,
//!   with a padding element for every gap.
//!
//! Types other than named structs are interned by structure, as LLVM
//! uniques them, so "the same type" means the same [`TypeId`] here and the
//! same `Type*` in a module built from the plan; [`TypeTable::finder_order`]
//! relies on it. Alongside each type the plan keeps a [`PlanRepr`]: the
//! intended size and, for structs, which element holds which field; the
//! access API and `!hlsl.layouts` are read from it.

use std::borrow::Cow;
use std::rc::Rc;

use std::sync::Arc;

use cblower_layout::{BufferLayout, Node, NodeKind, Scalar, Ty};

use super::data_layout::VectorAligns;
use super::names::{struct_identity, struct_type_name};
use super::struct_cache::StructCache;
use super::syntax::push_name;
use super::Flavor;
use crate::fast_hash::{FastMap, FastSet};
use crate::{ProgramError, Target};

/// An interned type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TypeId(u32);

impl TypeId {
    /// The type's index in its [`TypeTable`] (`0..table.len()`).
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// A scalar type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Prim {
    /// `i8` (clang-22's push-constant padding and bitfield storage)
    I8,
    /// `i16`
    I16,
    /// `i32`
    I32,
    /// `i64`
    I64,
    /// `half`
    Half,
    /// `float`
    Float,
    /// `double`
    Double,
    /// `iN` of a width in bytes over 64 bits (clang-22's push-constant
    /// bitfield storage: `i128`, `i1024`).
    WideInt(u32),
}

impl Prim {
    /// Size in bytes (LLVM's store size).
    pub fn bytes(self) -> u64 {
        match self {
            Prim::I8 => 1,
            Prim::WideInt(bits) => u64::from(bits).div_ceil(8),
            Prim::I16 | Prim::Half => 2,
            Prim::I32 | Prim::Float => 4,
            Prim::I64 | Prim::Double => 8,
        }
    }

    /// ABI alignment in bytes under both targets' data layouts, which
    /// specify integers up to `i64`: a wider integer takes `i64`'s.
    pub fn align(self) -> u64 {
        match self {
            Prim::WideInt(_) => 8,
            p => p.bytes(),
        }
    }

    /// LLVM's alloc size: the store size rounded up to the alignment.
    pub fn alloc_size(self) -> u64 {
        self.bytes().next_multiple_of(self.align())
    }

    fn text(self) -> Cow<'static, str> {
        Cow::Borrowed(match self {
            Prim::I8 => "i8",
            Prim::WideInt(bits) => return Cow::Owned(format!("i{bits}")),
            Prim::I16 => "i16",
            Prim::I32 => "i32",
            Prim::I64 => "i64",
            Prim::Half => "half",
            Prim::Float => "float",
            Prim::Double => "double",
        })
    }
}

/// What a type is.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum TypeDef {
    /// A scalar.
    Prim(Prim),
    /// `<len x elem>`.
    Vector {
        /// The element type.
        elem: Prim,
        /// The number of elements.
        len: u8,
    },
    /// `[count x elem]`.
    Array {
        /// The element type.
        elem: TypeId,
        /// The number of elements.
        count: u64,
    },
    /// A literal packed struct `<{ ... }>`.
    Packed(Vec<TypeId>),
    /// Named struct number `n` (not interned by structure: each is its own;
    /// see [`TypeTable::named`]).
    Named(u32),
    /// `target("dx.Padding", n)` / `target("spirv.Padding", n)`.
    Padding(u32),
    /// The handle type of the buffer whose layout struct is the operand.
    Handle(TypeId),
}

/// A named layout struct.
#[derive(Debug)]
pub struct NamedStruct {
    /// The name LLVM would give it (`.0`, `.1` appended on a clash).
    pub name: String,
    /// The element types, padding included.
    pub elems: Vec<TypeId>,
    /// Intended size: end of the last field.
    pub size: u64,
    /// Intended offset of each field (for `!hlsl.layouts`).
    pub field_offsets: Vec<u64>,
    /// The fields with their shapes, kept for user structs (the drift check
    /// looks inside them); empty for buffer layout structs.
    pub fields: Vec<PlanField>,
    /// LLVM's offset of each element (packed: the running sum of alloc sizes).
    pub elem_offsets: Vec<u64>,
    /// `<{ ... }>`; only clang-22's push-constant structs may be plain
    /// `{ ... }` (see [`TypeTable::set_natural_body`]).
    pub packed: bool,
}

impl NamedStruct {
    /// The fields with their shapes (empty for a buffer's layout struct).
    pub fn fields(&self) -> &[PlanField] {
        &self.fields
    }
}

/// The shape of a laid-out value.
#[derive(Clone, Debug)]
pub enum PlanRepr {
    /// A scalar or vector (or a matrix stored as one vector).
    Leaf(LeafRepr),
    /// An array, plain or padded (matrices stored as arrays too).
    Array(Rc<PlanArray>),
    /// A named struct; its fields are [`NamedStruct::fields`].
    Struct(TypeId),
}

/// A scalar or vector value.
#[derive(Clone, Copy, Debug)]
pub struct LeafRepr {
    /// The type in the layout struct.
    pub memory: TypeId,
    /// The type a load produces: `memory`, except for a vector kept as an
    /// array in memory, which loads as the vector.
    pub value: TypeId,
    /// The HLSL scalar (`bool` is stored and loaded as `i32`).
    pub scalar: Scalar,
    /// Intended size in bytes.
    pub size: u64,
}

/// An array, plain or padded.
#[derive(Debug)]
pub struct PlanArray {
    /// `[N x E]`, or `<{ [N-1 x <{ E, pad }>], E }>` when padded.
    pub ty: TypeId,
    /// The element.
    pub elem: PlanRepr,
    /// The number of elements.
    pub count: u64,
    /// Distance between element starts.
    pub stride: u64,
    /// `<{ E, pad }>` when the array is padded (`count >= 2` and a gap).
    pub padded_elem: Option<TypeId>,
}

/// A field of a layout struct.
#[derive(Clone, Debug)]
pub struct PlanField {
    /// The source name of the field (a member, or a struct field).
    pub name: Arc<str>,
    /// Index of the struct element holding the field (padding elements count).
    pub element: u32,
    /// Offset from the start of the struct.
    pub offset: u64,
    /// The field's type.
    pub repr: PlanRepr,
}

impl PlanRepr {
    /// The type of the value in memory.
    pub fn ty(&self) -> TypeId {
        match self {
            PlanRepr::Leaf(l) => l.memory,
            PlanRepr::Array(a) => a.ty,
            PlanRepr::Struct(id) => *id,
        }
    }
}

/// All types of a module, interned, with each one's printed reference and
/// its LLVM sizes.
pub struct TypeTable {
    target: Target,
    defs: Vec<TypeDef>,
    /// How the type is written where it is used (`float`, `%Inner`, ...).
    text: Vec<Box<str>>,
    /// (`getTypeSizeInBits / 8`, `getTypeAllocSize`); zero for handles.
    sizes: Vec<(u64, u64)>,
    interned: FastMap<TypeDef, TypeId>,
    named: Vec<NamedStruct>,
    /// `TypeDef::Named(n)`'s id, by `n`.
    named_ids: Vec<TypeId>,
    names_in_use: FastSet<String>,
    /// LLVM's per-context counter for renaming clashing struct names.
    next_unique: u64,
    vectors: VectorAligns,
}

impl TypeTable {
    /// An empty table for `target`'s data layout.
    pub fn new(target: Target) -> TypeTable {
        TypeTable {
            target,
            defs: Vec::new(),
            text: Vec::new(),
            sizes: Vec::new(),
            interned: FastMap::default(),
            named: Vec::new(),
            named_ids: Vec::new(),
            names_in_use: FastSet::default(),
            next_unique: 0,
            vectors: VectorAligns::of(target),
        }
    }

    fn intern(&mut self, def: TypeDef) -> TypeId {
        if let Some(&id) = self.interned.get(&def) {
            return id;
        }
        let (text, sizes) = self.describe(&def);
        let id = self.push(def.clone(), text, sizes);
        self.interned.insert(def, id);
        id
    }

    fn push(&mut self, def: TypeDef, text: String, sizes: (u64, u64)) -> TypeId {
        let id = TypeId(self.defs.len() as u32);
        self.defs.push(def);
        self.text.push(text.into_boxed_str());
        self.sizes.push(sizes);
        id
    }

    /// The printed reference and the sizes of a structural type.
    fn describe(&self, def: &TypeDef) -> (String, (u64, u64)) {
        match def {
            TypeDef::Prim(p) => (p.text().into_owned(), (p.bytes(), p.alloc_size())),
            TypeDef::Vector { elem, len } => {
                let bytes = elem.bytes() * u64::from(*len);
                let alloc = self
                    .vectors
                    .vector_alloc_size(elem.bytes(), u64::from(*len));
                (format!("<{len} x {}>", elem.text()), (bytes, alloc))
            }
            TypeDef::Array { elem, count } => {
                let total = self.alloc_size(*elem) * count;
                (format!("[{count} x {}]", self.text(*elem)), (total, total))
            }
            TypeDef::Packed(elems) => {
                let total: u64 = elems.iter().map(|&e| self.alloc_size(e)).sum();
                (format!("<{}>", self.body_text(elems)), (total, total))
            }
            TypeDef::Padding(n) => (
                format!("target(\"{}\", {n})", self.target.padding_type_name()),
                (u64::from(*n), u64::from(*n)),
            ),
            TypeDef::Handle(layout) => {
                let text = match self.target {
                    Target::Dxil => format!("target(\"dx.CBuffer\", {})", self.text(*layout)),
                    Target::SpirV => format!(
                        "target(\"spirv.VulkanBuffer\", {}, 2, 0)",
                        self.text(*layout)
                    ),
                };
                (text, (0, 0))
            }
            TypeDef::Named(_) => unreachable!("named structs are not interned by structure"),
        }
    }

    /// `{ a, b }` (or `{}`), the braces of a struct body.
    fn body_text(&self, elems: &[TypeId]) -> String {
        let mut s = String::new();
        self.push_body_text(&mut s, elems);
        s
    }

    /// Appends `{ a, b }` (or `{}`) for `elems` to `s`, growing it once.
    fn push_body_text(&self, s: &mut String, elems: &[TypeId]) {
        if elems.is_empty() {
            s.push_str("{}");
            return;
        }
        let len: usize = elems.iter().map(|e| self.text(*e).len() + 2).sum();
        s.reserve(len + 2);
        s.push_str("{ ");
        for (i, e) in elems.iter().enumerate() {
            if i > 0 {
                s.push_str(", ");
            }
            s.push_str(self.text(*e));
        }
        s.push_str(" }");
    }

    /// How many types the table holds (type ids are `0..len`).
    pub fn len(&self) -> usize {
        self.defs.len()
    }

    /// Whether the table holds no type.
    pub fn is_empty(&self) -> bool {
        self.defs.is_empty()
    }

    /// What type `id` is.
    pub fn def(&self, id: TypeId) -> &TypeDef {
        &self.defs[id.0 as usize]
    }

    /// The type with index `index` (see [`TypeId::index`]).
    pub fn id(&self, index: usize) -> Option<TypeId> {
        (index < self.defs.len()).then_some(TypeId(index as u32))
    }

    /// The named structs in the order they were named (the order LLVM
    /// must create them in to give them the same names).
    pub fn named_in_order(&self) -> &[TypeId] {
        &self.named_ids
    }

    /// How the type is written where it is used (`float`, `%Inner`, ...).
    pub fn text(&self, id: TypeId) -> &str {
        &self.text[id.0 as usize]
    }

    /// LLVM's `getTypeSizeInBits / 8`.
    pub fn size_in_bytes(&self, id: TypeId) -> u64 {
        self.sizes[id.0 as usize].0
    }

    /// LLVM's `getTypeAllocSize` under the target's data layout.
    pub fn alloc_size(&self, id: TypeId) -> u64 {
        self.sizes[id.0 as usize].1
    }

    /// The type of a scalar.
    pub fn prim(&mut self, p: Prim) -> TypeId {
        self.intern(TypeDef::Prim(p))
    }

    /// `<len x elem>`.
    pub fn vector(&mut self, elem: Prim, len: u8) -> TypeId {
        self.intern(TypeDef::Vector { elem, len })
    }

    /// `[count x elem]`.
    pub fn array(&mut self, elem: TypeId, count: u64) -> TypeId {
        self.intern(TypeDef::Array { elem, count })
    }

    /// `<{ elems }>`.
    pub fn packed(&mut self, elems: Vec<TypeId>) -> TypeId {
        self.intern(TypeDef::Packed(elems))
    }

    /// A padding type of `bytes` bytes.
    pub fn padding(&mut self, bytes: u64) -> Result<TypeId, ProgramError> {
        let n = u32::try_from(bytes).map_err(|_| ProgramError::PaddingTooLarge {
            bytes,
            buffer: None,
            member: None,
        })?;
        Ok(self.intern(TypeDef::Padding(n)))
    }

    /// The handle type of a buffer whose layout struct is `layout`.
    pub fn handle(&mut self, layout: TypeId) -> TypeId {
        self.intern(TypeDef::Handle(layout))
    }

    /// A new named struct, its body set later by [`set_body`](Self::set_body).
    /// A name already in use gets `.N` appended, `N` counting up across the
    /// module from 0 (LLVM's rule).
    pub fn new_named(&mut self, wanted: &str) -> TypeId {
        let mut name = wanted.to_owned();
        while self.names_in_use.contains(&name) {
            name = format!("{wanted}.{}", self.next_unique);
            self.next_unique += 1;
        }
        self.names_in_use.insert(name.clone());
        let mut text = String::with_capacity(name.len() + 3);
        push_name(&mut text, '%', &name);
        let n = self.named.len() as u32;
        self.named.push(NamedStruct {
            name,
            elems: Vec::new(),
            size: 0,
            field_offsets: Vec::new(),
            fields: Vec::new(),
            elem_offsets: Vec::new(),
            packed: true,
        });
        let id = self.push(TypeDef::Named(n), text, (0, 0));
        self.named_ids.push(id);
        id
    }

    /// Sets a named struct's elements and fields; computes LLVM's element
    /// offsets and sizes.
    pub fn set_body(
        &mut self,
        id: TypeId,
        elems: Vec<TypeId>,
        size: u64,
        field_offsets: Vec<u64>,
        fields: Vec<PlanField>,
    ) {
        let mut elem_offsets = Vec::with_capacity(elems.len());
        let mut at = 0;
        for &e in &elems {
            elem_offsets.push(at);
            at += self.alloc_size(e);
        }
        self.sizes[id.0 as usize] = (at, at);
        let s = self.named_mut(id);
        s.field_offsets = field_offsets;
        s.elems = elems;
        s.size = size;
        s.fields = fields;
        s.elem_offsets = elem_offsets;
    }

    /// Sets a named struct's elements as a plain (not packed) LLVM struct:
    /// each element at the next multiple of its ABI alignment, the size
    /// rounded up to the largest. Its one field per element is at the
    /// offsets LLVM computes.
    pub fn set_natural_body(&mut self, id: TypeId, elems: Vec<TypeId>, size: u64) {
        let mut elem_offsets = Vec::with_capacity(elems.len());
        let mut at: u64 = 0;
        let mut max_align = 1;
        for &e in &elems {
            let align = self.abi_align(e);
            max_align = max_align.max(align);
            at = at.next_multiple_of(align);
            elem_offsets.push(at);
            at += self.alloc_size(e);
        }
        at = at.next_multiple_of(max_align);
        self.sizes[id.0 as usize] = (at, at);
        let s = self.named_mut(id);
        s.field_offsets = elem_offsets.clone();
        s.elems = elems;
        s.size = size;
        s.elem_offsets = elem_offsets;
        s.packed = false;
    }

    /// LLVM's ABI alignment of `id` under the SPIR-V data layout (a vector's
    /// is its size rounded up to a power of two, as every `v` entry of that
    /// layout and LLVM's default give).
    pub fn abi_align(&self, id: TypeId) -> u64 {
        match &self.defs[id.0 as usize] {
            TypeDef::Prim(p) => p.align(),
            TypeDef::Vector { elem, len } => (elem.bytes() * u64::from(*len)).next_power_of_two(),
            TypeDef::Array { elem, .. } => self.abi_align(*elem),
            TypeDef::Named(n) => {
                let s = &self.named[*n as usize];
                if s.packed {
                    1
                } else {
                    s.elems
                        .iter()
                        .map(|&e| self.abi_align(e))
                        .max()
                        .unwrap_or(1)
                }
            }
            TypeDef::Packed(_) | TypeDef::Padding(_) | TypeDef::Handle(_) => 1,
        }
    }

    /// Named struct `id`.
    ///
    /// # Panics
    /// When `id` is not a named struct (a bug in the caller).
    pub fn named(&self, id: TypeId) -> &NamedStruct {
        match self.defs[id.0 as usize] {
            TypeDef::Named(n) => &self.named[n as usize],
            _ => unreachable!("not a named struct"),
        }
    }

    fn named_mut(&mut self, id: TypeId) -> &mut NamedStruct {
        match self.defs[id.0 as usize] {
            TypeDef::Named(n) => &mut self.named[n as usize],
            _ => unreachable!("not a named struct"),
        }
    }

    /// `<{ ... }>`, a named struct's body as the type section prints it.
    pub fn named_body(&self, id: TypeId) -> String {
        let mut s = String::new();
        self.push_named_body(&mut s, id);
        s
    }

    /// Appends [`Self::named_body`] to `out` (the text writer's line), with
    /// no string of its own.
    pub fn push_named_body(&self, out: &mut String, id: TypeId) {
        let s = self.named(id);
        if s.packed {
            out.push('<');
            self.push_body_text(out, &s.elems);
            out.push('>');
        } else {
            self.push_body_text(out, &s.elems);
        }
    }

    /// The named structs in the order LLVM's `TypeFinder` meets them when it
    /// walks these types (the types of the module's globals, in order; every
    /// named struct is reachable from a buffer's handle type). The walk is
    /// LLVM's: a stack, subtypes pushed in reverse, and a type marked as seen
    /// when pushed, not when popped.
    pub fn finder_order(&self, roots: impl Iterator<Item = TypeId>) -> Vec<TypeId> {
        let mut seen = vec![false; self.defs.len()];
        let mut order = Vec::new();
        let mut stack = Vec::new();
        for root in roots {
            if std::mem::replace(&mut seen[root.0 as usize], true) {
                continue;
            }
            stack.push(root);
            while let Some(t) = stack.pop() {
                let subtypes: &[TypeId] = match &self.defs[t.0 as usize] {
                    TypeDef::Named(n) => {
                        order.push(t);
                        &self.named[*n as usize].elems
                    }
                    TypeDef::Array { elem, .. } => std::slice::from_ref(elem),
                    TypeDef::Packed(elems) => elems,
                    TypeDef::Handle(layout) => std::slice::from_ref(layout),
                    TypeDef::Prim(_) | TypeDef::Vector { .. } | TypeDef::Padding(_) => &[],
                };
                for &sub in subtypes.iter().rev() {
                    if !std::mem::replace(&mut seen[sub.0 as usize], true) {
                        stack.push(sub);
                    }
                }
            }
        }
        order
    }
}

/// Builds a module's layout types into a [`TypeTable`], sharing one named
/// type per user struct (the policy of `struct_cache.rs`).
pub struct PlanTypes {
    /// The types built so far.
    pub table: TypeTable,
    flavor: Flavor,
    native_16bit: bool,
    structs: StructCache<TypeId>,
    /// Put before every user struct's name: `struct.` while a push-constant
    /// block's types are made (Clang's name for a record outside a buffer).
    struct_prefix: &'static str,
    /// Named structs in the order their bodies were set (`!hlsl.layouts`).
    pub created: Vec<TypeId>,
}

impl PlanTypes {
    /// An empty set of types for one module.
    pub fn new(target: Target, flavor: Flavor, native_16bit: bool) -> PlanTypes {
        PlanTypes {
            table: TypeTable::new(target),
            flavor,
            native_16bit,
            structs: StructCache::default(),
            struct_prefix: "",
            created: Vec::new(),
        }
    }

    /// The in-memory type of an HLSL scalar (`bool` is `i32`).
    pub fn scalar(&self, s: Scalar) -> Prim {
        let short = self.native_16bit;
        match s {
            Scalar::Bool | Scalar::Int | Scalar::Uint => Prim::I32,
            Scalar::Float => Prim::Float,
            Scalar::Double => Prim::Double,
            Scalar::Half | Scalar::Min16Float | Scalar::Min10Float if short => Prim::Half,
            Scalar::Half | Scalar::Min16Float | Scalar::Min10Float => Prim::Float,
            Scalar::Min16Int | Scalar::Min12Int | Scalar::Min16Uint if short => Prim::I16,
            Scalar::Min16Int | Scalar::Min12Int | Scalar::Min16Uint => Prim::I32,
            Scalar::Float16 => Prim::Half,
            Scalar::Int16 | Scalar::Uint16 => Prim::I16,
            Scalar::Int64 | Scalar::Uint64 => Prim::I64,
        }
    }

    fn leaf(&mut self, scalar: Scalar, len: Option<u8>, size: u64) -> PlanRepr {
        let elem = self.scalar(scalar);
        let Some(len) = len else {
            let ty = self.table.prim(elem);
            return PlanRepr::Leaf(LeafRepr {
                memory: ty,
                value: ty,
                scalar,
                size,
            });
        };
        let value = self.table.vector(elem, len);
        let mut memory = value;
        if self.flavor == Flavor::Dxc
            && self.table.alloc_size(value) != self.table.size_in_bytes(value)
        {
            // LLVM would give the vector more bytes than it has in the buffer.
            let e = self.table.prim(elem);
            memory = self.table.array(e, u64::from(len));
        }
        PlanRepr::Leaf(LeafRepr {
            memory,
            value,
            scalar,
            size,
        })
    }

    /// The type of `node`; `ty` is the node's source type when known.
    pub fn repr(&mut self, node: &Node, ty: Option<&Ty>) -> Result<PlanRepr, ProgramError> {
        match &node.kind {
            NodeKind::Scalar(s) => Ok(self.leaf(*s, None, node.size.get())),
            NodeKind::Vector { scalar, len } => Ok(self.leaf(*scalar, Some(*len), node.size.get())),
            NodeKind::Matrix { storage, .. } => self.repr(storage, None),
            NodeKind::Array {
                count,
                stride,
                element,
                ..
            } => {
                let elem_ty = match ty {
                    Some(Ty::Array { elem, .. }) => Some(&**elem),
                    _ => None,
                };
                let elem = self.repr(element, elem_ty)?;
                let stride = stride.get();
                let e = elem.ty();
                // The default flavour pads each element from where its
                // LLVM type ends (the same as its size under the D3D rules;
                // short of it for a std140 matrix, whose last column's
                // padding the element's type does not hold). clang-22 pads
                // from its own element size.
                let elem_end = match self.flavor {
                    Flavor::Dxc => self.table.size_in_bytes(e),
                    Flavor::Clang22 => element.size.get(),
                };
                let pad = stride.saturating_sub(elem_end);
                let (ty, padded_elem) = if *count >= 2 && pad > 0 {
                    let p = self.table.padding(pad)?;
                    let cell = self.table.packed(vec![e, p]);
                    let run = self.table.array(cell, count - 1);
                    (self.table.packed(vec![run, e]), Some(cell))
                } else {
                    (self.table.array(e, *count), None)
                };
                Ok(PlanRepr::Array(Rc::new(PlanArray {
                    ty,
                    elem,
                    count: *count,
                    stride,
                    padded_elem,
                })))
            }
            NodeKind::Struct { name, .. } => {
                let source = match ty {
                    Some(Ty::Struct(s)) => Some(s),
                    _ => None,
                };
                if let Some(id) = source.and_then(|s| self.structs.for_source(s, node)) {
                    return Ok(PlanRepr::Struct(id));
                }
                let (identity, llvm_name) = match source {
                    Some(s) => (struct_identity(s), struct_type_name(s)),
                    None => (name.to_string(), name.to_string()),
                };
                let llvm_name = format!("{}{llvm_name}", self.struct_prefix);
                let id = self.user_struct(&identity, &llvm_name, node)?;
                if let Some(s) = source {
                    self.structs.remember_source(s, node, id);
                }
                Ok(PlanRepr::Struct(id))
            }
        }
    }

    /// A named packed struct of the fields of struct node `node`; `keep`
    /// says whether the field shapes stay in the table.
    fn named_struct(
        &mut self,
        name: &str,
        node: &Node,
        keep: bool,
    ) -> Result<(TypeId, Vec<PlanField>), ProgramError> {
        // Named before its fields' types are made, as a module builder
        // creates them: the numbering of clashing names follows this order.
        let id = self.table.new_named(name);
        let base = node.offset.get();
        let mut items = Vec::new();
        if let NodeKind::Struct { fields: nodes, .. } = &node.kind {
            items.reserve(nodes.len());
            for f in nodes {
                let repr = self
                    .repr(&f.node, Some(&f.ty))
                    .map_err(|e| e.at_member(items.len()))?;
                items.push(Item {
                    name: f.name.clone(),
                    offset: f.node.offset.get() - base,
                    repr,
                });
            }
        }
        // Under the aligned rule sets (std140 for `-fvk-use-gl-layout`) a
        // struct's size is rounded up past its last field; that tail is a
        // padding element, so arrays of it and what follows sit where the
        // layout says. The D3D rules never pad a struct's tail.
        let tail = match self.flavor {
            Flavor::Dxc => node.size.get(),
            Flavor::Clang22 => 0,
        };
        self.struct_body(id, items, keep, tail)
    }

    /// The layout struct of a buffer, read from its member placements: each
    /// distinct member type is turned into a type once, and the buffer's
    /// tree view ([`BufferLayout::root`]) is never built.
    pub fn buffer_struct(
        &mut self,
        name: &str,
        layout: &BufferLayout,
    ) -> Result<(TypeId, Vec<PlanField>), ProgramError> {
        let id = self.table.new_named(name);
        let mut per_type: Vec<Option<PlanRepr>> = vec![None; layout.types().len()];
        let mut items = Vec::with_capacity(layout.member_count());
        for member in layout.members() {
            let repr = match &per_type[member.type_id()] {
                Some(repr) => repr.clone(),
                None => {
                    // Offsets inside a type's node are relative, so its
                    // offset-0 layout gives the same type as the member's.
                    let repr = self
                        .repr(&member.layout_type().node, Some(member.ty()))
                        .map_err(|e| e.at_member(items.len()))?;
                    per_type[member.type_id()] = Some(repr.clone());
                    repr
                }
            };
            items.push(Item {
                name: member.name().clone(),
                offset: member.offset().get(),
                repr,
            });
        }
        self.struct_body(id, items, false, 0)
    }

    /// Fills in struct `id` from its fields, with a padding element before
    /// every gap.
    fn struct_body(
        &mut self,
        id: TypeId,
        items: Vec<Item>,
        keep: bool,
        tail: u64,
    ) -> Result<(TypeId, Vec<PlanField>), ProgramError> {
        let mut elements = Vec::with_capacity(items.len());
        let mut fields = Vec::with_capacity(items.len());
        let mut cursor = 0;
        for item in items {
            let at = item.offset;
            if at > cursor {
                let pad = self.table.padding(at - cursor);
                elements.push(pad.map_err(|e| e.at_member(fields.len()))?);
            }
            let ty = item.repr.ty();
            fields.push(PlanField {
                name: item.name,
                element: elements.len() as u32,
                offset: at,
                repr: item.repr,
            });
            elements.push(ty);
            cursor = match self.flavor {
                // Exactly clang's running offset: where the member really
                // starts (an explicit offset that overlaps the previous
                // member does not move it back) plus the data-layout size
                // of its type, which for a struct holding a SPIR-V
                // 3-element vector exceeds the layout's size.
                Flavor::Clang22 => at.max(cursor) + self.table.size_in_bytes(ty),
                // Where the member's LLVM type really ends: under the D3D
                // rules that is the member's size; under std140 an array or
                // struct member's size also covers the padding after its
                // last element, which the next padding element holds.
                Flavor::Dxc => cursor.max(at + self.table.size_in_bytes(ty)),
            };
        }
        if tail > cursor {
            let pad = self.table.padding(tail - cursor);
            elements.push(pad.map_err(|e| e.at_member(fields.len().saturating_sub(1)))?);
            cursor = tail;
        }
        let offsets = fields.iter().map(|f| f.offset).collect();
        let stored = if keep { fields.clone() } else { Vec::new() };
        self.table.set_body(id, elements, cursor, offsets, stored);
        self.created.push(id);
        Ok((id, fields))
    }

    /// The layout type of the user struct `identity` (see
    /// [`struct_identity`]), named `llvm_name`: the one already built for
    /// that identity and shape, or a new one.
    pub fn user_struct(
        &mut self,
        identity: &str,
        llvm_name: &str,
        node: &Node,
    ) -> Result<TypeId, ProgramError> {
        let key = match self.structs.for_name(identity, node) {
            Ok(shared) => return Ok(shared),
            Err(key) => key,
        };
        let (id, _) = self.named_struct(llvm_name, node, true)?;
        self.structs.remember_name(key, id);
        Ok(id)
    }

    /// The type of a `[[vk::push_constant]]` block whose struct is laid
    /// out as `node` (under the push-constant rules), named `name`. The
    /// structs it uses get types of their own, never shared with those of
    /// the constant buffers (they are laid out by other rules); the ids
    /// made are returned after the block's.
    pub fn push_constant_struct(
        &mut self,
        name: &str,
        node: &Node,
    ) -> Result<(TypeId, Vec<TypeId>), ProgramError> {
        let cbuffer_structs = std::mem::take(&mut self.structs);
        let first = self.created.len();
        self.struct_prefix = "struct.";
        let made = self.named_struct(name, node, true);
        self.struct_prefix = "";
        self.structs = cbuffer_structs;
        let (id, _) = made?;
        Ok((id, self.created.drain(first..).collect()))
    }

    /// `<{ %T }>`, the layout struct of a `ConstantBuffer<T>`, whose one
    /// field is called `field` (the buffer's name).
    pub fn wrapper_struct(
        &mut self,
        name: &str,
        field: Arc<str>,
        inner: TypeId,
    ) -> (TypeId, Vec<PlanField>) {
        let id = self.table.new_named(name);
        let size = self.table.named(inner).size;
        let fields = vec![PlanField {
            name: field,
            element: 0,
            offset: 0,
            repr: PlanRepr::Struct(inner),
        }];
        self.table
            .set_body(id, vec![inner], size, vec![0], fields.clone());
        self.created.push(id);
        (id, fields)
    }
}

/// A field before it has an element number.
struct Item {
    name: Arc<str>,
    offset: u64,
    repr: PlanRepr,
}
