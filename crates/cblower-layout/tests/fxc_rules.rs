//! `RuleSet::FxcCBuffer`: DXC's FXC-compatible constant-buffer layout on
//! SPIR-V (`-fvk-use-dx-layout`, DXC's `FxcCTBuffer`), where it differs
//! from the D3D rules of `RuleSet::CBuffer` (DXC's DXIL packer). The rows
//! are the same; DXC's SPIR-V back end places `packoffset` members in
//! declaration order, has no min-precision row rule, and sizes 64-bit
//! matrices of 3- or 4-component vectors as if those were 16 bytes apart.
//! Offsets are worked by hand in the comments.

use cblower_layout::{
    layout_buffer, layout_type, BufferDecl, BufferKind, BufferLayout, Field, LayoutError,
    LayoutOptions, MatrixOrder, Placement, RuleSet, Scalar, StructTy, Ty,
};

use Scalar::*;

fn f(name: &str, ty: Ty) -> Field {
    Field::new(name, ty)
}

fn packed(name: &str, ty: Ty, register: u32, component: u8) -> Field {
    f(name, ty).with_placement(Placement::PackOffset {
        register,
        component,
    })
}

fn lay(rules: RuleSet, members: Vec<Field>) -> Result<BufferLayout, LayoutError> {
    layout_buffer(
        &BufferDecl::new("B", BufferKind::CBuffer, members),
        LayoutOptions::new(rules),
    )
}

fn offsets(l: &BufferLayout) -> Vec<u64> {
    l.members().map(|m| m.offset().get()).collect()
}

/// The rows themselves are the D3D ones: a float3 then a float2 that would
/// straddle (12 + 8 > 16) starts the next row; an array starts a row and
/// the next member packs into its last row; a struct starts a row and has
/// no tail.
#[test]
fn rows_are_the_d3d_rows() {
    let inner = Ty::structure(StructTy::new("S", vec![f("x", Ty::scalar(Float))]));
    let members = || {
        vec![
            f("a", Ty::vector(Float, 3)),
            f("b", Ty::vector(Float, 2)),
            f("c", Ty::array(Ty::scalar(Float), 2)),
            f("d", Ty::scalar(Float)),
            f("s", inner.clone()),
            f("e", Ty::scalar(Float)),
            f("m", Ty::matrix(Float, 2, 3, MatrixOrder::ColumnMajor)),
        ]
    };
    // a 0, b 16, c 32 (stride 16, 20 bytes), d 52, s 64, e 68, m 80 (40 bytes).
    let fxc = lay(RuleSet::FxcCBuffer, members()).unwrap();
    assert_eq!(offsets(&fxc), [0, 16, 32, 52, 64, 68, 80]);
    assert_eq!(fxc.size().get(), 120);
    assert_eq!(
        offsets(&lay(RuleSet::CBuffer, members()).unwrap()),
        offsets(&fxc)
    );
    assert_eq!(RuleSet::FxcCBuffer.name(), "fxc-cbuffer");
}

/// `packoffset` members are placed in declaration order, never sorted: one
/// before the previous member's end is DXC's "packoffset caused overlap
/// with previous members", where the D3D rules sort them and accept. The
/// D3D checks (row crossing from a component, ...) are not made.
#[test]
fn packoffset_in_declaration_order() {
    let backwards = || {
        vec![
            packed("a", Ty::vector(Float, 4), 1, 0),
            packed("b", Ty::scalar(Float), 0, 0),
        ]
    };
    assert_eq!(
        lay(RuleSet::FxcCBuffer, backwards()).unwrap_err(),
        LayoutError::ExplicitOffsetBackwards {
            member: 1,
            name: "b".into(),
            offset: cblower_layout::Size::bytes(0),
            previous_end: cblower_layout::Size::bytes(32),
        }
    );
    // The D3D rules sort: b 0, a 16.
    let d3d = lay(RuleSet::CBuffer, backwards()).unwrap();
    assert_eq!(offsets(&d3d), [0, 16]);
    // In order, they stand where they say; an unplaced member follows.
    let l = lay(
        RuleSet::FxcCBuffer,
        vec![
            packed("a", Ty::scalar(Float), 0, 1),
            packed("b", Ty::vector(Float, 4), 2, 0),
            f("c", Ty::scalar(Float)),
        ],
    )
    .unwrap();
    assert_eq!(offsets(&l), [4, 32, 48]);
    // A float3 at c0.z crosses a row: a D3D error, DXC's SPIR-V back end
    // places it.
    let crossing = || vec![packed("v", Ty::vector(Float, 3), 0, 2)];
    assert!(matches!(
        lay(RuleSet::CBuffer, crossing()).unwrap_err(),
        LayoutError::PackOffsetCrossesRow { .. }
    ));
    assert_eq!(offsets(&lay(RuleSet::FxcCBuffer, crossing()).unwrap()), [8]);
}

/// No min-precision row rule: `min16float h; float3 f;` packs `f` at 4
/// (the D3D rules start a row for the other precision class: 16); inside a
/// struct with native 16-bit types a `min16float` is 2-aligned (DXC's SPIR-V
/// calculator gives it {2, 2}), where DXC's DXIL struct rule makes it 4.
#[test]
fn no_min_precision_rules() {
    let top = || vec![f("h", Ty::scalar(Min16Float)), f("f", Ty::vector(Float, 3))];
    assert_eq!(offsets(&lay(RuleSet::FxcCBuffer, top()).unwrap()), [0, 4]);
    assert_eq!(offsets(&lay(RuleSet::CBuffer, top()).unwrap()), [0, 16]);
    let s = Ty::structure(StructTy::new(
        "S",
        vec![f("p", Ty::scalar(Half)), f("q", Ty::scalar(Min16Float))],
    ));
    let field_q = |rules| {
        let node = layout_type(&s, LayoutOptions::new(rules).native_16bit(true)).unwrap();
        match node.kind {
            cblower_layout::NodeKind::Struct { fields, .. } => fields[1].node.offset.get(),
            other => panic!("{other:?}"),
        }
    };
    assert_eq!(field_q(RuleSet::FxcCBuffer), 2);
    assert_eq!(field_q(RuleSet::CBuffer), 4);
}

/// A 64-bit matrix stored as several 3- or 4-component vectors is refused:
/// DXC aligns it to 32 and steps its vectors 32 bytes apart but sizes it as
/// `16 * (vectors - 1)` plus one vector (a `double3x2` 40 bytes for 56 of
/// columns), so the next member would overlap it. Two-component columns and
/// 32-bit matrices are laid out as the D3D rules do.
#[test]
fn overlapping_64_bit_matrices_are_refused() {
    let err = lay(
        RuleSet::FxcCBuffer,
        vec![f("dm", Ty::matrix(Double, 3, 2, MatrixOrder::ColumnMajor))],
    )
    .unwrap_err();
    assert_eq!(
        err,
        LayoutError::FxcOverlappingMatrix {
            member: 0,
            name: "dm".into(),
            count: 2,
            len: 3,
        }
    );
    assert!(err
        .to_string()
        .contains("places its vectors 32 bytes apart"));
    assert!(err.help().contains("--fvk-use-gl-layout"));
    // Row-major: two rows of double3 are the same storage.
    let in_struct = Ty::structure(StructTy::new(
        "S",
        vec![f("m", Ty::matrix(Double, 2, 3, MatrixOrder::RowMajor))],
    ));
    assert!(matches!(
        lay(RuleSet::FxcCBuffer, vec![f("s", Ty::array(in_struct, 2))]).unwrap_err(),
        LayoutError::FxcOverlappingMatrix { member: 0, .. }
    ));
    // double2x3: three columns of double2 (16 bytes each), 48 bytes.
    let fine = lay(
        RuleSet::FxcCBuffer,
        vec![
            f("dm", Ty::matrix(Double, 2, 3, MatrixOrder::ColumnMajor)),
            f("x", Ty::scalar(Float)),
        ],
    )
    .unwrap();
    assert_eq!(offsets(&fine), [0, 48]);
}
