//! Raw values, blocks and type queries for the passes.
//!
//! The cbuffer passes walk and rewrite IR full of target extension types
//! (handles, padding), which inkwell cannot look at. [`RawValue`] and
//! [`RawBlock`] are plain copyable references into a live context, like
//! [`RawType`]; every query here goes straight to the LLVM C API.
#![allow(unsafe_code)]

use std::ffi::CStr;
use std::marker::PhantomData;

use inkwell::context::Context;
use llvm_sys::core as c;
use llvm_sys::prelude::{LLVMBasicBlockRef, LLVMValueRef};
use llvm_sys::{LLVMOpcode, LLVMTypeKind};

use super::{take_message, RawType};

/// Any LLVM value (instruction, constant, global, function, metadata-as-value).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct RawValue<'ctx> {
    raw: LLVMValueRef,
    _ctx: PhantomData<&'ctx Context>,
}

impl std::fmt::Debug for RawValue<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "RawValue({})", self.print())
    }
}

/// A basic block.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct RawBlock<'ctx> {
    raw: LLVMBasicBlockRef,
    _ctx: PhantomData<&'ctx Context>,
}

impl<'ctx> RawBlock<'ctx> {
    pub(crate) fn wrap(raw: LLVMBasicBlockRef) -> Self {
        RawBlock {
            raw,
            _ctx: PhantomData,
        }
    }

    /// The block's instructions in order.
    pub fn instructions(self) -> Vec<RawValue<'ctx>> {
        let mut out = Vec::new();
        // SAFETY: `self` is a block of a live function; the iteration stops at null.
        let mut inst = unsafe { c::LLVMGetFirstInstruction(self.raw) };
        while !inst.is_null() {
            out.push(RawValue::wrap(inst));
            // SAFETY: `inst` is an instruction of this block.
            inst = unsafe { c::LLVMGetNextInstruction(inst) };
        }
        out
    }

    /// The block's first instruction, if it has any.
    pub fn first_instruction(self) -> Option<RawValue<'ctx>> {
        // SAFETY: `self` is a block of a live function; LLVM returns null when it is empty.
        RawValue::wrap_opt(unsafe { c::LLVMGetFirstInstruction(self.raw) })
    }

    /// The terminator, if the block has one.
    pub fn terminator(self) -> Option<RawValue<'ctx>> {
        // SAFETY: `self` is a live block; LLVM returns null when it has no terminator.
        RawValue::wrap_opt(unsafe { c::LLVMGetBasicBlockTerminator(self.raw) })
    }

    /// The function that holds the block.
    pub fn function(self) -> RawValue<'ctx> {
        // SAFETY: `self` is a block inserted in a function.
        RawValue::wrap(unsafe { c::LLVMGetBasicBlockParent(self.raw) })
    }
}

/// What kind of constant or value a [`RawValue`] is, as far as the passes care.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ValueKind {
    Instruction,
    GlobalVariable,
    Function,
    ConstantExpr,
    /// A constant struct, array or vector with operands (not `zeroinitializer`
    /// and not a data array).
    ConstantAggregate,
    ConstantInt,
    Argument,
    Other,
}

impl<'ctx> RawValue<'ctx> {
    pub(crate) fn wrap(raw: LLVMValueRef) -> Self {
        RawValue {
            raw,
            _ctx: PhantomData,
        }
    }

    pub(crate) fn wrap_opt(raw: LLVMValueRef) -> Option<Self> {
        (!raw.is_null()).then(|| Self::wrap(raw))
    }

    /// The underlying `LLVMValueRef`.
    pub fn as_raw(self) -> LLVMValueRef {
        self.raw
    }

    pub fn kind(self) -> ValueKind {
        // SAFETY: each LLVMIsA* call only inspects the class of a live value.
        unsafe {
            if !c::LLVMIsAInstruction(self.raw).is_null() {
                ValueKind::Instruction
            } else if !c::LLVMIsAGlobalVariable(self.raw).is_null() {
                ValueKind::GlobalVariable
            } else if !c::LLVMIsAFunction(self.raw).is_null() {
                ValueKind::Function
            } else if !c::LLVMIsAConstantExpr(self.raw).is_null() {
                ValueKind::ConstantExpr
            } else if !c::LLVMIsAConstantStruct(self.raw).is_null()
                || !c::LLVMIsAConstantArray(self.raw).is_null()
                || !c::LLVMIsAConstantVector(self.raw).is_null()
            {
                ValueKind::ConstantAggregate
            } else if !c::LLVMIsAConstantInt(self.raw).is_null() {
                ValueKind::ConstantInt
            } else if !c::LLVMIsAArgument(self.raw).is_null() {
                ValueKind::Argument
            } else {
                ValueKind::Other
            }
        }
    }

    /// A constant expression, or a constant struct, array or vector with
    /// operands ([`ValueKind::ConstantExpr`] or
    /// [`ValueKind::ConstantAggregate`]), told with one C API call where
    /// [`Self::kind`] makes up to seven.
    pub fn is_constant_expr_or_aggregate(self) -> bool {
        use llvm_sys::LLVMValueKind as K;
        // SAFETY: live value; the C API returns one of its enumerators
        // (anything it does not list comes back as an instruction).
        matches!(
            unsafe { c::LLVMGetValueKind(self.raw) },
            K::LLVMConstantExprValueKind
                | K::LLVMConstantArrayValueKind
                | K::LLVMConstantStructValueKind
                | K::LLVMConstantVectorValueKind
        )
    }

    pub fn is_instruction(self) -> bool {
        // SAFETY: the LLVMIsA* call only inspects the class of a live value.
        // (What `kind` tests first, without the rest of its chain: this is
        // asked once or twice per use in the passes.)
        !unsafe { c::LLVMIsAInstruction(self.raw) }.is_null()
    }

    /// The value's type. Never hand it to inkwell.
    pub fn ty(self) -> RawType<'ctx> {
        // SAFETY: live value.
        RawType::wrap(unsafe { c::LLVMTypeOf(self.raw) })
    }

    /// The value as LLVM prints it (`%x = load i32, ptr addrspace(2) %p, align 4`).
    pub fn print(self) -> String {
        // SAFETY: live value; the message is freed by take_message.
        take_message(unsafe { c::LLVMPrintValueToString(self.raw) })
            .trim()
            .to_owned()
    }

    /// The value's name without sigil (empty when unnamed).
    pub fn name(self) -> String {
        let mut len = 0usize;
        // SAFETY: live value; LLVM returns a pointer to `len` bytes it owns.
        let ptr = unsafe { c::LLVMGetValueName2(self.raw, &mut len) };
        if ptr.is_null() || len == 0 {
            return String::new();
        }
        // SAFETY: `ptr` points at `len` readable bytes owned by the value.
        let bytes = unsafe { std::slice::from_raw_parts(ptr as *const u8, len) };
        String::from_utf8_lossy(bytes).into_owned()
    }

    /// Sets the name (LLVM makes it unique within the function).
    pub fn set_name(self, name: &str) {
        // SAFETY: live value; LLVM copies exactly `len` bytes.
        unsafe { c::LLVMSetValueName2(self.raw, name.as_ptr() as *const _, name.len()) };
    }

    /// The instruction opcode (only meaningful for instructions).
    pub fn opcode(self) -> Option<LLVMOpcode> {
        if !self.is_instruction() {
            return None;
        }
        // SAFETY: `self` is an instruction.
        Some(unsafe { c::LLVMGetInstructionOpcode(self.raw) })
    }

    /// The opcode of a constant expression.
    pub fn const_opcode(self) -> Option<LLVMOpcode> {
        if self.kind() != ValueKind::ConstantExpr {
            return None;
        }
        // SAFETY: `self` is a constant expression.
        Some(unsafe { c::LLVMGetConstOpcode(self.raw) })
    }

    pub fn num_operands(self) -> u32 {
        // SAFETY: live user or constant; returns 0 for values without operands.
        let n = unsafe { c::LLVMGetNumOperands(self.raw) };
        n.max(0) as u32
    }

    /// Operand `index`, if there is one (null operands read as `None`).
    pub fn operand(self, index: u32) -> Option<RawValue<'ctx>> {
        if index >= self.num_operands() {
            return None;
        }
        // SAFETY: index checked against the operand count above.
        RawValue::wrap_opt(unsafe { c::LLVMGetOperand(self.raw, index) })
    }

    /// The operands with their indices, the count read once (null operands
    /// read as `None`). Replacing an operand while iterating is fine: it does
    /// not change the count.
    pub fn indexed_operands(self) -> impl Iterator<Item = (u32, Option<RawValue<'ctx>>)> + 'ctx {
        let raw = self.raw;
        (0..self.num_operands()).map(move |i| {
            // SAFETY: `i` is below the operand count read when the iterator
            // was made, and nothing the passes do while iterating removes an
            // operand (setting one keeps the count; like every handle here,
            // the user must not be erased meanwhile).
            (i, RawValue::wrap_opt(unsafe { c::LLVMGetOperand(raw, i) }))
        })
    }

    pub fn operands(self) -> Vec<Option<RawValue<'ctx>>> {
        (0..self.num_operands()).map(|i| self.operand(i)).collect()
    }

    /// Replaces operand `index` (the caller keeps the types equal).
    pub fn set_operand(self, index: u32, value: RawValue<'ctx>) {
        debug_assert!(index < self.num_operands());
        // SAFETY: `self` is a user with more than `index` operands and `value` has
        // the operand's type (all callers replace a value by one of the same type).
        unsafe { c::LLVMSetOperand(self.raw, index, value.raw) };
    }

    /// The distinct users of the value, in LLVM's use-list order.
    pub fn users(self) -> Vec<RawValue<'ctx>> {
        let mut out: Vec<RawValue<'ctx>> = Vec::new();
        // SAFETY: live value; the use iteration stops at null.
        let mut u = unsafe { c::LLVMGetFirstUse(self.raw) };
        while !u.is_null() {
            // SAFETY: `u` is a live use of this value.
            let user = RawValue::wrap(unsafe { c::LLVMGetUser(u) });
            if !out.contains(&user) {
                out.push(user);
            }
            // SAFETY: as above.
            u = unsafe { c::LLVMGetNextUse(u) };
        }
        out
    }

    /// The user of every use, in LLVM's use-list order; a user that uses the
    /// value several times appears several times.
    pub fn users_per_use(self) -> Vec<RawValue<'ctx>> {
        let mut out = Vec::new();
        self.append_users_per_use(&mut out);
        out
    }

    /// Appends the user of each use to `out`, as [`Self::users_per_use`]
    /// lists them (a list reused across values is not grown again each time).
    pub fn append_users_per_use(self, out: &mut Vec<RawValue<'ctx>>) {
        // SAFETY: live value; the use iteration stops at null.
        let mut u = unsafe { c::LLVMGetFirstUse(self.raw) };
        while !u.is_null() {
            // SAFETY: `u` is a live use of this value.
            out.push(RawValue::wrap(unsafe { c::LLVMGetUser(u) }));
            // SAFETY: as above.
            u = unsafe { c::LLVMGetNextUse(u) };
        }
    }

    /// The instruction after this one in its block.
    pub fn next_instruction(self) -> Option<RawValue<'ctx>> {
        // SAFETY: callers pass instructions; null at the end of the block.
        RawValue::wrap_opt(unsafe { c::LLVMGetNextInstruction(self.raw) })
    }

    /// The instruction before this one in its block.
    pub fn previous_instruction(self) -> Option<RawValue<'ctx>> {
        // SAFETY: callers pass instructions; null at the start of the block.
        RawValue::wrap_opt(unsafe { c::LLVMGetPreviousInstruction(self.raw) })
    }

    pub fn has_uses(self) -> bool {
        // SAFETY: live value.
        !unsafe { c::LLVMGetFirstUse(self.raw) }.is_null()
    }

    /// Replaces every use of `self` by `with` (same type).
    pub fn replace_all_uses_with(self, with: RawValue<'ctx>) {
        // SAFETY: both values are live and of the same type (callers guarantee it).
        unsafe { c::LLVMReplaceAllUsesWith(self.raw, with.raw) };
    }

    /// Unlinks and deletes an instruction that has no uses left.
    pub fn erase_instruction(self) {
        debug_assert!(self.is_instruction() && !self.has_uses());
        // SAFETY: `self` is an instruction inserted in a block, without uses.
        unsafe { c::LLVMInstructionEraseFromParent(self.raw) };
    }

    /// Deletes a global variable that has no uses left.
    pub fn delete_global(self) {
        debug_assert!(self.kind() == ValueKind::GlobalVariable && !self.has_uses());
        // SAFETY: `self` is a global variable of a live module, without uses.
        unsafe { c::LLVMDeleteGlobal(self.raw) };
    }

    /// The block of an instruction.
    pub fn parent_block(self) -> Option<RawBlock<'ctx>> {
        if !self.is_instruction() {
            return None;
        }
        // SAFETY: `self` is an instruction.
        let bb = unsafe { c::LLVMGetInstructionParent(self.raw) };
        (!bb.is_null()).then(|| RawBlock::wrap(bb))
    }

    /// The function an instruction belongs to.
    pub fn parent_function(self) -> Option<RawValue<'ctx>> {
        self.parent_block().map(|b| b.function())
    }

    /// The value type of a global variable or function.
    pub fn global_value_type(self) -> RawType<'ctx> {
        // SAFETY: callers pass global values only.
        RawType::wrap(unsafe { c::LLVMGlobalGetValueType(self.raw) })
    }

    /// The blocks of a function, in layout order.
    pub fn blocks(self) -> Vec<RawBlock<'ctx>> {
        let mut out = Vec::new();
        // SAFETY: `self` is a function; declarations have no blocks (null).
        let mut bb = unsafe { c::LLVMGetFirstBasicBlock(self.raw) };
        while !bb.is_null() {
            out.push(RawBlock::wrap(bb));
            // SAFETY: `bb` is a block of this function.
            bb = unsafe { c::LLVMGetNextBasicBlock(bb) };
        }
        out
    }

    /// The value of a `ConstantInt` (sign-extended), if this is one that fits.
    pub fn const_int(self) -> Option<i64> {
        if self.kind() != ValueKind::ConstantInt {
            return None;
        }
        if !matches!(self.ty().int_width(), Some(w) if w <= 64) {
            return None;
        }
        // SAFETY: `self` is a ConstantInt of at most 64 bits.
        Some(unsafe { c::LLVMConstIntGetSExtValue(self.raw) })
    }

    /// The text of a global variable initialised with a constant string
    /// (`@A.str = ... c"A\00"`), without its trailing NUL; `None` for
    /// anything else. Resource names reach the binding intrinsics this way.
    pub fn global_string(self) -> Option<String> {
        // SAFETY: each query checks the value class before the next; the
        // string pointer and length come from the same constant, which lives
        // as long as the module, and are copied out before returning.
        unsafe {
            if c::LLVMIsAGlobalVariable(self.raw).is_null() {
                return None;
            }
            let init = c::LLVMGetInitializer(self.raw);
            if init.is_null() || c::LLVMIsAConstantDataSequential(init).is_null() {
                return None;
            }
            if c::LLVMIsConstantString(init) == 0 {
                return None;
            }
            let mut len = 0usize;
            let data = c::LLVMGetAsString(init, &mut len);
            if data.is_null() {
                return None;
            }
            let bytes = std::slice::from_raw_parts(data.cast::<u8>(), len);
            let text = bytes.strip_suffix(&[0]).unwrap_or(bytes);
            Some(String::from_utf8_lossy(text).into_owned())
        }
    }

    /// For a call: the intrinsic ID of the callee (0 when not an intrinsic).
    pub fn called_intrinsic_id(self) -> u32 {
        // SAFETY: each call checks the value class before the next query.
        unsafe {
            if c::LLVMIsACallInst(self.raw).is_null() {
                return 0;
            }
            let callee = c::LLVMGetCalledValue(self.raw);
            if callee.is_null() || c::LLVMIsAFunction(callee).is_null() {
                return 0;
            }
            c::LLVMGetIntrinsicID(callee)
        }
    }

    /// The source element type of a GEP instruction or GEP constant expression.
    pub fn gep_source_type(self) -> RawType<'ctx> {
        // SAFETY: callers pass GEP instructions or GEP constant expressions.
        RawType::wrap(unsafe { c::LLVMGetGEPSourceElementType(self.raw) })
    }

    /// For a phi: the incoming block of operand `index`.
    pub fn incoming_block(self, index: u32) -> RawBlock<'ctx> {
        // SAFETY: callers pass a phi and an index below its operand count.
        RawBlock::wrap(unsafe { c::LLVMGetIncomingBlock(self.raw, index) })
    }

    /// Whether a load or store is volatile.
    pub fn is_volatile(self) -> bool {
        // SAFETY: callers pass loads or stores.
        unsafe { c::LLVMGetVolatile(self.raw) != 0 }
    }
}

/// The integer-like view of a type, for the row arithmetic of the passes.
impl<'ctx> RawType<'ctx> {
    /// LLVM's kind of the type (integer, vector, struct, target extension, ...).
    pub fn type_kind(self) -> LLVMTypeKind {
        self.kind()
    }

    /// Bit width of an integer type.
    pub fn int_width(self) -> Option<u32> {
        // SAFETY: the width is only read from integer types.
        (self.kind() == LLVMTypeKind::LLVMIntegerTypeKind)
            .then(|| unsafe { c::LLVMGetIntTypeWidth(self.raw) })
    }

    /// `(element type, count)` of a fixed vector type.
    pub fn vector_info(self) -> Option<(RawType<'ctx>, u32)> {
        if self.kind() != LLVMTypeKind::LLVMVectorTypeKind {
            return None;
        }
        // SAFETY: `self` is a fixed vector type.
        unsafe {
            Some((
                RawType::wrap(c::LLVMGetElementType(self.raw)),
                c::LLVMGetVectorSize(self.raw),
            ))
        }
    }

    /// `(element type, length)` of an array type.
    pub fn array_info(self) -> Option<(RawType<'ctx>, u64)> {
        if self.kind() != LLVMTypeKind::LLVMArrayTypeKind {
            return None;
        }
        // SAFETY: `self` is an array type.
        unsafe {
            Some((
                RawType::wrap(c::LLVMGetElementType(self.raw)),
                c::LLVMGetArrayLength2(self.raw),
            ))
        }
    }

    /// The address space of a pointer type.
    pub fn pointer_address_space(self) -> Option<u32> {
        // SAFETY: only read from pointer types.
        (self.kind() == LLVMTypeKind::LLVMPointerTypeKind)
            .then(|| unsafe { c::LLVMGetPointerAddressSpace(self.raw) })
    }

    /// The type parameters of a target extension type.
    pub fn target_ext_type_params(self) -> Vec<RawType<'ctx>> {
        if !self.is_target_ext() {
            return Vec::new();
        }
        // SAFETY: `self` is a target extension type; indices stay below the count.
        unsafe {
            let n = c::LLVMGetTargetExtTypeNumTypeParams(self.raw);
            (0..n)
                .map(|i| RawType::wrap(c::LLVMGetTargetExtTypeTypeParam(self.raw, i)))
                .collect()
        }
    }

    /// The integer parameters of a target extension type.
    pub fn target_ext_int_params(self) -> Vec<u32> {
        if !self.is_target_ext() {
            return Vec::new();
        }
        // SAFETY: `self` is a target extension type; indices stay below the count.
        unsafe {
            let n = c::LLVMGetTargetExtTypeNumIntParams(self.raw);
            (0..n)
                .map(|i| c::LLVMGetTargetExtTypeIntParam(self.raw, i))
                .collect()
        }
    }

    /// The name of a named struct (`__cblayout_CB`), `None` for literal structs.
    pub fn struct_name(self) -> Option<String> {
        if !self.is_struct() {
            return None;
        }
        // SAFETY: `self` is a struct; the name (if any) is owned by the type.
        let ptr = unsafe { c::LLVMGetStructName(self.raw) };
        if ptr.is_null() {
            return None;
        }
        // SAFETY: non-null NUL-terminated string owned by the type.
        Some(
            unsafe { CStr::from_ptr(ptr) }
                .to_string_lossy()
                .into_owned(),
        )
    }
}
