//! DXC's min-precision and 16-bit packing under the cbuffer rules, by
//! position: top-level members (the precision-class row rule without native
//! 16-bit types, 2-byte alignment with them), struct fields (no row rule;
//! 4-byte alignment for 2-byte min-precision fields), after arrays of
//! min-precision values and after structs that end in one. Each case is
//! worked by hand in its comment; `mN` is a min-precision value, `f` a
//! full-precision one. Without native 16-bit types every min-precision scalar
//! is 4 bytes, with them 2.

use cblower_layout::{
    layout_buffer, layout_buffer_tree, BufferDecl, BufferKind, Field, LayoutOptions, MatrixOrder,
    Node, NodeKind, Placement, RuleSet, Scalar, StructTy, Ty,
};

use Scalar::*;

fn s(x: Scalar) -> Ty {
    Ty::scalar(x)
}
fn v(x: Scalar, n: u8) -> Ty {
    Ty::vector(x, n)
}
fn f(name: &str, ty: Ty) -> Field {
    Field::new(name, ty)
}
fn st(name: &str, fields: Vec<Field>) -> Ty {
    Ty::structure(StructTy::new(name, fields))
}

/// Every stored value's dotted path and offset, depth first, plus the size.
fn flatten(prefix: &str, node: &Node, out: &mut Vec<(String, u64)>) {
    if let NodeKind::Struct { fields, .. } = &node.kind {
        for field in fields {
            let path = format!("{prefix}{}", field.name);
            out.push((path.clone(), field.node.offset.get()));
            flatten(&format!("{path}."), &field.node, out);
        }
    }
}

/// Lays the members out both ways (shared per-type placements and the
/// in-place tree) and checks every offset, nested ones included, and the size.
fn check(members: Vec<Field>, native16: bool, want: &[(&str, u64)], size: u64) {
    check_kind(BufferKind::CBuffer, members, native16, want, size);
}

fn check_kind(
    kind: BufferKind,
    members: Vec<Field>,
    native16: bool,
    want: &[(&str, u64)],
    size: u64,
) {
    let decl = BufferDecl::new("CB", kind, members);
    let opts = LayoutOptions::new(RuleSet::CBuffer).native_16bit(native16);
    let want: Vec<(String, u64)> = want.iter().map(|(n, o)| (n.to_string(), *o)).collect();
    let placed = layout_buffer(&decl, opts).unwrap();
    let mut got = Vec::new();
    for field in placed.fields() {
        got.push((field.name.to_string(), field.node.offset.get()));
        flatten(&format!("{}.", field.name), &field.node, &mut got);
    }
    assert_eq!((&got, placed.size().get()), (&want, size), "placements");
    let (root, _) = layout_buffer_tree(&decl, opts).unwrap();
    let mut got = Vec::new();
    flatten("", &root, &mut got);
    assert_eq!((&got, root.size.get()), (&want, size), "tree");
}

// ---- Without native 16-bit types: the top-level row rule ----

#[test]
fn top_level_row_rule_switches_rows_both_ways() {
    // m 0..4; f: class changes in a started row -> row 1 at 16, 16..20;
    // m: changes again -> row 2 at 32, 32..36. Size 36.
    check(
        vec![
            f("m", s(Min16Float)),
            f("f", s(Float)),
            f("m2", s(Min16Int)),
        ],
        false,
        &[("m", 0), ("f", 16), ("m2", 32)],
        36,
    );
}

#[test]
fn struct_ending_in_min_precision_leaves_the_row_full_precision() {
    // S { float a; min16float h; }: a 0, h 4 (no rule inside), size 8.
    // s 0..8. The buffer's row state after a struct is full precision,
    // whatever it ends with: m (min) at 8 changes class -> 16, 16..20;
    // f at 20 changes back -> 32, 32..36. Size 36.
    let sty = st("S", vec![f("a", s(Float)), f("h", s(Min16Float))]);
    check(
        vec![f("s", sty), f("m", s(Min16Float)), f("f", s(Float))],
        false,
        &[("s", 0), ("s.a", 0), ("s.h", 4), ("m", 16), ("f", 32)],
        36,
    );
}

#[test]
fn full_precision_packs_into_a_struct_ending_in_min_precision() {
    // S as above, s 0..8; state full; f full -> packs at 8, 8..12. Size 12.
    let sty = st("S", vec![f("a", s(Float)), f("h", s(Min16Float))]);
    check(
        vec![f("s", sty), f("f", s(Float))],
        false,
        &[("s", 0), ("s.a", 0), ("s.h", 4), ("f", 8)],
        12,
    );
}

#[test]
fn array_of_min_precision_leaves_the_row_state_alone() {
    // arr starts row 0, stride 16, size 16 + 4 = 20; the state is still the
    // initial full precision, so f packs at 20, 20..24. Size 24.
    check(
        vec![f("arr", Ty::array(s(Min16Float), 2)), f("f", s(Float))],
        false,
        &[("arr", 0), ("f", 20)],
        24,
    );
    // a 0..4 (state full); arr at 16, 16..36, state still full; m (min) at
    // 36 changes class in a started row -> 48, 48..52. Size 52.
    check(
        vec![
            f("a", s(Float)),
            f("arr", Ty::array(s(Min16Float), 2)),
            f("m", s(Min16Float)),
        ],
        false,
        &[("a", 0), ("arr", 16), ("m", 48)],
        52,
    );
}

#[test]
fn min_precision_matrix_sets_the_row_state() {
    // min16float2x2 column-major: two min16float2 columns of 8 bytes, at 0
    // and 16, size 24; the state becomes min, so f at 24 -> 32, 32..36.
    check(
        vec![
            f("m", Ty::matrix(Min16Float, 2, 2, MatrixOrder::ColumnMajor)),
            f("f", s(Float)),
        ],
        false,
        &[("m", 0), ("f", 32)],
        36,
    );
}

#[test]
fn explicit_offsets_do_not_set_the_row_state() {
    // p at c0.x, 0..4; automatic members start at 4 with the initial full
    // state: f full packs at 4, 4..8. Size 8.
    let p = f("p", s(Min16Float)).with_placement(Placement::PackOffset {
        register: 0,
        component: 0,
    });
    check(vec![p, f("f", s(Float))], false, &[("p", 0), ("f", 4)], 8);
}

#[test]
fn no_row_rule_inside_structs() {
    // T { min16float h; float f; min16float2 g; }: h 0..4, f 4..8,
    // g 8..16 (8 + 8 = 16 fits the row), size 16.
    let t = st(
        "T",
        vec![
            f("h", s(Min16Float)),
            f("f", s(Float)),
            f("g", v(Min16Float, 2)),
        ],
    );
    check(
        vec![f("t", t)],
        false,
        &[("t", 0), ("t.h", 0), ("t.f", 4), ("t.g", 8)],
        16,
    );
}

// ---- With native 16-bit types ----

#[test]
fn top_level_min_precision_is_two_aligned() {
    // half a 0..2; min16float b is 2-aligned at the top level: 2..4;
    // float c 4..8; no row rule with 16-bit types. Size 8.
    check(
        vec![f("a", s(Half)), f("b", s(Min16Float)), f("c", s(Float))],
        true,
        &[("a", 0), ("b", 2), ("c", 4)],
        8,
    );
}

#[test]
fn in_struct_min_precision_is_four_aligned_two_bytes() {
    // U { half a; min16float b; half c; min16float2 d; }:
    // a 0..2; b 4-aligned -> 4..6; c (half, 2-aligned) 6..8;
    // d 4-aligned at 8, 2 x 2 = 4 bytes, 8..12. Size 12.
    // Then the top-level half e at 12, 12..14. Size 14.
    let u = st(
        "U",
        vec![
            f("a", s(Half)),
            f("b", s(Min16Float)),
            f("c", s(Half)),
            f("d", v(Min16Float, 2)),
        ],
    );
    check(
        vec![f("u", u), f("e", s(Half))],
        true,
        &[
            ("u", 0),
            ("u.a", 0),
            ("u.b", 4),
            ("u.c", 6),
            ("u.d", 8),
            ("e", 12),
        ],
        14,
    );
}

#[test]
fn same_members_pack_differently_in_a_struct_and_at_the_top_level() {
    // Top level: p 0..2; q (min16float3, 6 bytes, 2-aligned) 2..8; size 8.
    // In V: p 0..2; q 4-aligned -> 4..10; V is 10 bytes at 0 (the buffer
    // size 10).
    check(
        vec![f("p", s(Half)), f("q", v(Min16Float, 3))],
        true,
        &[("p", 0), ("q", 2)],
        8,
    );
    let vty = st("V", vec![f("p", s(Half)), f("q", v(Min16Float, 3))]);
    check(
        vec![f("v", vty)],
        true,
        &[("v", 0), ("v.p", 0), ("v.q", 4)],
        10,
    );
}

#[test]
fn after_an_array_of_min_precision_in_a_struct_and_at_the_top_level() {
    // Top level: arr at 0, stride 16, size 16 + 2 = 18; t 2-aligned at
    // 18, 18..20. Size 20.
    check(
        vec![f("arr", Ty::array(s(Min16Float), 2)), f("t", s(Min16Float))],
        true,
        &[("arr", 0), ("t", 18)],
        20,
    );
    // In X: arr 0..18; t 4-aligned -> 20, 20..22. Size 22.
    let x = st(
        "X",
        vec![f("arr", Ty::array(s(Min16Float), 2)), f("t", s(Min16Float))],
    );
    check(
        vec![f("x", x)],
        true,
        &[("x", 0), ("x.arr", 0), ("x.t", 20)],
        22,
    );
}

#[test]
fn after_a_struct_ending_in_min_precision_with_16bit_types() {
    // W { float a; min16float h; }: a 0..4, h 4..6, size 6; w 0..6; the
    // top-level min16float m is 2-aligned at 6, 6..8. Size 8.
    let w = st("W", vec![f("a", s(Float)), f("h", s(Min16Float))]);
    check(
        vec![f("w", w), f("m", s(Min16Float))],
        true,
        &[("w", 0), ("w.a", 0), ("w.h", 4), ("m", 6)],
        8,
    );
}

#[test]
fn nested_structs_use_the_struct_rule_at_every_depth() {
    // Inner { half a; min16float b; }: a 0..2, b 4-aligned 4..6, size 6.
    // Outer { half c; Inner i; }: c 0..2, i starts a row at 16, 16..22.
    // The buffer: o 0..22. Size 22.
    let inner = st("Inner", vec![f("a", s(Half)), f("b", s(Min16Float))]);
    let outer = st("Outer", vec![f("c", s(Half)), f("i", inner)]);
    check(
        vec![f("o", outer)],
        true,
        &[
            ("o", 0),
            ("o.c", 0),
            ("o.i", 16),
            ("o.i.a", 16),
            ("o.i.b", 20),
        ],
        22,
    );
}

// ---- ConstantBuffer<T> / TextureBuffer<T>: the members are T's fields ----

#[test]
fn templated_buffers_lay_their_members_out_as_a_struct() {
    // DXC lays out T with its struct rules. Without 16-bit types:
    // h 0..4, f 4..8 (no row rule), g 8..16; size 16. A cbuffer with the
    // same members puts f at 16 and g at 32 (size 40).
    let members = || {
        vec![
            f("h", s(Min16Float)),
            f("f", s(Float)),
            f("g", v(Min16Float, 2)),
        ]
    };
    for kind in [BufferKind::ConstantBuffer, BufferKind::TextureBuffer] {
        check_kind(kind, members(), false, &[("h", 0), ("f", 4), ("g", 8)], 16);
    }
    check(members(), false, &[("h", 0), ("f", 16), ("g", 32)], 40);
    // With 16-bit types: half p 0..2; min16float q 4-aligned 4..6. Size 6.
    // In a cbuffer q is 2-aligned: 2..4, size 4.
    let members = || vec![f("p", s(Half)), f("q", s(Min16Float))];
    check_kind(
        BufferKind::ConstantBuffer,
        members(),
        true,
        &[("p", 0), ("q", 4)],
        6,
    );
    check(members(), true, &[("p", 0), ("q", 2)], 4);
}
