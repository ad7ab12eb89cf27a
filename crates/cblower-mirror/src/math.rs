//! Rust math library types for `--types glam|mint`, with the sizes and
//! alignments those crates give them on x86-64 and aarch64 (see
//! `docs/mirror.md` for where each figure comes from). A type is used only
//! where its size equals the slot's and its alignment fits the slot's
//! offset; otherwise the mirror falls back to plain arrays.

use cblower_layout::Scalar;

use crate::{CpuScalar, MathTypes};

/// A math library type standing in for a vector or matrix.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct MathTy {
    /// The Rust path (`glam::Vec3`, `mint::Vector4<f32>`).
    pub rust: String,
    /// A short name for generated type names (`Vec3`).
    pub short: String,
    pub size: u64,
    pub align: u64,
    /// Per scalar element: the place suffix (`.x`, `.x_axis.y`), the HLSL
    /// path suffix (`[0]`, `[1][0]`) and the scalar.
    pub comps: Vec<(String, String, CpuScalar)>,
}

const AXES: [&str; 4] = ["x", "y", "z", "w"];

fn glam_prefix(c: CpuScalar) -> Option<&'static str> {
    Some(match c {
        CpuScalar::F32 => "",
        CpuScalar::F64 => "D",
        CpuScalar::I32 => "I",
        CpuScalar::U32 => "U",
        CpuScalar::I16 => "I16",
        CpuScalar::U16 => "U16",
        CpuScalar::I64 => "I64",
        CpuScalar::U64 => "U64",
        CpuScalar::F16 | CpuScalar::U8 => return None,
    })
}

/// A vector type for `len` elements of `c`, if the library has one that
/// fits (`simd`: whether 16-byte-aligned SIMD types may be used here).
pub(crate) fn math_vector(
    types: MathTypes,
    scalar: Scalar,
    c: CpuScalar,
    len: u8,
    simd: bool,
) -> Option<MathTy> {
    if scalar == Scalar::Bool || !(2..=4).contains(&len) {
        return None;
    }
    let comps = (0..len)
        .map(|k| (format!(".{}", AXES[usize::from(k)]), format!("[{k}]"), c))
        .collect();
    let size = c.size() * u64::from(len);
    match types {
        MathTypes::Plain => None,
        MathTypes::Glam => {
            let p = glam_prefix(c)?;
            // glam's f32 Vec4 is a 16-byte SIMD vector (SSE2 / NEON, or
            // 16-byte aligned where neither exists); every other vector is a
            // `#[repr(C)]` struct of its scalars.
            let align = if c == CpuScalar::F32 && len == 4 {
                if !simd {
                    return None;
                }
                16
            } else {
                c.size()
            };
            Some(MathTy {
                rust: format!("glam::{p}Vec{len}"),
                short: format!("{p}Vec{len}"),
                size,
                align,
                comps,
            })
        }
        MathTypes::Mint => {
            if c == CpuScalar::F16 {
                return None;
            }
            Some(MathTy {
                rust: format!("mint::Vector{len}<{}>", c.rust()),
                short: format!("Vector{len}_{}", c.rust()),
                size,
                align: c.size(),
                comps,
            })
        }
    }
}

/// A matrix type for a matrix stored as `vectors` vectors `stride` bytes
/// apart, `size` bytes in all.
#[allow(clippy::too_many_arguments)]
pub(crate) fn math_matrix(
    types: MathTypes,
    scalar: Scalar,
    c: CpuScalar,
    rows: u8,
    cols: u8,
    col_major: bool,
    stride: u64,
    size: u64,
    simd: bool,
) -> Option<MathTy> {
    if scalar == Scalar::Bool || rows != cols || !(2..=4).contains(&rows) {
        return None;
    }
    let n = rows;
    let es = c.size();
    // Element (r, c) of the HLSL matrix sits in stored vector `v`, slot `k`.
    let comps_for = |first: &dyn Fn(usize) -> String| -> Vec<(String, String, CpuScalar)> {
        let mut out = Vec::new();
        for v in 0..usize::from(n) {
            for (k, axis) in AXES.iter().enumerate().take(usize::from(n)) {
                let (r, col) = if col_major { (k, v) } else { (v, k) };
                out.push((format!(".{}.{axis}", first(v)), format!("[{r}][{col}]"), c));
            }
        }
        out
    };
    match types {
        MathTypes::Plain => None,
        MathTypes::Glam => {
            // glam matrices are column-major: a row-major HLSL matrix is
            // stored as its transpose (the axes hold the rows).
            let (name, align, need_stride, need_size) = match (c, n) {
                // Mat2 is one 16-byte SIMD vector.
                (CpuScalar::F32, 2) if simd => ("Mat2", 16, 8, 16),
                (CpuScalar::F32, 3) => ("Mat3", 4, 12, 36),
                (CpuScalar::F32, 4) if simd => ("Mat4", 16, 16, 64),
                (CpuScalar::F64, 2) => ("DMat2", 8, 16, 32),
                (CpuScalar::F64, 3) => ("DMat3", 8, 24, 72),
                (CpuScalar::F64, 4) => ("DMat4", 8, 32, 128),
                _ => return None,
            };
            if stride != need_stride || size != need_size {
                return None;
            }
            let _ = es;
            let comps = comps_for(&|v| format!("{}_axis", AXES[v]));
            Some(MathTy {
                rust: format!("glam::{name}"),
                short: name.to_owned(),
                size,
                align,
                comps,
            })
        }
        MathTypes::Mint => {
            if c == CpuScalar::F16 || stride != es * u64::from(n) || size != stride * u64::from(n) {
                return None;
            }
            let kind = if col_major {
                "ColumnMatrix"
            } else {
                "RowMatrix"
            };
            let comps = comps_for(&|v| AXES[v].to_owned());
            Some(MathTy {
                rust: format!("mint::{kind}{n}<{}>", c.rust()),
                short: format!("{kind}{n}_{}", c.rust()),
                size,
                align: es,
                comps,
            })
        }
    }
}
