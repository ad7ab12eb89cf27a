//! The benchmark's member mix, shared by the `layout_1m` benchmark and the
//! tests that check the layout of exactly those members
//! (`benches/layout_1m.rs` and `tests/shared_types.rs` include this file
//! with `#[path]`).

use cblower_layout::{Field, MatrixOrder, Scalar, StructTy, Ty};

/// `n` members cycling through ten kinds: scalars, vectors, a matrix, arrays,
/// a nested struct and an array of it.
pub fn mixed_members(n: usize) -> Vec<Field> {
    let light = Ty::structure(StructTy::new(
        "Light",
        vec![
            Field::new("position", Ty::vector(Scalar::Float, 3)),
            Field::new("range", Ty::scalar(Scalar::Float)),
            Field::new("color", Ty::vector(Scalar::Float, 3)),
            Field::new(
                "inner",
                Ty::structure(StructTy::new(
                    "Cone",
                    vec![Field::new("angles", Ty::vector(Scalar::Float, 2))],
                )),
            ),
        ],
    ));
    let kinds = [
        Ty::scalar(Scalar::Float),
        Ty::vector(Scalar::Float, 3),
        Ty::scalar(Scalar::Uint),
        Ty::vector(Scalar::Float, 2),
        Ty::matrix(Scalar::Float, 4, 4, MatrixOrder::ColumnMajor),
        Ty::array(Ty::vector(Scalar::Float, 4), 4),
        Ty::array(Ty::scalar(Scalar::Float), 3),
        light.clone(),
        Ty::array(light, 2),
        Ty::scalar(Scalar::Double),
    ];
    (0..n)
        .map(|i| Field::new(format!("m{i}"), kinds[i % kinds.len()].clone()))
        .collect()
}
