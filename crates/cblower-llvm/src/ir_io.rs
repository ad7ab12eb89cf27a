//! Reading and writing modules as text or bitcode, like `opt` does.

use inkwell::context::Context;
use inkwell::memory_buffer::MemoryBuffer;
use inkwell::module::Module;

/// Why a module could not be read.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum ReadError {
    /// LLVM's IR or bitcode parser rejected the input; the message is LLVM's,
    /// which starts with `<name>:<line>:<col>` for textual IR.
    #[error("{0}")]
    Parse(String),
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
        let ReadError::Parse(msg) = err;
        assert_eq!(
            msg.lines().next(),
            Some("bad.ll:1:15: error: expected type")
        );
    }
}
