//! The engines lay out each struct type once per buffer and copy it for every
//! further instance (keyed by the `Arc` of the declaration). These properties
//! pin that the reuse is invisible: a buffer whose members share struct types
//! lays out exactly like the same buffer with every struct deep-copied into
//! its own `Arc` (so nothing is shared), errors included, under every rule set.

use std::sync::Arc;

use cblower_layout::{
    layout_buffer, BufferDecl, BufferKind, Clang22Target, Field, LayoutOptions, MatrixOrder,
    Placement, RuleSet, Scalar, StructTy, Ty, WgslAddressSpace,
};
use proptest::prelude::*;

const RULES: [RuleSet; 9] = [
    RuleSet::CBuffer,
    RuleSet::Clang22(Clang22Target::Dxil),
    RuleSet::Clang22(Clang22Target::SpirV),
    RuleSet::Structured,
    RuleSet::Std140,
    RuleSet::Std430,
    RuleSet::Scalar,
    RuleSet::Wgsl(WgslAddressSpace::Storage),
    RuleSet::Wgsl(WgslAddressSpace::Uniform),
];

fn leaf() -> impl Strategy<Value = Ty> {
    let scalar = proptest::sample::select(vec![
        Scalar::Float,
        Scalar::Uint,
        Scalar::Double,
        Scalar::Half,
        Scalar::Min16Float,
    ]);
    prop_oneof![
        scalar.clone().prop_map(Ty::scalar),
        (scalar.clone(), 1u8..=4).prop_map(|(s, n)| Ty::vector(s, n)),
        (scalar, 1u8..=4, 1u8..=4).prop_map(|(s, r, c)| Ty::matrix(
            s,
            r,
            c,
            MatrixOrder::ColumnMajor
        )),
    ]
}

/// A struct of 1..=3 fields drawn from `pool`; a field may carry a small
/// `vk::offset` (which can make the layout fail, to compare errors too).
fn struct_of(pool: Vec<Ty>, name: &'static str) -> impl Strategy<Value = Ty> {
    proptest::collection::vec(
        (
            proptest::sample::select(pool),
            proptest::option::weighted(0.15, 0u64..64),
        ),
        1..=3,
    )
    .prop_map(move |fields| {
        let fields = fields
            .into_iter()
            .enumerate()
            .map(|(i, (ty, at))| {
                let f = Field::new(format!("f{i}"), ty);
                match at {
                    Some(b) => f.with_placement(Placement::VkOffset(b)),
                    None => f,
                }
            })
            .collect();
        Ty::structure(StructTy::new(name, fields))
    })
}

/// Member types where struct types recur: `inner` is used directly, in
/// arrays and inside `outer`; `outer` is used directly and in arrays.
fn shared_types() -> impl Strategy<Value = Vec<Ty>> {
    proptest::collection::vec(leaf(), 1..=3)
        .prop_flat_map(|leaves| {
            struct_of(leaves.clone(), "Inner").prop_map(move |i| (leaves.clone(), i))
        })
        .prop_flat_map(|(leaves, inner)| {
            let mut pool = leaves.clone();
            pool.push(inner.clone());
            pool.push(Ty::array(inner.clone(), 2));
            struct_of(pool, "Outer").prop_map(move |outer| {
                let mut all = leaves.clone();
                all.push(inner.clone());
                all.push(Ty::array(inner.clone(), 3));
                all.push(outer.clone());
                all.push(Ty::array(outer, 2));
                all
            })
        })
}

/// Buffer members drawn from the shared types; a few carry a `vk::offset`,
/// some of them close enough to `u64::MAX` that the layout overflows.
fn members() -> impl Strategy<Value = Vec<Field>> {
    shared_types().prop_flat_map(|types| {
        let placement = prop_oneof![
            8 => Just(None),
            1 => (0u64..4).prop_map(|r| Some(r * 16)),
            1 => (0u64..8).prop_map(|r| Some(u64::MAX - 15 - r * 16)),
        ];
        proptest::collection::vec((proptest::sample::select(types), placement), 1..=12).prop_map(
            |picked| {
                picked
                    .into_iter()
                    .enumerate()
                    .map(|(i, (ty, at))| {
                        let f = Field::new(format!("m{i}"), ty);
                        match at {
                            Some(b) => f.with_placement(Placement::VkOffset(b)),
                            None => f,
                        }
                    })
                    .collect()
            },
        )
    })
}

/// `ty` with every struct (and array element) rebuilt in a fresh `Arc`.
fn unshared(ty: &Ty) -> Ty {
    match ty {
        Ty::Array { elem, len, stride } => Ty::Array {
            elem: Arc::new(unshared(elem)),
            len: *len,
            stride: *stride,
        },
        Ty::Struct(s) => Ty::Struct(Arc::new(StructTy {
            base: s
                .base
                .as_ref()
                .map(|b| match unshared(&Ty::Struct(b.clone())) {
                    Ty::Struct(b) => b,
                    _ => unreachable!("a struct stays a struct"),
                }),
            fields: s
                .fields
                .iter()
                .map(|f| Field {
                    ty: unshared(&f.ty),
                    ..f.clone()
                })
                .collect(),
            ..(**s).clone()
        })),
        other => other.clone(),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn sharing_struct_types_changes_nothing(members in members(), native16 in any::<bool>()) {
        let copies: Vec<Field> = members
            .iter()
            .map(|f| Field { ty: unshared(&f.ty), ..f.clone() })
            .collect();
        let shared = BufferDecl::new("CB", BufferKind::CBuffer, members);
        let separate = BufferDecl::new("CB", BufferKind::CBuffer, copies);
        for rules in RULES {
            let opts = LayoutOptions::new(rules).native_16bit(native16);
            prop_assert_eq!(
                layout_buffer(&shared, opts),
                layout_buffer(&separate, opts),
                "rules {:?}", rules
            );
        }
    }
}

/// One struct type used by many members, at offsets that differ in their
/// row position history: every instance gets its own absolute offsets.
#[test]
fn shared_struct_instances_get_their_own_offsets() {
    let light = Ty::structure(StructTy::new(
        "Light",
        vec![
            Field::new("pos", Ty::vector(Scalar::Float, 3)),
            Field::new("range", Ty::scalar(Scalar::Float)),
            Field::new("dir", Ty::vector(Scalar::Float, 2)),
        ],
    ));
    let decl = BufferDecl::new(
        "CB",
        BufferKind::CBuffer,
        vec![
            Field::new("a", light.clone()),
            Field::new("x", Ty::scalar(Scalar::Float)),
            Field::new("b", light.clone()),
            Field::new("arr", Ty::array(light, 2)),
        ],
    );
    let layout = layout_buffer(&decl, LayoutOptions::new(RuleSet::CBuffer)).expect("lays out");
    let starts: Vec<(String, u64, u64)> = layout
        .fields()
        .iter()
        .map(|f| (f.name.to_string(), f.node.offset.get(), f.node.size.get()))
        .collect();
    // Light: pos 0..12, range 12..16, dir 16..24 -> 24 bytes; `x` packs into
    // the row after `a` ends (byte 24), `b` starts the next row.
    assert_eq!(
        starts,
        vec![
            ("a".into(), 0, 24),
            ("x".into(), 24, 4),
            ("b".into(), 32, 24),
            ("arr".into(), 64, 56),
        ]
    );
    let dir_offsets: Vec<u64> = layout
        .fields()
        .iter()
        .filter_map(|f| match &f.node.kind {
            cblower_layout::NodeKind::Struct { fields, .. } => Some(fields[2].node.offset.get()),
            _ => None,
        })
        .collect();
    assert_eq!(dir_offsets, vec![16, 48]);
    let padding: Vec<(u64, u64)> = layout
        .padding()
        .iter()
        .map(|p| (p.offset.get(), p.size.get()))
        .collect();
    assert_eq!(padding, vec![(28, 4), (56, 8), (88, 8)]);
}

fn light() -> Ty {
    Ty::structure(StructTy::new(
        "Light",
        vec![
            Field::new("pos", Ty::vector(Scalar::Float, 3)),
            Field::new("range", Ty::scalar(Scalar::Float)),
        ],
    ))
}

/// A struct placed (with `vk::offset`) in the last row of the address range:
/// `pos` fits (ends 3 bytes short of the top) but rounding the next field's
/// row start overflows, reported against that field, whether or not the
/// struct type was already laid out for an earlier member.
#[test]
fn struct_at_the_top_of_the_range_overflows_like_the_first_instance() {
    let near_top = Placement::VkOffset(u64::MAX - 15);
    for rules in [RuleSet::CBuffer, RuleSet::Std430] {
        let first = BufferDecl::new(
            "CB",
            BufferKind::CBuffer,
            vec![Field::new("b", light()).with_placement(near_top)],
        );
        let ty = light();
        let reused = BufferDecl::new(
            "CB",
            BufferKind::CBuffer,
            vec![
                Field::new("a", ty.clone()).with_placement(Placement::VkOffset(0)),
                Field::new("b", ty).with_placement(near_top),
            ],
        );
        let opts = LayoutOptions::new(rules);
        let expected_name = if rules == RuleSet::CBuffer {
            "range"
        } else {
            "b"
        };
        // In `reused`, `a` (at 0) is laid out before `b`, so `b` finds the
        // struct's layout already computed.
        for (decl, member) in [(first, 0), (reused, 1)] {
            match layout_buffer(&decl, opts) {
                Err(cblower_layout::LayoutError::SizeOverflow { member: m, name }) => {
                    assert_eq!((m, &*name), (member, expected_name), "{rules:?}")
                }
                other => panic!("{rules:?}: expected an overflow, got {other:?}"),
            }
        }
    }
}
