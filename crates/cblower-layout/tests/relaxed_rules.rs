//! DXC's relaxed std140 / std430 rules (`RuleSet::RelaxedStd140`,
//! `RuleSet::RelaxedStd430`): exact offsets from the cases DXC's own SPIR-V
//! tests pin (vectors packed behind scalars, improper straddles bumped to 16,
//! structs keeping the std140 alignment of their vectors), written here as
//! our own declarations.

use cblower_layout::{
    layout_buffer, layout_type, BufferDecl, BufferKind, BufferLayout, Field, LayoutError,
    LayoutOptions, MatrixOrder, Node, NodeKind, Placement, RuleSet, Scalar, Size, StructTy, Ty,
};

fn f(name: &str, ty: Ty) -> Field {
    Field::new(name, ty)
}

fn float(n: u8) -> Ty {
    if n == 1 {
        Ty::scalar(Scalar::Float)
    } else {
        Ty::vector(Scalar::Float, n)
    }
}

fn vec1() -> Ty {
    Ty::vector(Scalar::Float, 1)
}

fn arr(elem: Ty, n: u64) -> Ty {
    Ty::array(elem, n)
}

fn lay(rules: RuleSet, members: Vec<Field>) -> BufferLayout {
    layout_buffer(
        &BufferDecl::new("B", BufferKind::CBuffer, members),
        LayoutOptions::new(rules),
    )
    .expect("lays out")
}

fn member_offsets(l: &BufferLayout) -> Vec<u64> {
    l.members().map(|m| m.offset().get()).collect()
}

fn field_offsets(node: &Node) -> Vec<u64> {
    match &node.kind {
        NodeKind::Struct { fields, .. } => fields.iter().map(|f| f.node.offset.get()).collect(),
        other => panic!("not a struct: {other:?}"),
    }
}

/// Twenty-four members: scalars, 1-, 2-, 3- and 4-vectors and arrays of
/// them, in the order that exercises every case of the relaxed rule.
fn mixed_vectors() -> StructTy {
    StructTy::new(
        "S",
        vec![
            f("f0", float(1)),
            f("f1", float(3)),
            f("f2", float(3)),
            f("f3", vec1()),
            f("f4", float(1)),
            f("f5", float(2)),
            f("f6", vec1()),
            f("f7", float(2)),
            f("f8", float(2)),
            f("f9", float(2)),
            f("f10", float(3)),
            f("f11", float(1)),
            f("f12", vec1()),
            f("f13", float(4)),
            f("f14", float(3)),
            f("f15", float(1)),
            f("f16", arr(vec1(), 1)),
            f("f17", arr(float(3), 1)),
            f("f18", arr(float(3), 1)),
            f("f19", arr(float(1), 1)),
            f("f20", arr(vec1(), 2)),
            f("f21", arr(float(3), 2)),
            f("f22", arr(float(3), 2)),
            f("f23", arr(float(1), 2)),
        ],
    )
}

#[test]
fn relaxed_std140_packs_vectors_by_component_unless_they_straddle() {
    let node = layout_type(
        &Ty::structure(mixed_vectors()),
        LayoutOptions::new(RuleSet::RelaxedStd140),
    )
    .unwrap();
    // f1 (float3) packs at 4 behind f0: 4..16 stays in one row. f10 would
    // be 72..84 across the 80 boundary, so it goes to 80; f13 (float4) at
    // 100 would straddle, so 112. Arrays keep std140's 16-byte alignment
    // and stride.
    assert_eq!(
        field_offsets(&node),
        [
            0, 4, 16, 28, 32, 36, 44, 48, 56, 64, 80, 92, 96, 112, 128, 140, 144, 160, 176, 192,
            208, 240, 272, 304
        ]
    );
    // 304 + 2 * 16, rounded to 16.
    assert_eq!((node.size.get(), node.align.bytes()), (336, 16));
}

#[test]
fn relaxed_std430_packs_vectors_and_keeps_tight_scalar_arrays() {
    let node = layout_type(
        &Ty::structure(mixed_vectors()),
        LayoutOptions::new(RuleSet::RelaxedStd430),
    )
    .unwrap();
    // As std140 up to f19; f19 (float[1]) is 4 bytes here, so f20 packs at
    // 196 and the float3 arrays align to 16 (stride 16).
    assert_eq!(
        field_offsets(&node),
        [
            0, 4, 16, 28, 32, 36, 44, 48, 56, 64, 80, 92, 96, 112, 128, 140, 144, 160, 176, 192,
            196, 208, 240, 272
        ]
    );
    // The struct still aligns to 16 (its float3s' std430 alignment), so its
    // size 280 rounds to 288: DXC's ArrayStride for an array of it.
    assert_eq!((node.size.get(), node.align.bytes()), (288, 16));
}

fn vec4_vec3() -> Ty {
    Ty::structure(StructTy::new(
        "S",
        vec![f("f1", float(4)), f("f2", float(3))],
    ))
}

fn struct_then_members() -> Vec<Field> {
    vec![
        f("a", Ty::scalar(Scalar::Bool)),
        f("s", vec4_vec3()),
        f("b", Ty::scalar(Scalar::Int)),
        f("c", Ty::vector(Scalar::Uint, 2)),
        f(
            "d",
            Ty::matrix(Scalar::Float, 3, 4, MatrixOrder::ColumnMajor),
        ),
        f("t", arr(float(1), 4)),
    ]
}

#[test]
fn relaxed_struct_sizes_round_to_16_and_vectors_pack_after_them() {
    // A cbuffer (relaxed std140) and a tbuffer (relaxed std430) of the
    // same members agree: the struct {float4; float3;} is 28 bytes rounded
    // to 32, int b packs at 48, uint2 c at 52 (52..60 stays in a row), the
    // column-major float3x4 starts its own 16-byte slot at 64 (four float3
    // columns, stride 16) and the array follows at 128.
    for rules in [RuleSet::RelaxedStd140, RuleSet::RelaxedStd430] {
        let l = lay(rules, struct_then_members());
        assert_eq!(member_offsets(&l), [0, 16, 48, 52, 64, 128], "{rules:?}");
    }
    // std140 strides the float array by 16, std430 by 4.
    assert_eq!(
        lay(RuleSet::RelaxedStd140, struct_then_members())
            .size()
            .get(),
        192
    );
    assert_eq!(
        lay(RuleSet::RelaxedStd430, struct_then_members())
            .size()
            .get(),
        144
    );
    // The strict rule sets do not pack c behind b: a uint2 aligns to 8.
    assert_eq!(
        member_offsets(&lay(RuleSet::Std140, struct_then_members())),
        [0, 16, 48, 56, 64, 128]
    );
}

#[test]
fn relaxed_rule_leaves_64_bit_vectors_and_long_vectors_aligned() {
    // A double2 keeps its std140 alignment (16): the relaxed rule only
    // relaxes vectors of components of at most 4 bytes.
    let l = lay(
        RuleSet::RelaxedStd140,
        vec![
            f("a", Ty::scalar(Scalar::Double)),
            f("b", Ty::vector(Scalar::Double, 2)),
        ],
    );
    assert_eq!(member_offsets(&l), [0, 16]);
    // A float2 at 12 would cross 16, and one at 28 would cross 32: each
    // goes to the next row.
    let l = lay(
        RuleSet::RelaxedStd140,
        vec![
            f("a", float(3)),
            f("b", float(2)),
            f("c", float(1)),
            f("d", float(2)),
        ],
    );
    assert_eq!(member_offsets(&l), [0, 16, 24, 32]);
    // A one-column matrix is a vector: float2x1 packs at 4.
    let l = lay(
        RuleSet::RelaxedStd140,
        vec![
            f("a", float(1)),
            f(
                "m",
                Ty::matrix(Scalar::Float, 2, 1, MatrixOrder::ColumnMajor),
            ),
        ],
    );
    assert_eq!(member_offsets(&l), [0, 4]);
    assert_eq!(l.size().get(), 16);
}

#[test]
fn relaxed_names() {
    assert_eq!(RuleSet::RelaxedStd140.name(), "relaxed-std140");
    assert_eq!(RuleSet::RelaxedStd430.name(), "relaxed-std430");
    assert!(!RuleSet::RelaxedStd140.is_cbuffer_like());
}

fn packed(name: &str, ty: Ty, register: u32, component: u8) -> Field {
    f(name, ty).with_placement(Placement::PackOffset {
        register,
        component,
    })
}

#[test]
fn relaxed_rules_place_packoffset_in_declaration_order() {
    // DXC's SPIR-V back end honours packoffset in declaration order; a
    // float2 at c0.y is a legal relaxed offset (4..12 stays in a row).
    let l = lay(
        RuleSet::RelaxedStd140,
        vec![
            packed("a", float(1), 0, 0),
            packed("b", float(2), 0, 1),
            f("c", float(1)),
            packed("d", float(4), 2, 0),
        ],
    );
    assert_eq!(member_offsets(&l), [0, 4, 12, 32]);
    // One before the previous member's end is DXC's "packoffset caused
    // overlap with previous members".
    let err = layout_buffer(
        &BufferDecl::new(
            "B",
            BufferKind::CBuffer,
            vec![packed("a", float(4), 1, 0), packed("b", float(1), 0, 0)],
        ),
        LayoutOptions::new(RuleSet::RelaxedStd140),
    )
    .unwrap_err();
    assert_eq!(
        err,
        LayoutError::ExplicitOffsetBackwards {
            member: 1,
            name: "b".into(),
            offset: Size::bytes(0),
            previous_end: Size::bytes(32),
        }
    );
    // A float2 at c0.w would straddle: misplaced under the relaxed rule.
    let err = layout_buffer(
        &BufferDecl::new("B", BufferKind::CBuffer, vec![packed("v", float(2), 0, 3)]),
        LayoutOptions::new(RuleSet::RelaxedStd140),
    )
    .unwrap_err();
    assert!(
        matches!(err, LayoutError::PackOffsetMisaligned { .. }),
        "{err:?}"
    );
    // register(c#) members are sorted to the front, by register.
    let l = lay(
        RuleSet::RelaxedStd140,
        vec![
            f("x", float(1)),
            f("r", float(4)).with_placement(Placement::ConstantRegister(2)),
        ],
    );
    assert_eq!(member_offsets(&l), [32, 48]);
}

/// DXC's SPIR-V back end places `packoffset` and `register(c#)` members
/// under every `-fvk-use-*` flag, not only the relaxed ones: std140 and
/// std430 (`-fvk-use-gl-layout`) and the scalar layout too, in declaration
/// order, with the same overlap error. The structured and WGSL rule sets
/// still ignore them.
#[test]
fn every_dxc_vulkan_rule_set_places_packoffset() {
    for rules in [
        RuleSet::Std140,
        RuleSet::Std430,
        RuleSet::Scalar,
        RuleSet::ScalarDxc,
        RuleSet::RelaxedStd140,
    ] {
        let l = lay(rules, vec![packed("a", float(1), 3, 0), f("b", float(1))]);
        assert_eq!(member_offsets(&l), [48, 52], "{rules:?}");
        let l = lay(
            rules,
            vec![
                f("x", float(1)),
                f("r", float(4)).with_placement(Placement::ConstantRegister(2)),
            ],
        );
        // In layout order: the register(c2) member first, x after it.
        assert_eq!(member_offsets(&l), [32, 48], "{rules:?}");
        let err = layout_buffer(
            &BufferDecl::new(
                "B",
                BufferKind::CBuffer,
                vec![packed("a", float(4), 1, 0), packed("b", float(1), 0, 0)],
            ),
            LayoutOptions::new(rules),
        )
        .unwrap_err();
        assert!(
            matches!(err, LayoutError::ExplicitOffsetBackwards { member: 1, .. }),
            "{rules:?}: {err:?}"
        );
    }
    for rules in [
        RuleSet::Structured,
        RuleSet::Wgsl(cblower_layout::WgslAddressSpace::Storage),
    ] {
        let l = lay(rules, vec![packed("a", float(1), 3, 0), f("b", float(1))]);
        assert_eq!(member_offsets(&l), [0, 4], "{rules:?}");
    }
    // A float2 at c0.y: std140 requires 8-byte alignment (SPIR-V's
    // validator checks it under -fvk-use-gl-layout); the relaxed rule takes
    // the component's; DXC skips the block layout check under the scalar
    // layout.
    let v = || vec![packed("v", float(2), 0, 1)];
    let err = layout_buffer(
        &BufferDecl::new("B", BufferKind::CBuffer, v()),
        LayoutOptions::new(RuleSet::Std140),
    )
    .unwrap_err();
    assert!(
        matches!(err, LayoutError::PackOffsetMisaligned { align: 8, .. }),
        "{err:?}"
    );
    for rules in [RuleSet::RelaxedStd140, RuleSet::Scalar, RuleSet::ScalarDxc] {
        assert_eq!(member_offsets(&lay(rules, v())), [4], "{rules:?}");
    }
    let d = || vec![packed("d", Ty::scalar(Scalar::Double), 0, 1)];
    assert_eq!(member_offsets(&lay(RuleSet::ScalarDxc, d())), [4]);
}

/// A derived struct under DXC's SPIR-V rule sets: the base is a struct
/// field of its own (DXC's alignment-and-size calculator places "an
/// implicit field at the very beginning for the base struct"), so the own
/// fields start after the base's rounded size.
#[test]
fn dxc_vulkan_bases_are_struct_fields() {
    let base = StructTy::new("B", vec![f("x", float(1))]);
    let mut derived = StructTy::new("D", vec![f("y", float(1)), f("z", float(2))]);
    derived.base = Some(std::sync::Arc::new(base));
    let d = Ty::structure(derived);
    let offsets = |rules| {
        let node = layout_type(&d, LayoutOptions::new(rules)).unwrap();
        (field_offsets(&node), node.size.get())
    };
    // std140: B is 16 bytes (aligned to 16), so y is at 16, z at 24.
    assert_eq!(offsets(RuleSet::Std140), (vec![0, 16, 24], 32));
    assert_eq!(offsets(RuleSet::RelaxedStd140), (vec![0, 16, 20], 32));
    // std430 and scalar: B is 4 bytes; z aligns to 8 under std430.
    assert_eq!(offsets(RuleSet::Std430), (vec![0, 4, 8], 16));
    assert_eq!(offsets(RuleSet::ScalarDxc), (vec![0, 4, 8], 16));
    // The structured rule set keeps the flat C-like fields.
    assert_eq!(offsets(RuleSet::Structured), (vec![0, 4, 8], 16));
}

/// A `ConstantBuffer<D>` (D's fields flattened, `element_bases` marking where
/// each base ends) lays out as a struct member of type D would: each base
/// rounds like a struct of its own under DXC's SPIR-V rule sets, and the
/// flat and tree layouts agree. The D3D rules keep the bases flat.
#[test]
fn dxc_vulkan_constant_buffer_bases_round_like_structs() {
    // A { z }, B : A { a }, D : B { b, c: float2 }
    let mut decl = BufferDecl::new(
        "cb",
        BufferKind::ConstantBuffer,
        vec![
            f("z", float(1)),
            f("a", float(1)),
            f("b", float(1)),
            f("c", float(2)),
        ],
    );
    decl.element_bases = vec![1, 2];
    let offsets = |rules| {
        let opts = LayoutOptions::new(rules);
        let l = layout_buffer(&decl, opts).unwrap();
        let (tree, _) = cblower_layout::layout_buffer_tree(&decl, opts).unwrap();
        let flat: Vec<u64> = l.members().map(|m| m.offset().get()).collect();
        assert_eq!(field_offsets(&tree), flat, "{rules:?}");
        assert_eq!(tree.size, l.size(), "{rules:?}");
        assert_eq!(field_offsets(l.root()), flat, "{rules:?}");
        (flat, l.size().get())
    };
    assert_eq!(offsets(RuleSet::Std140), (vec![0, 16, 32, 40], 48));
    assert_eq!(offsets(RuleSet::RelaxedStd140), (vec![0, 16, 32, 36], 48));
    assert_eq!(offsets(RuleSet::Std430), (vec![0, 4, 8, 16], 24));
    assert_eq!(offsets(RuleSet::ScalarDxc), (vec![0, 4, 8, 12], 20));
    assert_eq!(offsets(RuleSet::CBuffer), (vec![0, 4, 8, 16], 24));
    assert_eq!(offsets(RuleSet::Structured), (vec![0, 4, 8, 12], 20));
}

/// DXC's scalar layout does not round a struct's size up to its alignment
/// (its test `vk.layout.cbuffer.scalar.hlsl`: a struct of a `double`-aligned
/// struct and three floats-and-a-float3 is 28 bytes and the next member
/// packs at 28), nor an array stride; the Vulkan scalar block layout
/// (`RuleSet::Scalar`) does.
#[test]
fn scalar_dxc_does_not_round_struct_sizes() {
    let r = Ty::structure(StructTy::new(
        "R",
        vec![f("rf", Ty::scalar(Scalar::Double))],
    ));
    let s = Ty::structure(StructTy::new(
        "S",
        vec![
            f("sf1", r),
            f("sf2", float(1)),
            f("sf3", float(3)),
            f("sf4", float(1)),
        ],
    ));
    let members = || {
        vec![
            f("s", s.clone()),
            f("h", Ty::scalar(Scalar::Float16)),
            f("a", arr(s.clone(), 2)),
        ]
    };
    let lay16 = |rules| {
        layout_buffer(
            &BufferDecl::new("B", BufferKind::CBuffer, members()),
            LayoutOptions::new(rules).native_16bit(true),
        )
        .unwrap()
    };
    let dxc = lay16(RuleSet::ScalarDxc);
    assert_eq!(member_offsets(&dxc), [0, 28, 32]);
    assert_eq!(dxc.size().get(), 32 + 2 * 28);
    let spec = lay16(RuleSet::Scalar);
    assert_eq!(member_offsets(&spec), [0, 32, 40]);
    assert_eq!(spec.size().get(), 40 + 2 * 32);
    assert_eq!(RuleSet::ScalarDxc.name(), "scalar-dxc");
}
