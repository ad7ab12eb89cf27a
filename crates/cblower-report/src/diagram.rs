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
    let mut matrices: Vec<(u64, u64, MatrixOrder)> = Vec::new();
    for (top, f) in fields.iter().enumerate() {
        walk(&mut d, &mut matrices, &f.name, &f.ty, &f.node, top, 0);
    }
    matrices.sort_unstable_by_key(|(s, _, _)| *s);
    let mut pads = Vec::new();
    root.try_for_each_padding(&mut |p| {
        if p.offset.get() >= limit {
            return false;
        }
        pads.push(p);
        true
    });
    d.pads = pads
        .into_iter()
        .map(|p| {
            let (start, end) = (p.offset.get(), p.end().get());
            // Matrices never overlap, so only the last one starting
            // before the run can hold it: a binary search keeps a report of
            // a huge array of matrices linear.
            let before = matrices.partition_point(|(s, _, _)| *s < start);
            let inside = before
                .checked_sub(1)
                .map(|i| &matrices[i])
                .filter(|(_, e, _)| end <= *e);
            let cause = match (p.reason, inside) {
                (PaddingReason::ArrayElement, Some((_, _, MatrixOrder::RowMajor))) => {
                    PadCause::MatrixRow
                }
                (PaddingReason::ArrayElement, Some(_)) => PadCause::MatrixColumn,
                (PaddingReason::ArrayStart, None)
                    if matrices.binary_search_by_key(&end, |(s, _, _)| *s).is_ok() =>
                {
                    PadCause::MatrixStart
                }
                (r, _) => PadCause::Layout(r),
            };
            Pad {
                offset: start,
                size: end - start,
                cause,
            }
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

/// Longest nesting walked (the layout engine bounds nesting too).
const MAX_DEPTH: usize = 256;

fn walk(
    d: &mut Diagram,
    matrices: &mut Vec<(u64, u64, MatrixOrder)>,
    path: &str,
    ty: &Ty,
    node: &Node,
    top: usize,
    depth: usize,
) {
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
                    matrices.push((node.offset.get(), node.end().get(), *order));
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
                walk(d, matrices, &p, elem, &e, top, depth + 1);
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
                walk(d, matrices, &p, &f.ty, &f.node, top, depth + 1);
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

    #[test]
    fn segments_split_at_rows() {
        assert_eq!(row_segments(12, 40), [(0, 12, 4), (1, 0, 16), (2, 0, 8)]);
        assert!(row_segments(5, 5).is_empty());
    }
}
