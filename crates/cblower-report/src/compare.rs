//! The same buffer under several rule sets: which members (at any depth)
//! sit at another offset or have another size than under the first rule
//! set, and why.

use std::collections::{HashMap, HashSet};
use std::fmt::Write;

use cblower_layout::{BufferLayout, Node, NodeKind, Ty};

use crate::diagram::diagram;

/// Nodes a comparison looks at per buffer at most (array elements past
/// this are not compared one by one; their array is).
pub const MAX_COMPARED_NODES: usize = 20_000;

/// One member (field, nested field or array element) as a rule set placed it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Placement {
    /// Offset from the start of the buffer.
    pub offset: u64,
    /// Size in bytes.
    pub size: u64,
    /// The array stride, for an array.
    pub stride: Option<u64>,
    /// The padding in front of it, if any (`row boundary`, ...).
    pub after: Option<&'static str>,
}

/// A member placed differently by some rule set than by the first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Difference {
    /// Its path (`light.color`, `bones[2]`).
    pub path: String,
    /// Its type.
    pub ty: String,
    /// Where each rule set put it, parallel to the compared layouts (`None`:
    /// that rule set does not store it).
    pub placements: Vec<Option<Placement>>,
    /// Why, in a few words per differing rule set.
    pub reason: String,
}

struct Fact {
    path: String,
    ty: String,
    place: Placement,
}

fn facts(layout: &BufferLayout) -> Vec<Fact> {
    // The padding in front of each offset (the first MiB is looked at).
    let pads: HashMap<u64, &'static str> = diagram(layout.root(), 1 << 20)
        .pads
        .iter()
        .map(|p| (p.offset + p.size, p.cause.label()))
        .collect();
    let mut out = Vec::new();
    for f in layout.fields() {
        collect(&mut out, &f.name, &f.ty, &f.node, &pads, 0);
    }
    out
}

fn collect(
    out: &mut Vec<Fact>,
    path: &str,
    ty: &Ty,
    node: &Node,
    pads: &HashMap<u64, &'static str>,
    depth: usize,
) {
    if out.len() >= MAX_COMPARED_NODES || depth > 256 {
        return;
    }
    let after = pads.get(&node.offset.get()).copied();
    let stride = match &node.kind {
        NodeKind::Array { stride, .. } => Some(stride.get()),
        _ => None,
    };
    out.push(Fact {
        path: path.to_string(),
        ty: ty.to_string(),
        place: Placement {
            offset: node.offset.get(),
            size: node.size.get(),
            stride,
            after,
        },
    });
    match (&node.kind, ty) {
        (NodeKind::Array { count, .. }, Ty::Array { elem, .. }) => {
            for i in 0..*count {
                if out.len() >= MAX_COMPARED_NODES {
                    break;
                }
                if let Some(e) = node.element(i) {
                    collect(out, &format!("{path}[{i}]"), elem, &e, pads, depth + 1);
                }
            }
        }
        (NodeKind::Struct { fields, .. }, _) => {
            for f in fields {
                collect(
                    out,
                    &format!("{path}.{}", f.name),
                    &f.ty,
                    &f.node,
                    pads,
                    depth + 1,
                );
            }
        }
        _ => {}
    }
}

fn why(first: &Placement, other: &Placement, rules: &str) -> String {
    let mut parts = Vec::new();
    if first.size != other.size {
        match (first.stride, other.stride) {
            (Some(a), Some(b)) if a != b => {
                parts.push(format!("array stride {a} -> {b}"));
            }
            _ => parts.push(format!("size {} -> {}", first.size, other.size)),
        }
    }
    if first.offset != other.offset {
        match (first.after, other.after) {
            (a, b) if a == b => parts.push("an earlier member moved or grew".into()),
            (_, Some(b)) => parts.push(format!("starts after {b} padding")),
            (Some(a), None) => parts.push(format!("packed without the {a} padding")),
            (None, None) => parts.push("an earlier member moved or grew".into()),
        }
    }
    format!("{rules}: {}", parts.join(", "))
}

/// Compares `layouts` (the same buffer under different rule sets, the
/// reference first): every member whose offset or size differs from the
/// reference's, in the reference's order (members only another rule set
/// stores come last).
pub fn compare(layouts: &[&BufferLayout]) -> Vec<Difference> {
    let Some((first, rest)) = layouts.split_first() else {
        return Vec::new();
    };
    let base = facts(first);
    let others: Vec<Vec<Fact>> = rest.iter().map(|l| facts(l)).collect();
    let index: Vec<HashMap<&str, &Placement>> = others
        .iter()
        .map(|o| o.iter().map(|f| (f.path.as_str(), &f.place)).collect())
        .collect();
    let in_base: HashSet<&str> = base.iter().map(|f| f.path.as_str()).collect();
    let mut out = Vec::new();
    for f in &base {
        let mut placements = vec![Some(f.place.clone())];
        let mut reasons = Vec::new();
        for (l, o) in rest.iter().zip(&index) {
            let p = o.get(f.path.as_str()).map(|p| (*p).clone());
            match &p {
                Some(p) if p.offset != f.place.offset || p.size != f.place.size => {
                    reasons.push(why(&f.place, p, l.rules.name()));
                }
                Some(_) => {}
                None => reasons.push(format!("{}: not stored", l.rules.name())),
            }
            placements.push(p);
        }
        if !reasons.is_empty() {
            out.push(Difference {
                path: f.path.clone(),
                ty: f.ty.clone(),
                placements,
                reason: reasons.join("; "),
            });
        }
    }
    // Members only other rule sets store (each listed once).
    let mut extra: HashSet<&str> = HashSet::new();
    for o in &others {
        for f in o {
            if in_base.contains(f.path.as_str()) || !extra.insert(f.path.as_str()) {
                continue;
            }
            let mut placements: Vec<Option<Placement>> = vec![None];
            placements.extend(
                index
                    .iter()
                    .map(|i| i.get(f.path.as_str()).map(|p| (*p).clone())),
            );
            out.push(Difference {
                path: f.path.clone(),
                ty: f.ty.clone(),
                placements,
                reason: format!("{}: not stored", first.rules.name()),
            });
        }
    }
    out
}

/// The comparison as a text table: one line per differing member with its
/// offset and size under each rule set, and the reason.
pub fn compare_text(layouts: &[&BufferLayout]) -> String {
    let Some(first) = layouts.first() else {
        return String::new();
    };
    let diffs = compare(layouts);
    let names: Vec<&str> = layouts.iter().map(|l| l.rules.name()).collect();
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{} {}: {}",
        match first.kind {
            cblower_layout::BufferKind::TBuffer => "tbuffer",
            cblower_layout::BufferKind::ConstantBuffer => "ConstantBuffer",
            _ => "cbuffer",
        },
        first.name,
        names
            .iter()
            .zip(layouts)
            .map(|(n, l)| format!("{n} {} bytes", l.size().get()))
            .collect::<Vec<_>>()
            .join(", ")
    );
    if diffs.is_empty() {
        let _ = writeln!(out, "  every member has the same offset and size");
        return out;
    }
    let path_w = diffs
        .iter()
        .map(|d| d.path.chars().count())
        .max()
        .unwrap_or(0)
        .max("member".len());
    let ty_w = diffs
        .iter()
        .map(|d| d.ty.chars().count())
        .max()
        .unwrap_or(0)
        .max("type".len());
    let cell = |p: &Option<Placement>| match p {
        Some(p) => format!("{}+{}", p.offset, p.size),
        None => "-".into(),
    };
    let col_w: Vec<usize> = names
        .iter()
        .enumerate()
        .map(|(i, n)| {
            diffs
                .iter()
                .map(|d| cell(&d.placements[i]).len())
                .max()
                .unwrap_or(0)
                .max(n.len())
        })
        .collect();
    let mut header = format!("  {:<path_w$}  {:<ty_w$}", "member", "type");
    for (n, w) in names.iter().zip(&col_w) {
        let _ = write!(header, "  {n:>w$}");
    }
    header.push_str("  why");
    let _ = writeln!(out, "{header}");
    for d in &diffs {
        let mut line = format!("  {:<path_w$}  {:<ty_w$}", d.path, d.ty);
        for (p, w) in d.placements.iter().zip(&col_w) {
            let _ = write!(line, "  {:>w$}", cell(p));
        }
        let _ = write!(line, "  {}", d.reason);
        let _ = writeln!(out, "{line}");
    }
    let _ = writeln!(
        out,
        "  ({} differences; columns are offset+size in bytes)",
        diffs.len()
    );
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use cblower_layout::{
        layout_buffer, BufferDecl, BufferKind, Field, LayoutOptions, RuleSet, Scalar,
    };

    #[test]
    fn array_stride_and_row_break_differences() {
        let decl = BufferDecl::new(
            "CB",
            BufferKind::CBuffer,
            vec![
                Field::new("a", Ty::vector(Scalar::Float, 3)),
                Field::new("b", Ty::scalar(Scalar::Float)),
                Field::new("arr", Ty::array(Ty::scalar(Scalar::Float), 2)),
                Field::new("c", Ty::vector(Scalar::Float, 2)),
            ],
        );
        let cb = layout_buffer(&decl, LayoutOptions::new(RuleSet::CBuffer)).unwrap();
        let sc = layout_buffer(&decl, LayoutOptions::new(RuleSet::Scalar)).unwrap();
        let text = compare_text(&[&cb, &sc]);
        let want = "\
cbuffer CB: cbuffer 44 bytes, scalar 32 bytes
  member  type      cbuffer  scalar  why
  arr     float[2]    16+20    16+8  scalar: array stride 16 -> 4
  arr[1]  float        32+4    20+4  scalar: packed without the array element padding
  c       float2       36+8    24+8  scalar: an earlier member moved or grew
  (3 differences; columns are offset+size in bytes)
";
        assert_eq!(text, want);
    }
}
