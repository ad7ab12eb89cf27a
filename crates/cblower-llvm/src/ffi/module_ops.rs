//! Module-level operations the passes need: named metadata, the module's
//! data layout, constant expressions turned into instructions, and LLVM's own
//! passes by name.
//!
//! Four operations have no C API: erasing a named metadata node,
//! `ConstantExpr::getAsInstruction`, `Constant::removeDeadConstantUsers` and
//! `Instruction::insertBefore(Instruction *)`. All are plain non-virtual C++ member
//! functions exported by `libLLVM-22.so`; under the Itanium C++ ABI such a
//! function is called exactly like a C function whose first argument is the
//! object pointer, and the LLVM C API's opaque references are those same object
//! pointers. The symbols are versioned `LLVM_22.1`, so a different LLVM fails
//! at link time rather than misbehaving.
#![allow(unsafe_code)]

use std::ffi::CStr;

use inkwell::module::Module;
use llvm_sys::core as c;
use llvm_sys::prelude::{LLVMNamedMDNodeRef, LLVMValueRef};
use llvm_sys::target as t;

use super::{cstring, LlvmError, RawType, RawValue};

extern "C" {
    /// `void llvm::NamedMDNode::eraseFromParent()`.
    #[link_name = "_ZN4llvm11NamedMDNode15eraseFromParentEv"]
    fn named_md_node_erase_from_parent(node: LLVMNamedMDNodeRef);
    /// `llvm::Instruction *llvm::ConstantExpr::getAsInstruction() const`.
    #[link_name = "_ZNK4llvm12ConstantExpr16getAsInstructionEv"]
    fn constant_expr_get_as_instruction(expr: LLVMValueRef) -> LLVMValueRef;
    /// `void llvm::Constant::removeDeadConstantUsers() const`.
    #[link_name = "_ZNK4llvm8Constant23removeDeadConstantUsersEv"]
    fn constant_remove_dead_constant_users(constant: LLVMValueRef);
    /// `void llvm::Instruction::insertBefore(llvm::Instruction *)`.
    #[link_name = "_ZN4llvm11Instruction12insertBeforeEPS0_"]
    fn instruction_insert_before(inst: LLVMValueRef, before: LLVMValueRef);
}

/// Destroys the constant expressions that use `constant` but are themselves
/// unused (what is left after their users were expanded into instructions).
pub fn remove_dead_constant_users(constant: RawValue<'_>) {
    // SAFETY: `constant` is a live Constant (callers pass globals); the C++
    // member function only destroys unused constant users.
    unsafe { constant_remove_dead_constant_users(constant.as_raw()) };
}

/// One operand of a metadata node, as the passes read it.
#[derive(Clone, Debug, PartialEq)]
pub enum MdOperand<'ctx> {
    /// A null operand (what GlobalDCE leaves behind).
    Null,
    /// A value (`ptr @x`, `i32 16`).
    Value(RawValue<'ctx>),
    /// An `!"string"`.
    String(String),
    /// Another node or anything else.
    Other,
}

/// The operands of each node of the named metadata `name`, or `None` when the
/// module has no such named node.
pub fn named_metadata<'ctx>(
    module: &Module<'ctx>,
    name: &str,
) -> Result<Option<Vec<Vec<MdOperand<'ctx>>>>, LlvmError> {
    let cname = cstring(name)?;
    // SAFETY: live module; NUL-terminated name; null when absent.
    let node = unsafe { c::LLVMGetNamedMetadata(module.as_mut_ptr(), cname.as_ptr(), name.len()) };
    if node.is_null() {
        return Ok(None);
    }
    // SAFETY: live module; the count and the buffer agree.
    let nodes = unsafe {
        let n = c::LLVMGetNamedMetadataNumOperands(module.as_mut_ptr(), cname.as_ptr());
        let mut buf: Vec<LLVMValueRef> = vec![std::ptr::null_mut(); n as usize];
        c::LLVMGetNamedMetadataOperands(module.as_mut_ptr(), cname.as_ptr(), buf.as_mut_ptr());
        buf
    };
    Ok(Some(nodes.into_iter().map(md_node_operands).collect()))
}

fn md_node_operands<'ctx>(node: LLVMValueRef) -> Vec<MdOperand<'ctx>> {
    // SAFETY: `node` is an MDNode wrapped as a value by LLVMGetNamedMetadataOperands;
    // the buffer has room for every operand. LLVM writes null for null operands.
    let ops = unsafe {
        if c::LLVMIsAMDNode(node).is_null() {
            return Vec::new();
        }
        let n = c::LLVMGetMDNodeNumOperands(node);
        let mut buf: Vec<LLVMValueRef> = vec![std::ptr::null_mut(); n as usize];
        c::LLVMGetMDNodeOperands(node, buf.as_mut_ptr());
        buf
    };
    ops.into_iter()
        .map(|op| {
            if op.is_null() {
                return MdOperand::Null;
            }
            // SAFETY: `op` is a live value (a constant or metadata wrapped as a value).
            unsafe {
                if !c::LLVMIsAMDString(op).is_null() {
                    let mut len = 0u32;
                    let ptr = c::LLVMGetMDString(op, &mut len);
                    if ptr.is_null() {
                        return MdOperand::String(String::new());
                    }
                    let bytes = std::slice::from_raw_parts(ptr as *const u8, len as usize);
                    return MdOperand::String(String::from_utf8_lossy(bytes).into_owned());
                }
                if !c::LLVMIsAMDNode(op).is_null() {
                    return MdOperand::Other;
                }
                if c::LLVMGetValueKind(op) == llvm_sys::LLVMValueKind::LLVMMetadataAsValueValueKind
                {
                    return MdOperand::Other;
                }
            }
            MdOperand::Value(RawValue::wrap(op))
        })
        .collect()
}

/// Erases the named metadata `name` if the module has it.
pub fn erase_named_metadata(module: &Module<'_>, name: &str) -> Result<(), LlvmError> {
    let cname = cstring(name)?;
    // SAFETY: live module; null when absent.
    let node = unsafe { c::LLVMGetNamedMetadata(module.as_mut_ptr(), cname.as_ptr(), name.len()) };
    if !node.is_null() {
        // SAFETY: `node` is a NamedMDNode owned by the module; the C++ member
        // function unlinks and deletes it (see the module docs for the ABI).
        unsafe { named_md_node_erase_from_parent(node) };
    }
    Ok(())
}

/// A new instruction equivalent to the constant expression `expr` (`None`
/// for any other value), inserted right before `before` with `before`'s debug location (what positioning a
/// builder there and inserting does, without the builder's bookkeeping and
/// without setting an empty name: a third of the cost of an expansion).
pub fn expand_constant_expr_before<'ctx>(
    expr: RawValue<'ctx>,
    before: RawValue<'ctx>,
) -> Option<RawValue<'ctx>> {
    // One C API call instead of `const_opcode`'s class tests.
    // SAFETY: live value.
    if unsafe { c::LLVMGetValueKind(expr.as_raw()) }
        != llvm_sys::LLVMValueKind::LLVMConstantExprValueKind
    {
        return None;
    }
    // SAFETY: `expr` is a ConstantExpr (checked); the call returns a new,
    // unlinked instruction owned by the caller, which inserts it below.
    let inst = RawValue::wrap_opt(unsafe { constant_expr_get_as_instruction(expr.as_raw()) })?;
    // SAFETY: `inst` is a fresh instruction in no block; `before` is an
    // instruction in a block of the same context (callers pass one). The C++
    // member function links `inst` into that block before `before` (see the
    // module docs for the ABI); the debug location calls read and set a
    // live instruction's location.
    unsafe {
        instruction_insert_before(inst.as_raw(), before.as_raw());
        let loc = llvm_sys::debuginfo::LLVMInstructionGetDebugLoc(before.as_raw());
        if !loc.is_null() {
            llvm_sys::debuginfo::LLVMInstructionSetDebugLoc(inst.as_raw(), loc);
        }
    }
    Some(inst)
}

/// The functions of the module (definitions and declarations), in order.
pub fn module_functions<'ctx>(module: &Module<'ctx>) -> Vec<RawValue<'ctx>> {
    let mut out = Vec::new();
    // SAFETY: live module; iteration stops at null.
    let mut f = unsafe { c::LLVMGetFirstFunction(module.as_mut_ptr()) };
    while !f.is_null() {
        out.push(RawValue::wrap(f));
        // SAFETY: `f` is a function of this module.
        f = unsafe { c::LLVMGetNextFunction(f) };
    }
    out
}

/// The named struct `%name` of the module's context, if there is one.
pub fn named_struct_of<'ctx>(
    module: &Module<'ctx>,
    name: &str,
) -> Result<Option<RawType<'ctx>>, LlvmError> {
    let cname = cstring(name)?;
    // SAFETY: live module and context; null when absent.
    let raw = unsafe {
        c::LLVMGetTypeByName2(c::LLVMGetModuleContext(module.as_mut_ptr()), cname.as_ptr())
    };
    Ok((!raw.is_null()).then(|| RawType::wrap(raw)))
}

/// Answers data layout questions with the module's own data layout.
pub struct ModuleLayout {
    raw: t::LLVMTargetDataRef,
}

impl ModuleLayout {
    /// The module's data layout (borrowed from the module, not copied).
    pub fn of(module: &Module<'_>) -> Self {
        // SAFETY: live module; the returned layout is owned by the module and
        // outlives this value because the borrow of `module` outlives the pass.
        ModuleLayout {
            raw: unsafe { t::LLVMGetModuleDataLayout(module.as_mut_ptr()) },
        }
    }

    /// `getTypeSizeInBits`.
    pub fn size_in_bits(&self, ty: RawType<'_>) -> u64 {
        // SAFETY: sized type of the module's context.
        unsafe { t::LLVMSizeOfTypeInBits(self.raw, ty.as_raw()) }
    }

    /// `getTypeAllocSize`.
    /// Bytes a load or store of `ty` touches (LLVM's store size).
    pub fn store_size(&self, ty: RawType<'_>) -> u64 {
        // SAFETY: a live data layout and a sized type of its context.
        unsafe { t::LLVMStoreSizeOfType(self.raw, ty.as_raw()) }
    }

    pub fn alloc_size(&self, ty: RawType<'_>) -> u64 {
        // SAFETY: sized type of the module's context.
        unsafe { t::LLVMABISizeOfType(self.raw, ty.as_raw()) }
    }

    /// Byte offset of element `index` of a struct (the caller checks the index).
    pub fn element_offset(&self, ty: RawType<'_>, index: u32) -> u64 {
        // SAFETY: `ty` is a struct with more than `index` elements.
        unsafe { t::LLVMOffsetOfElement(self.raw, ty.as_raw(), index) }
    }

    /// Whether `ty` has a size (target extension types may not).
    pub fn is_sized(&self, ty: RawType<'_>) -> bool {
        // SAFETY: live type.
        unsafe { c::LLVMTypeIsSized(ty.as_raw()) != 0 }
    }
}

/// Runs LLVM's own passes by their `opt` names (`instnamer`) on the module
/// (see [`super::pass_builder::run_llvm_pipeline`], which this calls with
/// the default options).
pub fn run_llvm_passes(module: &Module<'_>, pipeline: &str) -> Result<(), LlvmError> {
    use super::pass_builder::{run_llvm_pipeline, LlvmPassOptions, LlvmPipelineError};
    run_llvm_pipeline(module, pipeline, LlvmPassOptions::default()).map_err(|e| match e {
        LlvmPipelineError::Broken(e) => e,
        LlvmPipelineError::Rejected(text) => LlvmError::PassFailed(text),
    })
}

/// Sets the module's data layout string.
pub fn set_data_layout(module: &Module<'_>, layout: &str) -> Result<(), LlvmError> {
    let s = cstring(layout)?;
    // SAFETY: live module; LLVM copies the NUL-terminated string.
    unsafe { c::LLVMSetDataLayout(module.as_mut_ptr(), s.as_ptr()) };
    Ok(())
}

/// The module's data layout string.
pub fn data_layout_string(module: &Module<'_>) -> String {
    // SAFETY: live module; the string is owned by the module and NUL-terminated.
    let ptr = unsafe { c::LLVMGetDataLayoutStr(module.as_mut_ptr()) };
    if ptr.is_null() {
        return String::new();
    }
    // SAFETY: non-null NUL-terminated string owned by the module.
    unsafe { CStr::from_ptr(ptr) }
        .to_string_lossy()
        .into_owned()
}
