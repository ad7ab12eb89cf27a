//! The engines lay out each struct type once per buffer and copy it for every
//! further instance (keyed by the `Arc` of the declaration), and a
//! [`BufferLayout`] stores each distinct member type once with one placement
//! per member. These properties pin that the reuse is invisible, errors
//! included, under every rule set: a buffer whose members share struct types
//! lays out exactly like the same buffer with every struct deep-copied into
//! its own `Arc` (so nothing is shared), and the compact layout's tree view
//! and accessors equal the tree computed member by member in place
//! ([`layout_buffer_tree`]).

#[path = "../benches/support/member_mix.rs"]
mod member_mix;
use member_mix::mixed_members;
use std::sync::Arc;

use cblower_layout::{
    layout_buffer, layout_buffer_tree, Alignment, BufferDecl, BufferKind, Clang22Target, Field,
    LayoutOptions, MatrixOrder, NodeKind, Placement, RuleSet, Scalar, Size, StructTy, Ty,
    WgslAddressSpace,
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
/// some of them close enough to `u64::MAX` that the layout overflows (or
/// just far enough that it does not).
fn members() -> impl Strategy<Value = Vec<Field>> {
    members_with(
        prop_oneof![
            8 => Just(None),
            1 => (0u64..4).prop_map(|r| Some(Placement::VkOffset(r * 16))),
            1 => (0u64..8).prop_map(|r| Some(Placement::VkOffset(u64::MAX - 15 - r * 16))),
        ]
        .boxed(),
        Just((None, None)).boxed(),
    )
}

/// Like [`members`], with every kind of explicit placement (`packoffset`,
/// including mid-row and overlapping ones, `register(c#)`, `vk::offset` low
/// and near `u64::MAX`) and WGSL `@align` / `@size` on some members.
fn placed_members() -> impl Strategy<Value = Vec<Field>> {
    let placement = prop_oneof![
        10 => Just(None),
        2 => (0u32..6, 0u8..4).prop_map(|(register, component)| Some(Placement::PackOffset {
            register,
            component,
        })),
        1 => (0u32..6).prop_map(|r| Some(Placement::ConstantRegister(r))),
        1 => (0u64..16).prop_map(|b| Some(Placement::VkOffset(b * 4))),
        1 => (0u64..24).prop_map(|r| Some(Placement::VkOffset(u64::MAX - 15 - r * 16))),
    ];
    let attrs = prop_oneof![
        6 => Just((None, None)),
        1 => (2u32..6).prop_map(|p| (Alignment::from_bytes(1 << p), None)),
        1 => (1u64..20).prop_map(|n| (None, Some(Size::bytes(n * 4)))),
    ];
    members_with(placement.boxed(), attrs.boxed())
}

type Attrs = (Option<Alignment>, Option<Size>);

fn members_with(
    placement: BoxedStrategy<Option<Placement>>,
    attrs: BoxedStrategy<Attrs>,
) -> impl Strategy<Value = Vec<Field>> {
    shared_types().prop_flat_map(move |types| {
        proptest::collection::vec(
            (
                proptest::sample::select(types),
                placement.clone(),
                attrs.clone(),
            ),
            1..=12,
        )
        .prop_map(|picked| {
            picked
                .into_iter()
                .enumerate()
                .map(|(i, (ty, at, (align, size)))| {
                    let mut f = Field::new(format!("m{i}"), ty);
                    f.placement = at;
                    f.align = align;
                    f.size = size;
                    f
                })
                .collect()
        })
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

/// Checks the compact layout of `decl` against the tree computed member by
/// member: the accessors first (they must not need the tree), then the tree
/// view itself; or, when the layout fails, the identical error.
fn check_against_tree(decl: &BufferDecl, opts: LayoutOptions) -> Result<(), TestCaseError> {
    let rules = opts.rules;
    match (layout_buffer(decl, opts), layout_buffer_tree(decl, opts)) {
        (Ok(layout), Ok((root, member_index))) => {
            let NodeKind::Struct { fields, .. } = &root.kind else {
                return Err(TestCaseError::fail("the tree's root is not a struct"));
            };
            prop_assert_eq!(layout.size(), root.size, "{:?}", rules);
            prop_assert_eq!(layout.align(), root.align, "{:?}", rules);
            prop_assert_eq!(layout.member_count(), fields.len(), "{:?}", rules);
            prop_assert_eq!(&layout.member_index, &member_index, "{:?}", rules);
            let mut padding = Vec::new();
            root.for_each_padding(&mut |p| padding.push(p));
            prop_assert_eq!(layout.padding(), padding, "{:?}", rules);
            for (m, f) in layout.members().zip(fields) {
                prop_assert_eq!(m.name(), &f.name, "{:?}", rules);
                prop_assert_eq!(m.ty(), &f.ty, "{:?}", rules);
                prop_assert_eq!(
                    (m.offset(), m.size(), m.align(), m.end()),
                    (f.node.offset, f.node.size, f.node.align, f.node.end()),
                    "{:?} {}",
                    rules,
                    f.name
                );
                prop_assert_eq!(&m.node(), &f.node, "{:?} {}", rules, f.name);
                prop_assert_eq!(decl.members[m.decl_index()].name.clone(), f.name.clone());
            }
            prop_assert_eq!(layout.root(), &root, "{:?}", rules);
            prop_assert_eq!(layout.fields(), fields.as_slice(), "{:?}", rules);
        }
        (Err(compact), Err(tree)) => {
            prop_assert_eq!(compact.to_string(), tree.to_string(), "{:?}", rules);
            prop_assert_eq!(compact, tree, "{:?}", rules);
        }
        (compact, tree) => {
            return Err(TestCaseError::fail(format!(
                "{rules:?}: compact {compact:?} but tree {tree:?}"
            )))
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(384))]

    #[test]
    fn compact_layout_equals_the_tree(
        members in placed_members(),
        native16 in any::<bool>(),
        kind in proptest::sample::select(vec![BufferKind::CBuffer, BufferKind::Globals]),
    ) {
        let decl = BufferDecl::new("CB", kind, members);
        for rules in RULES {
            check_against_tree(&decl, LayoutOptions::new(rules).native_16bit(native16))?;
        }
    }
}

/// The benchmark's buffer: every rule set gives the tree, and each of the
/// ten member types is laid out once however many members use it (WGSL's
/// uniform address space rejects the `float[3]` member: stride 4).
#[test]
fn bench_members_share_ten_type_layouts() {
    let decl = BufferDecl::new("Big", BufferKind::CBuffer, mixed_members(2000));
    for rules in RULES {
        let opts = LayoutOptions::new(rules);
        check_against_tree(&decl, opts).unwrap_or_else(|e| panic!("{rules:?}: {e}"));
        if rules == RuleSet::Wgsl(WgslAddressSpace::Uniform) {
            continue;
        }
        let layout = layout_buffer(&decl, opts).expect("lays out");
        assert_eq!(layout.types().len(), 10, "{rules:?}");
        assert_eq!(layout.member_count(), 2000, "{rules:?}");
    }
}

/// Members that cannot share their type's offset-0 layout get entries of
/// their own: a cbuffer struct within [`REUSE_MARGIN`] of `u64::MAX` (the
/// in-place computation reports the overflow) and a WGSL member whose
/// `@align` raises its type's alignment.
#[test]
fn members_that_cannot_share_get_their_own_type_entry() {
    let vec4 = Ty::vector(Scalar::Float, 4);
    let near_top = |name: &str| {
        Field::new(name, vec4.clone()).with_placement(Placement::VkOffset(u64::MAX - 31))
    };
    // `a` at 0 and `b` 32 bytes below the top share the float4 layout? No:
    // `b` is within the margin, so it is laid out in place.
    let decl = BufferDecl::new(
        "CB",
        BufferKind::CBuffer,
        vec![
            Field::new("a", vec4.clone()).with_placement(Placement::VkOffset(0)),
            near_top("b"),
        ],
    );
    let layout = layout_buffer(&decl, LayoutOptions::new(RuleSet::CBuffer)).expect("fits");
    assert_eq!(layout.types().len(), 2);
    assert_eq!(
        layout.types()[1].node.offset,
        Size::bytes(u64::MAX - 31),
        "laid out in place"
    );
    assert_eq!(
        layout.member(1).map(|m| m.end()),
        Some(Size::bytes(u64::MAX - 15))
    );
    assert_eq!(layout.size(), Size::bytes(u64::MAX - 15));

    let mut wide = Field::new("w", vec4.clone());
    wide.align = Alignment::from_bytes(64);
    let decl = BufferDecl::new(
        "B",
        BufferKind::CBuffer,
        vec![Field::new("a", vec4.clone()), wide, Field::new("c", vec4)],
    );
    let opts = LayoutOptions::new(RuleSet::Wgsl(WgslAddressSpace::Storage));
    let layout = layout_buffer(&decl, opts).expect("lays out");
    let summary: Vec<(u64, u64, usize)> = layout
        .members()
        .map(|m| (m.offset().get(), m.align().bytes(), m.type_id()))
        .collect();
    assert_eq!(summary, [(0, 16, 0), (64, 64, 1), (80, 16, 0)]);
    assert_eq!(layout.size(), Size::bytes(128));
    check_against_tree(&decl, opts).expect("same as the tree");
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
