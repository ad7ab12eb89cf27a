//! Raw instruction building for the access passes' extended shapes: `phi` and
//! `select` of row numbers, GEPs over arbitrary source types, stores with an
//! explicit alignment, shifts and truncations for byte copies, and call-site
//! attribute queries for `memcpy`.
//!
//! It is a second builder next to [`super::RawBuilder`] (which keeps its own
//! fields private); both are plain LLVM builders positioned on demand, so the
//! passes position whichever one they use right before building.
#![allow(unsafe_code)]

use crate::fast_hash::FastSet;
use std::marker::PhantomData;

use inkwell::module::Module;
use llvm_sys::core as c;
use llvm_sys::prelude::{LLVMBuilderRef, LLVMContextRef, LLVMValueRef};

use super::{cstring, LlvmError, RawType, RawValue};

/// A builder for the instructions listed in the module docs.
pub struct AccessBuilder<'ctx> {
    raw: LLVMBuilderRef,
    ctx: LLVMContextRef,
    _ctx: PhantomData<&'ctx ()>,
}

impl Drop for AccessBuilder<'_> {
    fn drop(&mut self) {
        // SAFETY: `raw` came from LLVMCreateBuilderInContext and is disposed once.
        unsafe { c::LLVMDisposeBuilder(self.raw) };
    }
}

impl<'ctx> AccessBuilder<'ctx> {
    pub fn new(module: &Module<'ctx>) -> Self {
        // SAFETY: the module is alive for 'ctx; its context outlives the builder.
        let ctx = unsafe { c::LLVMGetModuleContext(module.as_mut_ptr()) };
        // SAFETY: live context.
        let raw = unsafe { c::LLVMCreateBuilderInContext(ctx) };
        AccessBuilder {
            raw,
            ctx,
            _ctx: PhantomData,
        }
    }

    /// Inserts before `inst`, with its debug location.
    pub fn position_before(&self, inst: RawValue<'ctx>) {
        // SAFETY: `inst` is an instruction inserted in a block of this module.
        unsafe {
            c::LLVMPositionBuilderBefore(self.raw, inst.as_raw());
            let loc = llvm_sys::debuginfo::LLVMInstructionGetDebugLoc(inst.as_raw());
            c::LLVMSetCurrentDebugLocation2(self.raw, loc);
        }
    }

    /// `phi ty` with no incoming values yet (the caller adds them).
    pub fn phi(&self, ty: RawType<'ctx>, name: &str) -> Result<RawValue<'ctx>, LlvmError> {
        let name = cstring(name)?;
        // SAFETY: positioned builder (callers position at the top of a block).
        Ok(RawValue::wrap(unsafe {
            c::LLVMBuildPhi(self.raw, ty.as_raw(), name.as_ptr())
        }))
    }

    /// `select cond, a, b`.
    pub fn select(
        &self,
        cond: RawValue<'ctx>,
        a: RawValue<'ctx>,
        b: RawValue<'ctx>,
        name: &str,
    ) -> Result<RawValue<'ctx>, LlvmError> {
        let name = cstring(name)?;
        // SAFETY: positioned builder; `a` and `b` share a type, `cond` is i1 or a
        // vector of i1 (callers copy it from an existing select).
        Ok(RawValue::wrap(unsafe {
            c::LLVMBuildSelect(
                self.raw,
                cond.as_raw(),
                a.as_raw(),
                b.as_raw(),
                name.as_ptr(),
            )
        }))
    }

    /// `getelementptr [inbounds] ty, ptr, indices...`.
    pub fn gep(
        &self,
        ty: RawType<'ctx>,
        ptr: RawValue<'ctx>,
        indices: &[RawValue<'ctx>],
        inbounds: bool,
        name: &str,
    ) -> Result<RawValue<'ctx>, LlvmError> {
        let name = cstring(name)?;
        let mut idx: Vec<LLVMValueRef> = indices.iter().map(|v| v.as_raw()).collect();
        // SAFETY: positioned builder; `ty` is a sized type, `ptr` a pointer and the
        // indices integers valid for `ty` (callers index arrays and bytes only).
        Ok(RawValue::wrap(unsafe {
            if inbounds {
                c::LLVMBuildInBoundsGEP2(
                    self.raw,
                    ty.as_raw(),
                    ptr.as_raw(),
                    idx.as_mut_ptr(),
                    idx.len() as u32,
                    name.as_ptr(),
                )
            } else {
                c::LLVMBuildGEP2(
                    self.raw,
                    ty.as_raw(),
                    ptr.as_raw(),
                    idx.as_mut_ptr(),
                    idx.len() as u32,
                    name.as_ptr(),
                )
            }
        }))
    }

    /// `store [volatile] value, ptr, align <align>`.
    pub fn store(
        &self,
        value: RawValue<'ctx>,
        ptr: RawValue<'ctx>,
        align: u32,
        volatile: bool,
    ) -> RawValue<'ctx> {
        // SAFETY: positioned builder; `ptr` is a pointer, `value` first-class; the
        // alignment is a power of two (callers compute it as one).
        unsafe {
            let s = c::LLVMBuildStore(self.raw, value.as_raw(), ptr.as_raw());
            c::LLVMSetAlignment(s, align);
            c::LLVMSetVolatile(s, volatile as i32);
            RawValue::wrap(s)
        }
    }

    /// `lshr value, bits` (same integer type).
    pub fn lshr(&self, value: RawValue<'ctx>, bits: u64) -> RawValue<'ctx> {
        // SAFETY: `value` is an integer; the shift amount has its type.
        unsafe {
            let amount = c::LLVMConstInt(c::LLVMTypeOf(value.as_raw()), bits, 0);
            RawValue::wrap(c::LLVMBuildLShr(
                self.raw,
                value.as_raw(),
                amount,
                c"".as_ptr(),
            ))
        }
    }

    /// `trunc value to ty`.
    pub fn trunc(&self, value: RawValue<'ctx>, ty: RawType<'ctx>) -> RawValue<'ctx> {
        // SAFETY: `value` is an integer wider than the integer type `ty`.
        RawValue::wrap(unsafe {
            c::LLVMBuildTrunc(self.raw, value.as_raw(), ty.as_raw(), c"".as_ptr())
        })
    }

    /// `zext value to ty`.
    pub fn zext(&self, value: RawValue<'ctx>, ty: RawType<'ctx>) -> RawValue<'ctx> {
        // SAFETY: `value` is an integer narrower than the integer type `ty`.
        RawValue::wrap(unsafe {
            c::LLVMBuildZExt(self.raw, value.as_raw(), ty.as_raw(), c"".as_ptr())
        })
    }

    /// `shl value, bits` (same integer type).
    pub fn shl(&self, value: RawValue<'ctx>, bits: u64) -> RawValue<'ctx> {
        // SAFETY: `value` is an integer; the shift amount has its type.
        unsafe {
            let amount = c::LLVMConstInt(c::LLVMTypeOf(value.as_raw()), bits, 0);
            RawValue::wrap(c::LLVMBuildShl(
                self.raw,
                value.as_raw(),
                amount,
                c"".as_ptr(),
            ))
        }
    }

    /// `or a, b` (same integer type).
    pub fn or(&self, a: RawValue<'ctx>, b: RawValue<'ctx>) -> RawValue<'ctx> {
        // SAFETY: both operands are integers of one type.
        RawValue::wrap(unsafe { c::LLVMBuildOr(self.raw, a.as_raw(), b.as_raw(), c"".as_ptr()) })
    }

    /// `bitcast value to ty` (same size).
    pub fn bitcast(
        &self,
        value: RawValue<'ctx>,
        ty: RawType<'ctx>,
        name: &str,
    ) -> Result<RawValue<'ctx>, LlvmError> {
        let name = cstring(name)?;
        // SAFETY: callers cast between an integer and a float type of one size.
        Ok(RawValue::wrap(unsafe {
            c::LLVMBuildBitCast(self.raw, value.as_raw(), ty.as_raw(), name.as_ptr())
        }))
    }

    /// `iN` in this context.
    pub fn int_type(&self, bits: u32) -> RawType<'ctx> {
        // SAFETY: live context.
        RawType::wrap(unsafe { c::LLVMIntTypeInContext(self.ctx, bits) })
    }

    /// An `i32` constant.
    pub fn const_i32(&self, value: i64) -> RawValue<'ctx> {
        // SAFETY: live integer type.
        RawValue::wrap(unsafe { c::LLVMConstInt(self.int_type(32).as_raw(), value as u64, 1) })
    }

    /// `<count x elem>` in this context.
    pub fn vector_type(&self, elem: RawType<'ctx>, count: u32) -> RawType<'ctx> {
        // SAFETY: `elem` is a valid vector element type of this context.
        RawType::wrap(unsafe { c::LLVMVectorType(elem.as_raw(), count) })
    }

    /// `ashr value, bits` (same integer type).
    pub fn ashr(&self, value: RawValue<'ctx>, bits: u64) -> RawValue<'ctx> {
        // SAFETY: `value` is an integer; the shift amount has its type.
        unsafe {
            let amount = c::LLVMConstInt(c::LLVMTypeOf(value.as_raw()), bits, 0);
            RawValue::wrap(c::LLVMBuildAShr(
                self.raw,
                value.as_raw(),
                amount,
                c"".as_ptr(),
            ))
        }
    }

    /// `and value, mask` (same integer type).
    pub fn and_const(&self, value: RawValue<'ctx>, mask: u64) -> RawValue<'ctx> {
        // SAFETY: `value` is an integer; the mask has its type.
        unsafe {
            let mask = c::LLVMConstInt(c::LLVMTypeOf(value.as_raw()), mask, 0);
            RawValue::wrap(c::LLVMBuildAnd(
                self.raw,
                value.as_raw(),
                mask,
                c"".as_ptr(),
            ))
        }
    }

    /// `extractelement vector, index` with a run-time index.
    pub fn extract_element(
        &self,
        vector: RawValue<'ctx>,
        index: RawValue<'ctx>,
        name: &str,
    ) -> Result<RawValue<'ctx>, LlvmError> {
        let name = cstring(name)?;
        // SAFETY: `vector` is a vector value and `index` an integer.
        Ok(RawValue::wrap(unsafe {
            c::LLVMBuildExtractElement(self.raw, vector.as_raw(), index.as_raw(), name.as_ptr())
        }))
    }

    /// `shufflevector a, b, mask` (`None` in the mask is `poison`).
    pub fn shuffle(
        &self,
        a: RawValue<'ctx>,
        b: RawValue<'ctx>,
        mask: &[Option<u32>],
        name: &str,
    ) -> Result<RawValue<'ctx>, LlvmError> {
        let name = cstring(name)?;
        let i32t = self.int_type(32);
        // SAFETY: `a` and `b` are vectors of one type; every mask element is an
        // i32 constant (or poison) below twice their length.
        unsafe {
            let mut elements: Vec<LLVMValueRef> = mask
                .iter()
                .map(|m| match m {
                    Some(i) => c::LLVMConstInt(i32t.as_raw(), u64::from(*i), 0),
                    None => c::LLVMGetPoison(i32t.as_raw()),
                })
                .collect();
            let mask = c::LLVMConstVector(elements.as_mut_ptr(), elements.len() as u32);
            Ok(RawValue::wrap(c::LLVMBuildShuffleVector(
                self.raw,
                a.as_raw(),
                b.as_raw(),
                mask,
                name.as_ptr(),
            )))
        }
    }
}

impl<'ctx> RawValue<'ctx> {
    /// Adds `value` to a phi, coming from the block that incoming entry
    /// `index` of the phi `like` comes from.
    pub fn add_incoming_like(self, value: RawValue<'ctx>, like: RawValue<'ctx>, index: u32) {
        // SAFETY: `like` is a phi with more than `index` incoming entries, `self` a
        // phi of the same block and `value` has its type; both arrays hold one
        // element.
        unsafe {
            let mut b = [c::LLVMGetIncomingBlock(like.as_raw(), index)];
            let mut v = [value.as_raw()];
            c::LLVMAddIncoming(self.as_raw(), v.as_mut_ptr(), b.as_mut_ptr(), 1);
        }
    }

    /// The number of incoming values of a phi.
    pub fn incoming_count(self) -> u32 {
        // SAFETY: callers pass phis.
        unsafe { c::LLVMCountIncoming(self.as_raw()) }
    }

    /// The `align` attribute of call argument `arg` (0-based), if present.
    pub fn call_param_align(self, arg: u32) -> Option<u64> {
        let name = "align";
        // SAFETY: the name slice is valid for its length; LLVM returns 0 when unknown.
        let kind = unsafe { c::LLVMGetEnumAttributeKindForName(name.as_ptr().cast(), name.len()) };
        // SAFETY: `self` is a call; attribute index 1 is the first argument.
        let attr = unsafe { c::LLVMGetCallSiteEnumAttribute(self.as_raw(), arg + 1, kind) };
        if attr.is_null() {
            return None;
        }
        // SAFETY: `attr` is a live enum attribute.
        Some(unsafe { c::LLVMGetEnumAttributeValue(attr) })
    }
}

extern "C" {
    /// `bool llvm::Instruction::comesBefore(const llvm::Instruction *) const`:
    /// a non-virtual member function exported by `libLLVM-22.so`, called with
    /// the object pointer first under the Itanium C++ ABI (see `module_ops`).
    #[link_name = "_ZNK4llvm11Instruction11comesBeforeEPKS0_"]
    fn instruction_comes_before(this: LLVMValueRef, other: LLVMValueRef) -> bool;
}

impl<'ctx> RawValue<'ctx> {
    /// The distinct users of the value in use-list order, in time linear in
    /// the number of uses (a global used 100k times has 100k users).
    pub fn distinct_users(self) -> Vec<RawValue<'ctx>> {
        let mut seen = FastSet::default();
        // SAFETY: live value; the use iteration stops at null.
        let mut u = unsafe { c::LLVMGetFirstUse(self.as_raw()) };
        let mut out = Vec::new();
        while !u.is_null() {
            // SAFETY: `u` is a live use of this value.
            let user = RawValue::wrap(unsafe { c::LLVMGetUser(u) });
            if seen.insert(user) {
                out.push(user);
            }
            // SAFETY: as above.
            u = unsafe { c::LLVMGetNextUse(u) };
        }
        out
    }

    /// Whether this instruction comes strictly before `other` in their block,
    /// with LLVM's cached instruction order (amortised constant time).
    pub fn comes_before(self, other: RawValue<'ctx>) -> bool {
        let same_block = self.is_instruction()
            && other.is_instruction()
            && self.parent_block().is_some()
            && self.parent_block() == other.parent_block();
        // SAFETY: both are instructions of one block (checked), which is what
        // `comesBefore` requires; it only reads (and caches) the block order.
        same_block && unsafe { instruction_comes_before(self.as_raw(), other.as_raw()) }
    }
}
