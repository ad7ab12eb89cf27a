//! Property tests over random types for the constant-buffer rule sets (DXC's
//! and clang-22's): no overlap, alignment met, no row straddling (DXC), sizes
//! monotonic, and the row view, the padding runs and the padded decomposition
//! all covering exactly the tree's bytes.

use std::sync::Arc;

use cblower_layout::{
    layout_buffer, BufferDecl, BufferKind, BufferLayout, Clang22Target, Field, LayoutOptions,
    MatrixOrder, Node, NodeKind, RowView, RuleSet, Scalar, Shape, StructShape, StructTy, Ty,
    TypeOptions,
};
use proptest::prelude::*;

fn scalar(allow_min_precision: bool) -> impl Strategy<Value = Scalar> + Clone {
    let all: Vec<Scalar> = Scalar::ALL
        .iter()
        .copied()
        .filter(|s| allow_min_precision || !s.is_min_precision())
        .collect();
    proptest::sample::select(all)
}

fn ty(allow_min_precision: bool) -> impl Strategy<Value = Ty> {
    let leaf = prop_oneof![
        scalar(allow_min_precision).prop_map(Ty::scalar),
        (scalar(allow_min_precision), 1u8..=4).prop_map(|(s, n)| Ty::vector(s, n)),
        (scalar(allow_min_precision), 1u8..=4, 1u8..=4, any::<bool>()).prop_map(|(s, r, c, rm)| {
            Ty::matrix(
                s,
                r,
                c,
                if rm {
                    MatrixOrder::RowMajor
                } else {
                    MatrixOrder::ColumnMajor
                },
            )
        }),
    ];
    leaf.prop_recursive(3, 24, 4, |inner| {
        prop_oneof![
            (inner.clone(), 1u64..=4).prop_map(|(t, n)| Ty::array(t, n)),
            proptest::collection::vec(inner, 1..=4).prop_map(|tys| {
                let fields = tys
                    .into_iter()
                    .enumerate()
                    .map(|(i, t)| Field::new(format!("f{i}"), t))
                    .collect();
                Ty::structure(StructTy::new("S", fields))
            }),
        ]
    })
}

fn members(allow_min_precision: bool) -> impl Strategy<Value = Vec<Field>> {
    proptest::collection::vec(ty(allow_min_precision), 1..=8).prop_map(|tys| {
        tys.into_iter()
            .enumerate()
            .map(|(i, t)| Field::new(format!("m{i}"), t))
            .collect()
    })
}

fn lay(members: &[Field], rules: RuleSet, native16: bool) -> BufferLayout {
    let decl = BufferDecl::new("CB", BufferKind::CBuffer, members.to_vec());
    layout_buffer(&decl, LayoutOptions::new(rules).native_16bit(native16))
        .expect("random types lay out")
}

/// (offset, size, align) of every scalar/vector leaf, matrices split into
/// their storage vectors or scalars.
fn leaves(root: &Node) -> Vec<(u64, u64, u64)> {
    let mut out = Vec::new();
    root.for_each_leaf(&mut String::new(), &mut |_, n| match &n.kind {
        NodeKind::Matrix { storage, .. } => {
            storage.for_each_leaf(&mut String::new(), &mut |_, v| {
                out.push((v.offset.get(), v.size.get(), v.align.bytes()))
            });
        }
        _ => out.push((n.offset.get(), n.size.get(), n.align.bytes())),
    });
    out.sort();
    out
}

fn check_invariants(l: &BufferLayout, rules: RuleSet, native16: bool) -> Result<(), TestCaseError> {
    let ls = leaves(l.root());
    for w in ls.windows(2) {
        prop_assert!(
            w[0].0 + w[0].1 <= w[1].0,
            "overlap: {:?} and {:?}",
            w[0],
            w[1]
        );
    }
    for &(off, size, align) in &ls {
        // clang-22's layout structs are packed: a member inside a struct that
        // starts a row only keeps alignments up to 16.
        let align = if rules == RuleSet::CBuffer {
            align
        } else {
            align.min(16)
        };
        prop_assert_eq!(
            off % align,
            0,
            "misaligned leaf at {} (align {})",
            off,
            align
        );
        if rules == RuleSet::CBuffer && off % 16 != 0 {
            prop_assert!(
                off % 16 + size <= 16,
                "leaf at {} size {} straddles a row",
                off,
                size
            );
        }
    }
    let leaf_bytes: u64 = ls.iter().map(|l| l.1).sum();
    let mut pad_bytes = 0;
    let mut last_end = 0;
    l.root().for_each_padding(&mut |p| {
        pad_bytes += p.size.get();
        last_end = last_end.max(p.end().get());
    });
    if rules != RuleSet::Clang22(Clang22Target::SpirV) {
        prop_assert_eq!(
            leaf_bytes + pad_bytes,
            l.size().get(),
            "leaves + padding != size"
        );
        prop_assert_eq!(RowView::new(l.root()).member_bytes().get(), leaf_bytes);
        let opts = TypeOptions {
            native_16bit: native16,
        };
        let shape = Shape::Struct(Arc::new(StructShape::of(l.root(), l.name.clone())));
        prop_assert_eq!(shape.size(&|s: Scalar| s.size(opts).get()), l.size().get());
    }
    Ok(())
}

/// Members where DXC and clang-22 (DXIL) must agree: scalars, 1- and
/// 3-component vectors (DXIL aligns those by element), 4-component vectors of
/// 32-bit components, and arrays of them.
fn simple_members() -> impl Strategy<Value = Vec<Field>> {
    let s32 =
        proptest::sample::select(vec![Scalar::Float, Scalar::Int, Scalar::Uint, Scalar::Bool]);
    let any_scalar = scalar(false);
    let t = prop_oneof![
        any_scalar.clone().prop_map(Ty::scalar),
        (any_scalar.clone(), proptest::sample::select(vec![1u8, 3]))
            .prop_map(|(s, n)| Ty::vector(s, n)),
        s32.prop_map(|s| Ty::vector(s, 4)),
    ];
    let t = (t, 0u64..=3).prop_map(|(t, n)| if n == 0 { t } else { Ty::array(t, n) });
    proptest::collection::vec(t, 1..=10).prop_map(|tys| {
        tys.into_iter()
            .enumerate()
            .map(|(i, t)| Field::new(format!("m{i}"), t))
            .collect()
    })
}

const RULES: [RuleSet; 3] = [
    RuleSet::CBuffer,
    RuleSet::Clang22(Clang22Target::Dxil),
    RuleSet::Clang22(Clang22Target::SpirV),
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn cbuffer_invariants_hold(ms in members(true), native16 in any::<bool>()) {
        let l = lay(&ms, RuleSet::CBuffer, native16);
        check_invariants(&l, RuleSet::CBuffer, native16)?;
    }

    #[test]
    fn clang22_invariants_hold(ms in members(false)) {
        for rules in &RULES[1..] {
            let l = lay(&ms, *rules, true);
            check_invariants(&l, *rules, true)?;
        }
    }

    #[test]
    fn appending_a_member_never_shrinks_the_buffer(ms in members(false), extra in ty(false), native16 in any::<bool>()) {
        for rules in RULES {
            let before = lay(&ms, rules, true).size();
            let mut more = ms.clone();
            more.push(Field::new("extra", extra.clone()));
            let after = lay(&more, rules, true).size();
            prop_assert!(after >= before, "{:?}: {} -> {}", rules, before, after);
        }
        let before = lay(&ms, RuleSet::CBuffer, native16).size();
        let mut more = ms.clone();
        more.push(Field::new("extra", extra));
        prop_assert!(lay(&more, RuleSet::CBuffer, native16).size() >= before);
    }

    #[test]
    fn dxc_and_clang22_agree_without_the_known_deviations(ms in simple_members()) {
        let a = lay(&ms, RuleSet::CBuffer, true);
        let b = lay(&ms, RuleSet::Clang22(Clang22Target::Dxil), true);
        let offs = |l: &BufferLayout| l.fields().iter().map(|f| f.node.offset.get()).collect::<Vec<_>>();
        prop_assert_eq!(offs(&a), offs(&b));
    }
}
