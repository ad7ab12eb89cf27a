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

fn float(n: u8) -> Ty {
    if n == 1 {
        Ty::scalar(Scalar::Float)
    } else {
        Ty::vector(Scalar::Float, n)
    }
}

/// Whether `float x[k]` has a 4-byte stride under `rules`.
fn tight_float_arrays(rules: RuleSet) -> bool {
    matches!(
        rules,
        RuleSet::Structured
            | RuleSet::Scalar
            | RuleSet::Std430
            | RuleSet::RelaxedStd430
            | RuleSet::Wgsl(WgslAddressSpace::Storage)
    )
}

/// Alignment of `floatN` under `rules`.
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
        _ => 4,
    }
}

/// Declarations that cover `bytes` bytes from `offset` (from the owner's
/// start, which sits at a row / its alignment) under `rules`; `packoffset`
/// gives each one a `packoffset` (cbuffer members placed that way).
/// `None` when no sequence of `float`/`uint16_t` members can.
pub(crate) fn pad_decls(
    opts: LayoutOptions,
    mut offset: u64,
    bytes: u64,
    packoffset: bool,
    names: &mut PadNames,
) -> Option<Vec<PadDecl>> {
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
                    Ty::array(Ty::scalar(Scalar::Float), k)
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
    expected.iter().all(|(n, o)| at(n) == Some(*o))
        && pads.iter().all(|p| at(&p.field.name) == Some(p.offset))
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
    /// A struct definition, and its layout relative to its start.
    Struct { ty: &'a StructTy, node: &'a Node },
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
    ) -> Option<Node> {
        match self {
            Owner::Buffer { buffer, .. } => {
                let mut decl = buffer.decl.clone();
                edit(&mut decl.members);
                let b = ProgramBuffer {
                    decl: &decl,
                    vk_binding: buffer.vk_binding,
                    implicit_order: buffer.implicit_order,
                };
                let l = cblower_program::lay_out_program(&[b], opts, target).ok()?;
                l.first().map(|l| l.root().clone())
            }
            Owner::Struct { ty, .. } => {
                let mut s = (*ty).clone();
                edit(&mut s.fields);
                layout_type(&Ty::Struct(std::sync::Arc::new(s)), opts).ok()
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
        node.is_some_and(|n| keeps(&n, &self.expected(), pads))
    }

    /// Whether giving own field `index` the type `ty` keeps every other
    /// field where it was and leaves that field without padding inside.
    pub(crate) fn accepts_retype(
        &self,
        opts: LayoutOptions,
        target: Target,
        index: usize,
        ty: &Ty,
    ) -> bool {
        let Some(name) = self.own_field_name(index) else {
            return false;
        };
        let node = self.relayout(opts, target, &|fields| {
            if let Some(f) = fields.get_mut(index) {
                f.ty = ty.clone();
            }
        });
        let Some(node) = node else {
            return false;
        };
        let expected = self.expected();
        if !keeps(&node, &expected, &[]) {
            return false;
        }
        let NodeKind::Struct { fields, .. } = &node.kind else {
            return false;
        };
        fields
            .iter()
            .find(|f| *f.name == *name)
            .is_some_and(|f| f.node.try_for_each_padding(&mut |_| false))
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
        let p = pad_decls(opts, 2, 2, false, &mut names).unwrap();
        assert_eq!(p[0].text(), "uint16_t _pad0;");
    }
}
