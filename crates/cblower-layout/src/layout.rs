//! The result of a layout: a tree of [`Node`]s, each with its absolute offset,
//! size and alignment, plus every padding run with the reason it exists.
//!
//! Arrays store one element (element 0) and a stride rather than every
//! element, so a `float4 a[100000]` costs one node; [`Node::element`] builds
//! element *i* on demand by shifting element 0.

use std::sync::Arc;

use crate::buffer::{Binding, BufferKind};
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

/// A run of padding bytes, absolute from the start of the buffer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub struct Padding {
    pub offset: Size,
    pub size: Size,
    pub reason: PaddingReason,
}

impl Padding {
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

/// One laid-out value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Node {
    /// Absolute offset from the start of the buffer.
    pub offset: Size,
    /// Bytes the value covers. For cbuffer rules there is no tail padding, so
    /// this is the end of the last element/field minus `offset`.
    pub size: Size,
    /// The type's alignment under the rule set.
    pub align: Alignment,
    pub kind: NodeKind,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NodeKind {
    Scalar(Scalar),
    Vector {
        scalar: Scalar,
        len: u8,
    },
    Matrix {
        scalar: Scalar,
        rows: u8,
        cols: u8,
        order: MatrixOrder,
        repr: MatrixStorage,
        /// The storage node at the same offset (array of vectors, a vector, or
        /// a flat scalar array).
        storage: Box<Node>,
    },
    Array {
        count: u64,
        /// Distance between the starts of consecutive elements.
        stride: Size,
        /// Element 0; element *i* is this node shifted by `i * stride`.
        element: Box<Node>,
        /// Whether the bytes between the last element's end and the array's end
        /// (std140/WGSL) are padding; cbuffer arrays end at the last element.
        trailing_padding: bool,
    },
    Struct {
        name: Arc<str>,
        fields: Vec<FieldNode>,
        /// Padding runs inside the struct (between fields and at the tail), absolute.
        padding: Vec<Padding>,
        /// Members a constant buffer does not store were removed from this
        /// struct (Clang names such a copy `__cblayout_<Name>`).
        filtered: bool,
    },
}

/// A named field of a struct or buffer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FieldNode {
    pub name: Arc<str>,
    pub ty: Ty,
    pub node: Node,
}

impl Node {
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

/// A laid-out buffer: the declaration's identity plus the root struct node.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BufferLayout {
    pub name: Arc<str>,
    pub kind: BufferKind,
    pub binding: Option<Binding>,
    pub rules: RuleSet,
    /// A struct node at offset 0 whose fields are the stored members, in
    /// layout order (packoffset-sorted), with filtered members removed.
    pub root: Node,
    /// For each field of `root`, the index of the member in the declaration.
    pub member_index: Vec<usize>,
}

impl BufferLayout {
    /// The buffer's size: the end of its last member, not rounded to a row
    /// (what DXC reports and what `annotateHandle` carries).
    pub fn size(&self) -> Size {
        self.root.size
    }

    /// The stored members in layout order.
    pub fn fields(&self) -> &[FieldNode] {
        match &self.root.kind {
            NodeKind::Struct { fields, .. } => fields,
            _ => &[],
        }
    }

    /// Every padding run in the buffer, in offset order.
    pub fn padding(&self) -> Vec<Padding> {
        let mut out = Vec::new();
        self.root.for_each_padding(&mut |p| out.push(p));
        out
    }
}
