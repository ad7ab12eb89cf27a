//! Every constant-buffer layout example of the seed documents (000 packing
//! rules, 002 explicit padding) and of the design notes, under the DXC rules
//! and under clang-22's, with the exact offsets and sizes they give.

use cblower_layout::{
    layout_buffer, BufferDecl, BufferKind, BufferLayout, Clang22Target, Field, LayoutError,
    LayoutOptions, MatrixOrder, Placement, RuleSet, Scalar, StructTy, Ty,
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
fn po(name: &str, ty: Ty, register: u32, component: u8) -> Field {
    Field::new(name, ty).with_placement(Placement::PackOffset {
        register,
        component,
    })
}

fn lay(members: Vec<Field>, rules: RuleSet, native16: bool) -> Result<BufferLayout, LayoutError> {
    let decl = BufferDecl::new("CB", BufferKind::CBuffer, members);
    layout_buffer(&decl, LayoutOptions::new(rules).native_16bit(native16))
}

/// (name, offset) of each top-level member in layout order, and the size.
fn offsets(l: &BufferLayout) -> (Vec<(String, u64)>, u64) {
    (
        l.fields()
            .iter()
            .map(|f| (f.name.to_string(), f.node.offset.get()))
            .collect(),
        l.size().get(),
    )
}

fn check(members: Vec<Field>, rules: RuleSet, native16: bool, want: &[(&str, u64)], size: u64) {
    let l = lay(members, rules, native16).unwrap();
    let (got, got_size) = offsets(&l);
    let want: Vec<(String, u64)> = want.iter().map(|(n, o)| (n.to_string(), *o)).collect();
    assert_eq!((got, got_size), (want, size));
}

const DXC: RuleSet = RuleSet::CBuffer;
const CLANG_DX: RuleSet = RuleSet::Clang22(Clang22Target::Dxil);
const CLANG_SPV: RuleSet = RuleSet::Clang22(Clang22Target::SpirV);

fn example_scalar_alignment() -> Vec<Field> {
    vec![
        f("smol", s(Uint16)),
        f("f1", s(Float)),
        f("f2", s(Float)),
        f("lorg", s(Double)),
        f("four_bytes", s(Bool)),
    ]
}

#[test]
fn example_scalar_alignment_all_rules_agree() {
    let want = [
        ("smol", 0),
        ("f1", 4),
        ("f2", 8),
        ("lorg", 16),
        ("four_bytes", 24),
    ];
    for rules in [DXC, CLANG_DX, CLANG_SPV] {
        check(example_scalar_alignment(), rules, true, &want, 28);
    }
}

fn vector_alignment_members() -> Vec<Field> {
    vec![
        f("f1", s(Float)),
        f("vec", v(Float, 3)),
        f("other_vec", v(Uint, 3)),
        f("f2", s(Float)),
        f("smol", s(Float16)),
        f("intvec", v(Int, 2)),
    ]
}

#[test]
fn example_vector_alignment() {
    let names = ["f1", "vec", "other_vec", "f2", "smol", "intvec"];
    let zip = |o: [u64; 6]| -> Vec<(&str, u64)> { names.iter().copied().zip(o).collect() };
    check(
        vector_alignment_members(),
        DXC,
        true,
        &zip([0, 4, 16, 28, 32, 36]),
        44,
    );
    // clang-22 aligns int2 to 8 (its data-layout alignment).
    check(
        vector_alignment_members(),
        CLANG_DX,
        true,
        &zip([0, 4, 16, 28, 32, 40]),
        48,
    );
    // ... and on SPIR-V every 3-component vector to 16.
    check(
        vector_alignment_members(),
        CLANG_SPV,
        true,
        &zip([0, 16, 32, 44, 48, 56]),
        64,
    );
}

#[test]
fn example_buffer_rows() {
    let m = || {
        vec![
            f("position", v(Float, 3)),
            f("normal", v(Float, 3)),
            f("index", s(Uint)),
            f("d", v(Double, 4)),
        ]
    };
    let want = [("position", 0), ("normal", 16), ("index", 28), ("d", 32)];
    for rules in [DXC, CLANG_DX, CLANG_SPV] {
        check(m(), rules, false, &want, 64);
    }
}

#[test]
fn example_arrays() {
    let m = || {
        vec![
            f("before", v(Float, 2)),
            f("array", Ty::array(s(Float), 2)),
            f("after", v(Float, 2)),
        ]
    };
    check(
        m(),
        DXC,
        false,
        &[("before", 0), ("array", 16), ("after", 36)],
        44,
    );
    check(
        m(),
        CLANG_DX,
        false,
        &[("before", 0), ("array", 16), ("after", 40)],
        48,
    );
    check(
        m(),
        CLANG_SPV,
        false,
        &[("before", 0), ("array", 16), ("after", 40)],
        48,
    );
    let l = lay(m(), DXC, false).unwrap();
    let arr = &l.fields()[1].node;
    assert_eq!(
        (arr.size.get(), arr.element(1).unwrap().offset.get()),
        (20, 32)
    );
}

#[test]
fn example_matrices() {
    let m = || {
        vec![
            f("before", v(Float, 2)),
            f("mat", Ty::matrix(Float, 2, 3, MatrixOrder::ColumnMajor)),
            f(
                "smol_mat",
                Ty::matrix(Float, 2, 1, MatrixOrder::ColumnMajor),
            ),
        ]
    };
    // DXC: three float2 columns, one row each (40 bytes); the one-column matrix is a float2.
    check(
        m(),
        DXC,
        false,
        &[("before", 0), ("mat", 16), ("smol_mat", 56)],
        64,
    );
    // clang-22: flat [6 x float] (24 bytes) and [2 x float] starting a row.
    check(
        m(),
        CLANG_DX,
        false,
        &[("before", 0), ("mat", 16), ("smol_mat", 48)],
        56,
    );
    check(
        m(),
        CLANG_SPV,
        false,
        &[("before", 0), ("mat", 16), ("smol_mat", 48)],
        56,
    );
}

#[test]
fn example_matrices_row_major_swaps_vectors() {
    // row_major float2x3: two rows of float3 -> 16 + 12 = 28 bytes.
    let m = vec![
        f("before", v(Float, 2)),
        f("mat", Ty::matrix(Float, 2, 3, MatrixOrder::RowMajor)),
        f("after", s(Float)),
    ];
    check(
        m,
        DXC,
        false,
        &[("before", 0), ("mat", 16), ("after", 44)],
        48,
    );
    // row_major float1x3 is a plain float3: packs after the float2? no, 8 + 12 > 16.
    let m = vec![
        f("x", s(Float)),
        f("r", Ty::matrix(Float, 1, 3, MatrixOrder::RowMajor)),
    ];
    check(m, DXC, false, &[("x", 0), ("r", 4)], 16);
}

fn inner_t() -> Ty {
    Ty::structure(StructTy::new(
        "Inner_t",
        vec![f("start", s(Float)), f("d", s(Double)), f("end", s(Float))],
    ))
}

#[test]
fn example_inner_structs() {
    let m = || {
        vec![
            f("before", v(Float, 2)),
            f("inner", inner_t()),
            f("after", v(Float, 3)),
        ]
    };
    check(
        m(),
        DXC,
        false,
        &[("before", 0), ("inner", 16), ("after", 36)],
        48,
    );
    check(
        m(),
        CLANG_DX,
        false,
        &[("before", 0), ("inner", 16), ("after", 36)],
        48,
    );
    check(
        m(),
        CLANG_SPV,
        false,
        &[("before", 0), ("inner", 16), ("after", 48)],
        60,
    );
    let l = lay(m(), DXC, false).unwrap();
    let mut leaves = Vec::new();
    l.root().for_each_leaf(&mut String::new(), &mut |p, n| {
        leaves.push((p.to_string(), n.offset.get()))
    });
    assert_eq!(
        leaves,
        [
            ("before".to_string(), 0),
            ("inner.start".to_string(), 16),
            ("inner.d".to_string(), 24),
            ("inner.end".to_string(), 32),
            ("after".to_string(), 36),
        ]
    );
}

#[test]
fn cb0_packoffset_gaps() {
    // seed 002: int x : packoffset(c0.y); float y : packoffset(c1.z);
    let m = || vec![po("x", s(Int), 0, 1), po("y", s(Float), 1, 2)];
    for rules in [DXC, CLANG_DX] {
        check(m(), rules, false, &[("x", 4), ("y", 24)], 28);
    }
}

#[test]
fn cb1_struct_then_scalar_packs_into_struct_row() {
    let st = Ty::structure(StructTy::new("S", vec![f("v", s(Int))]));
    let m = || vec![f("i", s(Int)), f("s", st.clone()), f("j", s(Int))];
    for rules in [DXC, CLANG_DX, CLANG_SPV] {
        check(m(), rules, false, &[("i", 0), ("s", 16), ("j", 20)], 24);
    }
}

#[test]
fn cb2_padded_arrays() {
    let m = || {
        vec![
            f("a1", Ty::array(s(Float), 3)),
            f("a2", Ty::array(v(Double, 3), 2)),
            f("a3", Ty::array(v(Uint, 4), 2)),
            f("a4", Ty::array(Ty::array(s(Float16), 2), 2)),
        ]
    };
    let want = [("a1", 0), ("a2", 48), ("a3", 112), ("a4", 144)];
    for rules in [DXC, CLANG_DX] {
        check(m(), rules, true, &want, 194);
    }
    let l = lay(m(), DXC, true).unwrap();
    let mut leaves = Vec::new();
    l.root().for_each_leaf(&mut String::new(), &mut |p, n| {
        leaves.push((p.to_string(), n.offset.get()))
    });
    let a4: Vec<_> = leaves
        .iter()
        .filter(|(p, _)| p.starts_with("a4"))
        .cloned()
        .collect();
    assert_eq!(
        a4,
        [
            ("a4[0][0]".to_string(), 144),
            ("a4[0][1]".to_string(), 160),
            ("a4[1][0]".to_string(), 176),
            ("a4[1][1]".to_string(), 192),
        ]
    );
}

#[test]
fn design_notes_complete_example() {
    let st = Ty::structure(StructTy::new("S", vec![f("f", s(Float))]));
    let m = || {
        vec![
            f("a1", Ty::array(s(Float), 3)),
            f("a2", Ty::array(v(Double, 3), 2)),
            f("a3", Ty::array(v(Uint, 4), 2)),
            f("v", v(Float, 2)),
            f("s", st.clone()),
            f("j", s(Int)),
        ]
    };
    let want = [
        ("a1", 0),
        ("a2", 48),
        ("a3", 112),
        ("v", 144),
        ("s", 160),
        ("j", 164),
    ];
    for rules in [DXC, CLANG_DX] {
        check(m(), rules, false, &want, 168);
    }
}

#[test]
fn packoffset_members_sorted_by_offset() {
    let m = || {
        vec![
            po("x", v(Float, 4), 2, 0),
            po("y", s(Float), 0, 2),
            po("z", v(Float, 2), 1, 0),
            po("w", s(Int), 0, 0),
        ]
    };
    for rules in [DXC, CLANG_DX] {
        check(
            m(),
            rules,
            false,
            &[("w", 0), ("y", 8), ("z", 16), ("x", 32)],
            48,
        );
        let l = lay(m(), rules, false).unwrap();
        assert_eq!(l.member_index, [3, 1, 2, 0]);
    }
}

#[test]
fn packoffset_mixed_with_implicit_members_goes_after_last_explicit() {
    let m = || {
        vec![
            po("a", s(Float), 1, 1),
            f("b", s(Float)),
            po("c", s(Float), 0, 0),
            f("d", s(Double)),
        ]
    };
    for rules in [DXC, CLANG_DX] {
        check(
            m(),
            rules,
            false,
            &[("c", 0), ("a", 20), ("b", 24), ("d", 32)],
            40,
        );
    }
}

#[test]
fn packoffset_errors_carry_the_numbers() {
    let overlap = lay(
        vec![po("o1", v(Float, 2), 0, 0), po("o2", s(Float), 0, 1)],
        DXC,
        false,
    )
    .unwrap_err();
    assert_eq!(
        overlap.to_string(),
        "packoffset of 'o2' at byte 4 overlaps 'o1' (bytes 0..8)"
    );
    assert_eq!(overlap.member(), 1);
    let cross = lay(vec![po("v", v(Float, 3), 0, 2)], DXC, false).unwrap_err();
    assert_eq!(
        cross.to_string(),
        "'v' (12 bytes) placed at byte 8 would cross the 16-byte row boundary at 16"
    );
    let mis = lay(vec![po("d", s(Double), 0, 1)], DXC, false).unwrap_err();
    assert_eq!(
        mis.to_string(),
        "'d' needs 8-byte alignment but its explicit offset is 4"
    );
    let agg = lay(vec![po("a", Ty::array(s(Float), 2), 1, 2)], DXC, false).unwrap_err();
    assert_eq!(
        agg.to_string(),
        "'a' is an array or struct and must start a row (component .x), but its explicit offset is 24"
    );
    // DXC accepts a float2 at .y (component alignment) ...
    check(
        vec![po("a", s(Float), 0, 0), po("t", v(Float, 2), 0, 1)],
        DXC,
        false,
        &[("a", 0), ("t", 4)],
        12,
    );
    // ... and an int2 at c1.y, which clang-22 wrongly rejects (#124696) in its
    // Sema; its codegen (what clang-22 mode reproduces) places it the same way.
    check(vec![po("c", v(Int, 2), 1, 1)], DXC, false, &[("c", 20)], 28);
}

#[test]
fn clang22_vector_alignment_deviations() {
    // B4 in the design notes: float2 after float, half2 after half, double4 after float.
    let m = || vec![f("a", s(Float)), f("b", v(Float, 2))];
    check(m(), DXC, false, &[("a", 0), ("b", 4)], 12);
    check(m(), CLANG_DX, false, &[("a", 0), ("b", 8)], 16);
    let m = || vec![f("a", s(Half)), f("b", v(Half, 2))];
    check(m(), DXC, true, &[("a", 0), ("b", 2)], 6);
    check(m(), CLANG_DX, true, &[("a", 0), ("b", 4)], 8);
    let m = || vec![f("g", s(Float)), f("h", v(Double, 4))];
    check(m(), DXC, false, &[("g", 0), ("h", 16)], 48);
    check(m(), CLANG_DX, false, &[("g", 0), ("h", 32)], 64);
    // Without native 16-bit types, half is a float: <{ float, pad 4, <2 x float> }>.
    let m = || vec![f("a", s(Half)), f("b", v(Half, 2))];
    check(m(), CLANG_DX, false, &[("a", 0), ("b", 8)], 16);
}

#[test]
fn clang22_rejects_min_precision_types() {
    let err = lay(vec![f("m", s(Min16Float))], CLANG_DX, false).unwrap_err();
    assert_eq!(
        err.to_string(),
        "'m' has type min16float, which clang-22 does not support"
    );
}

#[test]
fn min_precision_rows_do_not_mix_with_full_precision() {
    // DXC's legacy cbuffer layout without -enable-16bit-types.
    let m = vec![
        f("h1", s(Min16Float)),
        f("f3", v(Float, 3)),
        f("h2", v(Min16Float, 2)),
        f("f3_1", v(Float, 3)),
        f("f2", v(Float, 2)),
        f("h4", v(Min16Float, 4)),
        f("h2_1", v(Min16Float, 2)),
        f("h3", v(Min16Float, 3)),
        f("d1", s(Double)),
    ];
    check(
        m,
        DXC,
        false,
        &[
            ("h1", 0),
            ("f3", 16),
            ("h2", 32),
            ("f3_1", 48),
            ("f2", 64),
            ("h4", 80),
            ("h2_1", 96),
            ("h3", 112),
            ("d1", 128),
        ],
        136,
    );
}

#[test]
fn native_16bit_offsets_match_dxc_reflection() {
    let m = vec![
        f("b", s(Float)),
        f("d", s(Double)),
        f("f", s(Float)),
        f("h4", v(Half, 4)),
        f("f16_3", v(Float16, 3)),
        f("mf1", s(Min16Float)),
        f("u16", s(Uint16)),
        f("i16", v(Int16, 2)),
        f("i", s(Int)),
        f("u16_4", v(Uint16, 4)),
        f("h2", v(Half, 2)),
        f("f16", s(Float16)),
        f("i64", s(Int64)),
        f("f16b", s(Float16)),
        f("u64", s(Uint64)),
        f("f16c", s(Float16)),
    ];
    check(
        m,
        DXC,
        true,
        &[
            ("b", 0),
            ("d", 8),
            ("f", 16),
            ("h4", 20),
            ("f16_3", 32),
            ("mf1", 38),
            ("u16", 40),
            ("i16", 42),
            ("i", 48),
            ("u16_4", 52),
            ("h2", 60),
            ("f16", 64),
            ("i64", 72),
            ("f16b", 80),
            ("u64", 88),
            ("f16c", 96),
        ],
        98,
    );
}

#[test]
fn filtered_members_do_not_take_bytes() {
    use cblower_layout::{ResourceTy, Storage};
    let res = Ty::Resource(ResourceTy {
        name: "RWBuffer<float>".into(),
    });
    let empty = Ty::structure(StructTy::new("Empty", vec![]));
    let with_res = Ty::structure(StructTy::new(
        "D",
        vec![
            f("a", s(Int)),
            f("buf", res.clone()),
            f("z", Ty::array(s(Float), 0)),
        ],
    ));
    let m = vec![
        f("x", s(Float)),
        f("buf", res),
        f("s", with_res),
        f("st", s(Float)).with_storage(Storage::Static),
        f("gs", s(Float)).with_storage(Storage::Groupshared),
        f("e", empty),
        f("z0", Ty::array(s(Float), 0)),
        f("y", s(Float)),
    ];
    let l = lay(m, DXC, false).unwrap();
    assert_eq!(
        offsets(&l),
        (
            vec![("x".into(), 0), ("s".into(), 16), ("y".into(), 20)],
            24
        )
    );
    assert_eq!(l.member_index, [0, 2, 7]);
    match &l.fields()[1].node.kind {
        cblower_layout::NodeKind::Struct {
            fields, filtered, ..
        } => {
            assert!(*filtered);
            assert_eq!(fields.len(), 1);
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn padding_runs_have_reasons() {
    use cblower_layout::{Padding, PaddingReason::*, Size};
    let l = lay(
        vec![
            f("before", v(Float, 2)),
            f("arr", Ty::array(s(Float), 2)),
            f("v", v(Float, 3)),
            f("w", v(Float, 2)),
            f("inner", inner_t()),
        ],
        DXC,
        false,
    )
    .unwrap();
    let p = |o, s, reason| Padding {
        offset: Size::bytes(o),
        size: Size::bytes(s),
        reason,
    };
    // before 0..8 | arr 16..36 (elements 16, 32) | v 48..60 (36+12 > 48? no: 36%16=4,
    // 4+12=16 fits) ...
    assert_eq!(
        offsets(&l).0,
        [
            ("before".to_string(), 0),
            ("arr".to_string(), 16),
            ("v".to_string(), 36),
            ("w".to_string(), 48),
            ("inner".to_string(), 64)
        ]
    );
    assert_eq!(
        l.padding(),
        [
            p(8, 8, ArrayStart),
            p(20, 12, ArrayElement),
            p(56, 8, StructStart),
            p(68, 4, Alignment),
        ]
    );
}

#[test]
fn size_overflow_is_an_error_not_a_panic() {
    let huge = Ty::array(Ty::array(v(Float, 4), u64::MAX / 2), 4);
    let err = lay(vec![f("big", huge)], DXC, false).unwrap_err();
    assert_eq!(err.to_string(), "the size of 'big' overflows 64 bits");
    let err = lay(
        vec![f("big", Ty::array(v(Float, 4), u64::MAX / 8))],
        CLANG_DX,
        false,
    )
    .unwrap_err();
    assert_eq!(err.to_string(), "the size of 'big' overflows 64 bits");
}
