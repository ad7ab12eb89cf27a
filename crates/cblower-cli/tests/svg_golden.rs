//! Golden test: the SVG row diagram of two small layouts, byte for byte.
//! Each block's `x`/`width` are its offset within its row and its size times
//! the byte width; padding is hatched and labelled with its reason (the
//! matrix one named for the matrix). `CBLOWER_BLESS=1 cargo test -p
//! cblower-cli --test svg_golden` rewrites the files after an intended change.

mod golden_files;

use std::path::{Path, PathBuf};

use cblower_layout::{
    layout_buffer, BufferDecl, BufferKind, Field, LayoutOptions, MatrixOrder, RuleSet, Scalar,
    StructTy, Ty,
};
use cblower_report::buffer_svg;

fn golden_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden/svg")
}

fn check(name: &str, svg: &str) {
    if let Some(diff) = golden_files::check(&golden_dir(), name, svg) {
        panic!("{diff}");
    }
}

/// A float2, a float[2] (array start and element padding) and a float2
/// that packs into the last element's row; the member names need escaping.
#[test]
fn svg_of_arrays_matches_golden_file() {
    let decl = BufferDecl::new(
        "Arrays<&>",
        BufferKind::CBuffer,
        vec![
            Field::new("before", Ty::vector(Scalar::Float, 2)),
            Field::new("array", Ty::array(Ty::scalar(Scalar::Float), 2)),
            Field::new("after", Ty::vector(Scalar::Float, 2)),
        ],
    );
    let layout = layout_buffer(&decl, LayoutOptions::new(RuleSet::CBuffer)).unwrap();
    check("arrays.svg", &buffer_svg(&layout, "a-", &[]));
}

/// A struct (outlined) holding a column-major float2x3 (matrix start and
/// column padding), then a float under std140, with `s.m` highlighted as a
/// comparison would.
#[test]
fn svg_of_a_struct_with_a_matrix_matches_golden_file() {
    let inner = Ty::structure(StructTy::new(
        "Inner",
        vec![
            Field::new("f", Ty::scalar(Scalar::Float)),
            Field::new(
                "m",
                Ty::matrix(Scalar::Float, 2, 3, MatrixOrder::ColumnMajor),
            ),
        ],
    ));
    let decl = BufferDecl::new(
        "Nested",
        BufferKind::CBuffer,
        vec![
            Field::new("s", inner),
            Field::new("tail", Ty::scalar(Scalar::Float)),
        ],
    );
    let layout = layout_buffer(&decl, LayoutOptions::new(RuleSet::Std140)).unwrap();
    check(
        "struct-matrix.svg",
        &buffer_svg(&layout, "b-", &["s.m".to_string()]),
    );
}
