//! Where a cbuffer load reads from: the row index and the element in the row.
//!
//! A cbuffer is a sequence of 16-byte rows; a load of a 16/32/64-bit scalar
//! (or a vector of them) through `getpointer(h, G)` and a chain of GEPs reads
//! row `(G + offset) / 16`, element `((G + offset) % 16) / width`.
//!
//! Two computations of the row are kept side by side:
//!
//! * [`llvm_row`] follows LLVM 22's `DXILResourceAccess` step by step (every
//!   GEP but the last becomes a row count: constant offsets divided by 16, a
//!   run-time index scaled by its source element's size in rows; the last GEP
//!   adds its constant row and element, or its single run-time index). It is
//!   generic over [`RowArith`] so the same steps either build IR (with
//!   constants folded as LLVM's `IRBuilder` folds them) or evaluate the row
//!   symbolically.
//! * [`exact_row`] walks every GEP index with its real stride and is right for
//!   every GEP shape whose run-time strides are whole rows.
//!
//! The pass emits LLVM's instruction sequence when both agree (so its output
//! matches LLVM 22 wherever LLVM 22 is right) and the exact one otherwise
//! (two-index `-O0` GEPs, run-time indices after other run-time indices,
//! elements wider than one row, ...).

use crate::fast_hash::FastMap;
use llvm_sys::LLVMTypeKind;

use crate::ffi::{ModuleLayout, RawBuilder, RawType, RawValue};

/// Bytes in one cbuffer row.
pub const ROW_BYTES: i64 = 16;

/// Integer arithmetic on row numbers, either as IR or symbolically.
pub trait RowArith<'ctx> {
    type V: Clone;
    fn constant(&mut self, c: i64) -> Self::V;
    fn index(&mut self, idx: RawValue<'ctx>) -> Self::V;
    fn add(&mut self, a: Self::V, b: Self::V) -> Self::V;
    fn mul(&mut self, a: Self::V, c: i64) -> Self::V;
    fn udiv(&mut self, a: Self::V, c: i64) -> Self::V;
    fn as_const(&self, v: &Self::V) -> Option<i64>;
}

/// A row as LLVM's constant folder sees it: a constant or an SSA value.
#[derive(Clone, Copy, Debug)]
pub enum Row<'ctx> {
    Const(i64),
    Value(RawValue<'ctx>),
}

fn wrap_i32(x: i64) -> i64 {
    x as i32 as i64
}

/// Builds row arithmetic as `i32` instructions, folding constant operands.
pub struct IrArith<'b, 'ctx> {
    pub builder: &'b RawBuilder<'ctx>,
}

impl<'ctx> IrArith<'_, 'ctx> {
    pub fn value(&self, r: Row<'ctx>) -> RawValue<'ctx> {
        match r {
            Row::Const(c) => self.builder.const_i32(c),
            Row::Value(v) => v,
        }
    }
}

impl<'ctx> RowArith<'ctx> for IrArith<'_, 'ctx> {
    type V = Row<'ctx>;
    fn constant(&mut self, c: i64) -> Row<'ctx> {
        Row::Const(wrap_i32(c))
    }
    fn index(&mut self, idx: RawValue<'ctx>) -> Row<'ctx> {
        Row::Value(self.builder.to_i32(idx))
    }
    fn add(&mut self, a: Row<'ctx>, b: Row<'ctx>) -> Row<'ctx> {
        match (a, b) {
            (Row::Const(x), Row::Const(y)) => Row::Const(wrap_i32(x + y)),
            _ => Row::Value(self.builder.add(self.value(a), self.value(b))),
        }
    }
    fn mul(&mut self, a: Row<'ctx>, c: i64) -> Row<'ctx> {
        match a {
            Row::Const(x) => Row::Const(wrap_i32(x * c)),
            Row::Value(v) => Row::Value(self.builder.mul(v, self.builder.const_i32(c))),
        }
    }
    fn udiv(&mut self, a: Row<'ctx>, c: i64) -> Row<'ctx> {
        match a {
            Row::Const(x) => Row::Const(wrap_i32(((x as u32) / (c as u32)) as i64)),
            Row::Value(v) => Row::Value(self.builder.udiv(v, self.builder.const_i32(c))),
        }
    }
    fn as_const(&self, v: &Row<'ctx>) -> Option<i64> {
        match v {
            Row::Const(c) => Some(*c),
            Row::Value(_) => None,
        }
    }
}

/// `constant + sum(coefficient * index)`, or `None` once a division made it
/// non-linear.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Linear<'ctx> {
    pub constant: i64,
    pub terms: Vec<(RawValue<'ctx>, i64)>,
}

impl<'ctx> Linear<'ctx> {
    fn add_term(&mut self, idx: RawValue<'ctx>, coef: i64) {
        match self.terms.iter_mut().find(|(v, _)| *v == idx) {
            Some((_, c)) => *c += coef,
            None => self.terms.push((idx, coef)),
        }
    }

    /// Same constant and same coefficient for every index value.
    pub fn same_as(&self, other: &Linear<'ctx>) -> bool {
        let map = |l: &Linear<'ctx>| -> FastMap<RawValue<'ctx>, i64> {
            l.terms.iter().filter(|(_, c)| *c != 0).cloned().collect()
        };
        self.constant == other.constant && map(self) == map(other)
    }
}

/// Evaluates rows symbolically.
pub struct SymbolicArith;

impl<'ctx> RowArith<'ctx> for SymbolicArith {
    type V = Option<Linear<'ctx>>;
    fn constant(&mut self, c: i64) -> Self::V {
        Some(Linear {
            constant: wrap_i32(c),
            terms: Vec::new(),
        })
    }
    fn index(&mut self, idx: RawValue<'ctx>) -> Self::V {
        Some(Linear {
            constant: 0,
            terms: vec![(idx, 1)],
        })
    }
    fn add(&mut self, a: Self::V, b: Self::V) -> Self::V {
        let (mut a, b) = (a?, b?);
        a.constant = wrap_i32(a.constant + b.constant);
        for (v, c) in b.terms {
            a.add_term(v, c);
        }
        Some(a)
    }
    fn mul(&mut self, a: Self::V, c: i64) -> Self::V {
        let mut a = a?;
        a.constant = wrap_i32(a.constant * c);
        for t in &mut a.terms {
            t.1 *= c;
        }
        Some(a)
    }
    fn udiv(&mut self, a: Self::V, c: i64) -> Self::V {
        let a = a?;
        if !a.terms.is_empty() || a.constant < 0 {
            return None;
        }
        Some(Linear {
            constant: a.constant / c,
            terms: Vec::new(),
        })
    }
    fn as_const(&self, v: &Self::V) -> Option<i64> {
        v.as_ref()
            .filter(|l| l.terms.is_empty())
            .map(|l| l.constant)
    }
}

/// The GEP operands after the pointer, as constants where they are constant.
fn gep_indices<'ctx>(gep: RawValue<'ctx>) -> Vec<RawValue<'ctx>> {
    gep.operands().into_iter().skip(1).flatten().collect()
}

/// Byte offset of an all-constant GEP, `None` if an index is not constant.
fn constant_gep_offset(dl: &ModuleLayout, gep: RawValue<'_>) -> Option<i64> {
    let mut offset = Linear {
        constant: 0,
        terms: Vec::new(),
    };
    walk_gep(dl, gep, &mut offset).ok()?;
    offset.terms.is_empty().then_some(offset.constant)
}

/// Adds the byte offset `gep` applies to `acc` (run-time indices as terms
/// scaled by their stride in bytes).
fn walk_gep<'ctx>(
    dl: &ModuleLayout,
    gep: RawValue<'ctx>,
    acc: &mut Linear<'ctx>,
) -> Result<(), String> {
    let mut ty: RawType<'ctx> = gep.gep_source_type();
    for (position, idx) in gep_indices(gep).into_iter().enumerate() {
        let (stride, next) = if position == 0 {
            (dl.alloc_size(ty) as i64, ty)
        } else if ty.is_struct() {
            let field = idx
                .const_int()
                .ok_or("a struct field index is not a constant")?;
            let elements = ty.struct_elements().map_err(|e| e.to_string())?;
            let next = *elements
                .get(field as usize)
                .ok_or("a struct field index is out of range")?;
            acc.constant += dl.element_offset(ty, field as u32) as i64;
            ty = next;
            continue;
        } else if let Some((elem, count)) = ty.array_info() {
            let stride = dl.alloc_size(elem) as i64;
            // The only in-bounds index of a one-element array is 0, so a
            // run-time index there adds nothing (its element need not fill
            // a row: `[1 x <2 x i16>]`).
            if count == 1 && stride % ROW_BYTES != 0 && idx.const_int().is_none() {
                ty = elem;
                continue;
            }
            (stride, elem)
        } else if let Some((elem, _)) = ty.vector_info() {
            (dl.alloc_size(elem) as i64, elem)
        } else {
            return Err(format!("cannot index into {}", ty.print()));
        };
        match idx.const_int() {
            Some(c) => acc.constant += c * stride,
            None => {
                if idx.ty().type_kind() != LLVMTypeKind::LLVMIntegerTypeKind {
                    return Err("a vector GEP index is not supported".into());
                }
                acc.add_term(idx, stride)
            }
        }
        ty = next;
    }
    Ok(())
}

/// The exact byte address `member_offset` plus every GEP of `chain`, with
/// run-time indices as terms scaled by their stride in bytes.
pub fn exact_bytes<'ctx>(
    dl: &ModuleLayout,
    member_offset: i64,
    chain: &[RawValue<'ctx>],
) -> Result<Linear<'ctx>, String> {
    let mut bytes = Linear {
        constant: member_offset,
        terms: Vec::new(),
    };
    for gep in chain {
        walk_gep(dl, *gep, &mut bytes)?;
    }
    Ok(bytes)
}

/// The run-time part of `bytes` counted in rows (constant 0): every stride
/// must be a whole number of rows.
pub fn dynamic_rows<'ctx>(bytes: &Linear<'ctx>) -> Result<Linear<'ctx>, String> {
    let mut row = Linear {
        constant: 0,
        terms: Vec::new(),
    };
    for &(idx, stride) in &bytes.terms {
        if stride % ROW_BYTES != 0 {
            return Err(format!(
                "a run-time index steps {stride} bytes, which is not a whole number of rows"
            ));
        }
        row.add_term(idx, stride / ROW_BYTES);
    }
    Ok(row)
}

/// The exact row (with run-time indices counted in rows) and element.
pub fn exact_row<'ctx>(
    dl: &ModuleLayout,
    member_offset: i64,
    chain: &[RawValue<'ctx>],
    element_bytes: i64,
) -> Result<(Linear<'ctx>, u32), String> {
    let bytes = exact_bytes(dl, member_offset, chain)?;
    if bytes.constant < 0 {
        return Err(format!(
            "the access is {} bytes before the buffer",
            -bytes.constant
        ));
    }
    let in_row = bytes.constant % ROW_BYTES;
    if in_row % element_bytes != 0 {
        return Err(format!(
            "byte {in_row} of a row is not aligned to the {element_bytes}-byte elements loaded"
        ));
    }
    let mut row = dynamic_rows(&bytes)?;
    row.constant = bytes.constant / ROW_BYTES;
    Ok((row, (in_row / element_bytes) as u32))
}

/// LLVM 22's row computation; `Err` where LLVM 22 asserts or crashes.
/// `chain[0]` is the GEP the load reads through, `chain[1]` its pointer, ...
pub fn llvm_row<'ctx, A: RowArith<'ctx>>(
    arith: &mut A,
    dl: &ModuleLayout,
    member_offset: i64,
    chain: &[RawValue<'ctx>],
    element_bytes: i64,
) -> Result<(A::V, u32), ()> {
    let mut row = arith.constant(member_offset / ROW_BYTES);
    let mut element = ((member_offset % ROW_BYTES) / element_bytes) as u32;
    let Some((&last, rest)) = chain.split_first() else {
        return Ok((row, element));
    };
    let mut offset: Option<A::V> = None;
    for &gep in rest {
        let indices = gep_indices(gep);
        let mut scale = dl.alloc_size(gep.gep_source_type()) as i64;
        let step = if let Some(bytes) = constant_gep_offset(dl, gep) {
            scale = 1;
            arith.constant(bytes)
        } else if indices.len() == 1 {
            index_i32(arith, indices[0])?
        } else if indices.len() == 2 && indices[0].const_int() == Some(0) {
            index_i32(arith, indices[1])?
        } else {
            return Err(());
        };
        let mut divisor = ROW_BYTES;
        if scale % divisor == 0 {
            scale /= divisor;
            divisor = 1;
        }
        let step = if scale != 1 {
            arith.mul(step, scale)
        } else {
            step
        };
        let step = if divisor != 1 {
            arith.udiv(step, divisor)
        } else {
            step
        };
        offset = Some(match offset {
            Some(o) => arith.add(o, step),
            None => step,
        });
    }
    let offset = offset.unwrap_or_else(|| arith.constant(0));
    row = arith.add(offset, row);
    if let Some(bytes) = constant_gep_offset(dl, last) {
        if bytes < 0 {
            return Err(());
        }
        let q = arith.constant(bytes / ROW_BYTES);
        row = arith.add(row, q);
        element += ((bytes % ROW_BYTES) / element_bytes) as u32;
    } else {
        let indices = gep_indices(last);
        if indices.len() != 1 {
            return Err(());
        }
        let idx = index_i32(arith, indices[0])?;
        row = match arith.as_const(&row) {
            Some(0) => idx,
            Some(_) => arith.add(row, idx),
            None => return Err(()),
        };
        element = 0;
    }
    Ok((row, element))
}

/// A run-time GEP index as LLVM would add it: only `i32` indices work there.
fn index_i32<'ctx, A: RowArith<'ctx>>(arith: &mut A, idx: RawValue<'ctx>) -> Result<A::V, ()> {
    if idx.ty().int_width() != Some(32) {
        return Err(());
    }
    Ok(arith.index(idx))
}

/// Builds the exact row as IR: the run-time terms in order, then the constant.
pub fn emit_linear<'ctx>(arith: &mut IrArith<'_, 'ctx>, row: &Linear<'ctx>) -> Row<'ctx> {
    let mut acc: Option<Row<'ctx>> = None;
    for &(idx, coef) in &row.terms {
        if coef == 0 {
            continue;
        }
        let v = arith.index(idx);
        let t = if coef == 1 { v } else { arith.mul(v, coef) };
        acc = Some(match acc {
            Some(a) => arith.add(a, t),
            None => t,
        });
    }
    match acc {
        None => Row::Const(wrap_i32(row.constant)),
        Some(a) if row.constant == 0 => a,
        Some(a) => {
            let c = arith.constant(row.constant);
            arith.add(a, c)
        }
    }
}
