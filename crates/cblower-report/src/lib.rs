//! Reports of laid-out buffers, for people and for tools: a text report
//! (member table plus a 16-byte row diagram) and a JSON document with a
//! stable schema (`docs/cli.md`). What `cblower layout` prints; a library
//! of its own so a front end or build tool can show the same without the
//! command line or LLVM.
//!
//! ```
//! use cblower_layout::{layout_buffer, BufferDecl, BufferKind, Field, LayoutOptions, RuleSet, Scalar, Ty};
//! use cblower_report::{text_report, Colors};
//!
//! let decl = BufferDecl::new("CB", BufferKind::CBuffer, vec![
//!     Field::new("a", Ty::scalar(Scalar::Float)),
//!     Field::new("b", Ty::vector(Scalar::Float, 4)),
//! ]);
//! let layout = layout_buffer(&decl, LayoutOptions::new(RuleSet::CBuffer)).unwrap();
//! let text = text_report(&layout, None, Colors::Off);
//! assert!(text.starts_with("cbuffer CB  [rules: cbuffer, size: 32 bytes]"));
//! ```

#![deny(missing_docs)]

use std::fmt::Write;

use cblower_layout::{
    BufferKind, BufferLayout, CellContent, FieldNode, Node, NodeKind, Padding, PaddingReason,
    RowView, Ty, UNBOUNDED_RESOURCE_ARRAY,
};

pub mod bindings;
pub mod compare;
pub mod diagram;
pub mod html;
pub mod svg;

pub use bindings::{bindings_html, bindings_json, bindings_text, BindingRow};
pub use compare::{compare, compare_text, Difference};
pub use html::{html_report, HtmlBuffer};
use serde_json::{json, Value};
pub use svg::buffer_svg;

/// Whether the row diagram colours its cells with ANSI escapes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Colors {
    /// Plain text: for files, pipes and tests.
    Off,
    /// Each member path in a colour of its own, padding dimmed (for a
    /// terminal).
    On,
}

const PALETTE: [&str; 6] = [
    "\x1b[36m", "\x1b[33m", "\x1b[32m", "\x1b[35m", "\x1b[34m", "\x1b[31m",
];
const DIM: &str = "\x1b[2m";
const RESET: &str = "\x1b[0m";

fn kind_keyword(kind: BufferKind) -> &'static str {
    match kind {
        BufferKind::CBuffer => "cbuffer",
        BufferKind::TBuffer => "tbuffer",
        BufferKind::ConstantBuffer => "ConstantBuffer",
        BufferKind::TextureBuffer => "TextureBuffer",
        BufferKind::Globals => "cbuffer",
    }
}

/// The register class a buffer binds: `t` for a tbuffer or
/// `TextureBuffer<T>` (a texture register, as DXC and clang require), `b`
/// for the others.
fn register_class(kind: BufferKind) -> char {
    kind.register_class()
}

/// `[4]` after the name of an array of `ConstantBuffer<T>` (one layout for
/// every element), `[]` for an unbounded one, nothing for a single buffer.
fn array_suffix(array_len: Option<u64>) -> String {
    match array_len {
        None => String::new(),
        Some(UNBOUNDED_RESOURCE_ARRAY) => "[]".into(),
        Some(n) => format!("[{n}]"),
    }
}

/// The text report of one buffer: a header line (kind, name, register,
/// rules, size), the member table (offset, size, alignment, type, name,
/// nested fields and array elements indented) and the [`row_diagram`].
/// `array_len` is the declaration's
/// ([`BufferDecl::array_len`](cblower_layout::BufferDecl::array_len)): the
/// layout does not carry it.
pub fn text_report(layout: &BufferLayout, array_len: Option<u64>, colors: Colors) -> String {
    let mut out = String::new();
    let binding = match layout.binding {
        Some(b) => match b.register {
            Some(r) => format!(
                " : register({}{r}, space{})",
                register_class(layout.kind),
                b.space
            ),
            None => format!(" : register(space{})", b.space),
        },
        None => String::new(),
    };
    let _ = writeln!(
        out,
        "{} {}{}{}  [rules: {}, size: {} bytes]",
        kind_keyword(layout.kind),
        layout.name,
        array_suffix(array_len),
        binding,
        layout.rules.name(),
        layout.size()
    );
    let type_width = layout
        .fields()
        .iter()
        .map(|f| type_column_width(&f.ty, 0))
        .max()
        .unwrap_or(0)
        .max("type".len());
    let _ = writeln!(
        out,
        "  {:>6} {:>6} {:>5}  {:<type_width$} name",
        "offset", "size", "align", "type"
    );
    for field in layout.fields() {
        table_rows(
            &mut out,
            field.name.as_ref(),
            &field.ty,
            &field.node,
            1,
            type_width,
        );
    }
    out.push('\n');
    out.push_str(&row_diagram(layout.root(), colors));
    out
}

/// The widest type spelling the table shows for `ty` (its own, its
/// elements', its fields').
fn type_column_width(ty: &Ty, depth: usize) -> usize {
    let own = ty.to_string().chars().count();
    if depth > 64 {
        return own;
    }
    let inner = match ty {
        Ty::Array { elem, .. } => type_column_width(elem, depth + 1),
        Ty::Struct(s) => s
            .all_fields()
            .map(|f| type_column_width(&f.ty, depth + 1))
            .max()
            .unwrap_or(0),
        _ => 0,
    };
    own.max(inner)
}

fn table_rows(out: &mut String, name: &str, ty: &Ty, node: &Node, depth: usize, tw: usize) {
    let indent = "  ".repeat(depth - 1);
    let extra = match &node.kind {
        NodeKind::Array { stride, .. } => format!("  (stride {stride})"),
        _ => String::new(),
    };
    let _ = writeln!(
        out,
        "  {:>6} {:>6} {:>5}  {:<tw$} {}{}{}",
        node.offset.get(),
        node.size.get(),
        node.align.bytes(),
        ty.to_string(),
        indent,
        name,
        extra
    );
    match (&node.kind, ty) {
        (NodeKind::Array { count, .. }, Ty::Array { elem, .. }) => {
            for i in shown_elements(*count) {
                match i {
                    Some(i) => {
                        if let Some(e) = node.element(i) {
                            table_rows(out, &format!("[{i}]"), elem, &e, depth + 1, tw);
                        }
                    }
                    None => {
                        let _ = writeln!(
                            out,
                            "  {:>6} {:>6} {:>5}  {:<tw$} {}  ... [2] to [{}] like the others",
                            "",
                            "",
                            "",
                            "",
                            indent,
                            count - 2
                        );
                    }
                }
            }
        }
        (NodeKind::Struct { fields, .. }, _) => {
            for FieldNode { name, ty, node } in fields {
                table_rows(out, name, ty, node, depth + 1, tw);
            }
        }
        _ => {}
    }
}

/// Element indices the table shows: all of them up to [`MAX_SHOWN_ELEMENTS`],
/// else the first two, a gap (`None`) and the last.
fn shown_elements(count: u64) -> Vec<Option<u64>> {
    if count <= MAX_SHOWN_ELEMENTS {
        (0..count).map(Some).collect()
    } else {
        vec![Some(0), Some(1), None, Some(count - 1)]
    }
}

/// Arrays longer than this are elided in the text table (JSON lists everything).
pub const MAX_SHOWN_ELEMENTS: u64 = 6;

/// One line per 16-byte row; each byte is three characters wide, each run of
/// bytes is framed by `|` and labelled with the member path or the padding reason.
pub fn row_diagram(root: &Node, colors: Colors) -> String {
    let rows = root.end().get().div_ceil(16);
    if rows > MAX_DIAGRAM_ROWS {
        return format!(
            "  (row diagram omitted: {rows} rows, more than the {MAX_DIAGRAM_ROWS} a diagram shows)\n"
        );
    }
    let view = RowView::new(root);
    let pads = diagram::diagram(root, rows * 16).pads;
    let pad_label = |row: u64, start: u8, reason: PaddingReason| -> &'static str {
        let at = row * 16 + u64::from(start);
        let i = pads.partition_point(|p| p.offset + p.size <= at);
        match pads.get(i) {
            Some(p) if p.offset <= at => p.cause.label(),
            _ => reason.label(),
        }
    };
    // Row labels as wide as the last row's, and at least `c0000`.
    let label_width = format!("c{}", rows.saturating_sub(1)).len().max(4) + 1;
    let mut out = String::new();
    let mut header = " ".repeat(label_width + 3);
    for i in 0..16 {
        let _ = write!(header, "{i:<3}");
    }
    out.push_str(header.trim_end());
    out.push('\n');
    let mut palette_of: Vec<String> = Vec::new();
    // Render every row, plus a key in which array indices are blanked out, so
    // that runs of rows repeating the same pattern (long arrays) can be elided.
    let rendered: Vec<(String, String)> = view
        .rows
        .iter()
        .map(|row| {
            let mut line = format!("  {:<label_width$}|", format!("c{}", row.index));
            let mut key = String::new();
            let mut cut: Vec<String> = Vec::new();
            for cell in &row.cells {
                let width = cell.len as usize * 3 - 1;
                let (label, fill, color) = match &cell.content {
                    CellContent::Member { path } => {
                        let idx = match palette_of.iter().position(|p| p == path) {
                            Some(i) => i,
                            None => {
                                palette_of.push(path.clone());
                                palette_of.len() - 1
                            }
                        };
                        (path.clone(), ' ', PALETTE[idx % PALETTE.len()])
                    }
                    CellContent::Padding(r) => (
                        format!("pad: {}", pad_label(row.index, cell.start, *r)),
                        '-',
                        DIM,
                    ),
                    CellContent::Unused => (String::new(), ' ', ""),
                };
                let _ = write!(
                    key,
                    "{}:{}:{}|",
                    cell.start,
                    cell.len,
                    blank_indices(&label)
                );
                if label.chars().count() > width {
                    cut.push(label.clone());
                }
                let mut text: String = label.chars().take(width).collect();
                while text.chars().count() < width {
                    text.push(fill);
                }
                if colors == Colors::On && !color.is_empty() {
                    let _ = write!(line, "{color}{text}{RESET}|");
                } else {
                    let _ = write!(line, "{text}|");
                }
            }
            if !cut.is_empty() {
                // The labels that did not fit, in full, after the row.
                let _ = write!(line, "  {}", cut.join(", "));
            }
            (line, key)
        })
        .collect();
    let mut i = 0;
    while i < rendered.len() {
        if let Some((period, repeats)) = repeating_block(&rendered, i) {
            // Show the first two blocks and the last; summarise the rest.
            for (line, _) in &rendered[i..i + 2 * period] {
                out.push_str(line);
                out.push('\n');
            }
            let first = view.rows[i + 2 * period].index;
            let last = view.rows[i + (repeats - 1) * period - 1].index;
            let _ = writeln!(
                out,
                "  {:<label_width$} rows c{first} to c{last}: the same {period}-row pattern {} more times",
                "...",
                repeats - 3
            );
            for (line, _) in &rendered[i + (repeats - 1) * period..i + repeats * period] {
                out.push_str(line);
                out.push('\n');
            }
            i += repeats * period;
        } else {
            out.push_str(&rendered[i].0);
            out.push('\n');
            i += 1;
        }
    }
    out
}

/// `Bones[12].c0` -> `Bones[].c0`: the key rows are compared by.
fn blank_indices(label: &str) -> String {
    let mut out = String::with_capacity(label.len());
    let mut in_brackets = false;
    for ch in label.chars() {
        match ch {
            '[' => {
                in_brackets = true;
                out.push(ch);
            }
            ']' => {
                in_brackets = false;
                out.push(ch);
            }
            c if in_brackets && c.is_ascii_digit() => {}
            c => out.push(c),
        }
    }
    out
}

/// If the rows from `start` repeat a block of 1 to 8 rows at least
/// [`MIN_REPEATS_TO_ELIDE`] times, the block length and the repeat count.
fn repeating_block(rows: &[(String, String)], start: usize) -> Option<(usize, usize)> {
    for period in 1..=8 {
        let block = rows.get(start..start + period)?;
        if block.iter().all(|(_, k)| !k.contains("[]")) {
            continue;
        }
        let mut repeats = 1;
        while let Some(next) = rows.get(start + repeats * period..start + (repeats + 1) * period) {
            if next.iter().zip(block).all(|(a, b)| a.1 == b.1) {
                repeats += 1;
            } else {
                break;
            }
        }
        if repeats >= MIN_REPEATS_TO_ELIDE {
            return Some((period, repeats));
        }
    }
    None
}

/// Buffers with more rows than this (1 MiB) get no row diagram: building one
/// would take time and memory proportional to the buffer's size.
pub const MAX_DIAGRAM_ROWS: u64 = 65_536;

/// The JSON report lists at most this many nodes (members, fields, array
/// elements) and this many padding runs per buffer; the rest is counted in
/// `elements_omitted` / flagged by `padding_truncated`, so a huge array costs nothing.
pub const MAX_JSON_NODES: u64 = 100_000;

/// Runs of identical row patterns shorter than this are printed in full.
const MIN_REPEATS_TO_ELIDE: usize = 5;

/// The JSON document for all buffers (schema in `docs/cli.md`).
/// `array_lens` is parallel to `layouts`
/// ([`BufferDecl::array_len`](cblower_layout::BufferDecl::array_len)); a
/// missing entry means a single buffer.
pub fn json_report(layouts: &[BufferLayout], array_lens: &[Option<u64>]) -> Value {
    let buffers: Vec<Value> = layouts
        .iter()
        .enumerate()
        .map(|(i, l)| {
            let kind = l.kind.keyword();
            let binding = match l.binding {
                Some(b) => json!({ "register": b.register, "space": b.space }),
                None => Value::Null,
            };
            let mut buffer = json!({
                "name": l.name.as_ref(),
                "kind": kind,
            });
            if let (Some(obj), Some(Some(len))) = (buffer.as_object_mut(), array_lens.get(i)) {
                let len = match *len {
                    UNBOUNDED_RESOURCE_ARRAY => Value::Null,
                    n => json!(n),
                };
                obj.insert("array_len".into(), len);
            }
            let mut budget = MAX_JSON_NODES;
            let members: Vec<Value> = l
                .fields()
                .iter()
                .map(|f| json_node(&f.name, &f.ty, &f.node, &mut budget))
                .collect();
            let mut padding = Vec::new();
            let mut pad_budget = MAX_JSON_NODES;
            let truncated = padding_runs(l.root(), &mut pad_budget, &mut padding);
            let causes = padding_causes(l.root(), &padding);
            let rest = json!({
                "binding": binding,
                "rules": l.rules.name(),
                "size": l.size().get(),
                "members": members,
                "padding": padding.iter().zip(causes).map(|(p, cause)| json!({
                    "offset": p.offset.get(),
                    "size": p.size.get(),
                    "reason": cause,
                })).collect::<Vec<_>>(),
            });
            if let (Some(obj), Value::Object(rest)) = (buffer.as_object_mut(), rest) {
                obj.extend(rest);
                if truncated {
                    obj.insert("padding_truncated".into(), json!(true));
                }
            }
            buffer
        })
        .collect();
    json!({ "buffers": buffers })
}

/// Collects the padding runs of `node` in offset order while `budget`
/// lasts; returns true when some were left out.
fn padding_runs(node: &Node, budget: &mut u64, out: &mut Vec<Padding>) -> bool {
    !node.try_for_each_padding(&mut |p| {
        if *budget == 0 {
            return false;
        }
        *budget -= 1;
        out.push(p);
        true
    })
}

/// The reason each run of `padding` is reported with: the engine's, except
/// that padding before and inside a matrix is named for the matrix
/// (`matrix_start`, `matrix_column`, `matrix_row`), as the text and HTML
/// reports name it; the engine files a matrix's storage under arrays.
fn padding_causes(root: &Node, padding: &[Padding]) -> Vec<Value> {
    let causes = diagram::PadCauses::new(root);
    padding
        .iter()
        .map(|p| causes.cause(p).json_name())
        .collect()
}

fn json_node(name: &str, ty: &Ty, node: &Node, budget: &mut u64) -> Value {
    *budget = budget.saturating_sub(1);
    let mut obj = serde_json::Map::new();
    obj.insert("name".into(), json!(name));
    obj.insert("type".into(), json!(ty.to_string()));
    obj.insert("offset".into(), json!(node.offset.get()));
    obj.insert("size".into(), json!(node.size.get()));
    obj.insert("align".into(), json!(node.align.bytes()));
    match (&node.kind, ty) {
        (NodeKind::Array { count, stride, .. }, Ty::Array { elem, .. }) => {
            obj.insert("stride".into(), json!(stride.get()));
            let mut elements = Vec::new();
            let mut i = 0;
            while i < *count && *budget > 0 {
                if let Some(e) = node.element(i) {
                    elements.push(json_node(&format!("[{i}]"), elem, &e, budget));
                }
                i += 1;
            }
            obj.insert("elements".into(), Value::Array(elements));
            if i < *count {
                obj.insert("elements_omitted".into(), json!(count - i));
            }
        }
        (NodeKind::Struct { fields, .. }, _) => {
            obj.insert(
                "fields".into(),
                Value::Array(
                    fields
                        .iter()
                        .map(|f| json_node(&f.name, &f.ty, &f.node, budget))
                        .collect(),
                ),
            );
        }
        _ => {}
    }
    Value::Object(obj)
}

#[cfg(test)]
mod tests {
    use super::*;
    use cblower_layout::{layout_buffer, BufferDecl, Field, LayoutOptions, RuleSet, Scalar};

    fn example_arrays() -> BufferLayout {
        let decl = BufferDecl::new(
            "ExampleArrays",
            BufferKind::CBuffer,
            vec![
                Field::new("before", Ty::vector(Scalar::Float, 2)),
                Field::new("array", Ty::array(Ty::scalar(Scalar::Float), 2)),
                Field::new("after", Ty::vector(Scalar::Float, 2)),
            ],
        );
        layout_buffer(&decl, LayoutOptions::new(RuleSet::CBuffer)).unwrap()
    }

    #[test]
    fn text_report_of_example_arrays() {
        let text = text_report(&example_arrays(), None, Colors::Off);
        let want = "\
cbuffer ExampleArrays  [rules: cbuffer, size: 44 bytes]
  offset   size align  type     name
       0      8     4  float2   before
      16     20    16  float[2] array  (stride 16)
      16      4     4  float      [0]
      32      4     4  float      [1]
      36      8     4  float2   after

        0  1  2  3  4  5  6  7  8  9  10 11 12 13 14 15
  c0   |before                 |pad: array start-------|
  c1   |array[0]   |pad: array element-----------------|
  c2   |array[1]   |after                  |           |
";
        assert_eq!(text, want);
    }

    #[test]
    fn row_diagram_names_matrix_padding_and_prints_cut_labels_in_full() {
        let decl = BufferDecl::new(
            "M",
            BufferKind::CBuffer,
            vec![
                Field::new("a_rather_long_name", Ty::scalar(Scalar::Float)),
                Field::new(
                    "m",
                    Ty::matrix(Scalar::Float, 2, 2, cblower_layout::MatrixOrder::RowMajor),
                ),
            ],
        );
        let layout = layout_buffer(&decl, LayoutOptions::new(RuleSet::CBuffer)).unwrap();
        let want = "        0  1  2  3  4  5  6  7  8  9  10 11 12 13 14 15
  c0   |a_rather_lo|pad: matrix start------------------|  a_rather_long_name
  c1   |m.r0                   |pad: matrix row--------|
  c2   |m.r1                   |                       |
";
        assert_eq!(row_diagram(layout.root(), Colors::Off), want);
    }

    #[test]
    fn json_report_of_example_arrays() {
        let v = json_report(&[example_arrays()], &[None]);
        assert_eq!(
            v,
            json!({"buffers": [{
                "name": "ExampleArrays", "kind": "cbuffer", "binding": null, "rules": "cbuffer", "size": 44,
                "members": [
                    {"name": "before", "type": "float2", "offset": 0, "size": 8, "align": 4},
                    {"name": "array", "type": "float[2]", "offset": 16, "size": 20, "align": 16, "stride": 16,
                     "elements": [
                        {"name": "[0]", "type": "float", "offset": 16, "size": 4, "align": 4},
                        {"name": "[1]", "type": "float", "offset": 32, "size": 4, "align": 4}]},
                    {"name": "after", "type": "float2", "offset": 36, "size": 8, "align": 4}
                ],
                "padding": [
                    {"offset": 8, "size": 8, "reason": "array_start"},
                    {"offset": 20, "size": 12, "reason": "array_element"}
                ]
            }]})
        );
    }

    #[test]
    fn json_report_names_matrix_padding_for_matrices() {
        let decl = BufferDecl::new(
            "M",
            BufferKind::CBuffer,
            vec![
                Field::new("a", Ty::scalar(Scalar::Float)),
                Field::new(
                    "m",
                    Ty::matrix(Scalar::Float, 2, 2, cblower_layout::MatrixOrder::RowMajor),
                ),
                Field::new(
                    "c",
                    Ty::matrix(
                        Scalar::Float,
                        3,
                        2,
                        cblower_layout::MatrixOrder::ColumnMajor,
                    ),
                ),
                Field::new("f", Ty::array(Ty::scalar(Scalar::Float), 2)),
            ],
        );
        let layout = layout_buffer(&decl, LayoutOptions::new(RuleSet::CBuffer)).unwrap();
        let v = json_report(&[layout], &[None]);
        assert_eq!(
            v["buffers"][0]["padding"],
            json!([
                {"offset": 4, "size": 12, "reason": "matrix_start"},
                {"offset": 24, "size": 8, "reason": "matrix_row"},
                {"offset": 40, "size": 8, "reason": "matrix_start"},
                {"offset": 60, "size": 4, "reason": "matrix_column"},
                {"offset": 76, "size": 4, "reason": "array_start"},
                {"offset": 84, "size": 12, "reason": "array_element"}
            ])
        );
    }
}
