//! Why a program cannot be laid out or planned. Every variant carries the
//! numbers that explain it and, where it is about a buffer, the buffer's
//! index in the program so a front end can point at its declaration.

use cblower_layout::LayoutError;

use crate::Target;

/// An error of [`crate::lay_out_program`] or [`crate::plan()`].
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum ProgramError {
    /// Buffer `buffer` cannot be laid out; `member` is the index of the
    /// offending member in the declaration as written.
    #[error("{error}")]
    Layout {
        /// Index of the buffer in the program.
        buffer: usize,
        /// Index of the member in the source declaration.
        member: usize,
        /// What the layout engine said.
        error: LayoutError,
    },
    /// [`crate::PlanOptions::triple`] names another target than the plan's.
    #[error("the triple `{triple}` is not a {target:?} triple")]
    TripleTargetMismatch {
        /// The triple.
        triple: String,
        /// The plan's target.
        target: Target,
    },
    /// A layout handed in was made with a rule set IR cannot be emitted for.
    #[error("buffer `{buffer}` was laid out with the {rules} rules; IR can only be emitted for the cbuffer or clang-22 rules")]
    UnsupportedRules {
        /// The buffer's name.
        buffer: String,
        /// The rule set's name.
        rules: &'static str,
    },
    /// A clang-22 layout made for the other target's data layout.
    #[error("buffer `{buffer}` was laid out for clang-22 on {layout_target:?} but the module targets {target:?}")]
    TargetMismatch {
        /// The buffer's name.
        buffer: String,
        /// The target the layout was made for.
        layout_target: Target,
        /// The module's target.
        target: Target,
    },
    /// Layouts of one module made with different rule sets.
    #[error("buffers `{first}` and `{second}` were laid out with different rule sets; emit one flavour per module")]
    MixedFlavors {
        /// The first buffer's name.
        first: String,
        /// The first buffer with other rules.
        second: String,
    },
    /// A layout handed in was made for another flavour than the plan's.
    #[error("buffer `{buffer}` was laid out with the {rules} rules, but the module is planned for {flavor:?}")]
    FlavorMismatch {
        /// The buffer's name.
        buffer: String,
        /// The layout's rule set.
        rules: &'static str,
        /// The plan's flavour.
        flavor: crate::Flavor,
    },
    /// An array of `ConstantBuffer<T>` whose length is not a register range
    /// the handle intrinsics can take (1 to 2^31 - 1 elements, or unbounded).
    #[error("`{buffer}` is an array of {len} ConstantBuffer<T>; a handle's register range holds 1 to 2147483647 buffers (or is unbounded, `[]`)")]
    ConstantBufferArray {
        /// Index of the buffer in the program.
        index: usize,
        /// The buffer's name.
        buffer: String,
        /// The array length (`u64::MAX` when unbounded).
        len: u64,
    },
    /// `ConstantBuffer<T>` or `TextureBuffer<T>` under the clang-22 rules.
    #[error("clang 22 does not know `{template}<T>` (it reports \"no template named '{template}'\"), so `{buffer}` has no clang-22 IR")]
    ConstantBufferInClang22 {
        /// Index of the buffer in the program.
        index: usize,
        /// The buffer's name.
        buffer: String,
        /// `ConstantBuffer` or `TextureBuffer`.
        template: &'static str,
    },
    /// A constant buffer larger than D3D's limit of 4096 rows (65536 bytes),
    /// which DXC rejects when it compiles to DXIL (clang-22 does not check).
    #[error("`{buffer}` is {size} bytes, more than the 65536 bytes (4096 rows of 16 bytes) a D3D constant buffer may hold; DXC rejects it")]
    CBufferTooLarge {
        /// Index of the buffer in the program.
        index: usize,
        /// The buffer's name.
        buffer: String,
        /// Its size in bytes (the end of its last member).
        size: u64,
    },
    /// A gap larger than a padding type's 32-bit byte count (a member
    /// placed more than 4 GiB past the previous one).
    #[error(
        "a gap of {bytes} bytes between two members does not fit a padding type's 32-bit size"
    )]
    PaddingTooLarge {
        /// The gap in bytes.
        bytes: u64,
        /// Index of the buffer in the program, when known.
        buffer: Option<usize>,
        /// The member the gap is before (or inside, for a gap in its
        /// struct or array type), when known: while planning a layout
        /// struct, its element's position; once the plan names the buffer,
        /// the index among the buffer's source members.
        member: Option<usize>,
    },
    /// Two member globals, or a member global and another global, with one
    /// symbol (only reachable through the library API: the HLSL front end
    /// reports a redefinition first).
    #[error("two globals would be named `{name}`; LLVM would rename one, so member globals must have distinct names")]
    DuplicateSymbol {
        /// The symbol.
        name: String,
    },
    /// A `[[vk::push_constant]]` block cblower cannot emit as asked.
    #[error("push-constant block `{name}`: {reason}")]
    PushConstant {
        /// Index in the program of the buffer (`$Globals`) that declares it.
        buffer: usize,
        /// Index of the global among that buffer's source members.
        member: usize,
        /// The global's name.
        name: String,
        /// What is wrong (naming the member when one is at fault).
        reason: String,
        /// How to fix it.
        fix: String,
    },
    /// A second `[[vk::push_constant]]` block (SPIR-V), which DXC and
    /// clang-22 both refuse.
    #[error("cannot have more than one push constant block (`{first}` is one already)")]
    SecondPushConstant {
        /// Index in the program of the buffer (`$Globals`) that declares
        /// the second block.
        buffer: usize,
        /// Index of the second block's global among that buffer's source
        /// members.
        member: usize,
        /// The second block's name.
        name: String,
        /// The first block's name.
        first: String,
    },
    /// The default flavour's invariant broke: a bug in cblower.
    #[error("layout type {ty}: element {element} should be at byte {intended} but LLVM's data layout puts it at {llvm}")]
    OffsetMismatch {
        /// The layout type's name.
        ty: String,
        /// The element number.
        element: u32,
        /// Where the layout puts it.
        intended: u64,
        /// Where LLVM's data layout puts it.
        llvm: u64,
    },
}

impl ProgramError {
    /// The index of the buffer the error is about, when it names one.
    pub fn buffer_index(&self) -> Option<usize> {
        match self {
            ProgramError::Layout { buffer, .. }
            | ProgramError::PushConstant { buffer, .. }
            | ProgramError::SecondPushConstant { buffer, .. } => Some(*buffer),
            ProgramError::PaddingTooLarge { buffer, .. } => *buffer,
            ProgramError::ConstantBufferArray { index, .. }
            | ProgramError::ConstantBufferInClang22 { index, .. }
            | ProgramError::CBufferTooLarge { index, .. } => Some(*index),
            _ => None,
        }
    }

    /// The index of the member, among the source members of the buffer
    /// [`Self::buffer_index`] names, that the error is about.
    pub fn member_index(&self) -> Option<usize> {
        match self {
            ProgramError::Layout { member, .. }
            | ProgramError::PushConstant { member, .. }
            | ProgramError::SecondPushConstant { member, .. } => Some(*member),
            ProgramError::PaddingTooLarge { member, .. } => *member,
            _ => None,
        }
    }

    /// This error, about buffer `index` when it names none yet.
    pub fn in_buffer(self, index: usize) -> Self {
        match self {
            ProgramError::PaddingTooLarge {
                bytes,
                buffer: None,
                member,
            } => ProgramError::PaddingTooLarge {
                bytes,
                buffer: Some(index),
                member,
            },
            other => other,
        }
    }

    /// This error, about the member at `member` (for a padding gap: the
    /// element of the layout struct being built that the gap is before or
    /// inside, replacing a position inside a nested type).
    pub fn at_member(self, member: usize) -> Self {
        match self {
            ProgramError::PaddingTooLarge { bytes, buffer, .. } => ProgramError::PaddingTooLarge {
                bytes,
                buffer,
                member: Some(member),
            },
            other => other,
        }
    }

    /// This error with the position [`Self::at_member`] gave mapped to a
    /// source member index by `source`.
    pub fn map_member(self, source: impl FnOnce(usize) -> usize) -> Self {
        match self {
            ProgramError::PaddingTooLarge {
                bytes,
                buffer,
                member: Some(at),
            } => ProgramError::PaddingTooLarge {
                bytes,
                buffer,
                member: Some(source(at)),
            },
            other => other,
        }
    }

    /// How to fix the input, in one line.
    pub fn help(&self) -> String {
        match self {
            ProgramError::Layout { error, .. } => error.help(),
            ProgramError::ConstantBufferArray { .. } => {
                "declare fewer buffers in the array, or an unbounded array `[]`".into()
            }
            ProgramError::ConstantBufferInClang22 { template, .. } => {
                let block = if *template == "TextureBuffer" {
                    "tbuffer"
                } else {
                    "cbuffer"
                };
                format!(
                    "use the default rules (--rules cbuffer), or a `{block}` block for clang-22"
                )
            }
            ProgramError::DuplicateSymbol { .. } => {
                "give every member of every buffer its own name".into()
            }
            ProgramError::TripleTargetMismatch { .. } => {
                "plan for the triple's own target (`TargetTriple::target`)".into()
            }
            ProgramError::PushConstant { fix, .. } => fix.clone(),
            ProgramError::SecondPushConstant { name, first, .. } => format!(
                "Vulkan gives an entry point one push-constant block: move the members of `{name}` into the struct of `{first}`"
            ),
            ProgramError::PaddingTooLarge { .. } => {
                "place the member closer to the one before it (packoffset, vk::offset) or shrink the arrays between them".into()
            }
            ProgramError::CBufferTooLarge { .. } => {
                "split the buffer in two or shrink its arrays (or use a structured buffer)".into()
            }
            _ => "this is a bug in cblower; please report it with the input file".into(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The buffer and member an error points at, and a padding gap that
    /// learns its buffer from the plan.
    #[test]
    fn errors_name_their_buffer_and_member() {
        let push = ProgramError::PushConstant {
            buffer: 3,
            member: 2,
            name: "pc".into(),
            reason: "r".into(),
            fix: "f".into(),
        };
        assert_eq!(
            (push.buffer_index(), push.member_index()),
            (Some(3), Some(2))
        );
        assert_eq!(push.help(), "f");
        let pad = ProgramError::PaddingTooLarge {
            bytes: 1 << 33,
            buffer: None,
            member: None,
        };
        assert_eq!(pad.buffer_index(), None);
        let pad = pad.in_buffer(1);
        assert_eq!((pad.buffer_index(), pad.member_index()), (Some(1), None));
        // A position inside a nested type is replaced by the buffer
        // element's, which the plan maps to the source member.
        let at = ProgramError::PaddingTooLarge {
            bytes: 1 << 33,
            buffer: Some(1),
            member: None,
        }
        .at_member(4)
        .at_member(2)
        .map_member(|k| k + 10);
        assert_eq!((at.buffer_index(), at.member_index()), (Some(1), Some(12)));
        assert_eq!(
            pad.to_string(),
            "a gap of 8589934592 bytes between two members does not fit a padding type's 32-bit size"
        );
        assert!(pad.help().starts_with("place the member closer"));
        // A buffer already named stays.
        assert_eq!(pad.in_buffer(5).buffer_index(), Some(1));
    }
}
