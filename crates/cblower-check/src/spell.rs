//! Explicit padding members: which declarations fill a gap exactly under a
//! rule set, checked by laying the fixed struct or buffer out again.

use std::collections::HashSet;

use cblower_layout::{
    layout_type, BufferLayout, Field, LayoutOptions, Node, NodeKind, Placement, RuleSet, Scalar,
    StructTy, Ty, WgslAddressSpace,
};
use cblower_program::{ProgramBuffer, Target};

/// One padding declaration to insert.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct PadDecl {
    pub field: Field,
    /// Where it must land, from the start of its owner.
    pub offset: u64,
}

impl PadDecl {
    /// `float3 _pad0;`, `float _pad0[3];`, `float _pad1 : packoffset(c2.y);`
    pub(crate) fn text(&self) -> String {
        let (base, dims) = match &self.field.ty {
            Ty::Array { elem, len, .. } => (elem.to_string(), format!("[{len}]")),
            t => (t.to_string(), String::new()),
        };
        let place = match self.field.placement {
            Some(Placement::PackOffset {
                register,
                component,
            }) => format!(
                " : packoffset(c{register}.{})",
                ["x", "y", "z", "w"][usize::from(component.min(3))]
            ),
            _ => String::new(),
        };
        format!("{base} {}{dims}{place};", self.field.name)
    }
}

/// Hands out `_pad0`, `_pad1`, ... skipping names the owner already has.
#[derive(Clone)]
pub(crate) struct PadNames {
    taken: HashSet<String>,
    next: u64,
}

impl PadNames {
    pub(crate) fn new<'a>(existing: impl IntoIterator<Item = &'a str>) -> PadNames {
        PadNames {
            taken: existing.into_iter().map(str::to_owned).collect(),
            next: 0,
        }
    }

    fn fresh(&mut self) -> String {
        loop {
            let n = format!("_pad{}", self.next);
            self.next += 1;
            if self.taken.insert(n.clone()) {
                return n;
            }
        }
    }
}

/// `scalar` (a 4-byte scalar: `float`, or `min16float` for a gap that
/// must keep the row's min-precision class) with `n` components.
fn vec_of(scalar: Scalar, n: u8) -> Ty {
    if n == 1 {
        Ty::scalar(scalar)
    } else {
        Ty::vector(scalar, n)
    }
}

/// Whether `float x[k]` has a 4-byte stride under `rules`.
fn tight_float_arrays(rules: RuleSet) -> bool {
    matches!(
        rules,
        RuleSet::Structured
            | RuleSet::Scalar
            | RuleSet::ScalarDxc
            | RuleSet::Std430
            | RuleSet::RelaxedStd430
            | RuleSet::Wgsl(WgslAddressSpace::Storage)
    )
}

/// Alignment of `floatN` under `rules` (clang-22 takes vector alignments
/// from the target's data layout: 8 for two components, 16 for four, and
/// for three 16 on SPIR-V but 4 on DXIL).
fn vec_align(rules: RuleSet, n: u8) -> u64 {
    match rules {
        // The relaxed rule sets accept std140's vector alignments too (such
        // a vector never straddles a row).
        RuleSet::Std140
        | RuleSet::Std430
        | RuleSet::RelaxedStd140
        | RuleSet::RelaxedStd430
        | RuleSet::Wgsl(_) => match n {
            1 => 4,
            2 => 8,
            _ => 16,
        },
        RuleSet::Clang22(t) => match n {
            1 => 4,
            2 => 8,
            3 if t == cblower_layout::Clang22Target::Dxil => 4,
            _ => 16,
        },
        _ => 4,
    }
}

/// Declarations that cover `bytes` bytes from `offset` (from the owner's
/// start, which sits at a row / its alignment) under `rules`; `packoffset`
/// gives each one a `packoffset` (cbuffer members placed that way).
/// `None` when no sequence of `float`/`uint16_t` members can. `scalar` is
/// the 4-byte scalar the members are made of (`float`, or `min16float` to
/// stay in a min-precision row).
pub(crate) fn pad_decls(
    opts: LayoutOptions,
    scalar: Scalar,
    mut offset: u64,
    bytes: u64,
    packoffset: bool,
    names: &mut PadNames,
) -> Option<Vec<PadDecl>> {
    let float = |n: u8| vec_of(scalar, n);
    let rules = opts.rules;
    let end = offset.checked_add(bytes)?;
    let mut out = Vec::new();
    while offset < end {
        let n = end - offset;
        let (ty, size) = if offset % 4 == 0 && n >= 4 {
            if tight_float_arrays(rules) {
                let k = n / 4;
                let t = if k == 1 {
                    float(1)
                } else {
                    Ty::array(Ty::scalar(scalar), k)
                };
                (t, 4 * k)
            } else if offset % 16 == 0 && n >= 32 && !packoffset {
                let rows = n / 16;
                (Ty::array(float(4), rows), 16 * rows)
            } else {
                let room = if rules.is_cbuffer_like() {
                    (16 - offset % 16) / 4
                } else {
                    4
                };
                let k = (1..=room.min(n / 4).min(4))
                    .rev()
                    .map(|k| k as u8)
                    .find(|&k| offset % vec_align(rules, k) == 0)?;
                (float(k), 4 * u64::from(k))
            }
        } else if offset % 2 == 0 && n >= 2 && opts.types.native_16bit {
            (Ty::scalar(Scalar::Uint16), 2)
        } else {
            return None;
        };
        let mut field = Field::new(names.fresh(), ty);
        if packoffset {
            if offset % 4 != 0 {
                return None;
            }
            field = field.with_placement(Placement::PackOffset {
                register: u32::try_from(offset / 16).ok()?,
                component: ((offset % 16) / 4) as u8,
            });
        }
        out.push(PadDecl { field, offset });
        offset += size;
    }
    Some(out)
}

/// The byte offsets of a struct's (or buffer's) stored fields by name, and
/// the padding runs of the owner itself.
fn fields_of(node: &Node) -> Option<Vec<(String, u64)>> {
    match &node.kind {
        NodeKind::Struct { fields, .. } => Some(
            fields
                .iter()
                .map(|f| (f.name.to_string(), f.node.offset.get() - node.offset.get()))
                .collect(),
        ),
        _ => None,
    }
}

/// True when the laid-out `node` keeps every `expected` field at its
/// offset and puts each padding declaration where it was meant to go.
fn keeps(node: &Node, expected: &[(String, u64)], pads: &[PadDecl]) -> bool {
    let Some(got) = fields_of(node) else {
        return false;
    };
    let at = |name: &str| got.iter().find(|(n, _)| n == name).map(|(_, o)| *o);
    // Compared in order: unnamed bitfields share the empty name.
    let is_pad = |n: &str| pads.iter().any(|p| *p.field.name == *n);
    let others: Vec<&(String, u64)> = got.iter().filter(|(n, _)| !is_pad(n)).collect();
    others.len() == expected.len()
        && others.iter().zip(expected).all(|(g, e)| *g == e)
        && pads.iter().all(|p| at(&p.field.name) == Some(p.offset))
}

/// A member a fix-it moves: its name (a path for nested members), its
/// offset before and after.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Moved {
    pub name: String,
    pub from: u64,
    pub to: u64,
}

impl Moved {
    /// `'f' from offset 44 to 48, 'g' from 48 to 64`
    pub(crate) fn list(moved: &[Moved]) -> String {
        moved
            .iter()
            .enumerate()
            .map(|(k, m)| {
                if k == 0 {
                    format!("'{}' from offset {} to {}", m.name, m.from, m.to)
                } else {
                    format!("'{}' from {} to {}", m.name, m.from, m.to)
                }
            })
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// The members of `expected` that `node` has at another offset.
fn moves(node: &Node, expected: &[(String, u64)]) -> Option<Vec<Moved>> {
    let got = fields_of(node)?;
    if got.len() != expected.len() {
        return None;
    }
    let mut out = Vec::new();
    for ((n, from), (g, to)) in expected.iter().zip(&got) {
        if n != g {
            return None;
        }
        let to = *to;
        if to != *from {
            out.push(Moved {
                name: n.clone(),
                from: *from,
                to,
            });
        }
    }
    Some(out)
}

/// Every stored position in `node` (struct fields at any depth, the first
/// two elements of arrays), by path, skipping padding members.
fn flatten(node: &Node, path: &str, out: &mut Vec<(String, u64)>) {
    match &node.kind {
        NodeKind::Struct { fields, .. } => {
            for f in fields {
                if f.name.starts_with("_pad") {
                    continue;
                }
                let p = if path.is_empty() {
                    f.name.to_string()
                } else {
                    format!("{path}.{}", f.name)
                };
                out.push((p.clone(), f.node.offset.get()));
                flatten(&f.node, &p, out);
            }
        }
        NodeKind::Array {
            element,
            count,
            stride,
            ..
        } => {
            flatten(element, &format!("{path}[0]"), out);
            if *count > 1 {
                out.push((
                    format!("{path}[1]"),
                    element.offset.get().saturating_add(stride.get()),
                ));
            }
        }
        _ => {}
    }
}

/// `ty` with every use of the struct named like `new` replaced by `new`.
fn replace_struct(ty: &Ty, new: &std::sync::Arc<StructTy>) -> Ty {
    match ty {
        Ty::Struct(s) if s.name == new.name => Ty::Struct(new.clone()),
        Ty::Struct(s) => {
            let mut c = (**s).clone();
            for f in &mut c.fields {
                f.ty = replace_struct(&f.ty, new);
            }
            if let Some(b) = &c.base {
                if let Ty::Struct(b) = replace_struct(&Ty::Struct(b.clone()), new) {
                    c.base = Some(b);
                }
            }
            Ty::Struct(std::sync::Arc::new(c))
        }
        Ty::Array { elem, len, stride } => Ty::Array {
            elem: std::sync::Arc::new(replace_struct(elem, new)),
            len: *len,
            stride: *stride,
        },
        t => t.clone(),
    }
}

/// Lays every buffer out again with the struct named like `new` replaced
/// by `new`: the members (at any depth, as `Buffer.path`) that move.
/// `None` on a layout error.
pub(crate) fn program_moves(
    buffers: &[ProgramBuffer<'_>],
    opts: LayoutOptions,
    target: Target,
    new: &StructTy,
) -> Option<Vec<Moved>> {
    let new = std::sync::Arc::new(new.clone());
    let mut out = Vec::new();
    for b in buffers {
        let old = cblower_program::lay_out_program(std::slice::from_ref(b), opts, target).ok()?;
        let mut decl = b.decl.clone();
        for f in &mut decl.members {
            f.ty = replace_struct(&f.ty, &new);
        }
        let nb = ProgramBuffer {
            decl: &decl,
            vk_binding: b.vk_binding,
            implicit_order: b.implicit_order,
            member_order: b.member_order,
        };
        let fixed = cblower_program::lay_out_program(&[nb], opts, target).ok()?;
        let (mut before, mut after) = (Vec::new(), Vec::new());
        flatten(old.first()?.root(), "", &mut before);
        flatten(fixed.first()?.root(), "", &mut after);
        let mut shifted: Vec<(String, u64, u64)> = Vec::new();
        if before.len() != after.len() {
            return None;
        }
        for ((p, from), (q, to)) in before.into_iter().zip(after) {
            if p != q {
                return None;
            }
            if to == from {
                continue;
            }
            // A member inside one that moved by as much is not listed.
            let carried = shifted.iter().any(|(q, f, t)| {
                p.strip_prefix(q.as_str())
                    .is_some_and(|rest| rest.starts_with(['.', '[']))
                    && to.wrapping_sub(from) == t.wrapping_sub(*f)
            });
            shifted.push((p.clone(), from, to));
            if !carried {
                out.push(Moved {
                    name: format!("{}.{p}", b.decl.name),
                    from,
                    to,
                });
            }
        }
    }
    Some(out)
}

/// Lays out `s` with `pads` appended: `Some` when its own fields stay, the
/// pads land where meant, and its size becomes `size`.
pub(crate) fn tail_fits(
    opts: LayoutOptions,
    s: &StructTy,
    pads: &[PadDecl],
    size: u64,
) -> Option<StructTy> {
    let mut t = s.clone();
    t.fields.extend(pads.iter().map(|p| p.field.clone()));
    let old = layout_type(&Ty::Struct(std::sync::Arc::new(s.clone())), opts).ok()?;
    let new = layout_type(&Ty::Struct(std::sync::Arc::new(t.clone())), opts).ok()?;
    let base = fields_of(&old)?;
    let ok = keeps(&new, &base, pads) && new.size.get() == size;
    ok.then_some(t)
}

/// For a bitfield storage unit (a field named after its first named
/// bitfield): how many of its declarations come before that one, and how
/// many after.
pub(crate) fn unit_steps(f: &Field) -> Option<(usize, usize)> {
    let list = f.bitfields.as_ref()?;
    let k = list.iter().position(|b| b.name == f.name)?;
    Some((k, list.len() - 1 - k))
}

/// An owner whose field list a fix-it edits.
pub(crate) enum Owner<'a> {
    /// Buffer `decl` of the program, laid out as `layout`.
    Buffer {
        buffer: ProgramBuffer<'a>,
        layout: &'a BufferLayout,
        /// The members live in a struct's scope (`ConstantBuffer<T>`), not
        /// in the one all `cbuffer` members share.
        own_scope: bool,
    },
    /// A struct definition, and its layout relative to its start; every
    /// buffer of the program is laid out again with an edit of it.
    Struct {
        ty: &'a StructTy,
        node: &'a Node,
        buffers: std::rc::Rc<Vec<ProgramBuffer<'a>>>,
    },
}

impl Owner<'_> {
    fn expected(&self) -> Vec<(String, u64)> {
        match self {
            Owner::Buffer { layout, .. } => layout
                .members()
                .map(|m| (m.name().to_string(), m.offset().get()))
                .collect(),
            Owner::Struct { node, .. } => fields_of(node).unwrap_or_default(),
        }
    }

    /// Lays the owner out with its own fields edited by `edit` (which gets
    /// the owner's own declared fields, base fields excluded); `None` on a
    /// layout error.
    fn relayout(
        &self,
        opts: LayoutOptions,
        target: Target,
        edit: &dyn Fn(&mut Vec<Field>),
    ) -> Option<(Node, Vec<Moved>)> {
        match self {
            Owner::Buffer { buffer, .. } => {
                let mut decl = buffer.decl.clone();
                edit(&mut decl.members);
                let b = ProgramBuffer {
                    decl: &decl,
                    vk_binding: buffer.vk_binding,
                    implicit_order: buffer.implicit_order,
                    member_order: buffer.member_order,
                };
                let l = cblower_program::lay_out_program(&[b], opts, target).ok()?;
                l.first().map(|l| (l.root().clone(), Vec::new()))
            }
            Owner::Struct { ty, buffers, .. } => {
                let mut s = (*ty).clone();
                edit(&mut s.fields);
                let node = layout_type(&Ty::Struct(std::sync::Arc::new(s.clone())), opts).ok()?;
                // What moves in the buffers that use the struct.
                let moved = program_moves(buffers, opts, target, &s)?;
                Some((node, moved))
            }
        }
    }

    /// Whether inserting `pads` before own field `index` (or at the end for
    /// `None`) leaves every other field where it was and the pads where
    /// they were meant to go.
    pub(crate) fn accepts_insert(
        &self,
        opts: LayoutOptions,
        target: Target,
        index: Option<usize>,
        pads: &[PadDecl],
    ) -> bool {
        let node = self.relayout(opts, target, &|fields| {
            let at = index.unwrap_or(fields.len()).min(fields.len());
            for (k, p) in pads.iter().enumerate() {
                fields.insert(at + k, p.field.clone());
            }
        });
        node.is_some_and(|(n, moved)| moved.is_empty() && keeps(&n, &self.expected(), pads))
    }

    /// Giving each own field `index` of `edits` its type makes `fixed` true
    /// of the new owner and each retyped field: the members that move (none
    /// when the edit is safe).
    pub(crate) fn retype_moves(
        &self,
        opts: LayoutOptions,
        target: Target,
        edits: &[(usize, Ty)],
        fixed: &dyn Fn(&Node, &cblower_layout::FieldNode) -> bool,
    ) -> Option<Vec<Moved>> {
        let names: Vec<String> = edits
            .iter()
            .map(|(i, _)| self.own_field_name(*i))
            .collect::<Option<_>>()?;
        let (node, outer) = self.relayout(opts, target, &|fields| {
            for (index, ty) in edits {
                if let Some(f) = fields.get_mut(*index) {
                    f.ty = ty.clone();
                }
            }
        })?;
        let NodeKind::Struct { fields, .. } = &node.kind else {
            return None;
        };
        let all_fixed = names.iter().all(|name| {
            fields
                .iter()
                .find(|f| *f.name == **name)
                .is_some_and(|f| fixed(&node, f))
        });
        if !all_fixed {
            return None;
        }
        let own = moves(&node, &self.expected())?;
        // A struct's members are listed where the buffers hold them.
        Some(if outer.is_empty() { own } else { outer })
    }

    fn own_field_name(&self, index: usize) -> Option<String> {
        match self {
            Owner::Buffer { buffer, .. } => {
                buffer.decl.members.get(index).map(|f| f.name.to_string())
            }
            Owner::Struct { ty, .. } => ty.fields.get(index).map(|f| f.name.to_string()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(rules: RuleSet, offset: u64, bytes: u64, packoffset: bool) -> Option<Vec<String>> {
        let mut names = PadNames::new(["_pad0"]);
        pad_decls(
            LayoutOptions::new(rules),
            Scalar::Float,
            offset,
            bytes,
            packoffset,
            &mut names,
        )
        .map(|p| p.iter().map(PadDecl::text).collect())
    }

    #[test]
    fn cbuffer_gaps_are_vectors_that_fit_the_row_then_whole_rows() {
        assert_eq!(
            texts(RuleSet::CBuffer, 4, 12, false).unwrap(),
            ["float3 _pad1;"]
        );
        assert_eq!(
            texts(RuleSet::CBuffer, 8, 40, false).unwrap(),
            ["float2 _pad1;", "float4 _pad2[2];"]
        );
        assert_eq!(
            texts(RuleSet::CBuffer, 4, 28, true).unwrap(),
            [
                "float3 _pad1 : packoffset(c0.y);",
                "float4 _pad2 : packoffset(c1.x);"
            ]
        );
    }

    #[test]
    fn tight_rules_use_float_arrays_and_std140_aligned_vectors() {
        assert_eq!(
            texts(RuleSet::Structured, 4, 12, false).unwrap(),
            ["float _pad1[3];"]
        );
        assert_eq!(
            texts(RuleSet::Std430, 12, 4, false).unwrap(),
            ["float _pad1;"]
        );
        assert_eq!(
            texts(RuleSet::Std140, 4, 12, false).unwrap(),
            ["float _pad1;", "float2 _pad2;"]
        );
    }

    #[test]
    fn odd_gaps_have_no_spelling_without_16_bit_types() {
        assert_eq!(texts(RuleSet::Structured, 2, 2, false), None);
        let mut names = PadNames::new([]);
        let opts = LayoutOptions::new(RuleSet::Structured).native_16bit(true);
        let p = pad_decls(opts, Scalar::Float, 2, 2, false, &mut names).unwrap();
        assert_eq!(p[0].text(), "uint16_t _pad0;");
    }
}
