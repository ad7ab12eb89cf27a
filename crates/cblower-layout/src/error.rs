//! Layout errors. Each variant carries the numbers that explain it and the
//! index of the offending member in the declaration (`member`), so a front
//! end can point at the source; this crate knows no source spans, the caller
//! attaches them.
//!
//! Common to every variant: `member` is an index into
//! [`BufferDecl::members`](crate::BufferDecl::members) (0 for
//! [`layout_type`](crate::layout_type)); an error inside a nested struct is
//! reported against the top-level member that holds the struct. `name` is
//! the name of the member or field at fault. Offsets and sizes are in bytes
//! from the start of the buffer unless a field says otherwise.

use std::sync::Arc;

use crate::units::Size;

/// Why a declaration cannot be laid out. [`LayoutError::help`] says how to
/// fix it in one line, [`LayoutError::member`] which member it is about.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LayoutError {
    /// Cbuffer and clang-22 rules: a member with an explicit offset
    /// (`packoffset`, `register(c#)`, `vk::offset`) starts before the end
    /// of the member placed just before it (explicitly placed members are
    /// checked in offset order).
    #[error("packoffset of '{name}' at byte {offset} overlaps '{other}' (bytes {other_start}..{other_end})")]
    PackOffsetOverlap {
        /// Declaration index of the member placed second.
        member: usize,
        /// Name of the member (or nested field) at fault.
        name: Arc<str>,
        /// Its explicit offset.
        offset: Size,
        /// Its size.
        size: Size,
        /// The member it runs into.
        other: Arc<str>,
        /// Where `other` starts.
        other_start: Size,
        /// Where `other` ends (exclusive).
        other_end: Size,
    },
    /// Cbuffer and clang-22 rules: a scalar, vector or one-vector matrix
    /// whose explicit offset is not at the start of a 16-byte row does not
    /// fit in the rest of that row (a member that starts a row may run past
    /// it).
    #[error("'{name}' ({size} bytes) placed at byte {offset} would cross the 16-byte row boundary at {boundary}")]
    PackOffsetCrossesRow {
        /// Declaration index of the top-level member.
        member: usize,
        /// Name of the member (or nested field) at fault.
        name: Arc<str>,
        /// Its explicit offset.
        offset: Size,
        /// Its size.
        size: Size,
        /// The offset of the row boundary it would cross.
        boundary: Size,
    },
    /// An explicit offset (`packoffset`, `register(c#)`, `vk::offset`) is
    /// not a multiple of what the member needs: its component size under
    /// the cbuffer and clang-22 rules (so a 64-bit member needs a multiple
    /// of 8), its type's alignment under the aligned rule sets.
    #[error("'{name}' needs {align}-byte alignment but its explicit offset is {offset}")]
    PackOffsetMisaligned {
        /// Declaration index of the top-level member.
        member: usize,
        /// Name of the member (or nested field) at fault.
        name: Arc<str>,
        /// The explicit offset asked for (for a nested `vk::offset` under
        /// the aligned rule sets, relative to the enclosing struct).
        offset: Size,
        /// The alignment it misses, in bytes.
        align: u64,
    },
    /// Cbuffer and clang-22 rules: an array or struct (under cbuffer rules
    /// also a matrix stored as several vectors) is given an explicit offset
    /// that does not start a row.
    #[error("'{name}' is an array or struct and must start a row (component .x), but its explicit offset is {offset}")]
    PackOffsetAggregateNotRowStart {
        /// Declaration index of the top-level member.
        member: usize,
        /// Name of the member (or nested field) at fault.
        name: Arc<str>,
        /// The explicit offset asked for.
        offset: Size,
    },
    /// Aligned rule sets (structured, std140, std430, scalar, WGSL): a
    /// `vk::offset` lies before the end of the member laid out just before
    /// it, in the buffer or in a struct.
    #[error("explicit offset {offset} of '{name}' is before the end of the previous member at {previous_end}")]
    ExplicitOffsetBackwards {
        /// Declaration index of the top-level member.
        member: usize,
        /// Name of the field whose `vk::offset` it is (a nested field's own
        /// name, not the top-level member's).
        name: Arc<str>,
        /// The explicit offset, relative to the enclosing struct.
        offset: Size,
        /// Where the previous field ends, relative to the same struct.
        previous_end: Size,
    },
    /// A [`Placement::PackOffset`](crate::Placement::PackOffset) component
    /// above 3. No source can spell it; a declaration built through the API
    /// can, and every rule set rejects it before laying anything out.
    #[error("packoffset component {component} of '{name}' is not one of .x, .y, .z, .w (0 to 3)")]
    PackOffsetComponent {
        /// Declaration index of the top-level member.
        member: usize,
        /// Name of the member (or nested field) at fault.
        name: Arc<str>,
        /// The component given (valid: 0 to 3 for `.x` to `.w`).
        component: u8,
    },
    /// An offset, size or stride does not fit in 64 bits (a huge array, or
    /// an explicit offset near the top of the range). Every rule set checks
    /// its arithmetic, so this replaces a wrapped offset.
    #[error("the size of '{name}' overflows 64 bits")]
    SizeOverflow {
        /// Declaration index of the top-level member.
        member: usize,
        /// Name of the member (or nested field) at fault.
        name: Arc<str>,
    },
    /// [`RuleSet::FxcCBuffer`](crate::RuleSet::FxcCBuffer) only: a matrix
    /// of 64-bit components stored as several 3- or 4-component vectors
    /// (`double3x2`, `int64_t4x4`, ...). DXC's FXC-compatible SPIR-V layout
    /// steps such a matrix's vectors 32 bytes apart but counts its size as
    /// if they were 16 apart, so whatever follows it overlaps its last
    /// vectors; cblower does not emit overlapping members.
    #[error("'{name}' is a matrix of 64-bit components stored as {count} vectors of {len}: DXC's -fvk-use-dx-layout places its vectors 32 bytes apart but sizes it as if they were 16 apart, so the members after it would overlap it")]
    FxcOverlappingMatrix {
        /// Declaration index of the top-level member.
        member: usize,
        /// Name of the member (or nested field) at fault.
        name: Arc<str>,
        /// Number of stored vectors (columns, or rows when row-major).
        count: u8,
        /// Components per stored vector.
        len: u8,
    },
    /// [`RuleSet::Clang22`](crate::RuleSet::Clang22) only: the member uses a
    /// min-precision type (`min16float`, ...), which clang 22 rejects.
    #[error("'{name}' has type {ty}, which clang-22 does not support")]
    UnsupportedByClang22 {
        /// Declaration index of the top-level member.
        member: usize,
        /// Name of the member (or nested field) at fault.
        name: Arc<str>,
        /// The HLSL spelling of the unsupported scalar.
        ty: String,
    },
    /// [`RuleSet::Clang22`](crate::RuleSet::Clang22) only: the member uses
    /// `float16_t`, `int16_t` or `uint16_t` while
    /// [`TypeOptions::native_16bit`](crate::TypeOptions::native_16bit) is off.
    #[error("'{name}' uses {ty}, a 16-bit type that needs native 16-bit types to be enabled")]
    Requires16BitTypes {
        /// Declaration index of the top-level member.
        member: usize,
        /// Name of the member (or nested field) at fault.
        name: Arc<str>,
        /// The HLSL spelling of the 16-bit scalar.
        ty: String,
    },
    /// A [`Ty::Vector`](crate::Ty::Vector) length or a
    /// [`Ty::Matrix`](crate::Ty::Matrix) dimension outside 1 to 4 (only a
    /// declaration built through the API can have one).
    #[error("vector or matrix '{name}' has {len} components; HLSL allows 1 to 4")]
    BadVectorLength {
        /// Declaration index of the top-level member.
        member: usize,
        /// Name of the member (or nested field) at fault.
        name: Arc<str>,
        /// The length or dimension given.
        len: u8,
    },
    /// The member's type nests structs, base structs and arrays more than
    /// [`MAX_TYPE_NESTING`](crate::engine::nesting::MAX_TYPE_NESTING) levels
    /// deep; checked before any layout so that no walk overflows the stack.
    #[error("the type of '{name}' nests structs and arrays more than {limit} levels deep")]
    NestingTooDeep {
        /// Declaration index of the top-level member.
        member: usize,
        /// Name of the member (or nested field) at fault.
        name: Arc<str>,
        /// The limit it exceeds.
        limit: usize,
    },
    /// The member's type would lay out to more than
    /// [`MAX_TYPE_VALUES`](crate::engine::nesting::MAX_TYPE_VALUES) nodes
    /// (struct fields multiply; an array counts one element), which no
    /// layout, report or IR writer could hold in memory.
    #[error(
        "the type of '{name}' lays out to {values} values (struct fields, vectors, one \
         element per array), more than the limit of {limit}"
    )]
    TypeTooLarge {
        /// Declaration index of the top-level member.
        member: usize,
        /// Name of the member (or nested field) at fault.
        name: Arc<str>,
        /// How many values the type lays out to (saturating).
        values: u64,
        /// The limit it exceeds.
        limit: u64,
    },
    /// Two members of the buffer, or two fields of one struct, have the same
    /// name (only a declaration built through the API can; the front end
    /// rejects such source with a located diagnostic). Fields of a base
    /// struct may share a name with the derived struct's own, as in C++.
    #[error("'{name}' is declared twice in {container}: {kind} {first} and {kind} {second}")]
    DuplicateName {
        /// Declaration index of the top-level member (the second one, for a
        /// duplicate member; the one whose type holds the struct otherwise).
        member: usize,
        /// The name declared twice.
        name: Arc<str>,
        /// The buffer's or the struct's name.
        container: Arc<str>,
        /// `member` (of a buffer) or `field` (of a struct).
        kind: &'static str,
        /// Index of the first declaration (among the buffer's members, or
        /// the struct's own fields).
        first: usize,
        /// Index of the second.
        second: usize,
    },
    /// [`RuleSet::Wgsl`](crate::RuleSet::Wgsl) only: an `@align`, `@size` or
    /// `@stride` override is invalid (smaller than the type's own, not a
    /// multiple of its alignment), or, in the `uniform` address space, a
    /// struct, array or stride misses the 16-byte rules.
    #[error("'{name}': {rule}")]
    Wgsl {
        /// Declaration index of the top-level member.
        member: usize,
        /// Name of the member (or nested field) at fault.
        name: Arc<str>,
        /// The rule broken, in words, naming the field and the numbers.
        rule: String,
    },
}

impl LayoutError {
    /// How to fix the declaration, in one line (a diagnostic's `help:`).
    pub fn help(&self) -> String {
        use LayoutError::*;
        match self {
            PackOffsetOverlap { .. } => {
                "move one of the members to a packoffset past the other's end".into()
            }
            PackOffsetCrossesRow { .. } => {
                "use a component that leaves room in the row, or start the member at .x".into()
            }
            PackOffsetMisaligned { align, .. } => {
                format!("use a packoffset that is a multiple of {align} bytes")
            }
            PackOffsetAggregateNotRowStart { .. } => {
                "place arrays and structs at component .x".into()
            }
            ExplicitOffsetBackwards { .. } => {
                "explicit offsets must increase with the member order".into()
            }
            PackOffsetComponent { .. } => {
                "use component 0 to 3 (x to w) of a packoffset register".into()
            }
            SizeOverflow { .. } => "reduce the array dimensions".into(),
            FxcOverlappingMatrix { .. } => {
                "use another layout (no flag, --fvk-use-gl-layout or --fvk-use-scalar-layout), or a matrix of 32-bit components or with 2-component vectors".into()
            }
            UnsupportedByClang22 { .. } => {
                "use the default rules (--rules cbuffer), which follow DXC".into()
            }
            Requires16BitTypes { .. } => "pass --enable-16bit-types".into(),
            BadVectorLength { .. } => {
                "vectors and matrices have 1 to 4 components per dimension".into()
            }
            NestingTooDeep { .. } => {
                "flatten the nested structs (or arrays of arrays) by a few levels".into()
            }
            DuplicateName { .. } => "rename one of the two".into(),
            TypeTooLarge { .. } => {
                "declare repeated parts as arrays (an array is laid out once per element type)"
                    .into()
            }
            Wgsl { .. } => {
                "add @align/@size/@stride attributes so the type meets the uniform buffer rules"
                    .into()
            }
        }
    }

    /// Index in [`BufferDecl::members`](crate::BufferDecl::members) of the
    /// top-level member the error is about (0 for
    /// [`layout_type`](crate::layout_type)), for pointing at the source.
    pub fn member(&self) -> usize {
        match self {
            LayoutError::PackOffsetOverlap { member, .. }
            | LayoutError::PackOffsetCrossesRow { member, .. }
            | LayoutError::PackOffsetMisaligned { member, .. }
            | LayoutError::PackOffsetAggregateNotRowStart { member, .. }
            | LayoutError::ExplicitOffsetBackwards { member, .. }
            | LayoutError::PackOffsetComponent { member, .. }
            | LayoutError::SizeOverflow { member, .. }
            | LayoutError::FxcOverlappingMatrix { member, .. }
            | LayoutError::UnsupportedByClang22 { member, .. }
            | LayoutError::Requires16BitTypes { member, .. }
            | LayoutError::BadVectorLength { member, .. }
            | LayoutError::NestingTooDeep { member, .. }
            | LayoutError::TypeTooLarge { member, .. }
            | LayoutError::DuplicateName { member, .. }
            | LayoutError::Wgsl { member, .. } => *member,
        }
    }
}
