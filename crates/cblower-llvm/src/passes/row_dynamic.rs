//! Loads at a byte offset that moves inside a row at run time: `v[i]` on a
//! vector member (`getelementptr float, ptr addrspace(2) %v, i32 %i`),
//! `m[i][j]` on a matrix, `data[i >> 2][i & 3]` on a `uint4` array, and any
//! other address `C + sum(k * x)` where some stride `k` is not a whole number
//! of rows.
//!
//! The address splits into whole-row terms `R` (strides that are multiples
//! of 16, counted in rows) and the rest, `S = C + sum(k * x)` over the other
//! terms, in bytes. A value at byte `b` past the address lies in
//! row `R + ((S + b) >> 4)` (arithmetic shift, so a negative partial sum
//! still floors) at byte `(S + b) & 15` of it.
//!
//! Which bytes of a row the start can fall on is known from the strides:
//! with `g = gcd(16, C + b, every k)`, the start is one of
//! `(C + b) mod g + n * g`, so it is at most `(C + b) mod g + 16 - g`. When
//! that plus the value's size is at most 16 the value never crosses a row;
//! otherwise the following row(s) are loaded too. A following row is
//! clamped to the buffer's last row (`llvm.umin`): when the value does not
//! cross, its content is not used, and no row past the buffer is read.
//!
//! * **Element path.** A scalar or vector of 16/32/64-bit elements whose
//!   start is always a multiple of the element width: the rows are loaded as
//!   elements of that type, put in a vector (`%x.row`, two rows joined with
//!   `shufflevector` when the value can cross), and each component is an
//!   `extractelement` at `((S + b) & 15) / width + j` (`%x.elt`).
//! * **Byte path.** Anything else (unaligned starts, 8-bit and odd-sized
//!   integers, `<N x i1>`): the rows are loaded as `i32` elements and
//!   reinterpreted as `<16 x i8>` (`%x.bytes`), joined, the value's store
//!   size in bytes is extracted from the run-time start, gathered into
//!   `<S x i8>`, bitcast to `i(8S)`, truncated to the type's bit size and
//!   bitcast to the type (little-endian, as the data layout says).
//!
//! Structs and arrays are read field by field, each at its own constant
//! distance `b` from the address.

use llvm_sys::LLVMTypeKind;

use super::row_access::{emit_linear, IrArith, Linear, Row, RowArith, ROW_BYTES};
use super::row_reader::{row_intrinsic, AggregateReader};
use super::PassError;
use crate::ffi::{AccessBuilder, ModuleLayout, RawBuilder, RawType, RawValue};

pub(super) fn gcd(mut a: i64, mut b: i64) -> i64 {
    a = a.abs();
    b = b.abs();
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// The largest byte of a row an address `constant + sum(k * x)` can fall
/// on, where `stride_gcd` is the gcd of 16 and every `k`.
fn max_start_in_row(constant: i64, stride_gcd: i64) -> i64 {
    let g = gcd(stride_gcd, constant);
    let g = if g == 0 { ROW_BYTES } else { g };
    constant.rem_euclid(g) + ROW_BYTES - g
}

/// Reads values at `address + b` for constant `b`, where `address` has
/// run-time terms whose strides are not whole rows.
pub struct DynamicReader<'a, 'ctx> {
    builder: &'a RawBuilder<'ctx>,
    extra: &'a AccessBuilder<'ctx>,
    dl: &'a ModuleLayout,
    handle: RawValue<'ctx>,
    at: RawValue<'ctx>,
    name: String,
    /// The whole-row part of the address, in rows (`None` when there is none).
    rows: Option<RawValue<'ctx>>,
    /// `S` of the module docs: the constant and the sub-row terms, in bytes.
    partial: RawValue<'ctx>,
    /// The constant byte offset of the address.
    constant: i64,
    /// gcd of 16 and the sub-row strides.
    stride_gcd: i64,
    /// The buffer's last row.
    last_row: i64,
}

/// Whether `bytes` has a run-time term whose stride is not a whole row.
pub fn moves_within_row(bytes: &Linear<'_>) -> bool {
    bytes
        .terms
        .iter()
        .any(|(_, k)| *k != 0 && k % ROW_BYTES != 0)
}

impl<'a, 'ctx> DynamicReader<'a, 'ctx> {
    /// A reader for the address `bytes`; instructions go before `at`.
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        builder: &'a RawBuilder<'ctx>,
        extra: &'a AccessBuilder<'ctx>,
        dl: &'a ModuleLayout,
        handle: RawValue<'ctx>,
        bytes: &Linear<'ctx>,
        name: &str,
        at: RawValue<'ctx>,
    ) -> Result<Self, PassError> {
        builder.position_before(at);
        extra.position_before(at);
        let mut whole = Linear {
            constant: 0,
            terms: Vec::new(),
        };
        let mut partial = Linear {
            constant: bytes.constant,
            terms: Vec::new(),
        };
        let mut stride_gcd = ROW_BYTES;
        for &(x, k) in &bytes.terms {
            if k == 0 {
                continue;
            }
            if k % ROW_BYTES == 0 {
                whole.terms.push((x, k / ROW_BYTES));
            } else {
                stride_gcd = gcd(stride_gcd, k);
                partial.terms.push((x, k));
            }
        }
        let mut arith = IrArith { builder };
        let rows = (!whole.terms.is_empty()).then(|| {
            let r = emit_linear(&mut arith, &whole);
            arith.value(r)
        });
        let s = emit_linear(&mut arith, &partial);
        let partial = arith.value(s);
        let layout = handle.ty().target_ext_type_params().first().copied();
        let last_row = match layout {
            Some(l) if dl.is_sized(l) => {
                ((dl.size_in_bits(l) / 8).div_ceil(ROW_BYTES as u64) as i64 - 1).max(0)
            }
            _ => {
                return Err(PassError::at(
                    at,
                    "the cbuffer handle has no sized layout, so its rows are unknown",
                ))
            }
        };
        Ok(DynamicReader {
            builder,
            extra,
            dl,
            handle,
            at,
            name: name.to_owned(),
            rows,
            partial,
            constant: bytes.constant,
            stride_gcd,
            last_row,
        })
    }

    fn error(&self, reason: impl Into<String>) -> PassError {
        PassError::at(self.at, reason)
    }

    /// `S + b` as an `i32`.
    fn start(&self, b: i64) -> RawValue<'ctx> {
        if b == 0 {
            self.partial
        } else {
            self.builder.add(self.partial, self.builder.const_i32(b))
        }
    }

    /// The largest byte of a row the value at `b` can start at.
    fn max_start(&self, b: i64) -> i64 {
        max_start_in_row(self.constant + b, self.stride_gcd)
    }

    /// The rows from the one holding `start` on, `count` of them, each as the
    /// `<per_row x scalar>` vector, joined into one vector.
    fn joined_rows(
        &self,
        start: RawValue<'ctx>,
        scalar: RawType<'ctx>,
        count: i64,
    ) -> Result<(RawValue<'ctx>, u32), PassError> {
        let bits = self.dl.size_in_bits(scalar);
        let Some((intrinsic, per_row)) = row_intrinsic(bits) else {
            return Err(self.error("internal: no row intrinsic for the element"));
        };
        let mut arith = IrArith {
            builder: self.builder,
        };
        let first = Row::Value(self.extra.ashr(start, 4));
        let first = match self.rows {
            Some(r) => arith.add(Row::Value(r), first),
            None => first,
        };
        let first = arith.value(first);
        let vector_ty = self.extra.vector_type(scalar, per_row);
        let mut overloads = vec![scalar; per_row as usize];
        overloads.push(self.handle.ty());
        let mut joined: Option<RawValue<'ctx>> = None;
        let mut length = 0u32;
        for i in 0..count {
            let index = if i == 0 {
                first
            } else {
                let next = self.builder.add(first, self.builder.const_i32(i));
                let last = self.builder.const_i32(self.last_row);
                self.builder.call_intrinsic(
                    "llvm.umin",
                    &[self.builder.i32_type()],
                    &[next, last],
                    "",
                )?
            };
            let row = self.builder.call_intrinsic(
                intrinsic,
                &overloads,
                &[self.handle, index],
                &format!("{}.load", self.name),
            )?;
            let mut vector = self.builder.poison(vector_ty);
            for e in 0..per_row {
                let x = self
                    .builder
                    .extract_value(row, e, &format!("{}.extract", self.name))?;
                let at = self.builder.const_i32(i64::from(e));
                vector =
                    self.builder
                        .insert_element(vector, x, at, &format!("{}.row", self.name))?;
            }
            joined = Some(match joined {
                None => {
                    length = per_row;
                    vector
                }
                Some(acc) => {
                    // Widen the new row to the joined length, then append it.
                    let widen: Vec<Option<u32>> =
                        (0..length).map(|k| (k < per_row).then_some(k)).collect();
                    let wide = if length == per_row {
                        vector
                    } else {
                        self.extra.shuffle(vector, vector, &widen, "")?
                    };
                    let mask: Vec<Option<u32>> = (0..length)
                        .map(Some)
                        .chain((0..per_row).map(|k| Some(length + k)))
                        .collect();
                    length += per_row;
                    self.extra
                        .shuffle(acc, wide, &mask, &format!("{}.rows", self.name))?
                }
            });
        }
        match joined {
            Some(v) => Ok((v, per_row)),
            None => Err(self.error("internal: no rows to read")),
        }
    }

    fn leaf(&mut self, ty: RawType<'ctx>, b: i64) -> Result<RawValue<'ctx>, PassError> {
        let (scalar, count) = match ty.vector_info() {
            Some((elem, n)) => (elem, n),
            None => (ty, 1),
        };
        if !is_bit_castable(scalar) {
            return Err(self.error(format!("a {} cannot be loaded from a cbuffer", ty.print())));
        }
        let bits = self.dl.size_in_bits(scalar);
        let width = (bits / 8) as i64;
        let size = self.dl.store_size(ty) as i64;
        let g = gcd(self.stride_gcd, self.constant + b);
        let aligned = row_intrinsic(bits).is_some() && bits % 8 == 0 && g % width == 0;
        let start = self.start(b);
        let rows = ((self.max_start(b) + size + ROW_BYTES - 1) / ROW_BYTES).max(1);
        if aligned {
            let (joined, _) = self.joined_rows(start, scalar, rows)?;
            let in_row = self.extra.and_const(start, (ROW_BYTES - 1) as u64);
            let element = self.extra.lshr(in_row, width.trailing_zeros() as u64);
            let mut parts = Vec::with_capacity(count as usize);
            for j in 0..count {
                let index = if j == 0 {
                    element
                } else {
                    self.builder
                        .add(element, self.builder.const_i32(i64::from(j)))
                };
                parts.push(self.extra.extract_element(
                    joined,
                    index,
                    &format!("{}.elt", self.name),
                )?);
            }
            if ty.vector_info().is_none() {
                return Ok(parts[0]);
            }
            let mut vector = self.builder.poison(ty);
            for (j, x) in parts.into_iter().enumerate() {
                let index = self.builder.const_i32(j as i64);
                vector = self.builder.insert_element(
                    vector,
                    x,
                    index,
                    &format!("{}.upto{j}", self.name),
                )?;
            }
            return Ok(vector);
        }
        // Byte path.
        let i32t = self.extra.int_type(32);
        let i8t = self.extra.int_type(8);
        let (words, _) = self.joined_rows(start, i32t, rows)?;
        let byte_vector = self.extra.vector_type(i8t, (rows * ROW_BYTES) as u32);
        let bytes = self
            .extra
            .bitcast(words, byte_vector, &format!("{}.bytes", self.name))?;
        let in_row = self.extra.and_const(start, (ROW_BYTES - 1) as u64);
        if size == 1 && ty == i8t {
            return Ok(self.extra.extract_element(bytes, in_row, "")?);
        }
        let mut gathered = self
            .builder
            .poison(self.extra.vector_type(i8t, size as u32));
        for j in 0..size {
            let index = if j == 0 {
                in_row
            } else {
                self.builder.add(in_row, self.builder.const_i32(j))
            };
            let x = self.extra.extract_element(bytes, index, "")?;
            let at = self.builder.const_i32(j);
            gathered = self.builder.insert_element(gathered, x, at, "")?;
        }
        reinterpret(self.extra, self.dl, gathered, size, ty, &self.name).map_err(|r| self.error(r))
    }
}

impl<'ctx> AggregateReader<'ctx> for DynamicReader<'_, 'ctx> {
    fn builder(&self) -> &RawBuilder<'ctx> {
        self.builder
    }
    fn layout(&self) -> &ModuleLayout {
        self.dl
    }
    fn value_name(&self) -> &str {
        &self.name
    }
    fn diagnostic(&self, reason: String) -> PassError {
        PassError::at(self.at, reason)
    }
    fn leaf(&mut self, ty: RawType<'ctx>, b: i64) -> Result<RawValue<'ctx>, PassError> {
        DynamicReader::leaf(self, ty, b)
    }
}

/// Integers and floating-point types: what a byte pattern can be
/// reinterpreted as.
pub fn is_bit_castable(scalar: RawType<'_>) -> bool {
    matches!(
        scalar.type_kind(),
        LLVMTypeKind::LLVMIntegerTypeKind
            | LLVMTypeKind::LLVMHalfTypeKind
            | LLVMTypeKind::LLVMBFloatTypeKind
            | LLVMTypeKind::LLVMFloatTypeKind
            | LLVMTypeKind::LLVMDoubleTypeKind
            | LLVMTypeKind::LLVMX86_FP80TypeKind
            | LLVMTypeKind::LLVMFP128TypeKind
            | LLVMTypeKind::LLVMPPC_FP128TypeKind
    )
}

/// `bytes` (a `<size x i8>` vector or an `i(8*size)` integer) as `ty`:
/// bitcast to the integer of the store size, truncated to the type's bit
/// size, bitcast to the type.
pub fn reinterpret<'ctx>(
    extra: &AccessBuilder<'ctx>,
    dl: &ModuleLayout,
    bytes: RawValue<'ctx>,
    size: i64,
    ty: RawType<'ctx>,
    name: &str,
) -> Result<RawValue<'ctx>, String> {
    if bytes.ty() == ty {
        return Ok(bytes);
    }
    let whole = extra.int_type((size * 8) as u32);
    let mut value = if bytes.ty() == whole {
        bytes
    } else {
        extra.bitcast(bytes, whole, "").map_err(|e| e.to_string())?
    };
    let bits = dl.size_in_bits(ty);
    if bits < (size * 8) as u64 {
        value = extra.trunc(value, extra.int_type(bits as u32));
    }
    if value.ty() == ty {
        return Ok(value);
    }
    extra
        .bitcast(value, ty, &format!("{name}.bits"))
        .map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gcd_of_strides() {
        assert_eq!(gcd(16, 4), 4);
        assert_eq!(gcd(16, 12), 4);
        assert_eq!(gcd(16, 24), 8);
        assert_eq!(gcd(16, 0), 16);
        assert_eq!(gcd(16, -6), 2);
    }

    #[test]
    fn latest_start_in_a_row() {
        // `float` steps (4 bytes) from byte 0: 0, 4, 8 or 12.
        assert_eq!(max_start_in_row(0, 4), 12);
        // From byte 8 of the second row, 8-byte steps: 8 only... or 0.
        assert_eq!(max_start_in_row(24, 8), 8);
        // Byte steps from 3: any byte.
        assert_eq!(max_start_in_row(3, 1), 15);
        // 4-byte steps from byte 2: 2, 6, 10, 14.
        assert_eq!(max_start_in_row(2, 4), 14);
        // A constant that is a whole row with 8-byte steps: 0 or 8.
        assert_eq!(max_start_in_row(16, 8), 8);
    }
}
