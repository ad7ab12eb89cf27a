//! Layout types without LLVM: the same walk as [`crate::emit::types`]
//! (padding elements, padded arrays, vectors kept as arrays, one named type
//! per user struct through the shared [`StructCache`]), building an interned
//! table of types that prints itself as LLVM's assembly writer would.
//!
//! Types other than named structs are interned by structure, as LLVM uniques
//! them, so "the same type" means the same [`TypeId`] here and the same
//! `Type*` there; [`TypeTable::finder_order`] relies on it.

use std::collections::{HashMap, HashSet};
use std::rc::Rc;

use cblower_layout::{BufferLayout, Node, NodeKind, Scalar, Ty};

use super::data_layout::VectorAligns;
use super::syntax::push_name;
use super::Unsupported;
use crate::emit::struct_cache::StructCache;
use crate::emit::types::struct_type_name;
use crate::emit::Flavor;
use crate::Target;

/// An interned type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TypeId(u32);

/// A scalar type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Prim {
    I16,
    I32,
    I64,
    Half,
    Float,
    Double,
}

impl Prim {
    fn bytes(self) -> u64 {
        match self {
            Prim::I16 | Prim::Half => 2,
            Prim::I32 | Prim::Float => 4,
            Prim::I64 | Prim::Double => 8,
        }
    }

    fn text(self) -> &'static str {
        match self {
            Prim::I16 => "i16",
            Prim::I32 => "i32",
            Prim::I64 => "i64",
            Prim::Half => "half",
            Prim::Float => "float",
            Prim::Double => "double",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum TypeDef {
    Prim(Prim),
    Vector {
        elem: Prim,
        len: u8,
    },
    Array {
        elem: TypeId,
        count: u64,
    },
    /// A literal packed struct `<{ ... }>`.
    Packed(Vec<TypeId>),
    /// Named struct number `n` (not interned by structure: each is its own).
    Named(u32),
    Padding(u32),
    /// The handle type of the buffer whose layout struct is the operand.
    Handle(TypeId),
}

/// A named layout struct.
#[derive(Debug)]
pub struct NamedStruct {
    /// The name LLVM would give it (`.0`, `.1` appended on a clash).
    pub name: String,
    pub elems: Vec<TypeId>,
    /// Intended size: end of the last field.
    pub size: u64,
    /// Intended offset of each field (for `!hlsl.layouts`).
    pub field_offsets: Vec<u64>,
    /// The fields with their shapes, kept for user structs (the drift check
    /// looks inside them); empty for buffer layout structs.
    pub fields: Vec<TextField>,
    /// LLVM's offset of each element (packed: the running sum of alloc sizes).
    pub elem_offsets: Vec<u64>,
}

/// The shape of a laid-out value (the text twin of `TypeRepr`).
#[derive(Clone, Debug)]
pub enum TextRepr {
    Leaf(TypeId),
    Array(Rc<TextArray>),
    Struct(TypeId),
}

#[derive(Debug)]
pub struct TextArray {
    pub ty: TypeId,
    pub elem: TextRepr,
    pub count: u64,
    pub stride: u64,
    pub padded_elem: Option<TypeId>,
}

#[derive(Clone, Debug)]
pub struct TextField {
    pub element: u32,
    pub offset: u64,
    pub repr: TextRepr,
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
    interned: HashMap<TypeDef, TypeId>,
    named: Vec<NamedStruct>,
    /// `TypeDef::Named(n)`'s id, by `n`.
    named_ids: Vec<TypeId>,
    names_in_use: HashSet<String>,
    /// LLVM's per-context counter for renaming clashing struct names.
    next_unique: u64,
    vectors: VectorAligns,
}

impl TypeTable {
    pub fn new(target: Target) -> TypeTable {
        TypeTable {
            target,
            defs: Vec::new(),
            text: Vec::new(),
            sizes: Vec::new(),
            interned: HashMap::new(),
            named: Vec::new(),
            named_ids: Vec::new(),
            names_in_use: HashSet::new(),
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
            TypeDef::Prim(p) => (p.text().to_owned(), (p.bytes(), p.bytes())),
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
        if elems.is_empty() {
            return "{}".to_owned();
        }
        let mut s = String::from("{ ");
        for (i, e) in elems.iter().enumerate() {
            if i > 0 {
                s.push_str(", ");
            }
            s.push_str(self.text(*e));
        }
        s.push_str(" }");
        s
    }

    pub fn text(&self, id: TypeId) -> &str {
        &self.text[id.0 as usize]
    }

    pub fn size_in_bytes(&self, id: TypeId) -> u64 {
        self.sizes[id.0 as usize].0
    }

    pub fn alloc_size(&self, id: TypeId) -> u64 {
        self.sizes[id.0 as usize].1
    }

    pub fn prim(&mut self, p: Prim) -> TypeId {
        self.intern(TypeDef::Prim(p))
    }

    pub fn vector(&mut self, elem: Prim, len: u8) -> TypeId {
        self.intern(TypeDef::Vector { elem, len })
    }

    pub fn array(&mut self, elem: TypeId, count: u64) -> TypeId {
        self.intern(TypeDef::Array { elem, count })
    }

    pub fn packed(&mut self, elems: Vec<TypeId>) -> TypeId {
        self.intern(TypeDef::Packed(elems))
    }

    pub fn padding(&mut self, bytes: u64) -> Result<TypeId, Unsupported> {
        let n = u32::try_from(bytes).map_err(|_| Unsupported::PaddingTooLarge { bytes })?;
        Ok(self.intern(TypeDef::Padding(n)))
    }

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
        fields: Vec<TextField>,
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
        format!("<{}>", self.body_text(&self.named(id).elems))
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

/// Builds layout types into a [`TypeTable`] exactly as `LayoutTypes` builds
/// them into an LLVM context.
pub struct TextTypes {
    pub table: TypeTable,
    flavor: Flavor,
    native_16bit: bool,
    structs: StructCache<TypeId>,
    /// Named structs in the order their bodies were set (`!hlsl.layouts`).
    pub created: Vec<TypeId>,
}

impl TextTypes {
    pub fn new(target: Target, flavor: Flavor, native_16bit: bool) -> TextTypes {
        TextTypes {
            table: TypeTable::new(target),
            flavor,
            native_16bit,
            structs: StructCache::default(),
            created: Vec::new(),
        }
    }

    fn scalar(&self, s: Scalar) -> Prim {
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

    fn leaf(&mut self, scalar: Scalar, len: Option<u8>) -> TextRepr {
        let elem = self.scalar(scalar);
        let Some(len) = len else {
            let ty = self.table.prim(elem);
            return TextRepr::Leaf(ty);
        };
        let mut ty = self.table.vector(elem, len);
        if self.flavor == Flavor::Dxc && self.table.alloc_size(ty) != self.table.size_in_bytes(ty) {
            let e = self.table.prim(elem);
            ty = self.table.array(e, u64::from(len));
        }
        TextRepr::Leaf(ty)
    }

    fn repr_ty(r: &TextRepr) -> TypeId {
        match r {
            TextRepr::Leaf(ty) => *ty,
            TextRepr::Array(a) => a.ty,
            TextRepr::Struct(id) => *id,
        }
    }

    /// The type of `node`; `ty` is the node's source type when known.
    pub fn repr(&mut self, node: &Node, ty: Option<&Ty>) -> Result<TextRepr, Unsupported> {
        match &node.kind {
            NodeKind::Scalar(s) => Ok(self.leaf(*s, None)),
            NodeKind::Vector { scalar, len } => Ok(self.leaf(*scalar, Some(*len))),
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
                let pad = stride.saturating_sub(element.size.get());
                let e = Self::repr_ty(&elem);
                let (ty, padded_elem) = if *count >= 2 && pad > 0 {
                    let p = self.table.padding(pad)?;
                    let cell = self.table.packed(vec![e, p]);
                    let run = self.table.array(cell, count - 1);
                    (self.table.packed(vec![run, e]), Some(cell))
                } else {
                    (self.table.array(e, *count), None)
                };
                Ok(TextRepr::Array(Rc::new(TextArray {
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
                if let Some(id) = source.and_then(|s| self.structs.for_source(s)) {
                    return Ok(TextRepr::Struct(id));
                }
                let llvm_name = match source {
                    Some(s) => struct_type_name(s),
                    None => name.to_string(),
                };
                let id = self.user_struct(&llvm_name, node)?;
                if let Some(s) = source {
                    self.structs.remember_source(s, id);
                }
                Ok(TextRepr::Struct(id))
            }
        }
    }

    /// A named packed struct of the fields of struct node `node`; `keep`
    /// says whether the field shapes stay in the table.
    pub fn named_struct(
        &mut self,
        name: &str,
        node: &Node,
        keep: bool,
    ) -> Result<(TypeId, Vec<TextField>), Unsupported> {
        // Named before its fields' types are made, as LLVM's path does: the
        // numbering decides the order types are printed in.
        let id = self.table.new_named(name);
        let base = node.offset.get();
        let mut items = Vec::new();
        if let NodeKind::Struct { fields: nodes, .. } = &node.kind {
            items.reserve(nodes.len());
            for f in nodes {
                let repr = self.repr(&f.node, Some(&f.ty))?;
                items.push((f.node.offset.get() - base, f.node.size.get(), repr));
            }
        }
        self.struct_body(id, items, keep)
    }

    /// The layout struct of a buffer, read from its member placements: each
    /// distinct member type is turned into a type once, and the buffer's
    /// tree view ([`BufferLayout::root`]) is never built.
    pub fn buffer_struct(
        &mut self,
        name: &str,
        layout: &BufferLayout,
    ) -> Result<(TypeId, Vec<TextField>), Unsupported> {
        let id = self.table.new_named(name);
        let mut per_type: Vec<Option<TextRepr>> = vec![None; layout.types().len()];
        let mut items = Vec::with_capacity(layout.member_count());
        for member in layout.members() {
            let repr = match &per_type[member.type_id()] {
                Some(repr) => repr.clone(),
                None => {
                    // Offsets inside a type's node are relative, so its
                    // offset-0 layout gives the same type as the member's.
                    let repr = self.repr(&member.layout_type().node, Some(member.ty()))?;
                    per_type[member.type_id()] = Some(repr.clone());
                    repr
                }
            };
            items.push((member.offset().get(), member.size().get(), repr));
        }
        self.struct_body(id, items, false)
    }

    /// Fills in struct `id` from its fields (offset from the struct's start,
    /// size, type), with a padding element before every gap.
    fn struct_body(
        &mut self,
        id: TypeId,
        items: Vec<(u64, u64, TextRepr)>,
        keep: bool,
    ) -> Result<(TypeId, Vec<TextField>), Unsupported> {
        let mut elements = Vec::with_capacity(items.len());
        let mut fields = Vec::with_capacity(items.len());
        let mut cursor = 0;
        for (at, size, repr) in items {
            if at > cursor {
                elements.push(self.table.padding(at - cursor)?);
            }
            let ty = Self::repr_ty(&repr);
            fields.push(TextField {
                element: elements.len() as u32,
                offset: at,
                repr,
            });
            elements.push(ty);
            cursor = match self.flavor {
                Flavor::Clang22 => at.max(cursor) + self.table.size_in_bytes(ty),
                Flavor::Dxc => cursor.max(at + size),
            };
        }
        let offsets = fields.iter().map(|f| f.offset).collect();
        let stored = if keep { fields.clone() } else { Vec::new() };
        self.table.set_body(id, elements, cursor, offsets, stored);
        self.created.push(id);
        Ok((id, fields))
    }

    /// The layout type of a user struct called `llvm_name`.
    pub fn user_struct(&mut self, llvm_name: &str, node: &Node) -> Result<TypeId, Unsupported> {
        let key = match self.structs.for_name(llvm_name, node) {
            Ok(shared) => return Ok(shared),
            Err(key) => key,
        };
        let (id, _) = self.named_struct(llvm_name, node, true)?;
        self.structs.remember_name(key, id);
        Ok(id)
    }

    /// `<{ %T }>`, the layout struct of a `ConstantBuffer<T>`.
    pub fn wrapper_struct(&mut self, name: &str, inner: TypeId) -> (TypeId, Vec<TextField>) {
        let id = self.table.new_named(name);
        let size = self.table.named(inner).size;
        let fields = vec![TextField {
            element: 0,
            offset: 0,
            repr: TextRepr::Struct(inner),
        }];
        self.table
            .set_body(id, vec![inner], size, vec![0], Vec::new());
        self.created.push(id);
        (id, fields)
    }
}
