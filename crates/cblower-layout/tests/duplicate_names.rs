//! Two members (or two fields of one struct) with one name, built through
//! the layout API, are an error under every rule set, naming the name, the
//! buffer or struct, and both indices.

use std::sync::Arc;

use cblower_layout::{
    layout_buffer, BufferDecl, BufferKind, Clang22Target, Field, LayoutError, LayoutOptions,
    RuleSet, Scalar, StructTy, Ty, WgslAddressSpace,
};

const RULES: [RuleSet; 7] = [
    RuleSet::CBuffer,
    RuleSet::Clang22(Clang22Target::Dxil),
    RuleSet::Structured,
    RuleSet::Std140,
    RuleSet::Std430,
    RuleSet::Scalar,
    RuleSet::Wgsl(WgslAddressSpace::Storage),
];

fn float(name: &str) -> Field {
    Field::new(name, Ty::scalar(Scalar::Float))
}

#[test]
fn two_members_of_one_name_are_an_error_naming_both() {
    let decl = BufferDecl::new(
        "CB",
        BufferKind::CBuffer,
        vec![float("x"), float("y"), float("x")],
    );
    for rules in RULES {
        let err = layout_buffer(&decl, LayoutOptions::new(rules)).unwrap_err();
        assert_eq!(
            err,
            LayoutError::DuplicateName {
                member: 2,
                name: Arc::from("x"),
                container: Arc::from("CB"),
                kind: "member",
                first: 0,
                second: 2,
            },
            "{rules:?}"
        );
        assert_eq!(
            err.to_string(),
            "'x' is declared twice in CB: member 0 and member 2"
        );
        assert_eq!(err.help(), "rename one of the two");
        assert_eq!(err.member(), 2);
    }
}

#[test]
fn a_long_buffer_finds_its_one_duplicate() {
    let mut members: Vec<Field> = (0..5000).map(|i| float(&format!("m{i}"))).collect();
    assert!(layout_buffer(
        &BufferDecl::new("Big", BufferKind::CBuffer, members.clone()),
        LayoutOptions::new(RuleSet::CBuffer)
    )
    .is_ok());
    members.push(float("m1234"));
    let err = layout_buffer(
        &BufferDecl::new("Big", BufferKind::CBuffer, members),
        LayoutOptions::new(RuleSet::Std430),
    )
    .unwrap_err();
    assert!(matches!(
        err,
        LayoutError::DuplicateName {
            member: 5000,
            first: 1234,
            second: 5000,
            ..
        }
    ));
}

#[test]
fn two_fields_of_one_struct_are_an_error_at_the_member_holding_it() {
    let light = Ty::structure(StructTy::new(
        "Light",
        vec![float("range"), float("pos"), float("range")],
    ));
    let decl = BufferDecl::new(
        "CB",
        BufferKind::CBuffer,
        vec![float("a"), Field::new("lights", Ty::array(light, 4))],
    );
    for rules in RULES {
        let err = layout_buffer(&decl, LayoutOptions::new(rules)).unwrap_err();
        assert_eq!(
            err,
            LayoutError::DuplicateName {
                member: 1,
                name: Arc::from("range"),
                container: Arc::from("Light"),
                kind: "field",
                first: 0,
                second: 2,
            },
            "{rules:?}"
        );
        assert_eq!(
            err.to_string(),
            "'range' is declared twice in Light: field 0 and field 2"
        );
    }
}

#[test]
fn a_base_struct_is_checked_and_may_share_a_name_with_the_derived_one() {
    let base = Arc::new(StructTy::new("Base", vec![float("v"), float("w")]));
    let mut derived = StructTy::new("Derived", vec![float("v")]);
    derived.base = Some(base);
    let decl = BufferDecl::new(
        "CB",
        BufferKind::CBuffer,
        vec![Field::new("d", Ty::structure(derived.clone()))],
    );
    // `Derived::v` hides `Base::v`, as in C++.
    assert!(layout_buffer(&decl, LayoutOptions::new(RuleSet::CBuffer)).is_ok());

    derived.base = Some(Arc::new(StructTy::new(
        "Base",
        vec![float("v"), float("v")],
    )));
    let decl = BufferDecl::new(
        "CB",
        BufferKind::CBuffer,
        vec![Field::new("d", Ty::structure(derived))],
    );
    let err = layout_buffer(&decl, LayoutOptions::new(RuleSet::CBuffer)).unwrap_err();
    assert_eq!(
        err.to_string(),
        "'v' is declared twice in Base: field 0 and field 1"
    );
}

#[test]
fn unnamed_members_never_clash() {
    let decl = BufferDecl::new(
        "CB",
        BufferKind::CBuffer,
        vec![float(""), float("a"), float("")],
    );
    assert!(layout_buffer(&decl, LayoutOptions::new(RuleSet::CBuffer)).is_ok());
}

/// The layout hashes the names of the members it places; a member it does
/// not store (`static`, `groupshared`) and members placed out of
/// declaration order (`packoffset` first) are checked too, and the pair
/// reported is still the first by the later member's index.
#[test]
fn unstored_and_explicitly_placed_members_are_checked() {
    use cblower_layout::{Placement, Storage};
    let at = |register, component| Placement::PackOffset {
        register,
        component,
    };
    // Longer than the pairwise lists, so the placed names are hashed.
    let mut members: Vec<Field> = (0..40).map(|i| float(&format!("m{i}"))).collect();
    members[30] = float("s").with_storage(Storage::Static);
    members.push(float("s"));
    for rules in RULES {
        let err = layout_buffer(
            &BufferDecl::new("CB", BufferKind::CBuffer, members.clone()),
            LayoutOptions::new(rules),
        )
        .unwrap_err();
        assert_eq!(
            err.to_string(),
            "'s' is declared twice in CB: member 30 and member 40"
        );
    }
    let mut members: Vec<Field> = (0..40).map(|i| float(&format!("m{i}"))).collect();
    members[3] = float("late").with_placement(at(20, 0));
    members[35] = float("m7").with_placement(at(0, 0));
    members[38] = float("m3");
    let err = layout_buffer(
        &BufferDecl::new("CB", BufferKind::CBuffer, members.clone()),
        LayoutOptions::new(RuleSet::CBuffer),
    )
    .unwrap_err();
    assert_eq!(
        err.to_string(),
        "'m7' is declared twice in CB: member 7 and member 35"
    );
    members[35] = float("m35").with_placement(at(0, 0));
    assert!(layout_buffer(
        &BufferDecl::new("CB", BufferKind::CBuffer, members),
        LayoutOptions::new(RuleSet::CBuffer),
    )
    .is_ok());
}

/// A duplicate comes before every other error, as when the names were
/// checked first: here a `packoffset` component of 5 after it.
#[test]
fn a_duplicate_is_reported_before_other_errors() {
    use cblower_layout::Placement;
    let mut members: Vec<Field> = (0..40).map(|i| float(&format!("m{i}"))).collect();
    members[39] = float("m2");
    members[10] = float("bad").with_placement(Placement::PackOffset {
        register: 0,
        component: 5,
    });
    let err = layout_buffer(
        &BufferDecl::new("CB", BufferKind::CBuffer, members.clone()),
        LayoutOptions::new(RuleSet::CBuffer),
    )
    .unwrap_err();
    assert_eq!(
        err.to_string(),
        "'m2' is declared twice in CB: member 2 and member 39"
    );
    members[39] = float("m39");
    let err = layout_buffer(
        &BufferDecl::new("CB", BufferKind::CBuffer, members),
        LayoutOptions::new(RuleSet::CBuffer),
    )
    .unwrap_err();
    assert!(
        matches!(err, LayoutError::PackOffsetComponent { member: 10, .. }),
        "{err:?}"
    );
}

/// More names than one table holds: the placed names are split into parts.
#[test]
fn a_buffer_longer_than_one_table_finds_its_duplicate() {
    let mut members: Vec<Field> = (0..40_000).map(|i| float(&format!("member_{i}"))).collect();
    let decl = BufferDecl::new("Big", BufferKind::CBuffer, members.clone());
    assert!(layout_buffer(&decl, LayoutOptions::new(RuleSet::Std140)).is_ok());
    members[39_999] = float("member_12345");
    members[30_000] = float("member_17");
    let err = layout_buffer(
        &BufferDecl::new("Big", BufferKind::CBuffer, members),
        LayoutOptions::new(RuleSet::Clang22(Clang22Target::Dxil)),
    )
    .unwrap_err();
    assert_eq!(
        err.to_string(),
        "'member_17' is declared twice in Big: member 17 and member 30000"
    );
}
