//! The 16-byte row view of a layout: for every row of the buffer, which bytes
//! hold which member (by path, e.g. `inner.d` or `arr[2]`) and which are
//! padding, and why. This is what the row diagrams of `docs/layout-rules.md`
//! and of `cblower layout`'s text report show.

use crate::layout::{MatrixStorage, Node, NodeKind, PaddingReason};
use crate::ty::MatrixOrder;
use crate::units::Size;

/// What a run of bytes inside one row holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CellContent {
    /// Part of a scalar, vector or matrix leaf, named by its path.
    Member {
        /// The leaf's path from the root: fields joined with `.`, array
        /// elements as `[i]`, matrix vectors as `.c0` (`.r0` row-major),
        /// e.g. `inner.d`, `arr[2]`, `m.c1`.
        path: String,
    },
    /// Padding, with the reason the bytes are there.
    Padding(PaddingReason),
    /// Past the end of the buffer, in its last row.
    Unused,
}

/// A run of bytes inside one row: `start..start + len`, `start` in `0..16`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RowCell {
    /// First byte of the run within its row, 0 to 15.
    pub start: u8,
    /// Length of the run in bytes, 1 to 16.
    pub len: u8,
    /// What the bytes hold.
    pub content: CellContent,
}

/// One 16-byte row (`c<index>` in `packoffset` terms).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    /// The row number `N` (bytes `16 * N` to `16 * N + 15`).
    pub index: u64,
    /// The row's runs in byte order, covering all 16 bytes of the row.
    pub cells: Vec<RowCell>,
}

/// All rows of a laid-out value.
///
/// The matrix example of `docs/layout-rules.md` (cbuffer rules, column-major
/// `float2x3`, whose columns are one row apart, then a one-column matrix
/// that packs like a `float2`):
///
/// ```text
/// c0  bbbbbbbb--------        array start
/// c1  00000000--------        mat column 0, then array element padding
/// c2  11111111--------
/// c3  22222222ssssssss        smol_mat at 56
/// ```
///
/// ```
/// use cblower_layout::{layout_buffer, BufferDecl, BufferKind, CellContent, Field};
/// use cblower_layout::{LayoutOptions, MatrixOrder, RowView, RuleSet, Scalar, Ty};
///
/// let decl = BufferDecl::new("CB", BufferKind::CBuffer, vec![
///     Field::new("before", Ty::vector(Scalar::Float, 2)),
///     Field::new("mat", Ty::matrix(Scalar::Float, 2, 3, MatrixOrder::ColumnMajor)),
///     Field::new("smol_mat", Ty::matrix(Scalar::Float, 2, 1, MatrixOrder::ColumnMajor)),
/// ]);
/// let layout = layout_buffer(&decl, LayoutOptions::new(RuleSet::CBuffer)).unwrap();
/// let view = RowView::new(layout.root());
///
/// // Each row as "start+len:what" cells.
/// let rows: Vec<String> = view.rows.iter().map(|row| {
///     row.cells.iter().map(|c| {
///         let what = match &c.content {
///             CellContent::Member { path } => path.clone(),
///             CellContent::Padding(reason) => format!("pad {reason:?}"),
///             CellContent::Unused => "unused".into(),
///         };
///         format!("{}+{}:{what}", c.start, c.len)
///     }).collect::<Vec<_>>().join(" ")
/// }).collect();
/// assert_eq!(rows, [
///     "0+8:before 8+8:pad ArrayStart",
///     "0+8:mat.c0 8+8:pad ArrayElement",
///     "0+8:mat.c1 8+8:pad ArrayElement",
///     "0+8:mat.c2 8+8:smol_mat",
/// ]);
/// assert_eq!(view.member_bytes().get(), 40);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RowView {
    /// Row 0 onwards, one per 16 bytes of the value (the last row partly
    /// [`CellContent::Unused`] when the size is not a multiple of 16).
    pub rows: Vec<Row>,
}

impl RowView {
    /// Builds the view of `root` (usually [`BufferLayout::root`](crate::BufferLayout::root)),
    /// expanding arrays. The rows cover `0..root.end()` rounded up to 16;
    /// bytes past the end are [`CellContent::Unused`].
    pub fn new(root: &Node) -> RowView {
        let mut runs: Vec<(u64, u64, CellContent)> = Vec::new();
        root.for_each_leaf(&mut String::new(), &mut |path, node| match &node.kind {
            // A matrix occupies the rows of its vectors only: label each one
            // (`m.c0`, `m.c1` for columns, `m.r0` ... for row-major rows).
            NodeKind::Matrix {
                order,
                repr: MatrixStorage::Vectors,
                storage,
                ..
            } if matches!(storage.kind, NodeKind::Array { .. }) => {
                let tag = if *order == MatrixOrder::RowMajor {
                    'r'
                } else {
                    'c'
                };
                let mut i = 0;
                storage.for_each_leaf(&mut String::new(), &mut |_, v| {
                    runs.push((
                        v.offset.get(),
                        v.end().get(),
                        CellContent::Member {
                            path: format!("{path}.{tag}{i}"),
                        },
                    ));
                    i += 1;
                });
            }
            _ => runs.push((
                node.offset.get(),
                node.end().get(),
                CellContent::Member {
                    path: path.to_string(),
                },
            )),
        });
        root.for_each_padding(&mut |p| {
            runs.push((
                p.offset.get(),
                p.end().get(),
                CellContent::Padding(p.reason),
            ));
        });
        runs.sort_by_key(|(s, e, _)| (*s, *e));
        let end = root.end().get();
        let row_count = end.div_ceil(16);
        let mut rows: Vec<Row> = (0..row_count)
            .map(|index| Row {
                index,
                cells: Vec::new(),
            })
            .collect();
        let first_row = root.offset.row();
        for (start, stop, content) in runs {
            let mut s = start;
            while s < stop {
                let row = s / 16;
                let row_end = (row + 1) * 16;
                let e = stop.min(row_end);
                if let Some(r) = rows.get_mut((row - first_row.min(row)) as usize) {
                    r.cells.push(RowCell {
                        start: (s % 16) as u8,
                        len: (e - s) as u8,
                        content: content.clone(),
                    });
                }
                s = e;
            }
        }
        if let Some(last) = rows.last_mut() {
            let used = end % 16;
            if used != 0 {
                last.cells.push(RowCell {
                    start: used as u8,
                    len: (16 - used) as u8,
                    content: CellContent::Unused,
                });
            }
        }
        RowView { rows }
    }

    /// Total bytes covered by member cells (for the coverage invariant).
    pub fn member_bytes(&self) -> Size {
        Size::bytes(
            self.rows
                .iter()
                .flat_map(|r| &r.cells)
                .filter(|c| matches!(c.content, CellContent::Member { .. }))
                .map(|c| c.len as u64)
                .sum(),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{layout_buffer, BufferDecl, BufferKind, Field, LayoutOptions, RuleSet, Scalar, Ty};

    fn member(path: &str, start: u8, len: u8) -> RowCell {
        RowCell {
            start,
            len,
            content: CellContent::Member { path: path.into() },
        }
    }

    #[test]
    fn example_arrays_rows() {
        let decl = BufferDecl::new(
            "ExampleArrays",
            BufferKind::CBuffer,
            vec![
                Field::new("before", Ty::vector(Scalar::Float, 2)),
                Field::new("array", Ty::array(Ty::scalar(Scalar::Float), 2)),
                Field::new("after", Ty::vector(Scalar::Float, 2)),
            ],
        );
        let l = layout_buffer(&decl, LayoutOptions::new(RuleSet::CBuffer)).unwrap();
        let view = RowView::new(l.root());
        let pad = |start, len, r| RowCell {
            start,
            len,
            content: CellContent::Padding(r),
        };
        assert_eq!(
            view.rows,
            vec![
                Row {
                    index: 0,
                    cells: vec![member("before", 0, 8), pad(8, 8, PaddingReason::ArrayStart)],
                },
                Row {
                    index: 1,
                    cells: vec![
                        member("array[0]", 0, 4),
                        pad(4, 12, PaddingReason::ArrayElement)
                    ],
                },
                Row {
                    index: 2,
                    cells: vec![
                        member("array[1]", 0, 4),
                        member("after", 4, 8),
                        RowCell {
                            start: 12,
                            len: 4,
                            content: CellContent::Unused
                        }
                    ],
                },
            ]
        );
        assert_eq!(view.member_bytes().get(), 24);
    }

    #[test]
    fn a_double4_spans_two_rows() {
        let decl = BufferDecl::new(
            "B",
            BufferKind::CBuffer,
            vec![Field::new("d", Ty::vector(Scalar::Double, 4))],
        );
        let l = layout_buffer(&decl, LayoutOptions::new(RuleSet::CBuffer)).unwrap();
        let view = RowView::new(l.root());
        assert_eq!(view.rows.len(), 2);
        assert_eq!(view.rows[0].cells, vec![member("d", 0, 16)]);
        assert_eq!(view.rows[1].cells, vec![member("d", 0, 16)]);
    }
}
