//! The result of a layout: [`Node`]s, each with its absolute offset, size and
//! alignment, plus every padding run with the reason it exists.
//!
//! A buffer's layout ([`BufferLayout`]) is stored compactly: one placement
//! per member (declaration index, offset, type-layout id) and a table of the
//! distinct member types, each laid out once. The full tree is a view built
//! on demand ([`BufferLayout::root`]).
//!
//! Arrays store one element (element 0) and a stride rather than every
//! element, so a `float4 a[100000]` costs one node; [`Node::element`] builds
//! element *i* on demand by shifting element 0.

use std::sync::{Arc, OnceLock};

use crate::buffer::{Binding, BufferDecl, BufferKind};
use crate::engine::names::NameSet;
use crate::rules::RuleSet;
use crate::ty::{MatrixOrder, Scalar, Ty};
use crate::units::{Alignment, Size};

/// Why a run of padding bytes exists.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum PaddingReason {
    /// The next member would have straddled a 16-byte row, so it starts the next row.
    RowBoundary,
    /// Arrays (and matrices stored as arrays) start a new 16-byte row.
    ArrayStart,
    /// Between array elements: each element starts at a multiple of the stride.
    ArrayElement,
    /// Structs start a new 16-byte row (cbuffer) or at their type alignment.
    StructStart,
    /// The member's type alignment.
    Alignment,
    /// Rows do not mix min-precision and full-precision data (cbuffer without
    /// native 16-bit types).
    PrecisionClass,
    /// A struct's size rounded up to its alignment.
    Tail,
    /// A gap before a member placed with `packoffset`, `register(c#)` or `vk::offset`.
    ExplicitOffset,
    /// WGSL `@size(n)` larger than the field's type.
    FieldSize,
    /// clang-22 on SPIR-V: LLVM gives 3-element vectors an alloc size larger
    /// than the size clang assumed, so a struct's LLVM size exceeds its last member's end.
    AllocSizeExcess,
}

impl PaddingReason {
    /// A short label for reports and comments (`row boundary`, `tail`, ...).
    pub fn label(self) -> &'static str {
        match self {
            PaddingReason::RowBoundary => "row boundary",
            PaddingReason::ArrayStart => "array start",
            PaddingReason::ArrayElement => "array element",
            PaddingReason::StructStart => "struct start",
            PaddingReason::Alignment => "alignment",
            PaddingReason::PrecisionClass => "precision class",
            PaddingReason::Tail => "tail",
            PaddingReason::ExplicitOffset => "explicit offset",
            PaddingReason::FieldSize => "field size",
            PaddingReason::AllocSizeExcess => "alloc size excess",
        }
    }
}

/// A run of padding bytes: bytes inside a layout that no member covers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub struct Padding {
    /// First padding byte, in the same frame as the nodes around it (from
    /// the start of the buffer, or of the value [`layout_type`](crate::layout_type)
    /// laid out).
    pub offset: Size,
    /// Number of padding bytes (never 0).
    pub size: Size,
    /// Which rule made the gap.
    pub reason: PaddingReason,
}

impl Padding {
    /// The first byte after the run: `offset + size`.
    pub fn end(&self) -> Size {
        Size::bytes(self.offset.get() + self.size.get())
    }
}

/// How a matrix is stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MatrixStorage {
    /// As an array of vectors (columns, or rows when row-major): `storage`
    /// is an [`NodeKind::Array`] node of [`NodeKind::Vector`] elements, or a
    /// single vector node for the one-column (one-row) case.
    Vectors,
    /// clang-22: a flat array of `rows * cols` scalars, no per-vector padding.
    Flat,
}

/// One laid-out value: where it sits, how many bytes it covers, and what it
/// is made of.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Node {
    /// Offset of the value's first byte from the start of the buffer (for a
    /// node from [`layout_type`](crate::layout_type), or a [`MemberType`]
    /// entry, from the start of the value laid out at 0).
    pub offset: Size,
    /// Bytes the value covers. For cbuffer rules there is no tail padding, so
    /// this is the end of the last element/field minus `offset`.
    pub size: Size,
    /// The type's alignment under the rule set.
    pub align: Alignment,
    /// What the value is, with its parts.
    pub kind: NodeKind,
}

/// What a [`Node`] is: a leaf (scalar, vector, matrix) or an aggregate whose
/// parts are nodes in the same frame of offsets.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NodeKind {
    /// A scalar.
    Scalar(Scalar),
    /// A vector.
    Vector {
        /// The component type.
        scalar: Scalar,
        /// Number of components.
        len: u8,
    },
    /// A matrix, with the node of how it is stored.
    Matrix {
        /// The element type.
        scalar: Scalar,
        /// Number of rows.
        rows: u8,
        /// Number of columns.
        cols: u8,
        /// Which vectors are stored (columns or rows).
        order: MatrixOrder,
        /// Whether the storage is vectors or (clang-22) a flat scalar array.
        repr: MatrixStorage,
        /// The storage node at the same offset (array of vectors, a vector, or
        /// a flat scalar array).
        storage: Box<Node>,
    },
    /// An array, stored as its first element and a stride.
    Array {
        /// Number of elements.
        count: u64,
        /// Distance between the starts of consecutive elements.
        stride: Size,
        /// Element 0; element *i* is this node shifted by `i * stride`.
        element: Box<Node>,
        /// Whether the bytes between the last element's end and the array's end
        /// (std140/WGSL) are padding; cbuffer arrays end at the last element.
        trailing_padding: bool,
    },
    /// A struct, or a whole buffer ([`BufferLayout::root`]).
    Struct {
        /// The struct's name (the buffer's, for a root).
        name: Arc<str>,
        /// The stored fields in layout order (bases first).
        fields: Vec<FieldNode>,
        /// Padding runs of the struct itself (before, between and after its
        /// fields, not inside them), in offset order.
        padding: Vec<Padding>,
        /// Members a constant buffer does not store were removed from this
        /// struct (Clang names such a copy `__cblayout_<Name>`).
        filtered: bool,
    },
}

/// A named field of a struct or buffer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FieldNode {
    /// The field's name.
    pub name: Arc<str>,
    /// The field's declared type.
    pub ty: Ty,
    /// Where it was laid out.
    pub node: Node,
}

impl Node {
    /// The first byte after the value: `offset + size`.
    pub fn end(&self) -> Size {
        Size::bytes(self.offset.get() + self.size.get())
    }

    /// A copy of this node moved by `delta` bytes (used for array elements).
    ///
    /// Built in one pass (no clone-then-adjust), with vectors of exactly the
    /// needed capacity: laying out repeated struct instances is mostly this.
    pub fn shifted(&self, delta: u64) -> Node {
        let kind = match &self.kind {
            NodeKind::Scalar(s) => NodeKind::Scalar(*s),
            NodeKind::Vector { scalar, len } => NodeKind::Vector {
                scalar: *scalar,
                len: *len,
            },
            NodeKind::Matrix {
                scalar,
                rows,
                cols,
                order,
                repr,
                storage,
            } => NodeKind::Matrix {
                scalar: *scalar,
                rows: *rows,
                cols: *cols,
                order: *order,
                repr: repr.clone(),
                storage: Box::new(storage.shifted(delta)),
            },
            NodeKind::Array {
                count,
                stride,
                element,
                trailing_padding,
            } => NodeKind::Array {
                count: *count,
                stride: *stride,
                element: Box::new(element.shifted(delta)),
                trailing_padding: *trailing_padding,
            },
            NodeKind::Struct {
                name,
                fields,
                padding,
                filtered,
            } => NodeKind::Struct {
                name: name.clone(),
                fields: fields
                    .iter()
                    .map(|f| FieldNode {
                        name: f.name.clone(),
                        ty: f.ty.clone(),
                        node: f.node.shifted(delta),
                    })
                    .collect(),
                padding: padding
                    .iter()
                    .map(|p| Padding {
                        offset: Size::bytes(p.offset.get() + delta),
                        ..*p
                    })
                    .collect(),
                filtered: *filtered,
            },
        };
        Node {
            offset: Size::bytes(self.offset.get() + delta),
            size: self.size,
            align: self.align,
            kind,
        }
    }

    /// [`Node::shifted`] without the copy, for nodes laid out at offset 0
    /// and then moved to where their parent puts them.
    pub(crate) fn shift_in_place(&mut self, delta: u64) {
        self.offset = Size::bytes(self.offset.get() + delta);
        match &mut self.kind {
            NodeKind::Scalar(_) | NodeKind::Vector { .. } => {}
            NodeKind::Matrix { storage, .. } => storage.shift_in_place(delta),
            NodeKind::Array { element, .. } => element.shift_in_place(delta),
            NodeKind::Struct {
                fields, padding, ..
            } => {
                for f in fields {
                    f.node.shift_in_place(delta);
                }
                for p in padding {
                    p.offset = Size::bytes(p.offset.get() + delta);
                }
            }
        }
    }

    /// Element `i` of an array node (`None` if this is not an array or `i` is
    /// out of range).
    pub fn element(&self, i: u64) -> Option<Node> {
        match &self.kind {
            NodeKind::Array {
                count,
                stride,
                element,
                ..
            } if i < *count => Some(element.shifted(i * stride.get())),
            _ => None,
        }
    }

    /// Calls `f` for every padding run inside this node, in ascending order
    /// of offset, expanding arrays element by element.
    pub fn for_each_padding(&self, f: &mut dyn FnMut(Padding)) {
        self.try_for_each_padding(&mut |p| {
            f(p);
            true
        });
    }

    /// [`Node::for_each_padding`] that stops as soon as `f` returns false
    /// (a report listing at most N runs of a huge array); returns false if
    /// it stopped early. An array of tightly packed, padding-free elements is
    /// skipped without visiting its elements.
    pub fn try_for_each_padding(&self, f: &mut dyn FnMut(Padding) -> bool) -> bool {
        match &self.kind {
            NodeKind::Scalar(_) | NodeKind::Vector { .. } => true,
            NodeKind::Matrix { storage, .. } => storage.try_for_each_padding(f),
            NodeKind::Array {
                count,
                stride,
                element,
                trailing_padding,
            } => {
                if *count > 0
                    && stride.get() == element.size.get()
                    && !*trailing_padding
                    && element.try_for_each_padding(&mut |_| false)
                {
                    return true;
                }
                for i in 0..*count {
                    let e = element.shifted(i * stride.get());
                    if !e.try_for_each_padding(f) {
                        return false;
                    }
                    let gap_end = if i + 1 < *count {
                        e.offset.get() + stride.get()
                    } else if *trailing_padding {
                        self.end().get()
                    } else {
                        e.end().get()
                    };
                    if gap_end > e.end().get()
                        && !f(Padding {
                            offset: e.end(),
                            size: Size::bytes(gap_end - e.end().get()),
                            reason: PaddingReason::ArrayElement,
                        })
                    {
                        return false;
                    }
                }
                true
            }
            NodeKind::Struct {
                fields, padding, ..
            } => {
                // Merge own padding runs with the fields' inner padding by offset.
                let mut pads = padding.iter().peekable();
                for field in fields {
                    while let Some(p) = pads.next_if(|p| p.offset <= field.node.offset) {
                        if !f(*p) {
                            return false;
                        }
                    }
                    if !field.node.try_for_each_padding(f) {
                        return false;
                    }
                }
                pads.all(|p| f(*p))
            }
        }
    }

    /// Calls `f(path, node)` for every scalar, vector and matrix leaf, in
    /// offset order, expanding arrays; paths look like `inner.d` or `arr[2].x`.
    pub fn for_each_leaf(&self, path: &mut String, f: &mut dyn FnMut(&str, &Node)) {
        match &self.kind {
            NodeKind::Scalar(_) | NodeKind::Vector { .. } | NodeKind::Matrix { .. } => {
                f(path, self)
            }
            NodeKind::Array { count, .. } => {
                for i in 0..*count {
                    let len = path.len();
                    path.push_str(&format!("[{i}]"));
                    if let Some(e) = self.element(i) {
                        e.for_each_leaf(path, f);
                    }
                    path.truncate(len);
                }
            }
            NodeKind::Struct { fields, .. } => {
                for field in fields {
                    let len = path.len();
                    if !path.is_empty() {
                        path.push('.');
                    }
                    path.push_str(&field.name);
                    field.node.for_each_leaf(path, f);
                    path.truncate(len);
                }
            }
        }
    }
}

/// A distinct member type of a buffer, laid out once.
///
/// `node` is normally laid out at offset 0 and every member of this type is
/// the node shifted to the member's offset. A member whose layout is not such
/// a shifted copy (see [`crate::engine`]) gets an entry of its own, laid out
/// where the member sits; [`MemberType::at`] handles both.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MemberType {
    /// The member type as declared.
    pub ty: Ty,
    /// Its layout, normally at offset 0.
    pub node: Node,
}

impl MemberType {
    /// This type's node placed at `offset` (`offset` is never below
    /// `node.offset`: entries are laid out at 0 or at their one member's offset).
    pub fn at(&self, offset: Size) -> Node {
        self.node
            .shifted(offset.get().saturating_sub(self.node.offset.get()))
    }
}

/// Where one stored member sits: its name, offset and type-layout id. The
/// declaration index is kept alongside, in [`BufferLayout::member_index`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct MemberPlacement {
    pub(crate) name: Arc<str>,
    pub(crate) offset: Size,
    pub(crate) ty: usize,
}

/// A laid-out buffer: the declaration's identity, one placement per stored
/// member and one layout per distinct member type.
///
/// Laying out a million members costs a million placements (a few words
/// each), not a million trees: a buffer that uses one struct type many times
/// holds that struct's layout once. [`BufferLayout::root`] builds the full
/// tree (a struct node whose fields are the members) the first time it is
/// asked for and keeps it; the other accessors work on the placements.
///
/// Under cbuffer rules, `float3 position; float3 normal; uint index;
/// double4 d;`: `normal` would cross the first row, so it starts the next
/// (a row-boundary gap of 4 bytes at 12); `index` packs into the rest of
/// that row; `d` takes the next two rows whole.
///
/// ```
/// use cblower_layout::{layout_buffer, BufferDecl, BufferKind, Field, LayoutOptions};
/// use cblower_layout::{PaddingReason, RuleSet, Scalar, Storage, Ty};
///
/// let decl = BufferDecl::new("Mesh", BufferKind::CBuffer, vec![
///     Field::new("position", Ty::vector(Scalar::Float, 3)),
///     Field::new("scale", Ty::scalar(Scalar::Float)).with_storage(Storage::Static),
///     Field::new("normal", Ty::vector(Scalar::Float, 3)),
///     Field::new("index", Ty::scalar(Scalar::Uint)),
///     Field::new("d", Ty::vector(Scalar::Double, 4)),
/// ]);
/// let layout = layout_buffer(&decl, LayoutOptions::new(RuleSet::CBuffer)).unwrap();
///
/// // The static member takes no bytes: four stored members, and each
/// // remembers its index in `decl.members`.
/// let members: Vec<(&str, usize, u64, u64)> = layout
///     .members()
///     .map(|m| (m.name().as_ref(), m.decl_index(), m.offset().get(), m.size().get()))
///     .collect();
/// assert_eq!(members, [
///     ("position", 0, 0, 12),
///     ("normal", 2, 16, 12),
///     ("index", 3, 28, 4),
///     ("d", 4, 32, 32),
/// ]);
/// // The size is the end of the last member.
/// assert_eq!(layout.size().get(), 64);
/// // `position` and `normal` share one type-table entry.
/// assert_eq!(layout.types().len(), 3);
///
/// let padding: Vec<(u64, u64, PaddingReason)> = layout
///     .padding()
///     .iter()
///     .map(|p| (p.offset.get(), p.size.get(), p.reason))
///     .collect();
/// assert_eq!(padding, [(12, 4, PaddingReason::RowBoundary)]);
/// ```
#[derive(Clone, Debug)]
pub struct BufferLayout {
    /// The buffer's name, from the declaration.
    pub name: Arc<str>,
    /// How the buffer was declared.
    pub kind: BufferKind,
    /// The declaration's `register(...)`, if any.
    pub binding: Option<Binding>,
    /// The rule set it was laid out under.
    pub rules: RuleSet,
    /// For each stored member, in layout order (packoffset-sorted, filtered
    /// members removed), the index of the member in the declaration.
    pub member_index: Vec<usize>,
    /// The stored members in layout order.
    members: Vec<MemberPlacement>,
    /// The distinct member types; [`MemberPlacement::ty`] indexes this.
    types: Vec<MemberType>,
    size: Size,
    align: Alignment,
    /// Padding runs between members and at the tail, absolute (the runs
    /// inside members live in their types' nodes).
    padding: Vec<Padding>,
    /// The tree view, built on first use.
    tree: OnceLock<Node>,
}

/// Two layouts are equal when they describe the same buffer and the same
/// tree, however their type tables are shared and whether or not either
/// tree has been built yet.
impl PartialEq for BufferLayout {
    fn eq(&self, other: &BufferLayout) -> bool {
        self.name == other.name
            && self.kind == other.kind
            && self.binding == other.binding
            && self.rules == other.rules
            && self.member_index == other.member_index
            && self.size == other.size
            && self.align == other.align
            && self.padding == other.padding
            && self.members.len() == other.members.len()
            && self.members().zip(other.members()).all(|(a, b)| {
                a.name() == b.name()
                    && a.ty() == b.ty()
                    && a.offset() == b.offset()
                    && a.layout_type().at(a.offset()) == b.layout_type().at(b.offset())
            })
    }
}

impl Eq for BufferLayout {}

/// One stored member of a [`BufferLayout`], read from its placement.
#[derive(Clone, Copy, Debug)]
pub struct Member<'a> {
    layout: &'a BufferLayout,
    position: usize,
}

impl<'a> Member<'a> {
    fn placement(&self) -> &'a MemberPlacement {
        &self.layout.members[self.position]
    }

    /// The member's entry in the type table.
    pub fn layout_type(&self) -> &'a MemberType {
        &self.layout.types[self.placement().ty]
    }

    /// Position in layout order.
    pub fn position(&self) -> usize {
        self.position
    }

    /// Index of the member in the declaration.
    pub fn decl_index(&self) -> usize {
        self.layout.member_index[self.position]
    }

    /// Index of the member's type in [`BufferLayout::types`].
    pub fn type_id(&self) -> usize {
        self.placement().ty
    }

    /// The member's name.
    pub fn name(&self) -> &'a Arc<str> {
        &self.placement().name
    }

    /// The member's declared type.
    pub fn ty(&self) -> &'a Ty {
        &self.layout_type().ty
    }

    /// Absolute offset from the start of the buffer.
    pub fn offset(&self) -> Size {
        self.placement().offset
    }

    /// Bytes the member covers (see [`Node::size`]).
    pub fn size(&self) -> Size {
        self.layout_type().node.size
    }

    /// The member's alignment under the rule set.
    pub fn align(&self) -> Alignment {
        self.layout_type().node.align
    }

    /// `offset + size` (checked when the layout was made, so it fits).
    pub fn end(&self) -> Size {
        Size::bytes(self.offset().get().saturating_add(self.size().get()))
    }

    /// The member's full node, built from its type's layout.
    pub fn node(&self) -> Node {
        self.layout_type().at(self.offset())
    }
}

impl BufferLayout {
    /// The buffer's size: the end of its last member, not rounded to a row
    /// (what DXC reports and what `annotateHandle` carries); for the aligned
    /// rule sets, rounded to the buffer's alignment like any struct.
    pub fn size(&self) -> Size {
        self.size
    }

    /// The alignment of the buffer's root struct.
    pub fn align(&self) -> Alignment {
        self.align
    }

    /// How many members are stored.
    pub fn member_count(&self) -> usize {
        self.members.len()
    }

    /// The stored member at `position` in layout order.
    pub fn member(&self, position: usize) -> Option<Member<'_>> {
        (position < self.members.len()).then_some(Member {
            layout: self,
            position,
        })
    }

    /// The stored members in layout order, without building the tree.
    pub fn members(&self) -> impl ExactSizeIterator<Item = Member<'_>> + '_ {
        (0..self.members.len()).map(move |position| Member {
            layout: self,
            position,
        })
    }

    /// The distinct member types, each laid out once.
    pub fn types(&self) -> &[MemberType] {
        &self.types
    }

    /// The whole buffer as a tree: a struct node at offset 0 whose fields are
    /// the stored members in layout order. Built on the first call (one node
    /// per member and per struct field inside it) and kept.
    pub fn root(&self) -> &Node {
        self.tree.get_or_init(|| Node {
            offset: Size::ZERO,
            size: self.size,
            align: self.align,
            kind: NodeKind::Struct {
                name: self.name.clone(),
                fields: self
                    .members()
                    .map(|m| FieldNode {
                        name: m.name().clone(),
                        ty: m.ty().clone(),
                        node: m.node(),
                    })
                    .collect(),
                padding: self.padding.clone(),
                filtered: false,
            },
        })
    }

    /// The stored members in layout order, as tree nodes (builds the tree;
    /// see [`BufferLayout::root`]).
    pub fn fields(&self) -> &[FieldNode] {
        match &self.root().kind {
            NodeKind::Struct { fields, .. } => fields,
            _ => &[],
        }
    }

    /// Every padding run in the buffer, in offset order.
    pub fn padding(&self) -> Vec<Padding> {
        let mut out = Vec::new();
        self.try_for_each_padding(&mut |p| {
            out.push(p);
            true
        });
        out
    }

    /// [`Node::try_for_each_padding`] over the whole buffer, read from the
    /// placements and type layouts (the tree is not built).
    pub fn try_for_each_padding(&self, f: &mut dyn FnMut(Padding) -> bool) -> bool {
        let mut pads = self.padding.iter().peekable();
        for m in self.members() {
            while let Some(p) = pads.next_if(|p| p.offset <= m.offset()) {
                if !f(*p) {
                    return false;
                }
            }
            let node = &m.layout_type().node;
            let delta = m.offset().get().saturating_sub(node.offset.get());
            let inner = node.try_for_each_padding(&mut |p| {
                f(Padding {
                    offset: Size::bytes(p.offset.get() + delta),
                    ..p
                })
            });
            if !inner {
                return false;
            }
        }
        pads.all(|p| f(*p))
    }
}

/// Collects an engine's placements into a [`BufferLayout`].
pub(crate) struct LayoutBuilder {
    member_index: Vec<usize>,
    members: Vec<MemberPlacement>,
    types: Vec<MemberType>,
    /// The placed members' names, hashed while each is in the cache.
    names: NameSet,
}

impl LayoutBuilder {
    pub(crate) fn with_capacity(members: usize) -> LayoutBuilder {
        LayoutBuilder {
            member_index: Vec::with_capacity(members),
            members: Vec::with_capacity(members),
            types: Vec::new(),
            names: NameSet::with_capacity(members),
        }
    }

    /// Adds a type-table entry and returns its id.
    pub(crate) fn add_type(&mut self, ty: &Ty, node: Node) -> usize {
        self.types.push(MemberType {
            ty: ty.clone(),
            node,
        });
        self.types.len() - 1
    }

    pub(crate) fn node(&self, ty: usize) -> &Node {
        &self.types[ty].node
    }

    /// Records member `decl_index` at `offset` with type-table entry `ty`.
    pub(crate) fn place(&mut self, decl_index: usize, name: &Arc<str>, offset: Size, ty: usize) {
        self.member_index.push(decl_index);
        let name = name.clone();
        self.names.add(&name, decl_index);
        self.members.push(MemberPlacement { name, offset, ty });
    }

    /// Whether two of `decl`'s members share a name: the placed members'
    /// names were hashed by [`LayoutBuilder::place`], the others (members
    /// a buffer does not store) are hashed here.
    pub(crate) fn names_clash(&mut self, decl: &BufferDecl) -> bool {
        let mut names = std::mem::take(&mut self.names);
        if self.member_index.len() < decl.members.len() {
            let mut placed = vec![false; decl.members.len()];
            for &i in &self.member_index {
                if let Some(p) = placed.get_mut(i) {
                    *p = true;
                }
            }
            for (i, (f, placed)) in decl.members.iter().zip(placed).enumerate() {
                if !placed {
                    names.add(&f.name, i);
                }
            }
        }
        names.clashes(&decl.members)
    }

    /// The last member placed: its name, offset and end.
    pub(crate) fn last(&self) -> Option<(&Arc<str>, Size, Size)> {
        self.members.last().map(|m| {
            let size = self.types[m.ty].node.size.get();
            (
                &m.name,
                m.offset,
                Size::bytes(m.offset.get().saturating_add(size)),
            )
        })
    }

    pub(crate) fn finish(
        self,
        decl: &BufferDecl,
        rules: RuleSet,
        size: Size,
        align: Alignment,
        padding: Vec<Padding>,
    ) -> BufferLayout {
        BufferLayout {
            name: decl.name.clone(),
            kind: decl.kind,
            binding: decl.binding,
            rules,
            member_index: self.member_index,
            members: self.members,
            types: self.types,
            size,
            align,
            padding,
            tree: OnceLock::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{layout_buffer, BufferDecl, Field, LayoutOptions, StructTy};

    /// The accessors read placements and type layouts; only `root` (and
    /// `fields`) build the tree, once.
    #[test]
    fn accessors_do_not_build_the_tree() {
        let light = Ty::structure(StructTy::new(
            "Light",
            vec![
                Field::new("pos", Ty::vector(Scalar::Float, 2)),
                Field::new("dir", Ty::vector(Scalar::Float, 3)),
            ],
        ));
        let decl = BufferDecl::new(
            "CB",
            BufferKind::CBuffer,
            vec![
                Field::new("a", light.clone()),
                Field::new("x", Ty::scalar(Scalar::Float)),
                Field::new("b", light),
            ],
        );
        let layout = layout_buffer(&decl, LayoutOptions::new(RuleSet::CBuffer)).expect("lays out");
        // Light: pos 0..8, dir starts the next row (16..28): 28 bytes. `x`
        // packs after `a` (28..32), `b` starts the next row.
        assert_eq!(layout.size(), Size::bytes(60));
        assert_eq!(layout.member_count(), 3);
        let b = layout.member(2).expect("three members");
        assert_eq!(
            (b.name().as_ref(), b.offset().get(), b.size().get()),
            ("b", 32, 28)
        );
        assert_eq!(b.node().offset, Size::bytes(32));
        assert!(layout.member(3).is_none());
        let pads: Vec<(u64, u64)> = layout
            .padding()
            .iter()
            .map(|p| (p.offset.get(), p.size.get()))
            .collect();
        assert_eq!(pads, [(8, 8), (40, 8)]);
        // `a` and `b` share Light's layout; `x` is the float.
        assert_eq!(layout.types().len(), 2);
        assert!(layout.tree.get().is_none(), "no accessor built the tree");
        assert_eq!(layout.fields().len(), 3);
        let first: *const Node = layout.root();
        assert!(std::ptr::eq(first, layout.root()), "built once, then kept");
    }
}
