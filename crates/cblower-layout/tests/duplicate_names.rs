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
