//! The picture every report draws, as data: the leaves of a buffer (scalars,
//! vectors, matrix columns) and its padding runs, each with what a reader
//! needs (path, type, offset, size, alignment, which top-level field it
//! belongs to, why the padding is there), split into 16-byte row segments.
//! The text diagram, the SVG and the comparison all read this one model.

use cblower_layout::{FieldNode, MatrixOrder, MatrixStorage, Node, NodeKind, PaddingReason, Ty};

/// Why a run of padding bytes is there, as the reports name it: the layout
/// engine's [`PaddingReason`], refined where the engine files matrix storage
/// under arrays (a matrix is stored as an array of vectors, so the gap
/// between its columns is an "array element" gap to the engine).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PadCause {
    /// A reason the engine reports, shown as it labels it.
    Layout(PaddingReason),
    /// Before a matrix stored as vectors: it starts a new row.
    MatrixStart,
    /// Between (and after) the columns of a column-major matrix.
    MatrixColumn,
    /// Between (and after) the rows of a row-major matrix.
    MatrixRow,
}

impl PadCause {
    /// The label the reports print (`row boundary`, `matrix column`, ...).
    pub fn label(self) -> &'static str {
        match self {
            PadCause::Layout(r) => r.label(),
            PadCause::MatrixStart => "matrix start",
            PadCause::MatrixColumn => "matrix column",
            PadCause::MatrixRow => "matrix row",
        }
    }

    /// The name the JSON report gives it: the engine's reason in
    /// snake case (`row_boundary`, `array_element`), or `matrix_start`,
    /// `matrix_column`, `matrix_row`.
    pub fn json_name(self) -> serde_json::Value {
        match self {
            PadCause::Layout(r) => serde_json::json!(r),
            PadCause::MatrixStart => "matrix_start".into(),
            PadCause::MatrixColumn => "matrix_column".into(),
            PadCause::MatrixRow => "matrix_row".into(),
        }
    }
}

/// One leaf: a scalar, a vector, or a matrix (with its stored vectors).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Leaf {
    /// `inner.d`, `arr[2].x`, `m`.
    pub path: String,
    /// The HLSL spelling of its type.
    pub ty: String,
    /// First byte, from the start of the buffer.
    pub offset: u64,
    /// Bytes from the first to the last byte (a matrix: including the
    /// padding between its vectors).
    pub size: u64,
    /// Alignment under the rule set.
    pub align: u64,
    /// Index of the top-level field it belongs to (its colour).
    pub top: usize,
    /// The byte ranges it stores, `(start, end)`: one for a scalar or
    /// vector, one per column (row) for a matrix stored as vectors.
    pub parts: Vec<(u64, u64, String)>,
    /// How it got its offset (the padding in front of it, if any).
    pub placed: String,
}

/// One run of padding.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pad {
    /// First padding byte.
    pub offset: u64,
    /// Number of bytes.
    pub size: u64,
    /// Why.
    pub cause: PadCause,
}

/// A nested struct or array element (an outline drawn around its leaves).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Group {
    /// Its path.
    pub path: String,
    /// Its type.
    pub ty: String,
    /// First byte.
    pub offset: u64,
    /// Size in bytes.
    pub size: u64,
}

/// Everything a diagram shows of one buffer, up to `limit` bytes.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Diagram {
    /// Leaves in offset order.
    pub leaves: Vec<Leaf>,
    /// Padding runs in offset order.
    pub pads: Vec<Pad>,
    /// Nested structs and struct array elements.
    pub groups: Vec<Group>,
    /// Buffer size in bytes.
    pub size: u64,
    /// Only bytes below this are drawn (the size, or less for huge buffers).
    pub limit: u64,
}

/// Walks a buffer's root node ([`BufferLayout::root`](cblower_layout::BufferLayout::root));
/// only what starts below `limit` bytes is collected.
pub fn diagram(root: &Node, limit: u64) -> Diagram {
    let size = root.end().get();
    let fields: &[FieldNode] = match &root.kind {
        NodeKind::Struct { fields, .. } => fields,
        _ => &[],
    };
    let limit = limit.min(size);
    let mut d = Diagram {
        size,
        limit,
        ..Diagram::default()
    };
    for (top, f) in fields.iter().enumerate() {
        walk(&mut d, &f.name, &f.ty, &f.node, top, 0);
    }
    let mut pads = Vec::new();
    root.try_for_each_padding(&mut |p| {
        if p.offset.get() >= limit {
            return false;
        }
        pads.push(p);
        true
    });
    let causes = PadCauses::new(root);
    d.pads = pads
        .into_iter()
        .map(|p| Pad {
            offset: p.offset.get(),
            size: p.size.get(),
            cause: causes.cause(&p),
        })
        .collect();
    d.leaves.sort_by_key(|l| l.offset);
    for leaf in &mut d.leaves {
        // Padding runs are sorted and disjoint, so their ends are sorted too.
        let i = d.pads.partition_point(|p| p.offset + p.size < leaf.offset);
        let before = d.pads.get(i).filter(|p| p.offset + p.size == leaf.offset);
        leaf.placed = match before {
            Some(p) => format!("after {} padding", p.cause.label()),
            None if leaf.offset == 0 => "at the start".into(),
            None => "packed after the previous member".into(),
        };
    }
    d
}

/// Names padding runs for the reports ([`PadCause`]) by finding the
/// matrix around or after each run in the layout tree: a descent by offset
/// (binary search among a struct's fields, division by an array's stride),
/// so classifying a run costs the nesting depth, never the number of
/// elements before it (a 4 GiB array of matrices is as cheap as one).
pub struct PadCauses<'a> {
    root: &'a Node,
    /// The root's fields by offset: `packoffset` may place them out of
    /// declaration order.
    by_offset: Vec<(u64, usize)>,
}

impl<'a> PadCauses<'a> {
    /// Prepares the descent for one buffer's root node.
    pub fn new(root: &'a Node) -> PadCauses<'a> {
        let mut by_offset: Vec<(u64, usize)> = match &root.kind {
            NodeKind::Struct { fields, .. } => fields
                .iter()
                .enumerate()
                .map(|(i, f)| (f.node.offset.get(), i))
                .collect(),
            _ => Vec::new(),
        };
        by_offset.sort_unstable();
        PadCauses { root, by_offset }
    }

    /// What the reports call the run `p` (the engine files matrix storage
    /// under arrays; a matrix's own gaps are named for the matrix).
    pub fn cause(&self, p: &cblower_layout::Padding) -> PadCause {
        let (start, end) = (p.offset.get(), p.end().get());
        let inside = self.matrix_holding(start).filter(|(_, e, _)| end <= *e);
        match (p.reason, inside) {
            (PaddingReason::ArrayElement, Some((_, _, MatrixOrder::RowMajor))) => {
                PadCause::MatrixRow
            }
            (PaddingReason::ArrayElement, Some(_)) => PadCause::MatrixColumn,
            (PaddingReason::ArrayStart, None)
                if self.matrix_holding(end).is_some_and(|(s, _, _)| s == end) =>
            {
                PadCause::MatrixStart
            }
            (r, _) => PadCause::Layout(r),
        }
    }

    /// The matrix stored as vectors whose bytes include `offset`, as
    /// (start, end, order); `None` when `offset` is in no such matrix.
    fn matrix_holding(&self, offset: u64) -> Option<(u64, u64, MatrixOrder)> {
        let NodeKind::Struct { fields, .. } = &self.root.kind else {
            return None;
        };
        let i = self.by_offset.partition_point(|(o, _)| *o <= offset);
        // Fields never overlap, so only the last one starting at or before
        // `offset` can hold it (zero-sized ones are skipped by the size test).
        let (_, field) = *self.by_offset.get(i.checked_sub(1)?)?;
        let mut node = &fields.get(field)?.node;
        // Array elements are one node laid out for element 0; `delta` is how
        // far the element being descended into sits after it.
        let mut delta = 0u64;
        for _ in 0..=MAX_DEPTH {
            let start = node.offset.get() + delta;
            if offset < start || offset >= start + node.size.get() {
                return None;
            }
            match &node.kind {
                NodeKind::Matrix {
                    order,
                    repr,
                    storage,
                    ..
                } => {
                    let vectors = matches!(repr, MatrixStorage::Vectors)
                        && matches!(storage.kind, NodeKind::Array { .. });
                    return vectors.then_some((start, start + node.size.get(), *order));
                }
                NodeKind::Array {
                    count,
                    stride,
                    element,
                    ..
                } => {
                    let stride = stride.get();
                    let at = element.offset.get() + delta;
                    if stride == 0 || offset < at {
                        return None;
                    }
                    let i = (offset - at) / stride;
                    if i >= *count {
                        return None;
                    }
                    delta += i * stride;
                    node = element;
                }
                NodeKind::Struct { fields, .. } => {
                    // Nested fields are in offset order; the linear search is
                    // only a fallback for an order the engine did not keep.
                    let holds = |f: &&FieldNode| {
                        let s = f.node.offset.get() + delta;
                        s <= offset && offset < s + f.node.size.get()
                    };
                    let k = fields.partition_point(|f| f.node.offset.get() + delta <= offset);
                    let found = k
                        .checked_sub(1)
                        .and_then(|k| fields.get(k))
                        .filter(holds)
                        .or_else(|| fields.iter().find(holds));
                    node = &found?.node;
                }
                NodeKind::Scalar(_) | NodeKind::Vector { .. } => return None,
            }
        }
        None
    }
}

/// Longest nesting walked (the layout engine bounds nesting too).
const MAX_DEPTH: usize = 256;

fn walk(d: &mut Diagram, path: &str, ty: &Ty, node: &Node, top: usize, depth: usize) {
    if node.offset.get() >= d.limit || depth > MAX_DEPTH {
        return;
    }
    let leaf = |parts: Vec<(u64, u64, String)>| Leaf {
        path: path.to_string(),
        ty: ty.to_string(),
        offset: node.offset.get(),
        size: node.size.get(),
        align: node.align.bytes(),
        top,
        parts,
        placed: String::new(),
    };
    match (&node.kind, ty) {
        (NodeKind::Scalar(_) | NodeKind::Vector { .. }, _) => {
            let l = leaf(vec![(
                node.offset.get(),
                node.end().get(),
                path.to_string(),
            )]);
            d.leaves.push(l);
        }
        (
            NodeKind::Matrix {
                order,
                repr,
                storage,
                ..
            },
            _,
        ) => {
            let mut parts = Vec::new();
            match (&storage.kind, repr) {
                (NodeKind::Array { count, .. }, MatrixStorage::Vectors) => {
                    let tag = if *order == MatrixOrder::RowMajor {
                        'r'
                    } else {
                        'c'
                    };
                    for i in 0..*count {
                        if let Some(v) = storage.element(i) {
                            parts.push((v.offset.get(), v.end().get(), format!("{path}.{tag}{i}")));
                        }
                    }
                }
                _ => parts.push((node.offset.get(), node.end().get(), path.to_string())),
            }
            let l = leaf(parts);
            d.leaves.push(l);
        }
        (NodeKind::Array { count, .. }, Ty::Array { elem, .. }) => {
            for i in 0..*count {
                let Some(e) = node.element(i) else { break };
                if e.offset.get() >= d.limit {
                    break;
                }
                let p = format!("{path}[{i}]");
                if matches!(e.kind, NodeKind::Struct { .. }) {
                    d.groups.push(Group {
                        path: p.clone(),
                        ty: elem.to_string(),
                        offset: e.offset.get(),
                        size: e.size.get(),
                    });
                }
                walk(d, &p, elem, &e, top, depth + 1);
            }
        }
        (NodeKind::Struct { fields, .. }, _) => {
            if depth > 0 || !matches!(ty, Ty::Array { .. }) {
                d.groups.push(Group {
                    path: path.to_string(),
                    ty: ty.to_string(),
                    offset: node.offset.get(),
                    size: node.size.get(),
                });
            }
            for f in fields {
                let p = format!("{path}.{}", f.name);
                walk(d, &p, &f.ty, &f.node, top, depth + 1);
            }
        }
        // An array node whose type is not an array does not occur.
        (NodeKind::Array { .. }, _) => {}
    }
}

/// Splits `start..end` into `(row, first byte in row, length)` segments.
pub fn row_segments(start: u64, end: u64) -> Vec<(u64, u64, u64)> {
    let mut out = Vec::new();
    let mut s = start;
    while s < end {
        let row = s / 16;
        let e = end.min((row + 1) * 16);
        out.push((row, s % 16, e - s));
        s = e;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use cblower_layout::{
        layout_buffer, BufferDecl, BufferKind, Field, LayoutOptions, RuleSet, Scalar,
    };

    #[test]
    fn matrix_padding_is_named_for_matrices() {
        let decl = BufferDecl::new(
            "CB",
            BufferKind::CBuffer,
            vec![
                Field::new("before", Ty::vector(Scalar::Float, 2)),
                Field::new(
                    "mat",
                    Ty::matrix(Scalar::Float, 2, 3, MatrixOrder::ColumnMajor),
                ),
                Field::new("arr", Ty::array(Ty::scalar(Scalar::Float), 2)),
            ],
        );
        let layout = layout_buffer(&decl, LayoutOptions::new(RuleSet::CBuffer)).unwrap();
        let d = diagram(layout.root(), u64::MAX);
        let pads: Vec<(u64, u64, &str)> = d
            .pads
            .iter()
            .map(|p| (p.offset, p.size, p.cause.label()))
            .collect();
        assert_eq!(
            pads,
            [
                (8, 8, "matrix start"),
                (24, 8, "matrix column"),
                (40, 8, "matrix column"),
                (56, 8, "array start"),
                (68, 12, "array element"),
            ]
        );
        let mat = &d.leaves[1];
        assert_eq!((mat.offset, mat.size, mat.parts.len()), (16, 40, 3));
        assert_eq!(mat.placed, "after matrix start padding");
        assert_eq!(d.leaves[3].placed, "after array element padding");
    }

    /// Each run is named by a descent to the matrix around or after it, not
    /// by walking every element: a 2^28-element array of matrices under
    /// std140 (4 GiB, once an out-of-memory abort in the JSON report) names
    /// its runs at once, and the run right before a matrix is `matrix start`
    /// even when it is the buffer's last run.
    #[test]
    fn pad_causes_descend_by_offset() {
        let count = 1u64 << 28;
        let decl = BufferDecl::new(
            "CB",
            BufferKind::CBuffer,
            vec![
                Field::new("first", Ty::scalar(Scalar::Float)),
                Field::new(
                    "ms",
                    Ty::array(
                        Ty::matrix(Scalar::Float, 3, 3, MatrixOrder::RowMajor),
                        count,
                    ),
                ),
                Field::new("x", Ty::vector(Scalar::Float, 3)),
                Field::new(
                    "last",
                    Ty::matrix(Scalar::Float, 4, 4, MatrixOrder::ColumnMajor),
                ),
            ],
        );
        let layout = layout_buffer(&decl, LayoutOptions::new(RuleSet::Std140)).unwrap();
        let root = layout.root();
        let causes = PadCauses::new(root);
        let pad = |offset: u64, size: u64, reason| cblower_layout::Padding {
            offset: cblower_layout::Size::bytes(offset),
            size: cblower_layout::Size::bytes(size),
            reason,
        };
        // `ms` starts at 16; each element is 3 rows of 16 bytes (stride 48).
        let element = 16 + (count / 2) * 48;
        let x = 16 + count * 48;
        let cases = [
            (pad(4, 12, PaddingReason::ArrayStart), "matrix start"),
            (
                pad(element + 12, 4, PaddingReason::ArrayElement),
                "matrix row",
            ),
            (
                pad(element + 44, 4, PaddingReason::ArrayElement),
                "matrix row",
            ),
            (pad(x + 12, 4, PaddingReason::ArrayStart), "matrix start"),
        ];
        for (p, label) in cases {
            assert_eq!(causes.cause(&p).label(), label, "run at {}", p.offset.get());
        }
    }

    #[test]
    fn segments_split_at_rows() {
        assert_eq!(row_segments(12, 40), [(0, 12, 4), (1, 0, 16), (2, 0, 8)]);
        assert!(row_segments(5, 5).is_empty());
    }
}
