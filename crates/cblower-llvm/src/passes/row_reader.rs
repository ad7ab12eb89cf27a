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
//!
//! A scalar that no row element holds on its own (an 8-bit integer, or one
//! not aligned to its width within its row: what InstCombine makes of small
//! `memcpy`s) is assembled from the 16-bit elements around it: each byte is
//! the low or high half of one (the buffer is little-endian), the bytes are
//! zero-extended, shifted into place and or-ed together, and a float is
//! bitcast from the integer of its width.

use crate::fast_hash::FastMap;
use llvm_sys::LLVMTypeKind;

use super::row_access::{emit_linear, IrArith, Linear, Row, RowArith, ROW_BYTES};
use super::row_dynamic::{is_bit_castable, reinterpret};
use super::PassError;
use crate::ffi::{AccessBuilder, ModuleLayout, RawBuilder, RawType, RawValue};

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
    extra: &'a AccessBuilder<'ctx>,
    dl: &'a ModuleLayout,
    handle: RawValue<'ctx>,
    /// The instruction being rewritten, for diagnostics.
    at: RawValue<'ctx>,
    name: String,
    dynamic: Option<Row<'ctx>>,
    /// Loaded rows by (scalar type, constant row).
    rows: FastMap<(RawType<'ctx>, i64), RawValue<'ctx>>,
    /// Row numbers already computed (run-time part plus a constant).
    indices: FastMap<i64, RawValue<'ctx>>,
}

impl<'a, 'ctx> RowReader<'a, 'ctx> {
    /// A reader whose run-time row part is `dynamic` (its constant ignored);
    /// everything is inserted before `at`.
    pub fn new(
        builder: &'a RawBuilder<'ctx>,
        extra: &'a AccessBuilder<'ctx>,
        dl: &'a ModuleLayout,
        handle: RawValue<'ctx>,
        dynamic: &Linear<'ctx>,
        name: &str,
        at: RawValue<'ctx>,
    ) -> Self {
        builder.position_before(at);
        extra.position_before(at);
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
            extra,
            dl,
            handle,
            at,
            name: name.to_owned(),
            dynamic,
            rows: FastMap::default(),
            indices: FastMap::default(),
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
    pub fn scalar(
        &mut self,
        scalar: RawType<'ctx>,
        byte: i64,
    ) -> Result<RawValue<'ctx>, PassError> {
        if byte < 0 {
            return Err(self.error(format!("the access is {} bytes before the buffer", -byte)));
        }
        let bits = self.dl.size_in_bits(scalar);
        let width = (bits / 8) as i64;
        if row_intrinsic(bits).is_none() || byte % width != 0 {
            return self.assembled(scalar, bits, byte);
        }
        let (row, _) = self.row(scalar, byte / ROW_BYTES)?;
        Ok(self.builder.extract_value(
            row,
            ((byte % ROW_BYTES) / width) as u32,
            &format!("{}.extract", self.name),
        )?)
    }

    /// A value no row element holds on its own, from 16-bit pieces (module
    /// docs): any integer or floating-point scalar, or a vector of them
    /// (`<96 x i1>`, `<3 x i8>`), at any byte. The pieces make an integer of
    /// the type's store size, which is truncated to its bit size and bitcast
    /// to the type.
    fn assembled(
        &mut self,
        ty: RawType<'ctx>,
        bits: u64,
        byte: i64,
    ) -> Result<RawValue<'ctx>, PassError> {
        let scalar = ty.vector_info().map_or(ty, |(e, _)| e);
        if !is_bit_castable(scalar) || bits == 0 {
            return Err(self.error(format!(
                "cbuffer loads of {} at byte {} of a row are not supported",
                ty.print(),
                byte % ROW_BYTES
            )));
        }
        let size = self.dl.store_size(ty) as i64;
        let (i8t, i16t) = (self.extra.int_type(8), self.extra.int_type(16));
        let whole = self.extra.int_type((size * 8) as u32);
        let mut acc: Option<RawValue<'ctx>> = None;
        let mut k = 0;
        while k < size {
            let at = byte + k;
            let (piece, piece_size) = if at % 2 == 0 && size - k >= 2 {
                (self.scalar(i16t, at)?, 2)
            } else {
                let half = self.scalar(i16t, at & !1)?;
                let half = if at & 1 == 1 {
                    self.extra.lshr(half, 8)
                } else {
                    half
                };
                (self.extra.trunc(half, i8t), 1)
            };
            let piece = if piece_size == size {
                piece
            } else {
                self.extra.zext(piece, whole)
            };
            let piece = if k > 0 {
                self.extra.shl(piece, 8 * k as u64)
            } else {
                piece
            };
            acc = Some(match acc {
                Some(a) => self.extra.or(a, piece),
                None => piece,
            });
            k += piece_size;
        }
        let Some(value) = acc else {
            return Err(self.error("internal: an empty value"));
        };
        reinterpret(self.extra, self.dl, value, size, ty, &self.name).map_err(|r| self.error(r))
    }

    /// A scalar or vector (of bytes or of bits) at byte `byte` of the
    /// region; aggregates go through [`AggregateReader::value`].
    fn leaf(&mut self, ty: RawType<'ctx>, byte: i64) -> Result<RawValue<'ctx>, PassError> {
        match ty.type_kind() {
            LLVMTypeKind::LLVMVectorTypeKind => {
                let Some((elem, count)) = ty.vector_info() else {
                    return Err(self.error("internal: a vector type without vector info"));
                };
                let elem_bits = self.dl.size_in_bits(elem);
                if elem_bits % 8 != 0 {
                    // `<N x i1>`: the elements are bits of one integer.
                    return self.assembled(ty, self.dl.size_in_bits(ty), byte);
                }
                let width = (elem_bits / 8) as i64;
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
            | LLVMTypeKind::LLVMDoubleTypeKind
            | LLVMTypeKind::LLVMX86_FP80TypeKind
            | LLVMTypeKind::LLVMFP128TypeKind
            | LLVMTypeKind::LLVMPPC_FP128TypeKind => self.scalar(ty, byte),
            _ => Err(self.error(format!("a {} cannot be loaded from a cbuffer", ty.print()))),
        }
    }
}

/// Reading a value at a byte offset, element by element for aggregates:
/// the part [`RowReader`] (constant offsets) and
/// [`super::row_dynamic::DynamicReader`] (run-time offsets inside a row)
/// share. Each supplies how it reads a scalar or vector ([`Self::leaf`]).
pub trait AggregateReader<'ctx> {
    /// The builder new instructions go through.
    fn builder(&self) -> &RawBuilder<'ctx>;
    /// The module's data layout.
    fn layout(&self) -> &ModuleLayout;
    /// The base name of the values built.
    fn value_name(&self) -> &str;
    /// A diagnostic at the instruction being rewritten.
    fn diagnostic(&self, reason: String) -> PassError;
    /// A scalar or vector of type `ty` at byte `byte`.
    fn leaf(&mut self, ty: RawType<'ctx>, byte: i64) -> Result<RawValue<'ctx>, PassError>;

    /// The value of type `ty` (scalar, vector, struct or array) at byte
    /// `byte`, as it lies in memory under the data layout; padding elements
    /// of a struct are skipped.
    fn value(&mut self, ty: RawType<'ctx>, byte: i64) -> Result<RawValue<'ctx>, PassError> {
        match ty.type_kind() {
            LLVMTypeKind::LLVMStructTypeKind => {
                let mut agg = self.builder().poison(ty);
                for (i, elem) in ty.struct_elements()?.into_iter().enumerate() {
                    if elem.is_target_ext() {
                        if elem.target_ext_name().as_deref() == Some("dx.Padding") {
                            continue;
                        }
                        return Err(self.diagnostic(format!(
                            "a {} inside a cbuffer aggregate cannot be loaded",
                            elem.print()
                        )));
                    }
                    let offset = self.layout().element_offset(ty, i as u32) as i64;
                    let v = self.value(elem, byte + offset)?;
                    let name = format!("{}.insert", self.value_name());
                    agg = self.builder().insert_value(agg, v, i as u32, &name)?;
                }
                Ok(agg)
            }
            LLVMTypeKind::LLVMArrayTypeKind => {
                let Some((elem, count)) = ty.array_info() else {
                    return Err(
                        self.diagnostic("internal: an array type without array info".into())
                    );
                };
                let stride = self.layout().alloc_size(elem) as i64;
                let mut agg = self.builder().poison(ty);
                for i in 0..count {
                    let v = self.value(elem, byte + i as i64 * stride)?;
                    let name = format!("{}.insert", self.value_name());
                    agg = self.builder().insert_value(agg, v, i as u32, &name)?;
                }
                Ok(agg)
            }
            _ => self.leaf(ty, byte),
        }
    }
}

impl<'ctx> AggregateReader<'ctx> for RowReader<'_, 'ctx> {
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
    fn leaf(&mut self, ty: RawType<'ctx>, byte: i64) -> Result<RawValue<'ctx>, PassError> {
        RowReader::leaf(self, ty, byte)
    }
}
