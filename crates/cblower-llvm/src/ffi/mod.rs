//! The only module of cblower that calls `llvm-sys` directly and the only one
//! with `unsafe` code.
//!
//! Why it exists: inkwell 0.11 turns every `LLVMTypeRef` it sees into one of its
//! own type enums and panics (`Unsupported type: TargetExt`) on LLVM's target
//! extension types. cbuffer layout structs are full of them
//! (`target("dx.Padding", 12)`, `target("dx.CBuffer", %L)`), so types that may
//! contain one live here as [`RawType`] and are never handed to an inkwell call
//! that inspects a type. Values and types inkwell understands (floats, vectors,
//! functions) keep using inkwell.
//!
//! Every `unsafe` block states why it holds. The common argument is the same
//! for all of them: each raw pointer passed to LLVM comes from a live inkwell
//! `Context`/`Module` or from a [`RawType`]/[`RawGlobal`] whose lifetime `'ctx`
//! is tied to the context that owns it, so LLVM never sees a dangling pointer.
#![allow(unsafe_code)]

mod access_build;
mod build;

pub use access_build::AccessBuilder;
pub use build::{
    add_named_metadata_tuple, GepFlags, MdTupleOperand, PositionedBuilder, RawFunction,
};

use std::ffi::{CStr, CString};
use std::marker::PhantomData;

use inkwell::context::Context;
use inkwell::module::Module;
use llvm_sys::core as c;
use llvm_sys::prelude::{LLVMTypeRef, LLVMValueRef};
use llvm_sys::target as t;
use llvm_sys::{LLVMLinkage, LLVMTypeKind, LLVMVisibility};

mod allocator;
mod builder;
mod debug_loc;
mod module_ops;
mod parse;
mod pass_builder;
mod rewrite;
mod value;

pub use allocator::{tune_allocator_for_one_module, tune_allocator_for_pipeline};
pub use builder::{intrinsic_id, RawBuilder};
pub use debug_loc::debug_location;
pub use module_ops::{
    data_layout_string, erase_named_metadata, expand_constant_expr_before, module_functions,
    named_metadata, named_struct_of, remove_dead_constant_users, run_llvm_passes, set_data_layout,
    MdOperand, ModuleLayout,
};
pub use parse::parse_ir;
pub use pass_builder::{
    enable_llvm_switches, print_llvm_pass_names, print_llvm_timing_reports, process_times,
    run_llvm_pipeline, LlvmPassOptions, LlvmPipelineError, LlvmSwitch,
};
pub use rewrite::{
    call_args, call_before, called_function, clone_instruction, const_int, const_named_struct,
    declare_function, delete_function, insert_before, int_type, named_struct_with_body,
    pointer_type, store_parts, successors, target_triple, Callee,
};
pub use value::{RawBlock, RawValue, ValueKind};

/// Errors from building IR through the raw LLVM C API.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum LlvmError {
    /// A name handed to LLVM contained a NUL byte, which the C API cannot carry.
    #[error("name {0:?} contains a NUL byte")]
    NulInName(String),
    /// `set_struct_body` was called on something that is not an opaque named struct.
    #[error("type {0} is not an opaque named struct, so its body cannot be set")]
    NotOpaqueStruct(String),
    /// The struct element index is past the end of the struct.
    #[error("element {index} is out of range for {ty}, which has {count} elements")]
    ElementOutOfRange {
        /// The struct type, as LLVM prints it.
        ty: String,
        /// The element asked for.
        index: u32,
        /// How many elements it has.
        count: u32,
    },
    /// The query needs a struct type.
    #[error("type {0} is not a struct")]
    NotAStruct(String),
    /// inkwell's builder refused an instruction.
    #[error("building an instruction failed: {0}")]
    Builder(String),
    /// LLVM's verifier rejected the module.
    #[error("LLVM's verifier rejected the module:\n{0}")]
    Verifier(String),
    /// LLVM does not know an intrinsic of that name.
    #[error("LLVM has no intrinsic named {0}")]
    UnknownIntrinsic(String),
    /// A block has no terminator to insert before.
    #[error("a basic block has no terminator")]
    NoTerminator,
    /// LLVM's pass builder rejected or failed a pipeline.
    #[error("{0}")]
    PassFailed(String),
}

fn cstring(name: &str) -> Result<CString, LlvmError> {
    CString::new(name).map_err(|_| LlvmError::NulInName(name.to_owned()))
}

/// The name of a value, as LLVM stores it (without `@`/`%` or quotes).
fn value_name(v: LLVMValueRef) -> String {
    let mut len = 0usize;
    // SAFETY: `v` is a valid value; LLVM returns a pointer to its name (owned by
    // the value, not to be freed) and writes the length.
    let ptr = unsafe { c::LLVMGetValueName2(v, &mut len) };
    if ptr.is_null() {
        return String::new();
    }
    // SAFETY: LLVM guarantees `len` readable bytes at `ptr` while the value lives.
    let bytes = unsafe { std::slice::from_raw_parts(ptr.cast::<u8>(), len) };
    String::from_utf8_lossy(bytes).into_owned()
}

/// Takes ownership of a message LLVM allocated and returns it as a `String`.
fn take_message(ptr: *mut std::os::raw::c_char) -> String {
    if ptr.is_null() {
        return String::new();
    }
    // SAFETY: `ptr` is non-null and was returned by an LLVM `*ToString` call, which
    // always yields a NUL-terminated string that the caller owns.
    let text = unsafe { CStr::from_ptr(ptr) }
        .to_string_lossy()
        .into_owned();
    // SAFETY: the message was allocated by LLVM and is disposed exactly once, here.
    unsafe { c::LLVMDisposeMessage(ptr) };
    text
}

/// An LLVM type that may be, or contain, a target extension type.
///
/// It is a plain copyable reference into the context `'ctx`, like inkwell's
/// types, but it is never converted back into an inkwell type.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct RawType<'ctx> {
    raw: LLVMTypeRef,
    _ctx: PhantomData<&'ctx Context>,
}

impl std::fmt::Debug for RawType<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "RawType({})", self.print())
    }
}

impl<'ctx> RawType<'ctx> {
    fn wrap(raw: LLVMTypeRef) -> Self {
        RawType {
            raw,
            _ctx: PhantomData,
        }
    }

    /// The underlying `LLVMTypeRef`, for code in this module that drives llvm-sys.
    pub(crate) fn as_raw(self) -> LLVMTypeRef {
        self.raw
    }

    /// Wraps any type inkwell can express (`f32`, `<3 x float>`, `i32`,
    /// ...); the result lives no longer than the type's context:
    ///
    /// ```
    /// use cblower_llvm::RawType;
    /// let ctx = inkwell::context::Context::create();
    /// let f = RawType::from_inkwell(ctx.f32_type());
    /// assert_eq!(f.print(), "float");
    /// ```
    ///
    /// Keeping one past its context does not compile:
    ///
    /// ```compile_fail,E0597
    /// use cblower_llvm::RawType;
    /// let escaped: RawType<'static> = {
    ///     let ctx = inkwell::context::Context::create();
    ///     RawType::from_inkwell(ctx.f32_type())
    /// };
    /// ```
    pub fn from_inkwell<T: inkwell::types::AnyType<'ctx>>(ty: T) -> Self {
        Self::wrap(ty.as_type_ref())
    }

    /// `target("<name>", <types...>, <ints...>)`.
    pub fn target_ext(
        ctx: &'ctx Context,
        name: &str,
        type_params: &[RawType<'ctx>],
        int_params: &[u32],
    ) -> Result<Self, LlvmError> {
        let name = cstring(name)?;
        let mut types: Vec<LLVMTypeRef> = type_params.iter().map(|t| t.raw).collect();
        let mut ints: Vec<u32> = int_params.to_vec();
        // SAFETY: the context is alive for 'ctx; `name` is NUL-terminated and both
        // arrays hold exactly the counts passed; LLVM copies the parameters.
        let raw = unsafe {
            c::LLVMTargetExtTypeInContext(
                ctx.raw(),
                name.as_ptr(),
                types.as_mut_ptr(),
                types.len() as u32,
                ints.as_mut_ptr(),
                ints.len() as u32,
            )
        };
        Ok(Self::wrap(raw))
    }

    /// A named struct with no body yet (`%name = type opaque`). LLVM renames it
    /// (`name.0`, ...) if the context already has a struct of that name.
    pub(crate) fn named_struct(ctx: &'ctx Context, name: &str) -> Result<Self, LlvmError> {
        let name = cstring(name)?;
        // SAFETY: live context, NUL-terminated name that LLVM copies.
        let raw = unsafe { c::LLVMStructCreateNamed(ctx.raw(), name.as_ptr()) };
        Ok(Self::wrap(raw))
    }

    /// The named struct called `name` in this context, if there is one.
    pub fn lookup_struct(ctx: &'ctx Context, name: &str) -> Result<Option<Self>, LlvmError> {
        let name = cstring(name)?;
        // SAFETY: live context, NUL-terminated name; LLVM returns null when absent.
        let raw = unsafe { c::LLVMGetTypeByName2(ctx.raw(), name.as_ptr()) };
        Ok((!raw.is_null()).then(|| Self::wrap(raw)))
    }

    /// Sets the body of an opaque named struct.
    pub(crate) fn set_struct_body(
        self,
        elements: &[RawType<'ctx>],
        packed: bool,
    ) -> Result<(), LlvmError> {
        if !self.is_opaque_struct() {
            return Err(LlvmError::NotOpaqueStruct(self.print()));
        }
        let mut elems: Vec<LLVMTypeRef> = elements.iter().map(|t| t.raw).collect();
        // SAFETY: `self` is an opaque struct of a live context (checked above), the
        // element array has the length passed and holds types of the same context.
        unsafe {
            c::LLVMStructSetBody(
                self.raw,
                elems.as_mut_ptr(),
                elems.len() as u32,
                packed as i32,
            )
        };
        Ok(())
    }

    /// A literal (unnamed) struct `{ ... }` or, when `packed`, `<{ ... }>`.
    pub(crate) fn literal_struct(
        ctx: &'ctx Context,
        elements: &[RawType<'ctx>],
        packed: bool,
    ) -> Self {
        let mut elems: Vec<LLVMTypeRef> = elements.iter().map(|t| t.raw).collect();
        // SAFETY: live context; the element array has the length passed.
        let raw = unsafe {
            c::LLVMStructTypeInContext(
                ctx.raw(),
                elems.as_mut_ptr(),
                elems.len() as u32,
                packed as i32,
            )
        };
        Self::wrap(raw)
    }

    /// `[count x self]`.
    pub fn array_of(self, count: u64) -> Self {
        // SAFETY: `self` is a valid type of a live context; any element count is valid.
        Self::wrap(unsafe { c::LLVMArrayType2(self.raw, count) })
    }

    fn kind(self) -> LLVMTypeKind {
        // SAFETY: `self` is a valid type of a live context.
        unsafe { c::LLVMGetTypeKind(self.raw) }
    }

    /// True for `target(...)` types.
    pub fn is_target_ext(self) -> bool {
        self.kind() == LLVMTypeKind::LLVMTargetExtTypeKind
    }

    /// True for struct types (named or literal).
    pub fn is_struct(self) -> bool {
        self.kind() == LLVMTypeKind::LLVMStructTypeKind
    }

    fn is_opaque_struct(self) -> bool {
        // SAFETY: only called on struct types of a live context.
        self.is_struct() && unsafe { c::LLVMIsOpaqueStruct(self.raw) } != 0
    }

    /// The name of a target extension type (`dx.Padding`), if this is one.
    pub fn target_ext_name(self) -> Option<String> {
        if !self.is_target_ext() {
            return None;
        }
        // SAFETY: `self` is a target extension type; the name is owned by the type
        // (not to be freed) and NUL-terminated.
        let ptr = unsafe { c::LLVMGetTargetExtTypeName(self.raw) };
        // SAFETY: non-null NUL-terminated string owned by LLVM for the context's life.
        Some(
            unsafe { CStr::from_ptr(ptr) }
                .to_string_lossy()
                .into_owned(),
        )
    }

    /// How many elements a struct has, without copying them out (checking
    /// every element's offset of a 1000-member buffer must not be quadratic).
    pub fn struct_element_count(self) -> Result<u32, LlvmError> {
        if !self.is_struct() {
            return Err(LlvmError::NotAStruct(self.print()));
        }
        // SAFETY: `self` is a struct type of a live context.
        Ok(unsafe { c::LLVMCountStructElementTypes(self.raw) })
    }

    /// The element types of a struct.
    pub fn struct_elements(self) -> Result<Vec<RawType<'ctx>>, LlvmError> {
        let count = self.struct_element_count()?;
        let mut elems: Vec<LLVMTypeRef> = vec![std::ptr::null_mut(); count as usize];
        // SAFETY: `elems` has room for exactly `count` type references.
        unsafe { c::LLVMGetStructElementTypes(self.raw, elems.as_mut_ptr()) };
        Ok(elems.into_iter().map(Self::wrap).collect())
    }

    /// The type as LLVM prints it (`<{ float, target("dx.Padding", 12) }>`,
    /// or `%Name` for named structs).
    pub fn print(self) -> String {
        // SAFETY: `self` is a valid type; the returned message is freed by take_message.
        take_message(unsafe { c::LLVMPrintTypeToString(self.raw) })
    }
}

/// A global variable whose value type may be a target extension type.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct RawGlobal<'ctx> {
    raw: LLVMValueRef,
    _ctx: PhantomData<&'ctx Context>,
}

impl std::fmt::Debug for RawGlobal<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "RawGlobal(@{})", self.name())
    }
}

/// Linkages the cbuffer IR uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Linkage {
    /// `external`.
    External,
}

impl<'ctx> RawGlobal<'ctx> {
    /// Adds `@name` of type `ty` in `address_space` to `module` (external, no initializer).
    pub(crate) fn add(
        module: &Module<'ctx>,
        ty: RawType<'ctx>,
        name: &str,
        address_space: u32,
    ) -> Result<Self, LlvmError> {
        let name = cstring(name)?;
        // SAFETY: the module and the type belong to the same live context 'ctx; LLVM
        // copies the NUL-terminated name.
        let raw = unsafe {
            c::LLVMAddGlobalInAddressSpace(
                module.as_mut_ptr(),
                ty.raw,
                name.as_ptr(),
                address_space,
            )
        };
        Ok(RawGlobal {
            raw,
            _ctx: PhantomData,
        })
    }

    /// The underlying `LLVMValueRef`.
    pub(crate) fn as_raw(self) -> LLVMValueRef {
        self.raw
    }

    /// The global's name (LLVM may have added `.1` to make it unique).
    pub fn name(self) -> String {
        value_name(self.raw)
    }

    pub(crate) fn set_linkage(self, linkage: Linkage) {
        let l = match linkage {
            Linkage::External => LLVMLinkage::LLVMExternalLinkage,
        };
        // SAFETY: `self` is a global variable of a live module.
        unsafe { c::LLVMSetLinkage(self.raw, l) };
    }

    /// Marks the global `hidden`.
    pub(crate) fn set_hidden(self) {
        // SAFETY: `self` is a global variable of a live module.
        unsafe { c::LLVMSetVisibility(self.raw, LLVMVisibility::LLVMHiddenVisibility) };
    }

    pub(crate) fn set_alignment(self, bytes: u32) {
        // SAFETY: `self` is a global variable; LLVM accepts any power-of-two alignment
        // and callers pass alignments from `Alignment`, which are powers of two.
        unsafe { c::LLVMSetAlignment(self.raw, bytes) };
    }

    /// `externally_initialized` (a push-constant block: the host writes it).
    pub(crate) fn set_externally_initialized(self) {
        // SAFETY: `self` is a global variable of a live module.
        unsafe { c::LLVMSetExternallyInitialized(self.raw, 1) };
    }

    /// `constant` instead of `global`.
    pub(crate) fn set_constant(self, constant: bool) {
        // SAFETY: `self` is a global variable of a live module.
        unsafe { c::LLVMSetGlobalConstant(self.raw, constant as i32) };
    }

    /// Gives the global a `poison` initializer of its value type (the only
    /// initializer target extension types without a zero value accept).
    pub(crate) fn set_poison_initializer(self) {
        // SAFETY: `self` is a global variable; its value type is a valid type of the
        // same context, for which LLVM can always build a poison constant.
        unsafe {
            let ty = c::LLVMGlobalGetValueType(self.raw);
            c::LLVMSetInitializer(self.raw, c::LLVMGetPoison(ty));
        }
    }
}

/// Runs LLVM's module verifier. Call it before anything that asserts on
/// well-formed IR, and on every module cblower writes out.
pub fn verify_module(module: &Module<'_>) -> Result<(), LlvmError> {
    module
        .verify()
        .map_err(|msg| LlvmError::Verifier(msg.to_string()))
}

/// A parsed data layout string, for asking LLVM where it puts things.
pub struct DataLayoutQuery {
    raw: t::LLVMTargetDataRef,
}

impl DataLayoutQuery {
    /// The data layout clang-22 gives modules for `target`.
    pub fn for_target(target: crate::Target) -> Result<Self, LlvmError> {
        Self::new(target.data_layout())
    }

    /// Parses `layout`. Private: LLVM aborts the process on a string it
    /// cannot parse, so only the fixed strings of `Target::data_layout` get here.
    pub(crate) fn new(layout: &str) -> Result<Self, LlvmError> {
        let s = cstring(layout)?;
        // SAFETY: `s` is NUL-terminated; LLVM parses and copies it. An invalid string
        // is reported by LLVM as a fatal error, so callers pass the fixed strings of
        // `Target::data_layout`.
        let raw = unsafe { t::LLVMCreateTargetData(s.as_ptr()) };
        Ok(DataLayoutQuery { raw })
    }

    /// Byte offset of struct element `index` as LLVM's data layout computes it.
    pub fn offset_of_element(&self, ty: RawType<'_>, index: u32) -> Result<u64, LlvmError> {
        let count = ty.struct_element_count()?;
        if index >= count {
            return Err(LlvmError::ElementOutOfRange {
                ty: ty.print(),
                index,
                count,
            });
        }
        // SAFETY: `ty` is a struct with more than `index` elements, of a live context.
        Ok(unsafe { t::LLVMOffsetOfElement(self.raw, ty.raw, index) })
    }

    /// `getTypeSizeInBits / 8`: the size Clang's layout builder uses.
    pub fn size_in_bytes(&self, ty: RawType<'_>) -> u64 {
        // SAFETY: `ty` is a sized type of a live context (all cbuffer types are).
        unsafe { t::LLVMSizeOfTypeInBits(self.raw, ty.raw) / 8 }
    }

    /// The alloc size (size rounded up to the ABI alignment).
    pub fn alloc_size(&self, ty: RawType<'_>) -> u64 {
        // SAFETY: `ty` is a sized type of a live context.
        unsafe { t::LLVMABISizeOfType(self.raw, ty.raw) }
    }

    /// The ABI alignment in bytes.
    pub fn abi_alignment(&self, ty: RawType<'_>) -> u32 {
        // SAFETY: `ty` is a sized type of a live context.
        unsafe { t::LLVMABIAlignmentOfType(self.raw, ty.raw) }
    }
}

impl Drop for DataLayoutQuery {
    fn drop(&mut self) {
        // SAFETY: `raw` came from LLVMCreateTargetData and is disposed once.
        unsafe { t::LLVMDisposeTargetData(self.raw) };
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Target;

    /// The smoke test of the foundation: a layout struct holding a padding
    /// target type, an addrspace(2) global of it, the verifier, and the printed IR.
    #[test]
    fn target_ext_layout_struct_verifies_and_prints() {
        let ctx = Context::create();
        let module = ctx.create_module("smoke");
        let td = inkwell::targets::TargetData::create(Target::Dxil.data_layout());
        module.set_data_layout(&td.get_data_layout());
        let f32t = RawType::from_inkwell(ctx.f32_type());
        let pad = RawType::target_ext(&ctx, "dx.Padding", &[], &[12]).unwrap();
        assert!(pad.is_target_ext());
        assert_eq!(pad.target_ext_name().as_deref(), Some("dx.Padding"));
        let layout = RawType::named_struct(&ctx, "__cblayout_T").unwrap();
        layout.set_struct_body(&[f32t, pad, f32t], true).unwrap();

        let g = RawGlobal::add(&module, layout, "t", 2).unwrap();
        g.set_linkage(Linkage::External);
        g.set_hidden();
        g.set_alignment(4);
        verify_module(&module).unwrap();

        let ir = module.print_to_string().to_string();
        assert!(
            ir.contains("%__cblayout_T = type <{ float, target(\"dx.Padding\", 12), float }>\n"),
            "{ir}"
        );
        assert!(
            ir.contains("@t = external hidden addrspace(2) global %__cblayout_T, align 4\n"),
            "{ir}"
        );

        let dl = DataLayoutQuery::new(Target::Dxil.data_layout()).unwrap();
        let offsets: Vec<u64> = (0..3)
            .map(|i| dl.offset_of_element(layout, i).unwrap())
            .collect();
        assert_eq!(offsets, [0, 4, 16]);
        assert_eq!(dl.size_in_bytes(layout), 20);
        assert_eq!(dl.size_in_bytes(pad), 12);
        assert_eq!(dl.abi_alignment(pad), 1);
    }

    #[test]
    fn element_count_and_out_of_range_offsets() {
        let ctx = Context::create();
        let f32t = RawType::from_inkwell(ctx.f32_type());
        let layout = RawType::named_struct(&ctx, "__cblayout_N").unwrap();
        layout.set_struct_body(&[f32t, f32t], true).unwrap();
        assert_eq!(layout.struct_element_count().unwrap(), 2);
        assert_eq!(layout.struct_elements().unwrap().len(), 2);
        assert!(matches!(
            f32t.struct_element_count(),
            Err(LlvmError::NotAStruct(t)) if t == "float"
        ));
        let dl = DataLayoutQuery::new(Target::Dxil.data_layout()).unwrap();
        assert_eq!(dl.offset_of_element(layout, 1).unwrap(), 4);
        assert!(matches!(
            dl.offset_of_element(layout, 2),
            Err(LlvmError::ElementOutOfRange {
                index: 2,
                count: 2,
                ..
            })
        ));
    }

    #[test]
    fn handle_global_with_poison_initializer() {
        let ctx = Context::create();
        let module = ctx.create_module("h");
        let f32t = RawType::from_inkwell(ctx.f32_type());
        let layout = RawType::named_struct(&ctx, "__cblayout_CB").unwrap();
        layout.set_struct_body(&[f32t], true).unwrap();
        let handle = RawType::target_ext(&ctx, "dx.CBuffer", &[layout], &[]).unwrap();
        let g = RawGlobal::add(&module, handle, "CB.cb", 0).unwrap();
        g.set_poison_initializer();
        verify_module(&module).unwrap();
        let ir = module.print_to_string().to_string();
        assert!(
            ir.contains("@CB.cb = global target(\"dx.CBuffer\", %__cblayout_CB) poison\n"),
            "{ir}"
        );
    }

    #[test]
    fn setting_a_body_twice_is_an_error_not_a_crash() {
        let ctx = Context::create();
        let s = RawType::named_struct(&ctx, "S").unwrap();
        s.set_struct_body(&[], true).unwrap();
        assert!(matches!(
            s.set_struct_body(&[], true),
            Err(LlvmError::NotOpaqueStruct(_))
        ));
        assert!(matches!(
            RawType::named_struct(&ctx, "a\0b"),
            Err(LlvmError::NulInName(_))
        ));
    }

    #[test]
    fn nul_free_lookup() {
        let ctx = Context::create();
        assert!(RawType::lookup_struct(&ctx, "Nope").unwrap().is_none());
        let s = RawType::named_struct(&ctx, "Yes").unwrap();
        assert_eq!(RawType::lookup_struct(&ctx, "Yes").unwrap(), Some(s));
    }
}
