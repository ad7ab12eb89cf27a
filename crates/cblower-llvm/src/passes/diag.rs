//! The errors a pass reports. Every error that concerns an instruction names
//! the function and prints the instruction, so the user can find it.

use crate::ffi::{LlvmError, RawValue};

/// Why a pass could not transform the module. The module is left in an
/// unspecified state and must not be written out.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum PassError {
    /// `!hlsl.cbs` does not have the shape Clang emits.
    #[error("!hlsl.cbs entry {entry}: {reason}")]
    BadCBufferMetadata {
        /// The entry's index.
        entry: usize,
        /// What is wrong with it.
        reason: String,
    },
    /// `!hlsl.layouts` does not have the documented shape.
    #[error("!hlsl.layouts entry {entry}: {reason}")]
    BadLayoutMetadata {
        /// The entry's index.
        entry: usize,
        /// What is wrong with it.
        reason: String,
    },
    /// `!hlsl.layouts` disagrees with the offsets the data layout gives.
    #[error(
        "!hlsl.layouts: %{type_name}: {what} is {recorded} in !hlsl.layouts but {computed} from the data layout"
    )]
    LayoutMismatch {
        /// The layout type's name.
        type_name: String,
        /// `size` or `member N offset`.
        what: String,
        /// What `!hlsl.layouts` says.
        recorded: u64,
        /// What the data layout gives.
        computed: u64,
    },
    /// An instruction the pass cannot rewrite.
    #[error("in function '{function}': {reason}\n  {instruction}")]
    Unsupported {
        /// The function holding it.
        function: String,
        /// The instruction, as LLVM prints it.
        instruction: String,
        /// Why the pass cannot rewrite it.
        reason: String,
    },
    /// A value that is not an instruction uses cbuffer memory.
    #[error("{what} uses cbuffer member @{member}, which the pass cannot rewrite")]
    NonInstructionUse {
        /// The member global's name.
        member: String,
        /// The user (a global initializer, a constant expression, ...).
        what: String,
    },
    /// The module as a whole cannot be lowered (no DXIL triple, a DXIL type
    /// name already taken by another shape).
    #[error("{0}")]
    CannotLower(String),
    /// An LLVM C API call failed.
    #[error(transparent)]
    Llvm(#[from] LlvmError),
}

impl PassError {
    /// An [`PassError::Unsupported`] for `inst`.
    pub fn at(inst: RawValue<'_>, reason: impl Into<String>) -> Self {
        let function = inst
            .parent_function()
            .map(|f| f.name())
            .unwrap_or_else(|| "<none>".to_owned());
        PassError::Unsupported {
            function,
            instruction: inst.print(),
            reason: reason.into(),
        }
    }
}
