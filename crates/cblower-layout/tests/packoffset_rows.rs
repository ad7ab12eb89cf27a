//! packoffset placements that DXC and clang-22 accept: members of more
//! than 16 bytes starting a row, clang-22's overlap check with its Sema's
//! sizes (DXC's for most types, not for matrices and base structs), and
//! one-column matrices mid-row. Found by the clang-22 differential test.

use cblower_layout::{
    layout_buffer, BufferDecl, BufferKind, Clang22Target, Field, LayoutError, LayoutOptions,
    MatrixOrder, Placement, RuleSet, Scalar, StructTy, Ty,
};

fn at(register: u32, component: u8) -> Placement {
    Placement::PackOffset {
        register,
        component,
    }
}

fn offsets(members: Vec<Field>, rules: RuleSet, native16: bool) -> Result<Vec<u64>, LayoutError> {
    let decl = BufferDecl::new("C", BufferKind::CBuffer, members);
    let l = layout_buffer(&decl, LayoutOptions::new(rules).native_16bit(native16))?;
    Ok(l.fields().iter().map(|f| f.node.offset.get()).collect())
}

const ALL: [RuleSet; 3] = [
    RuleSet::CBuffer,
    RuleSet::Clang22(Clang22Target::Dxil),
    RuleSet::Clang22(Clang22Target::SpirV),
];

#[test]
fn wide_members_may_start_a_row_and_run_past_it() {
    for rules in ALL {
        let got = offsets(
            vec![
                Field::new("a", Ty::vector(Scalar::Double, 3)).with_placement(at(12, 0)),
                Field::new("b", Ty::vector(Scalar::Double, 4)).with_placement(at(14, 0)),
            ],
            rules,
            false,
        );
        assert_eq!(got, Ok(vec![192, 224]), "{rules:?}");
    }
    // Starting mid-row, the same member still may not cross.
    assert!(matches!(
        offsets(
            vec![Field::new("a", Ty::vector(Scalar::Double, 3)).with_placement(at(1, 2))],
            RuleSet::CBuffer,
            false
        ),
        Err(LayoutError::PackOffsetCrossesRow { .. })
    ));
}

#[test]
fn clang22_checks_overlap_with_sema_sizes() {
    // S0 is 60 bytes by DXC's rules and by clang-22's Sema; under the SPIR-V data layout its LLVM
    // size is 72 (double3 and float3 take 32 and 16 bytes there).
    let s0 = Ty::structure(StructTy::new(
        "S0",
        vec![
            Field::new("f1", Ty::vector(Scalar::Double, 3)),
            Field::new("f2", Ty::scalar(Scalar::Half)),
            Field::new("f3", Ty::vector(Scalar::Int64, 2)),
            Field::new("f4", Ty::vector(Scalar::Float, 3)),
        ],
    ));
    for rules in ALL {
        let got = offsets(
            vec![
                Field::new("m", s0.clone()).with_placement(at(7, 0)),
                Field::new("x", Ty::scalar(Scalar::Float)).with_placement(at(10, 3)),
            ],
            rules,
            true,
        );
        assert_eq!(got, Ok(vec![112, 172]), "{rules:?}");
    }
}

/// clang-22's Sema sizes a matrix flat (`float2x3` 24 bytes) and an array
/// as `n-1` row-rounded elements plus one, so `float2x3 m[2]` ends at 56
/// for clang-22 and at 88 for DXC: a member at c3.z is fine for one and an
/// overlap for the other. (clang-22 accepts and emits this.)
#[test]
fn clang22_sizes_matrix_arrays_flat_for_overlaps() {
    let m = Ty::array(Ty::matrix(Scalar::Float, 2, 3, MatrixOrder::ColumnMajor), 2);
    let members = || {
        vec![
            Field::new("m", m.clone()).with_placement(at(0, 0)),
            Field::new("z", Ty::scalar(Scalar::Float)).with_placement(at(3, 2)),
        ]
    };
    for target in [Clang22Target::Dxil, Clang22Target::SpirV] {
        let got = offsets(members(), RuleSet::Clang22(target), false);
        assert_eq!(got, Ok(vec![0, 56]), "{target:?}");
    }
    match offsets(members(), RuleSet::CBuffer, false) {
        Err(LayoutError::PackOffsetOverlap {
            other_end, offset, ..
        }) => assert_eq!((offset.get(), other_end.get()), (56, 88)),
        other => panic!("DXC must reject the overlap: {other:?}"),
    }
}

/// Sema adds a struct's own fields only: a base struct's are not counted.
#[test]
fn clang22_sizes_a_derived_struct_without_its_base() {
    let base = std::sync::Arc::new(StructTy::new(
        "B",
        vec![Field::new("x", Ty::vector(Scalar::Float, 4))],
    ));
    let mut derived = StructTy::new("D", vec![Field::new("y", Ty::scalar(Scalar::Float))]);
    derived.base = Some(base);
    let members = vec![
        Field::new("d", Ty::structure(derived)).with_placement(at(0, 0)),
        Field::new("h", Ty::scalar(Scalar::Float)).with_placement(at(0, 1)),
    ];
    let got = offsets(
        members.clone(),
        RuleSet::Clang22(Clang22Target::Dxil),
        false,
    );
    assert_eq!(got, Ok(vec![0, 4]));
    assert!(matches!(
        offsets(members, RuleSet::CBuffer, false),
        Err(LayoutError::PackOffsetOverlap { .. })
    ));
}

#[test]
fn one_column_matrices_may_start_mid_row() {
    let m = Ty::matrix(Scalar::Int16, 4, 1, MatrixOrder::ColumnMajor);
    for rules in ALL {
        let got = offsets(
            vec![
                Field::new("f", Ty::scalar(Scalar::Float)).with_placement(at(0, 0)),
                Field::new("m", m.clone()).with_placement(at(0, 1)),
            ],
            rules,
            true,
        );
        assert_eq!(got, Ok(vec![0, 4]), "{rules:?}");
    }
}

/// A declaration built through the API may say `packoffset(c0)` with a
/// component past `.w`; every rule set refuses it, naming the member.
#[test]
fn a_component_past_w_is_an_error() {
    for rules in ALL {
        let got = offsets(
            vec![
                Field::new("a", Ty::scalar(Scalar::Float)),
                Field::new("b", Ty::scalar(Scalar::Float)).with_placement(at(1, 7)),
            ],
            rules,
            false,
        );
        assert_eq!(
            got,
            Err(LayoutError::PackOffsetComponent {
                member: 1,
                name: "b".into(),
                component: 7
            }),
            "{rules:?}"
        );
    }
    let e = LayoutError::PackOffsetComponent {
        member: 1,
        name: "b".into(),
        component: 7,
    };
    assert_eq!(
        e.to_string(),
        "packoffset component 7 of 'b' is not one of .x, .y, .z, .w (0 to 3)"
    );
}
