//! Reading arbitrary values out of cbuffer rows: what whole-struct and
//! whole-array loads and `memcpy` expand into.
//!
//! A [`RowReader`] reads from one address `dynamic rows + constant bytes`,
//! where the run-time part (the sum of run-time GEP indices scaled to rows) is
//! emitted once and every value inside the region sits at a constant byte
//! offset. Each row is loaded once per element width
//! (`%x.load = call {E x N} @llvm.dx.resource.load.cbufferrow.N(h, row)`) and
//! reused for every value in it, so a struct whose fields share a row costs
//! one row load. Aggregates are rebuilt from `poison`: struct fields with
//! `insertvalue` (padding elements stay `poison`), array elements likewise,
//! vector components with `insertelement` (`%x.upto0`, ...).

use std::collections::HashMap;

use llvm_sys::LLVMTypeKind;

use super::row_access::{emit_linear, IrArith, Linear, Row, RowArith, ROW_BYTES};
use super::PassError;
use crate::ffi::{ModuleLayout, RawBuilder, RawType, RawValue};

/// The row intrinsic for elements of `bits` bits: (name, elements per row).
pub fn row_intrinsic(bits: u64) -> Option<(&'static str, u32)> {
    match bits {
        16 => Some(("llvm.dx.resource.load.cbufferrow.8", 8)),
        32 => Some(("llvm.dx.resource.load.cbufferrow.4", 4)),
        64 => Some(("llvm.dx.resource.load.cbufferrow.2", 2)),
        _ => None,
    }
}

/// Reads values at constant byte offsets from a region of one cbuffer.
pub struct RowReader<'a, 'ctx> {
    builder: &'a RawBuilder<'ctx>,
    dl: &'a ModuleLayout,
    handle: RawValue<'ctx>,
    /// The instruction being rewritten, for diagnostics.
    at: RawValue<'ctx>,
    name: String,
    dynamic: Option<Row<'ctx>>,
    /// Loaded rows by (scalar type, constant row).
    rows: HashMap<(RawType<'ctx>, i64), RawValue<'ctx>>,
    /// Row numbers already computed (run-time part plus a constant).
    indices: HashMap<i64, RawValue<'ctx>>,
}

impl<'a, 'ctx> RowReader<'a, 'ctx> {
    /// A reader whose run-time row part is `dynamic` (its constant ignored),
    /// emitted at the builder's position.
    pub fn new(
        builder: &'a RawBuilder<'ctx>,
        dl: &'a ModuleLayout,
        handle: RawValue<'ctx>,
        dynamic: &Linear<'ctx>,
        name: &str,
        at: RawValue<'ctx>,
    ) -> Self {
        let terms = Linear {
            constant: 0,
            terms: dynamic.terms.clone(),
        };
        let dynamic = terms
            .terms
            .iter()
            .any(|(_, c)| *c != 0)
            .then(|| emit_linear(&mut IrArith { builder }, &terms));
        RowReader {
            builder,
            dl,
            handle,
            at,
            name: name.to_owned(),
            dynamic,
            rows: HashMap::new(),
            indices: HashMap::new(),
        }
    }

    fn error(&self, reason: impl Into<String>) -> PassError {
        PassError::at(self.at, reason)
    }

    /// Row `row` (plus the run-time part) read as elements of `scalar`.
    fn row(&mut self, scalar: RawType<'ctx>, row: i64) -> Result<(RawValue<'ctx>, u32), PassError> {
        let bits = self.dl.size_in_bits(scalar);
        let Some((intrinsic, per_row)) = row_intrinsic(bits) else {
            return Err(self.error(format!(
                "cbuffer loads of {bits}-bit elements are not supported"
            )));
        };
        if let Some(v) = self.rows.get(&(scalar, row)) {
            return Ok((*v, per_row));
        }
        let index = match self.indices.get(&row) {
            Some(v) => *v,
            None => {
                let mut arith = IrArith {
                    builder: self.builder,
                };
                let constant = arith.constant(row);
                let index = match self.dynamic {
                    Some(d) if row == 0 => d,
                    Some(d) => arith.add(d, constant),
                    None => constant,
                };
                let v = arith.value(index);
                self.indices.insert(row, v);
                v
            }
        };
        let mut overloads = vec![scalar; per_row as usize];
        overloads.push(self.handle.ty());
        let value = self.builder.call_intrinsic(
            intrinsic,
            &overloads,
            &[self.handle, index],
            &format!("{}.load", self.name),
        )?;
        self.rows.insert((scalar, row), value);
        Ok((value, per_row))
    }

    /// The scalar of type `scalar` at byte `byte` of the region.
    pub fn scalar(&mut self, scalar: RawType<'ctx>, byte: i64) -> Result<RawValue<'ctx>, PassError> {
        if byte < 0 {
            return Err(self.error(format!(
                "the access is {} bytes before the buffer",
                -byte
            )));
        }
        let width = (self.dl.size_in_bits(scalar) / 8) as i64;
        let (row, per_row) = self.row(scalar, byte / ROW_BYTES)?;
        let in_row = byte % ROW_BYTES;
        if in_row % width != 0 || in_row / width >= per_row as i64 {
            return Err(self.error(format!(
                "byte {in_row} of a row is not aligned to the {width}-byte elements loaded"
            )));
        }
        Ok(self.builder.extract_value(
            row,
            (in_row / width) as u32,
            &format!("{}.extract", self.name),
        )?)
    }

    /// The value of type `ty` (scalar, vector, struct or array) at byte
    /// `byte` of the region, as it lies in memory under the data layout.
    pub fn value(&mut self, ty: RawType<'ctx>, byte: i64) -> Result<RawValue<'ctx>, PassError> {
        match ty.type_kind() {
            LLVMTypeKind::LLVMStructTypeKind => {
                let mut agg = self.builder.poison(ty);
                let elements = ty.struct_elements()?;
                for (i, elem) in elements.into_iter().enumerate() {
                    if elem.is_target_ext() {
                        if elem.target_ext_name().as_deref() == Some("dx.Padding") {
                            continue;
                        }
                        return Err(self.error(format!(
                            "a {} inside a cbuffer aggregate cannot be loaded",
                            elem.print()
                        )));
                    }
                    let offset = self.dl.element_offset(ty, i as u32) as i64;
                    let v = self.value(elem, byte + offset)?;
                    agg = self.builder.insert_value(
                        agg,
                        v,
                        i as u32,
                        &format!("{}.insert", self.name),
                    )?;
                }
                Ok(agg)
            }
            LLVMTypeKind::LLVMArrayTypeKind => {
                let Some((elem, count)) = ty.array_info() else {
                    return Err(self.error("internal: an array type without array info"));
                };
                let stride = self.dl.alloc_size(elem) as i64;
                let mut agg = self.builder.poison(ty);
                for i in 0..count {
                    let v = self.value(elem, byte + i as i64 * stride)?;
                    agg = self.builder.insert_value(
                        agg,
                        v,
                        i as u32,
                        &format!("{}.insert", self.name),
                    )?;
                }
                Ok(agg)
            }
            LLVMTypeKind::LLVMVectorTypeKind => {
                let Some((elem, count)) = ty.vector_info() else {
                    return Err(self.error("internal: a vector type without vector info"));
                };
                let width = (self.dl.size_in_bits(elem) / 8) as i64;
                let mut vector = self.builder.poison(ty);
                for i in 0..count {
                    let x = self.scalar(elem, byte + i as i64 * width)?;
                    let index = self.builder.const_i32(i as i64);
                    vector = self.builder.insert_element(
                        vector,
                        x,
                        index,
                        &format!("{}.upto{i}", self.name),
                    )?;
                }
                Ok(vector)
            }
            LLVMTypeKind::LLVMIntegerTypeKind
            | LLVMTypeKind::LLVMHalfTypeKind
            | LLVMTypeKind::LLVMBFloatTypeKind
            | LLVMTypeKind::LLVMFloatTypeKind
            | LLVMTypeKind::LLVMDoubleTypeKind => self.scalar(ty, byte),
            _ => Err(self.error(format!(
                "a {} cannot be loaded from a cbuffer",
                ty.print()
            ))),
        }
    }
}
