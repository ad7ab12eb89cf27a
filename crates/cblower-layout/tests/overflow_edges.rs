//! Values placed (with `vk::offset`) in the last row of the 64-bit range: a
//! value that would end at or past 2^64 is a `SizeOverflow` error naming the
//! member, never a panic (debug) or a wrapped offset (release).

use cblower_layout::{
    layout_buffer, BufferDecl, BufferKind, Clang22Target, Field, LayoutError, LayoutOptions,
    Placement, RuleSet, Scalar, StructTy, Ty,
};

fn overflow_of(member: Field, rules: RuleSet) -> (usize, String) {
    let decl = BufferDecl::new("CB", BufferKind::CBuffer, vec![member]);
    match layout_buffer(&decl, LayoutOptions::new(rules)) {
        Err(LayoutError::SizeOverflow { member, name }) => (member, name.to_string()),
        other => panic!("{rules:?}: expected an overflow, got {other:?}"),
    }
}

#[test]
fn cbuffer_vector_ending_at_two_to_the_64_overflows() {
    let v = Field::new("v", Ty::vector(Scalar::Float, 4))
        .with_placement(Placement::VkOffset(u64::MAX - 15));
    assert_eq!(overflow_of(v, RuleSet::CBuffer), (0, "v".to_owned()));
}

#[test]
fn clang22_struct_in_the_last_row_overflows() {
    let s = Ty::structure(StructTy::new(
        "S",
        vec![
            Field::new("a", Ty::scalar(Scalar::Float)),
            Field::new("b", Ty::vector(Scalar::Float, 4)),
        ],
    ));
    let member = Field::new("s", s).with_placement(Placement::VkOffset(u64::MAX - 15));
    assert_eq!(
        overflow_of(member, RuleSet::Clang22(Clang22Target::SpirV)),
        (0, "s".to_owned())
    );
}

#[test]
fn clang22_spirv_alloc_excess_past_two_to_the_64_overflows() {
    // The float3 ends 4 bytes before 2^64, but LLVM's SPIR-V alloc size adds 4.
    let v = Field::new("v", Ty::vector(Scalar::Float, 3))
        .with_placement(Placement::VkOffset(u64::MAX - 15));
    assert_eq!(
        overflow_of(v, RuleSet::Clang22(Clang22Target::SpirV)),
        (0, "v".to_owned())
    );
}

#[test]
fn crossing_the_last_row_is_a_row_error_not_an_overflow() {
    // The row after the one the float3 starts in would begin at 2^64.
    let v = Field::new("v", Ty::vector(Scalar::Float, 3))
        .with_placement(Placement::VkOffset(u64::MAX - 7));
    let decl = BufferDecl::new("CB", BufferKind::CBuffer, vec![v]);
    assert!(matches!(
        layout_buffer(&decl, LayoutOptions::new(RuleSet::CBuffer)),
        Err(LayoutError::PackOffsetCrossesRow { .. })
    ));
}
