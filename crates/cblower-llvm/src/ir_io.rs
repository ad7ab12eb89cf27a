//! Reading and writing modules as text or bitcode, like `opt` does.

use inkwell::context::Context;
use inkwell::memory_buffer::MemoryBuffer;
use inkwell::module::Module;

use crate::{LlvmError, Target};

/// Why a module could not be read.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum ReadError {
    /// LLVM's IR or bitcode parser rejected the input; the message is LLVM's,
    /// which starts with `<name>:<line>:<col>` for textual IR.
    #[error("{0}")]
    Parse(String),
    /// The file could not be read (the operating system's message).
    #[error("{path}: cannot read input file: {message}")]
    Io {
        /// The file.
        path: String,
        /// Why.
        message: String,
    },
}

/// Parses textual IR or bitcode (told apart by the bitcode magic, as LLVM does).
/// `name` is what LLVM uses in its messages (the file name, or `<stdin>`).
pub fn parse_module<'ctx>(
    ctx: &'ctx Context,
    bytes: &[u8],
    name: &str,
) -> Result<Module<'ctx>, ReadError> {
    let buffer = MemoryBuffer::create_from_memory_range_copy(bytes, name);
    crate::ffi::parse_ir(ctx, buffer).map_err(|e| ReadError::Parse(e.trim_end().to_owned()))
}

/// Parses the IR or bitcode file at `path`. LLVM maps the file rather
/// than copying it into memory, as `opt` does; its messages name the file
/// as `path` spells it.
pub fn parse_module_file<'ctx>(
    ctx: &'ctx Context,
    path: &std::path::Path,
) -> Result<Module<'ctx>, ReadError> {
    let buffer = MemoryBuffer::create_from_file(path).map_err(|e| ReadError::Io {
        path: path.display().to_string(),
        message: e.to_string(),
    })?;
    crate::ffi::parse_ir(ctx, buffer).map_err(|e| ReadError::Parse(e.trim_end().to_owned()))
}

/// Runs LLVM's module verifier. Call it before anything that asserts on
/// well-formed IR (LLVM's own passes, a bitcode writer), and on every module
/// you write out; [`crate::passes`] and [`crate::emit`] do so themselves.
///
/// ```
/// use cblower_llvm::ir_io::{parse_module, verify_module};
/// let ctx = inkwell::context::Context::create();
/// let good = parse_module(&ctx, b"define void @f() {\n  ret void\n}\n", "good.ll").unwrap();
/// assert!(verify_module(&good).is_ok());
/// // %x is defined in %a but used in %b, which %a does not dominate.
/// let text = "define i32 @f(i1 %c) {
/// entry:
///   br i1 %c, label %a, label %b
/// a:
///   %x = add i32 1, 2
///   br label %b
/// b:
///   ret i32 %x
/// }
/// ";
/// let bad = parse_module(&ctx, text.as_bytes(), "bad.ll").unwrap();
/// let msg = verify_module(&bad).unwrap_err().to_string();
/// assert!(msg.contains("Instruction does not dominate all uses!"), "{msg}");
/// ```
pub fn verify_module(module: &Module<'_>) -> Result<(), LlvmError> {
    crate::ffi::verify_module(module)
}

/// The module's target triple (`dxil-pc-shadermodel6.6-compute`), empty when
/// it has none.
pub fn target_triple(module: &Module<'_>) -> String {
    crate::ffi::target_triple(module)
}

/// The module's data layout string, empty when it has none.
pub fn data_layout_string(module: &Module<'_>) -> String {
    crate::ffi::data_layout_string(module)
}

/// Gives `module` the data layout of `target` (the strings clang-22 uses).
pub fn set_target_data_layout(module: &Module<'_>, target: Target) -> Result<(), LlvmError> {
    crate::ffi::set_data_layout(module, target.data_layout())
}

/// As `opt` does, a module without a data layout gets its target's from its
/// triple: DXIL (`dxil-...`) or SPIR-V (`spirv-...`, `spirv1.N-...`). Debian's
/// LLVM has no DXIL target to supply it, so cblower does. Returns the target
/// whose layout was set, `None` when the module already had one or its
/// triple is neither.
///
/// ```
/// use cblower_llvm::ir_io::{data_layout_string, fill_default_data_layout, parse_module};
/// use cblower_llvm::Target;
/// let ctx = inkwell::context::Context::create();
/// let m = parse_module(&ctx, b"target triple = \"dxil-pc-shadermodel6.6-compute\"\n", "m.ll").unwrap();
/// assert_eq!(fill_default_data_layout(&m).unwrap(), Some(Target::Dxil));
/// assert_eq!(data_layout_string(&m), Target::Dxil.data_layout());
/// assert_eq!(fill_default_data_layout(&m).unwrap(), None);
/// ```
pub fn fill_default_data_layout(module: &Module<'_>) -> Result<Option<Target>, LlvmError> {
    if !data_layout_string(module).is_empty() {
        return Ok(None);
    }
    let triple = target_triple(module);
    let target = if triple.starts_with("dxil") {
        Target::Dxil
    } else if triple.starts_with("spirv-") || triple.starts_with("spirv1.") {
        Target::SpirV
    } else {
        return Ok(None);
    };
    set_target_data_layout(module, target)?;
    Ok(Some(target))
}

/// The module as textual IR.
pub fn print_module(module: &Module<'_>) -> String {
    module.print_to_string().to_string()
}

/// The module as bitcode.
pub fn module_bitcode(module: &Module<'_>) -> Vec<u8> {
    module.write_bitcode_to_memory().as_slice().to_vec()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_and_bitcode_round_trip() {
        let ctx = Context::create();
        let text = "define i32 @f() {\n  ret i32 7\n}\n";
        let m = parse_module(&ctx, text.as_bytes(), "t.ll").unwrap();
        let bc = module_bitcode(&m);
        assert_eq!(&bc[..4], b"BC\xC0\xDE");
        let again = parse_module(&ctx, &bc, "t.bc").unwrap();
        assert!(print_module(&again).contains("define i32 @f() {\n  ret i32 7\n}"));
    }

    #[test]
    fn parse_errors_carry_llvm_location() {
        let ctx = Context::create();
        let err = parse_module(&ctx, b"define i32 @f(, i32) {\n", "bad.ll").unwrap_err();
        let ReadError::Parse(msg) = err else {
            panic!("{err:?}");
        };
        assert_eq!(
            msg.lines().next(),
            Some("bad.ll:1:15: error: expected type")
        );
    }
}
