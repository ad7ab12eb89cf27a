//! The aligned family of rule sets (structured, std140, std430, scalar, WGSL)
//! through the public API: exact offsets for the seed documents' examples and
//! classic cases, the WGSL uniform-buffer errors, and properties over random
//! types for every rule set.

use std::sync::Arc;

use cblower_layout::engine::{layout_buffer, layout_type};
use cblower_layout::{
    Alignment, BufferDecl, BufferKind, BufferLayout, Field, LayoutError, LayoutOptions,
    MatrixOrder, Node, NodeKind, PaddingReason, Placement, RuleSet, Scalar, Size, StructTy, Ty,
    WgslAddressSpace,
};
use proptest::prelude::*;

const STORAGE: RuleSet = RuleSet::Wgsl(WgslAddressSpace::Storage);
const UNIFORM: RuleSet = RuleSet::Wgsl(WgslAddressSpace::Uniform);

// ---------------------------------------------------------------- helpers --

fn f(name: &str, ty: Ty) -> Field {
    Field::new(name, ty)
}

fn sc(s: Scalar) -> Ty {
    Ty::scalar(s)
}

fn float() -> Ty {
    sc(Scalar::Float)
}

fn vec(s: Scalar, n: u8) -> Ty {
    Ty::vector(s, n)
}

fn strukt(name: &str, fields: Vec<Field>) -> StructTy {
    StructTy::new(name, fields)
}

fn strided(elem: Ty, len: u64, stride: u64) -> Ty {
    Ty::Array {
        elem: Arc::new(elem),
        len,
        stride: Some(Size::bytes(stride)),
    }
}

fn with_align(mut field: Field, n: u64) -> Field {
    field.align = Alignment::from_bytes(n);
    field
}

fn with_size(mut field: Field, n: u64) -> Field {
    field.size = Some(Size::bytes(n));
    field
}

fn vk_offset(field: Field, n: u64) -> Field {
    field.with_placement(Placement::VkOffset(n))
}

fn buffer(rules: RuleSet, members: Vec<Field>) -> Result<BufferLayout, LayoutError> {
    layout_buffer(
        &BufferDecl::new("B", BufferKind::CBuffer, members),
        LayoutOptions::new(rules),
    )
}

fn ok(rules: RuleSet, members: Vec<Field>) -> BufferLayout {
    buffer(rules, members).expect("layout succeeds")
}

/// The node at a dotted path (`inner.u`) below a struct node.
fn at<'a>(node: &'a Node, path: &str) -> &'a Node {
    path.split('.').fold(node, |n, name| match &n.kind {
        NodeKind::Struct { fields, .. } => {
            &fields
                .iter()
                .find(|fld| &*fld.name == name)
                .unwrap_or_else(|| panic!("no field {name}"))
                .node
        }
        other => panic!("{name}: not a struct: {other:?}"),
    })
}

fn off(node: &Node, path: &str) -> u64 {
    at(node, path).offset.get()
}

/// (offset, size, align) of a node.
fn osa(node: &Node) -> (u64, u64, u64) {
    (node.offset.get(), node.size.get(), node.align.bytes())
}

/// (count, stride, trailing_padding) of an array node (or a matrix's storage array).
fn array_shape(node: &Node) -> (u64, u64, bool) {
    match &node.kind {
        NodeKind::Array {
            count,
            stride,
            trailing_padding,
            ..
        } => (*count, stride.get(), *trailing_padding),
        NodeKind::Matrix { storage, .. } => array_shape(storage),
        other => panic!("not an array: {other:?}"),
    }
}

/// Every padding run under `node` as (offset, size, reason).
fn pads(node: &Node) -> Vec<(u64, u64, PaddingReason)> {
    let mut out = Vec::new();
    node.for_each_padding(&mut |p| out.push((p.offset.get(), p.size.get(), p.reason)));
    out
}

fn offsets(node: &Node, names: &[&str]) -> Vec<u64> {
    names.iter().map(|n| off(node, n)).collect()
}

fn wgsl_rule(err: LayoutError) -> (usize, String, String) {
    match err {
        LayoutError::Wgsl { member, name, rule } => (member, name.to_string(), rule),
        other => panic!("expected a WGSL error, got {other:?}"),
    }
}

// ------------------------------------------------------------ structured --

#[test]
fn structured_example_sb() {
    let inner = strukt(
        "Inner_t",
        vec![
            f("start", float()),
            f("lorg", sc(Scalar::Double)),
            f("u", Ty::array(sc(Scalar::Uint16), 2)),
        ],
    );
    let example = Ty::structure(strukt(
        "ExampleSB",
        vec![
            f("before", float()),
            f("inner", Ty::structure(inner)),
            f("after", float()),
        ],
    ));
    let node = layout_type(&example, LayoutOptions::new(RuleSet::Structured)).unwrap();
    assert_eq!(osa(&node), (0, 40, 8));
    assert_eq!(off(&node, "before"), 0);
    assert_eq!(osa(at(&node, "inner")), (8, 24, 8));
    assert_eq!(
        offsets(&node, &["inner.start", "inner.lorg", "inner.u", "after"]),
        [8, 16, 24, 32]
    );
    let u = at(&node, "inner.u");
    assert_eq!(array_shape(u), (2, 2, false));
    assert_eq!(u.element(1).unwrap().offset, Size::bytes(26));
    assert_eq!(
        pads(&node),
        [
            (4, 4, PaddingReason::StructStart),
            (12, 4, PaddingReason::Alignment),
            (28, 4, PaddingReason::Tail),
            (36, 4, PaddingReason::Tail),
        ]
    );
}

#[test]
fn structured_vectors_align_to_component() {
    // float f1; float3 vec; uint3 other_vec; float f2; float16_t smol; int2 intvec;
    let members = vec![
        f("f1", float()),
        f("vec", vec(Scalar::Float, 3)),
        f("other_vec", vec(Scalar::Uint, 3)),
        f("f2", float()),
        f("smol", sc(Scalar::Float16)),
        f("intvec", vec(Scalar::Int, 2)),
    ];
    let l = ok(RuleSet::Structured, members);
    assert_eq!(
        offsets(
            l.root(),
            &["f1", "vec", "other_vec", "f2", "smol", "intvec"]
        ),
        [0, 4, 16, 28, 32, 36]
    );
    assert_eq!(osa(l.root()), (0, 44, 4));
    assert_eq!(pads(l.root()), [(34, 2, PaddingReason::Alignment)]);
}

#[test]
fn structured_matrix_is_tight_array_of_vectors() {
    let m = Ty::matrix(Scalar::Float, 2, 3, MatrixOrder::ColumnMajor);
    let node = layout_type(&m, LayoutOptions::new(RuleSet::Structured)).unwrap();
    assert_eq!(osa(&node), (0, 24, 4));
    assert_eq!(array_shape(&node), (3, 8, false));
}

// ---------------------------------------------------- std140/std430/scalar --

fn abc() -> Vec<Field> {
    vec![
        f("a", float()),
        f("b", vec(Scalar::Float, 3)),
        f("c", float()),
    ]
}

#[test]
fn std140_vec3_takes_vec4_alignment_and_scalar_packs_after_it() {
    for (rules, want, size) in [
        (RuleSet::Std140, [0, 16, 28], 32),
        (RuleSet::Std430, [0, 16, 28], 32),
        (RuleSet::Scalar, [0, 4, 16], 20),
        (RuleSet::Structured, [0, 4, 16], 20),
    ] {
        let l = ok(rules, abc());
        assert_eq!(offsets(l.root(), &["a", "b", "c"]), want, "{rules:?}");
        assert_eq!(l.size().get(), size, "{rules:?}");
    }
    let l = ok(RuleSet::Std140, abc());
    assert_eq!(osa(at(l.root(), "b")), (16, 12, 16));
    assert_eq!(pads(l.root()), [(4, 12, PaddingReason::Alignment)]);
}

#[test]
fn std140_vec2_aligns_to_twice_its_component() {
    let members = || {
        vec![
            f("a", float()),
            f("b", vec(Scalar::Float, 2)),
            f("c", vec(Scalar::Float, 4)),
        ]
    };
    assert_eq!(
        offsets(ok(RuleSet::Std140, members()).root(), &["a", "b", "c"]),
        [0, 8, 16]
    );
    assert_eq!(
        offsets(ok(RuleSet::Std430, members()).root(), &["a", "b", "c"]),
        [0, 8, 16]
    );
    assert_eq!(
        offsets(ok(RuleSet::Scalar, members()).root(), &["a", "b", "c"]),
        [0, 4, 12]
    );
}

#[test]
fn std140_scalar_array_stride_16_std430_tight() {
    let members = || vec![f("arr", Ty::array(float(), 3)), f("after", float())];
    let l = ok(RuleSet::Std140, members());
    let arr = at(l.root(), "arr");
    assert_eq!(osa(arr), (0, 48, 16));
    assert_eq!(array_shape(arr), (3, 16, true));
    assert_eq!(off(l.root(), "after"), 48);
    assert_eq!(
        pads(l.root()),
        [
            (4, 12, PaddingReason::ArrayElement),
            (20, 12, PaddingReason::ArrayElement),
            (36, 12, PaddingReason::ArrayElement),
            (52, 12, PaddingReason::Tail),
        ]
    );
    for rules in [RuleSet::Std430, RuleSet::Scalar, RuleSet::Structured] {
        let l = ok(rules, members());
        let arr = at(l.root(), "arr");
        assert_eq!(osa(arr), (0, 12, 4), "{rules:?}");
        assert_eq!(array_shape(arr), (3, 4, false), "{rules:?}");
        assert_eq!(off(l.root(), "after"), 12, "{rules:?}");
    }
}

#[test]
fn std430_vec3_array_stride_16_scalar_12() {
    let members = || vec![f("p", Ty::array(vec(Scalar::Float, 3), 2))];
    assert_eq!(
        array_shape(at(ok(RuleSet::Std430, members()).root(), "p")),
        (2, 16, true)
    );
    assert_eq!(
        array_shape(at(ok(RuleSet::Scalar, members()).root(), "p")),
        (2, 12, false)
    );
    let vec2s = vec![f("q", Ty::array(vec(Scalar::Float, 2), 3))];
    let l = ok(RuleSet::Std430, vec2s.clone());
    assert_eq!(
        (osa(at(l.root(), "q")), array_shape(at(l.root(), "q"))),
        ((0, 24, 8), (3, 8, false))
    );
    let l = ok(RuleSet::Std140, vec2s);
    assert_eq!(
        (osa(at(l.root(), "q")), array_shape(at(l.root(), "q"))),
        ((0, 48, 16), (3, 16, true))
    );
}

#[test]
fn std140_struct_rounded_to_16() {
    let s = || Ty::structure(strukt("S", vec![f("x", float())]));
    let members = || vec![f("s", s()), f("y", float())];
    let l = ok(RuleSet::Std140, members());
    assert_eq!(osa(at(l.root(), "s")), (0, 16, 16));
    assert_eq!(off(l.root(), "y"), 16);
    assert_eq!(
        pads(l.root()),
        [(4, 12, PaddingReason::Tail), (20, 12, PaddingReason::Tail)]
    );
    let l = ok(RuleSet::Std430, members());
    assert_eq!(osa(at(l.root(), "s")), (0, 4, 4));
    assert_eq!(off(l.root(), "y"), 4);
    // A struct after a scalar starts at its 16-byte alignment in std140.
    let l = ok(RuleSet::Std140, vec![f("y", float()), f("s", s())]);
    assert_eq!(off(l.root(), "s"), 16);
    assert_eq!(pads(l.root())[0], (4, 12, PaddingReason::StructStart));
    // An array of structs: stride = the rounded struct size.
    let l = ok(
        RuleSet::Std140,
        vec![f("arr", Ty::array(s(), 2)), f("z", float())],
    );
    assert_eq!(array_shape(at(l.root(), "arr")), (2, 16, false));
    assert_eq!(off(l.root(), "z"), 32);
}

#[test]
fn std140_float2x3_column_major_is_three_columns_stride_16() {
    let m = |order| {
        vec![
            f("m", Ty::matrix(Scalar::Float, 2, 3, order)),
            f("after", float()),
        ]
    };
    let l = ok(RuleSet::Std140, m(MatrixOrder::ColumnMajor));
    let node = at(l.root(), "m");
    assert_eq!(osa(node), (0, 48, 16));
    assert_eq!(array_shape(node), (3, 16, true));
    match &node.kind {
        NodeKind::Matrix { storage, .. } => match &storage.kind {
            NodeKind::Array { element, .. } => {
                assert_eq!(
                    element.kind,
                    NodeKind::Vector {
                        scalar: Scalar::Float,
                        len: 2
                    }
                )
            }
            other => panic!("{other:?}"),
        },
        other => panic!("{other:?}"),
    }
    assert_eq!(off(l.root(), "after"), 48);
    let l = ok(RuleSet::Std430, m(MatrixOrder::ColumnMajor));
    assert_eq!(
        (osa(at(l.root(), "m")), array_shape(at(l.root(), "m"))),
        ((0, 24, 8), (3, 8, false))
    );
    let l = ok(RuleSet::Scalar, m(MatrixOrder::ColumnMajor));
    assert_eq!(
        (osa(at(l.root(), "m")), array_shape(at(l.root(), "m"))),
        ((0, 24, 4), (3, 8, false))
    );
}

#[test]
fn std140_float2x3_row_major_is_two_rows_stride_16() {
    let l = ok(
        RuleSet::Std140,
        vec![f(
            "m",
            Ty::matrix(Scalar::Float, 2, 3, MatrixOrder::RowMajor),
        )],
    );
    assert_eq!(osa(at(l.root(), "m")), (0, 32, 16));
    assert_eq!(array_shape(at(l.root(), "m")), (2, 16, true));
    let l = ok(
        RuleSet::Std430,
        vec![f(
            "m",
            Ty::matrix(Scalar::Float, 2, 3, MatrixOrder::RowMajor),
        )],
    );
    assert_eq!(array_shape(at(l.root(), "m")), (2, 16, true));
    assert_eq!(osa(at(l.root(), "m")), (0, 32, 16));
}

#[test]
fn std140_single_vector_matrix_is_a_plain_vector() {
    // float3x1 column-major: one column of three; float1x3: DXC makes it a float3.
    for (rows, cols) in [(3, 1), (1, 3)] {
        let l = ok(
            RuleSet::Std140,
            vec![
                f(
                    "m",
                    Ty::matrix(Scalar::Float, rows, cols, MatrixOrder::ColumnMajor),
                ),
                f("x", float()),
            ],
        );
        let m = at(l.root(), "m");
        assert_eq!(osa(m), (0, 12, 16));
        match &m.kind {
            NodeKind::Matrix { storage, .. } => {
                assert_eq!(
                    storage.kind,
                    NodeKind::Vector {
                        scalar: Scalar::Float,
                        len: 3
                    }
                )
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(off(l.root(), "x"), 12);
    }
}

#[test]
fn std140_double3_aligns_to_32() {
    let members = || {
        vec![
            f("a", float()),
            f("d", vec(Scalar::Double, 3)),
            f("b", float()),
        ]
    };
    let l = ok(RuleSet::Std140, members());
    assert_eq!(osa(at(l.root(), "d")), (32, 24, 32));
    assert_eq!(off(l.root(), "b"), 56);
    assert_eq!(osa(l.root()), (0, 64, 32));
    let l = ok(RuleSet::Scalar, members());
    assert_eq!(osa(at(l.root(), "d")), (8, 24, 8));
    assert_eq!(off(l.root(), "b"), 32);
    assert_eq!(osa(l.root()), (0, 40, 8));
}

#[test]
fn std140_buffer_root_rounded_like_a_struct() {
    let l = ok(RuleSet::Std140, vec![f("x", float())]);
    assert_eq!(osa(l.root()), (0, 16, 16));
    assert_eq!(l.padding().len(), 1);
    assert_eq!(pads(l.root()), [(4, 12, PaddingReason::Tail)]);
    let l = ok(RuleSet::Std430, vec![f("x", float())]);
    assert_eq!(osa(l.root()), (0, 4, 4));
}

#[test]
fn half_sizes_follow_native_16bit() {
    let members = || vec![f("h", vec(Scalar::Half, 3)), f("x", sc(Scalar::Half))];
    let wide = layout_buffer(
        &BufferDecl::new("B", BufferKind::CBuffer, members()),
        LayoutOptions::new(RuleSet::Std140),
    )
    .unwrap();
    assert_eq!(
        (osa(at(wide.root(), "h")), off(wide.root(), "x")),
        ((0, 12, 16), 12)
    );
    let narrow = layout_buffer(
        &BufferDecl::new("B", BufferKind::CBuffer, members()),
        LayoutOptions::new(RuleSet::Std140).native_16bit(true),
    )
    .unwrap();
    assert_eq!(
        (osa(at(narrow.root(), "h")), off(narrow.root(), "x")),
        ((0, 6, 8), 6)
    );
    let scalar = layout_buffer(
        &BufferDecl::new("B", BufferKind::CBuffer, members()),
        LayoutOptions::new(RuleSet::Scalar).native_16bit(true),
    )
    .unwrap();
    assert_eq!(
        (osa(at(scalar.root(), "h")), off(scalar.root(), "x")),
        ((0, 6, 2), 6)
    );
    // bool is 4 bytes everywhere.
    let l = ok(
        RuleSet::Scalar,
        vec![f("b", sc(Scalar::Bool)), f("c", sc(Scalar::Bool))],
    );
    assert_eq!(off(l.root(), "c"), 4);
}

// --------------------------------------------------------------- vk::offset --

#[test]
fn vk_offset_places_member_exactly() {
    // DXC applies vk::offset in declaration order (LowerTypeVisitor's
    // populateLayoutInformation never sorts by it): a 0, b exactly at 16,
    // then c after b.
    let members = vec![
        f("a", float()),
        vk_offset(f("b", float()), 16),
        f("c", vec(Scalar::Float, 2)),
    ];
    let l = ok(RuleSet::Std430, members);
    assert_eq!(offsets(l.root(), &["a", "b", "c"]), [0, 16, 24]);
    assert_eq!(l.member_index, [0, 1, 2]);
    assert_eq!(
        pads(l.root()),
        [
            (4, 12, PaddingReason::ExplicitOffset),
            (20, 4, PaddingReason::Alignment)
        ]
    );
    // A later member placed before an earlier one is not moved in front of
    // it: it is an error (DXC would write overlapping offsets).
    let err = buffer(
        RuleSet::Std430,
        vec![
            vk_offset(f("a", float()), 16),
            vk_offset(f("b", float()), 0),
        ],
    )
    .unwrap_err();
    assert_eq!(
        err,
        LayoutError::ExplicitOffsetBackwards {
            member: 1,
            name: "b".into(),
            offset: Size::bytes(0),
            previous_end: Size::bytes(20),
        }
    );
    // Inside a nested struct the offset is relative to the struct.
    let s = Ty::structure(strukt(
        "S",
        vec![vk_offset(f("x", float()), 0), vk_offset(f("y", float()), 8)],
    ));
    let l = ok(RuleSet::Scalar, vec![f("pre", float()), f("s", s)]);
    assert_eq!(offsets(l.root(), &["s", "s.x", "s.y"]), [4, 4, 12]);
    assert_eq!(pads(l.root()), [(8, 4, PaddingReason::ExplicitOffset)]);
    // Nested fields keep their declaration order too.
    let s = Ty::structure(strukt(
        "S",
        vec![f("x", float()), vk_offset(f("y", float()), 8)],
    ));
    let node = layout_type(&s, LayoutOptions::new(RuleSet::Scalar)).unwrap();
    assert_eq!(offsets(&node, &["x", "y"]), [0, 8]);
    assert_eq!(osa(&node), (0, 12, 4));
}

#[test]
fn vk_offset_errors_backwards_and_misaligned() {
    let err = buffer(
        RuleSet::Scalar,
        vec![vk_offset(f("a", float()), 0), vk_offset(f("b", float()), 2)],
    )
    .unwrap_err();
    assert_eq!(
        err,
        LayoutError::ExplicitOffsetBackwards {
            member: 1,
            name: "b".into(),
            offset: Size::bytes(2),
            previous_end: Size::bytes(4),
        }
    );
    let misaligned = || vec![vk_offset(f("v", vec(Scalar::Float, 4)), 4)];
    assert_eq!(
        buffer(RuleSet::Std140, misaligned()).unwrap_err(),
        LayoutError::PackOffsetMisaligned {
            member: 0,
            name: "v".into(),
            offset: Size::bytes(4),
            align: 16,
        }
    );
    // The same offset is fine where a float4 only needs 4-byte alignment.
    assert_eq!(ok(RuleSet::Scalar, misaligned()).size().get(), 20);
    let nested = Ty::structure(strukt(
        "S",
        vec![vk_offset(f("x", float()), 0), vk_offset(f("y", float()), 2)],
    ));
    assert_eq!(
        buffer(RuleSet::Std430, vec![f("first", float()), f("s", nested)]).unwrap_err(),
        LayoutError::ExplicitOffsetBackwards {
            member: 1,
            name: "y".into(),
            offset: Size::bytes(2),
            previous_end: Size::bytes(4),
        }
    );
}

// ------------------------------------------------------- overflow, errors --

#[test]
fn huge_arrays_overflow_instead_of_wrapping() {
    for rules in [
        RuleSet::Structured,
        RuleSet::Std140,
        RuleSet::Std430,
        RuleSet::Scalar,
        STORAGE,
        UNIFORM,
    ] {
        let huge = Ty::array(vec(Scalar::Float, 4), u64::MAX / 8);
        let err = buffer(rules, vec![f("ok", float()), f("huge", huge)]).unwrap_err();
        assert_eq!(
            err,
            LayoutError::SizeOverflow {
                member: 1,
                name: "huge".into()
            },
            "{rules:?}"
        );
        let nested = Ty::array(Ty::array(float(), 1 << 40), 1 << 40);
        assert!(matches!(
            buffer(rules, vec![f("n", nested)]),
            Err(LayoutError::SizeOverflow { member: 0, .. })
        ));
        // Fits on its own, but not after another member.
        let edge = Ty::array(vec(Scalar::Uint, 4), (u64::MAX - 15) / 16);
        assert!(
            buffer(rules, vec![f("e", edge.clone())]).is_ok(),
            "{rules:?}"
        );
        let err = buffer(rules, vec![f("pre", vec(Scalar::Float, 4)), f("e", edge)]).unwrap_err();
        assert!(
            matches!(err, LayoutError::SizeOverflow { member: 1, .. }),
            "{rules:?} {err:?}"
        );
        // Rounding the end up to the struct's alignment overflows too.
        let last = vk_offset(f("last", float()), u64::MAX - 7);
        let rounded = buffer(rules, vec![last]);
        if rules == RuleSet::Std140 {
            assert_eq!(
                rounded.unwrap_err(),
                LayoutError::SizeOverflow {
                    member: 0,
                    name: "last".into()
                }
            );
        } else {
            assert_eq!(rounded.unwrap().size().get(), u64::MAX - 3, "{rules:?}");
        }
        let far = vk_offset(f("far", float()), u64::MAX - 3);
        assert!(matches!(
            buffer(rules, vec![far]),
            Err(LayoutError::SizeOverflow { member: 0, .. })
        ));
    }
}

#[test]
fn bad_vector_lengths_are_errors() {
    for ty in [
        vec(Scalar::Float, 0),
        vec(Scalar::Float, 5),
        Ty::matrix(Scalar::Float, 5, 2, MatrixOrder::ColumnMajor),
        Ty::matrix(Scalar::Float, 2, 0, MatrixOrder::RowMajor),
    ] {
        for rules in [
            RuleSet::Structured,
            RuleSet::Std140,
            RuleSet::Std430,
            RuleSet::Scalar,
            STORAGE,
        ] {
            assert!(
                matches!(
                    layout_type(&ty, LayoutOptions::new(rules)),
                    Err(LayoutError::BadVectorLength { .. })
                ),
                "{ty:?} {rules:?}"
            );
        }
    }
}

#[test]
fn unstored_types_laid_out_directly_are_empty_not_panics() {
    // `layout_type` does not filter; zero-length arrays and resources give
    // zero-sized nodes.
    let texture = Ty::Resource(cblower_layout::ResourceTy {
        name: "Texture2D<float4>".into(),
    });
    for rules in ALL_RULES {
        let opts = LayoutOptions::new(rules);
        assert_eq!(
            layout_type(&Ty::array(vec(Scalar::Float, 4), 0), opts)
                .unwrap()
                .size,
            Size::ZERO
        );
        assert_eq!(layout_type(&texture, opts).unwrap().size, Size::ZERO);
    }
}

// ------------------------------------------------------------------- WGSL --

fn vec2f() -> Ty {
    vec(Scalar::Float, 2)
}

fn vec3f() -> Ty {
    vec(Scalar::Float, 3)
}

/// Seed 004's `struct A { u: f32, v: f32, w: vec2<f32>, x: f32 }`.
fn struct_a_fields() -> Vec<Field> {
    vec![
        f("u", float()),
        f("v", float()),
        f("w", vec2f()),
        f("x", float()),
    ]
}

fn struct_a() -> StructTy {
    strukt("A", struct_a_fields())
}

/// Seed 004's `struct B`, with `e: A` and `g: @stride(g_stride) array<G, 3>`.
fn struct_b_fields(e: Field, g_elem: Ty, g_stride: u64) -> Vec<Field> {
    vec![
        f("a", vec2f()),
        f("b", vec3f()),
        f("c", float()),
        f("d", float()),
        e,
        f("f", vec3f()),
        f("g", strided(g_elem, 3, g_stride)),
        f("h", float()),
    ]
}

fn default_b_fields() -> Vec<Field> {
    struct_b_fields(
        f("e", Ty::structure(struct_a())),
        Ty::structure(struct_a()),
        24,
    )
}

const B_NAMES: [&str; 8] = ["a", "b", "c", "d", "e", "f", "g", "h"];

#[test]
fn wgsl_struct_a_default() {
    let node = layout_type(&Ty::structure(struct_a()), LayoutOptions::new(STORAGE)).unwrap();
    assert_eq!(osa(&node), (0, 24, 8));
    assert_eq!(offsets(&node, &["u", "v", "w", "x"]), [0, 4, 8, 16]);
    assert_eq!(osa(at(&node, "w")), (8, 8, 8));
    assert_eq!(pads(&node), [(20, 4, PaddingReason::Tail)]);
}

#[test]
fn wgsl_struct_b_default() {
    let b = Ty::structure(strukt("B", default_b_fields()));
    let node = layout_type(&b, LayoutOptions::new(STORAGE)).unwrap();
    assert_eq!(osa(&node), (0, 160, 16));
    assert_eq!(offsets(&node, &B_NAMES), [0, 16, 28, 32, 40, 64, 80, 152]);
    assert_eq!(osa(at(&node, "b")), (16, 12, 16));
    assert_eq!(osa(at(&node, "e")), (40, 24, 8));
    assert_eq!(osa(at(&node, "f")), (64, 12, 16));
    let g = at(&node, "g");
    assert_eq!(osa(g), (80, 72, 8));
    assert_eq!(array_shape(g), (3, 24, false));
    assert_eq!(g.element(2).unwrap().offset.get(), 128);
    // Seed 004 prints a 12-byte gap after d; d ends at 36 and A aligns to 8,
    // so the gap is 4 bytes (e at 40, as the seed itself says).
    assert_eq!(
        pads(&node),
        [
            (8, 8, PaddingReason::Alignment),
            (36, 4, PaddingReason::StructStart),
            (60, 4, PaddingReason::Tail),
            (76, 4, PaddingReason::Alignment),
            (100, 4, PaddingReason::Tail),
            (124, 4, PaddingReason::Tail),
            (148, 4, PaddingReason::Tail),
            (156, 4, PaddingReason::Tail),
        ]
    );
    // The same members as a storage buffer's: identical offsets.
    let l = ok(STORAGE, default_b_fields());
    assert_eq!(
        offsets(l.root(), &B_NAMES),
        [0, 16, 28, 32, 40, 64, 80, 152]
    );
    assert_eq!(osa(l.root()), (0, 160, 16));
}

#[test]
fn wgsl_uniform_errors_struct_b() {
    // 1. e: A at 40 is not 16-aligned.
    let err = buffer(UNIFORM, default_b_fields()).unwrap_err();
    assert_eq!(err.member(), 4);
    assert_eq!(
        err.to_string(),
        "'e': struct member 'e' at byte offset 40: uniform buffers require structures to start at a multiple of 16"
    );
    // 2. Moving e to 48 leaves A's 24-byte size.
    let aligned_e = struct_b_fields(
        with_align(f("e", Ty::structure(struct_a())), 16),
        Ty::structure(struct_a()),
        24,
    );
    assert_eq!(
        wgsl_rule(buffer(UNIFORM, aligned_e).unwrap_err()),
        (
            4,
            "e".to_string(),
            "struct member 'e' has type A of size 24: uniform buffers require structure sizes to be a multiple of 16"
                .to_string()
        )
    );
    // 3. With e fixed, g's stride of 24 is next.
    let mut a_fixed = struct_a();
    a_fixed.align = Alignment::from_bytes(16);
    a_fixed.size = Some(Size::bytes(32));
    let stride_24 = struct_b_fields(
        f("e", Ty::structure(a_fixed)),
        Ty::structure(struct_a()),
        24,
    );
    assert_eq!(
        wgsl_rule(buffer(UNIFORM, stride_24).unwrap_err()),
        (
            6,
            "g".to_string(),
            "array 'g' has stride 24: uniform buffers require array strides that are a multiple of 16".to_string()
        )
    );
    // 4. A 16-byte stride over 24-byte elements is rejected for the stride itself.
    let too_small = vec![f("g", strided(Ty::structure(struct_a()), 3, 16))];
    let (_, _, rule) = wgsl_rule(buffer(STORAGE, too_small).unwrap_err());
    assert_eq!(
        rule,
        "@stride(16) on an array of A is smaller than the element size 24"
    );
    // Storage buffers accept the default B.
    assert!(buffer(STORAGE, default_b_fields()).is_ok());
}

#[test]
fn wgsl_uniform_arrays_start_at_16_and_elements_sized_16() {
    let start = vec![f("x", float()), f("arr", strided(float(), 2, 16))];
    assert_eq!(
        wgsl_rule(buffer(UNIFORM, start.clone()).unwrap_err()).2,
        "array 'arr' at byte offset 4: uniform buffers require arrays to start at a multiple of 16"
    );
    assert_eq!(osa(at(ok(STORAGE, start).root(), "arr")), (4, 32, 4));
    let elems = vec![f("arr", strided(Ty::structure(struct_a()), 2, 32))];
    assert_eq!(
        wgsl_rule(buffer(UNIFORM, elems).unwrap_err()).2,
        "array 'arr' has elements of type A of size 24: uniform buffers require structure sizes to be a multiple of 16"
    );
    let inner = vec![f("m", Ty::array(Ty::array(float(), 2), 2))];
    assert_eq!(
        wgsl_rule(buffer(UNIFORM, inner).unwrap_err()).2,
        "array 'm' has stride 8: uniform buffers require array strides that are a multiple of 16"
    );
    // Nested errors name the inner field and report the outer member.
    let holder = Ty::structure(strukt(
        "H",
        vec![f("x", float()), f("inner", Ty::structure(struct_a()))],
    ));
    let (member, name, rule) = wgsl_rule(
        buffer(
            UNIFORM,
            vec![f("pre", vec(Scalar::Float, 4)), f("h", holder)],
        )
        .unwrap_err(),
    );
    assert_eq!((member, name.as_str()), (1, "h"));
    assert_eq!(
        rule,
        "struct member 'inner' at byte offset 8: uniform buffers require structures to start at a multiple of 16"
    );
}

fn assert_fixed_b(node: &Node) {
    assert_eq!(osa(node), (0, 208, 16));
    assert_eq!(offsets(node, &B_NAMES), [0, 16, 28, 32, 48, 80, 96, 192]);
    let g = at(node, "g");
    assert_eq!(osa(g).0, 96);
    assert_eq!(g.size.get(), 96);
    assert_eq!(array_shape(g).1, 32);
    assert_eq!(g.element(2).unwrap().offset.get(), 160);
}

#[test]
fn wgsl_fix_align_size_on_struct() {
    let mut a = struct_a();
    a.align = Alignment::from_bytes(16);
    a.size = Some(Size::bytes(32));
    let a = Ty::structure(a);
    let a_node = layout_type(&a, LayoutOptions::new(STORAGE)).unwrap();
    assert_eq!(osa(&a_node), (0, 32, 16));
    assert_eq!(pads(&a_node), [(20, 12, PaddingReason::Tail)]);
    let fields = struct_b_fields(f("e", a.clone()), a, 32);
    let mut b = strukt("B", fields.clone());
    b.align = Alignment::from_bytes(16);
    b.size = Some(Size::bytes(208));
    let node = layout_type(&Ty::structure(b), LayoutOptions::new(UNIFORM)).unwrap();
    assert_fixed_b(&node);
    assert_eq!(osa(at(&node, "e")), (48, 32, 16));
    assert_eq!(osa(at(&node, "g")).2, 16);
    assert_eq!(pads(&node).last(), Some(&(196, 12, PaddingReason::Tail)));
    // As a uniform buffer's members: accepted, same offsets.
    assert_fixed_b(ok(UNIFORM, fields).root());
    // A struct's own @align / @size may not go below what its fields need.
    let mut low = struct_a();
    low.align = Alignment::from_bytes(4);
    let (_, _, rule) =
        wgsl_rule(layout_type(&Ty::structure(low), LayoutOptions::new(STORAGE)).unwrap_err());
    assert_eq!(
        rule,
        "@align(4) on struct A is smaller than the alignment 8 of its fields"
    );
    let mut small = struct_a();
    small.size = Some(Size::bytes(16));
    let (_, _, rule) =
        wgsl_rule(layout_type(&Ty::structure(small), LayoutOptions::new(STORAGE)).unwrap_err());
    assert_eq!(
        rule,
        "@size(16) on struct A is smaller than the end of its last field at 20"
    );
}

#[test]
fn wgsl_fix_align_size_on_fields() {
    let mut a_fields = struct_a_fields();
    a_fields[3] = with_size(f("x", float()), 16);
    let a = Ty::structure(strukt("A", a_fields));
    let a_node = layout_type(&a, LayoutOptions::new(STORAGE)).unwrap();
    assert_eq!(osa(&a_node), (0, 32, 8));
    assert_eq!(osa(at(&a_node, "x")), (16, 4, 4));
    assert_eq!(pads(&a_node), [(20, 12, PaddingReason::FieldSize)]);
    let fields = struct_b_fields(with_align(f("e", a.clone()), 16), a, 32);
    let l = ok(UNIFORM, fields.clone());
    assert_fixed_b(l.root());
    // The field's @align(16) is the node's alignment; g keeps A's 8.
    assert_eq!(osa(at(l.root(), "e")), (48, 32, 16));
    assert_eq!(osa(at(l.root(), "g")), (96, 96, 8));
    assert_fixed_b(
        &layout_type(
            &Ty::structure(strukt("B", fields)),
            LayoutOptions::new(STORAGE),
        )
        .unwrap(),
    );
    // @align / @size may not shrink a field.
    let shrink = vec![with_size(f("v", vec(Scalar::Float, 4)), 8)];
    assert_eq!(
        wgsl_rule(buffer(STORAGE, shrink).unwrap_err()).2,
        "@size(8) on field 'v' is smaller than the size 16 of its type float4"
    );
    let shrink = vec![with_align(f("v", vec(Scalar::Float, 4)), 4)];
    assert_eq!(
        wgsl_rule(buffer(STORAGE, shrink).unwrap_err()).2,
        "@align(4) on field 'v' is smaller than the alignment 16 of its type float4"
    );
}

#[test]
fn wgsl_fix_padding_fields() {
    // Seed 004's fix 3 pads A with `_ : array<f32, 3>`. Its listing keeps B
    // unchanged yet puts e at 48; with A aligned to 8 that needs a padding
    // field in B as well, so B gets `_pad0 : array<f32, 3>` after d.
    let pad = |name: &str| f(name, Ty::array(float(), 3));
    let mut a_fields = struct_a_fields();
    a_fields.push(pad("_"));
    let a = Ty::structure(strukt("A", a_fields));
    let mut fields = struct_b_fields(f("e", a.clone()), a, 32);
    fields.insert(4, pad("_pad0"));
    let l = ok(STORAGE, fields.clone());
    assert_fixed_b(l.root());
    assert_eq!(off(l.root(), "_pad0"), 36);
    assert_eq!(osa(at(l.root(), "e")), (48, 32, 8));
    assert_eq!(off(l.root(), "e._"), 68);
    assert!(pads(at(l.root(), "e")).is_empty());
    // Uniform buffers reject `array<f32, 3>` padding (stride 4, and here not
    // even 16-aligned)...
    assert_eq!(
        wgsl_rule(buffer(UNIFORM, fields).unwrap_err()).2,
        "array '_pad0' at byte offset 36: uniform buffers require arrays to start at a multiple of 16"
    );
    // ...but accept three scalar padding fields with the same offsets.
    let pads3 = |p: &str| {
        (0..3)
            .map(|i| f(&format!("{p}{i}"), float()))
            .collect::<Vec<_>>()
    };
    let mut a_fields = struct_a_fields();
    a_fields.extend(pads3("_a"));
    let a = Ty::structure(strukt("A", a_fields));
    let mut fields = struct_b_fields(f("e", a.clone()), a, 32);
    for (i, p) in pads3("_b").into_iter().enumerate() {
        fields.insert(4 + i, p);
    }
    assert_fixed_b(ok(UNIFORM, fields).root());
}

#[test]
fn wgsl_default_sizes_table() {
    let opts = LayoutOptions::new(STORAGE);
    let sa = |ty: Ty| {
        let n = layout_type(&ty, opts).unwrap();
        (n.size.get(), n.align.bytes())
    };
    assert_eq!(sa(float()), (4, 4));
    assert_eq!(sa(sc(Scalar::Int)), (4, 4));
    assert_eq!(sa(sc(Scalar::Bool)), (4, 4));
    assert_eq!(sa(sc(Scalar::Float16)), (2, 2));
    assert_eq!(sa(vec2f()), (8, 8));
    assert_eq!(sa(vec3f()), (12, 16));
    assert_eq!(sa(vec(Scalar::Float, 4)), (16, 16));
    assert_eq!(sa(vec(Scalar::Float16, 3)), (6, 8));
    // WGSL matCxR = HLSL R rows x C columns, column-major.
    for (c, r, size, align) in [
        (2, 2, 16, 8),
        (3, 2, 24, 8),
        (4, 2, 32, 8),
        (2, 3, 32, 16),
        (3, 3, 48, 16),
        (4, 3, 64, 16),
        (2, 4, 32, 16),
        (3, 4, 48, 16),
        (4, 4, 64, 16),
    ] {
        assert_eq!(
            sa(Ty::matrix(Scalar::Float, r, c, MatrixOrder::ColumnMajor)),
            (size, align),
            "mat{c}x{r}"
        );
    }
    // Default stride: the element size rounded up to its alignment.
    let n = layout_type(&Ty::array(vec3f(), 4), opts).unwrap();
    assert_eq!((osa(&n), array_shape(&n)), ((0, 64, 16), (4, 16, true)));
    let n = layout_type(&strided(float(), 4, 8), opts).unwrap();
    assert_eq!((osa(&n), array_shape(&n)), ((0, 32, 4), (4, 8, true)));
    let (_, _, rule) = wgsl_rule(layout_type(&strided(vec2f(), 2, 12), opts).unwrap_err());
    assert_eq!(
        rule,
        "@stride(12) on an array of float2 is not a multiple of the element alignment 8"
    );
    // Other rule sets ignore @stride.
    let n = layout_type(&strided(float(), 4, 8), LayoutOptions::new(RuleSet::Std430)).unwrap();
    assert_eq!(array_shape(&n), (4, 4, false));
}

// --------------------------------------------------------------- proptest --

const ALL_RULES: [RuleSet; 6] = [
    RuleSet::Structured,
    RuleSet::Std140,
    RuleSet::Std430,
    RuleSet::Scalar,
    STORAGE,
    UNIFORM,
];

fn scalar() -> impl Strategy<Value = Scalar> {
    prop::sample::select(Scalar::ALL.to_vec())
}

fn leaf_ty() -> impl Strategy<Value = Ty> {
    prop_oneof![
        scalar().prop_map(Ty::Scalar),
        (scalar(), 1u8..=4).prop_map(|(s, n)| Ty::vector(s, n)),
        (scalar(), 1u8..=4, 1u8..=4, any::<bool>()).prop_map(|(s, r, c, row)| {
            Ty::matrix(
                s,
                r,
                c,
                if row {
                    MatrixOrder::RowMajor
                } else {
                    MatrixOrder::ColumnMajor
                },
            )
        }),
    ]
}

/// A leaf or (below `depth`) a struct, wrapped in up to three array dimensions.
fn ty_at(depth: u32) -> BoxedStrategy<Ty> {
    let base = if depth == 0 {
        leaf_ty().boxed()
    } else {
        prop_oneof![3 => leaf_ty(), 1 => struct_ty(depth - 1)].boxed()
    };
    (base, prop::collection::vec(1u64..=3, 0..=3))
        .prop_map(|(t, dims)| dims.into_iter().rev().fold(t, Ty::array))
        .boxed()
}

fn struct_ty(depth: u32) -> BoxedStrategy<Ty> {
    prop::collection::vec(ty_at(depth), 1..=3)
        .prop_map(move |tys| {
            let fields = tys
                .into_iter()
                .enumerate()
                .map(|(i, t)| f(&format!("f{i}"), t))
                .collect();
            Ty::structure(strukt(&format!("S{depth}"), fields))
        })
        .boxed()
}

fn members() -> impl Strategy<Value = Vec<Field>> {
    prop::collection::vec(ty_at(3), 1..=5).prop_map(|tys| {
        tys.into_iter()
            .enumerate()
            .map(|(i, t)| f(&format!("m{i}"), t))
            .collect()
    })
}

/// Offsets are multiples of alignments everywhere, and strides of the element's.
fn check_aligned(node: &Node) -> Result<(), TestCaseError> {
    prop_assert!(
        node.offset.is_aligned(node.align),
        "{:?} at {} align {}",
        node.kind,
        node.offset,
        node.align
    );
    match &node.kind {
        NodeKind::Scalar(_) | NodeKind::Vector { .. } => {}
        NodeKind::Matrix { storage, .. } => {
            prop_assert_eq!(storage.offset, node.offset);
            check_aligned(storage)?;
        }
        NodeKind::Array {
            stride, element, ..
        } => {
            prop_assert!(stride.is_aligned(element.align));
            prop_assert!(*stride >= element.size);
            check_aligned(element)?;
        }
        NodeKind::Struct { fields, .. } => {
            for fld in fields {
                prop_assert!(fld.node.end() <= node.end());
                check_aligned(&fld.node)?;
            }
        }
    }
    Ok(())
}

/// Byte ranges of the stored values: leaves, with matrices split into vectors.
fn leaf_ranges(root: &Node) -> Vec<(u64, u64)> {
    let mut out = Vec::new();
    root.for_each_leaf(&mut String::new(), &mut |_, n| match &n.kind {
        NodeKind::Matrix { storage, .. } => match storage.kind {
            NodeKind::Array { count, .. } => {
                for i in 0..count {
                    let v = storage.element(i).unwrap();
                    out.push((v.offset.get(), v.end().get()));
                }
            }
            _ => out.push((storage.offset.get(), storage.end().get())),
        },
        _ => out.push((n.offset.get(), n.end().get())),
    });
    out
}

fn check_layout(root: &Node) -> Result<(), TestCaseError> {
    check_aligned(root)?;
    // Leaves in offset order, none overlapping.
    let mut leaves = Vec::new();
    root.for_each_leaf(&mut String::new(), &mut |p, n| {
        leaves.push((p.to_string(), n.offset.get(), n.end().get()))
    });
    for w in leaves.windows(2) {
        prop_assert!(w[0].2 <= w[1].1, "{:?} overlaps {:?}", w[0], w[1]);
    }
    // Leaf bytes and padding runs tile [0, size) exactly.
    let mut runs = leaf_ranges(root);
    root.for_each_padding(&mut |p| runs.push((p.offset.get(), p.end().get())));
    runs.sort_unstable();
    let mut cursor = 0;
    for (start, end) in runs {
        prop_assert!(start < end, "empty run at {start}");
        prop_assert_eq!(start, cursor, "gap or overlap at {}", cursor);
        cursor = end;
    }
    prop_assert_eq!(cursor, root.size.get());
    Ok(())
}

fn check_rule_set(rules: RuleSet, members: &[Field], native: bool) -> Result<(), TestCaseError> {
    let opts = LayoutOptions::new(rules).native_16bit(native);
    let lay = |ms: &[Field]| {
        layout_buffer(
            &BufferDecl::new("P", BufferKind::CBuffer, ms.to_vec()),
            opts,
        )
    };
    let full = match lay(members) {
        Ok(l) => l,
        Err(e) => {
            // Only the uniform address space rejects anything here, and only
            // what storage accepts, with a WGSL rule.
            prop_assert_eq!(rules, UNIFORM, "{:?}", e);
            prop_assert!(matches!(e, LayoutError::Wgsl { .. }), "{:?}", e);
            return Ok(());
        }
    };
    check_layout(full.root())?;
    if rules == UNIFORM {
        let storage = layout_buffer(
            &BufferDecl::new("P", BufferKind::CBuffer, members.to_vec()),
            LayoutOptions::new(STORAGE).native_16bit(native),
        )
        .unwrap();
        prop_assert_eq!(storage.root(), full.root());
    }
    // Appending a member never shrinks the buffer nor moves earlier members.
    let mut prev: Option<BufferLayout> = None;
    for k in 1..=members.len() {
        let l = lay(&members[..k]).unwrap();
        if let Some(p) = &prev {
            prop_assert!(l.size() >= p.size());
            for (a, b) in p.fields().iter().zip(l.fields()) {
                prop_assert_eq!(&a.node, &b.node);
            }
        }
        prev = Some(l);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn prop_structured_layouts_are_consistent(ms in members(), native in any::<bool>()) {
        check_rule_set(RuleSet::Structured, &ms, native)?;
    }

    #[test]
    fn prop_std140_layouts_are_consistent(ms in members(), native in any::<bool>()) {
        check_rule_set(RuleSet::Std140, &ms, native)?;
    }

    #[test]
    fn prop_std430_layouts_are_consistent(ms in members(), native in any::<bool>()) {
        check_rule_set(RuleSet::Std430, &ms, native)?;
    }

    #[test]
    fn prop_scalar_layouts_are_consistent(ms in members(), native in any::<bool>()) {
        check_rule_set(RuleSet::Scalar, &ms, native)?;
    }

    #[test]
    fn prop_wgsl_storage_layouts_are_consistent(ms in members(), native in any::<bool>()) {
        check_rule_set(STORAGE, &ms, native)?;
    }

    #[test]
    fn prop_wgsl_uniform_accepts_or_rejects_without_moving(ms in members(), native in any::<bool>()) {
        check_rule_set(UNIFORM, &ms, native)?;
    }

    #[test]
    fn prop_struct_type_matches_buffer_of_its_fields(ms in members(), rules in prop::sample::select(ALL_RULES.to_vec())) {
        // A struct laid out on its own and a buffer of the same members agree.
        let opts = LayoutOptions::new(rules);
        let as_buffer = layout_buffer(&BufferDecl::new("S", BufferKind::CBuffer, ms.clone()), opts);
        let as_type = layout_type(&Ty::structure(strukt("S", ms)), LayoutOptions::new(if rules == UNIFORM { STORAGE } else { rules }));
        if let (Ok(b), Ok(t)) = (as_buffer, as_type) {
            prop_assert_eq!(b.root().size, t.size);
            prop_assert_eq!(b.root().align, t.align);
            let NodeKind::Struct { fields, .. } = &t.kind else {
                return Err(TestCaseError::fail("not a struct"));
            };
            prop_assert_eq!(b.fields().len(), fields.len());
            for (x, y) in b.fields().iter().zip(fields) {
                prop_assert_eq!(&x.node, &y.node);
            }
        }
    }
}
