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
    /// A module LLVM 22's own pass rejects too: LLVM's message, worded as
    /// `opt` prints it (`error: Load at "b" is not dominated by handle
    /// creation at "h1"`), after LLVM's own `note:` lines when it has some,
    /// and followed by cblower's notes, which name the function and the
    /// instruction and say what LLVM's message leaves out.
    #[error("{}", render_llvm_worded(.before, .message, .after))]
    LlvmWorded {
        /// LLVM's notes, printed before its error (`At resource access:...`).
        before: Vec<String>,
        /// LLVM's error text, without `error: `.
        message: String,
        /// cblower's note lines (the first gets `note: `, the others are
        /// printed as they are).
        after: Vec<String>,
    },
    /// An LLVM C API call failed.
    #[error(transparent)]
    Llvm(#[from] LlvmError),
}

fn render_llvm_worded(before: &[String], message: &str, after: &[String]) -> String {
    let mut out = String::new();
    for note in before {
        out.push_str("note: ");
        out.push_str(note);
        out.push('\n');
    }
    out.push_str("error: ");
    out.push_str(message);
    for (i, line) in after.iter().enumerate() {
        out.push('\n');
        if i == 0 {
            out.push_str("note: ");
        }
        out.push_str(line);
    }
    out
}

impl PassError {
    /// LLVM's error `message` about `inst`, with cblower's `note` naming the
    /// function and printing the instruction (see [`PassError::LlvmWorded`]).
    pub fn llvm_worded(
        inst: RawValue<'_>,
        message: impl Into<String>,
        note: impl Into<String>,
    ) -> Self {
        let function = inst
            .parent_function()
            .map(|f| f.name())
            .unwrap_or_else(|| "<none>".to_owned());
        PassError::LlvmWorded {
            before: Vec::new(),
            message: message.into(),
            after: vec![
                format!("in function '{function}': {}", note.into()),
                format!("  {}", inst.print()),
            ],
        }
    }

    /// True for errors worded as LLVM's pass words them, which `cblower-opt`
    /// prints as `opt` does (no program or pass name in front).
    pub fn is_llvm_worded(&self) -> bool {
        matches!(self, PassError::LlvmWorded { .. })
    }

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
