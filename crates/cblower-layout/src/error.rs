//! Layout errors. Each variant carries the numbers that explain it and the
//! index of the offending member in the declaration (`member`), so the CLI can
//! point at the source; spans are attached only at the CLI edge.

use std::sync::Arc;

use crate::units::Size;

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LayoutError {
    #[error("packoffset of '{name}' at byte {offset} overlaps '{other}' (bytes {other_start}..{other_end})")]
    PackOffsetOverlap {
        member: usize,
        name: Arc<str>,
        offset: Size,
        size: Size,
        other: Arc<str>,
        other_start: Size,
        other_end: Size,
    },
    #[error("'{name}' ({size} bytes) placed at byte {offset} would cross the 16-byte row boundary at {boundary}")]
    PackOffsetCrossesRow {
        member: usize,
        name: Arc<str>,
        offset: Size,
        size: Size,
        boundary: Size,
    },
    #[error("'{name}' needs {align}-byte alignment but its explicit offset is {offset}")]
    PackOffsetMisaligned {
        member: usize,
        name: Arc<str>,
        offset: Size,
        align: u64,
    },
    #[error("'{name}' is an array or struct and must start a row (component .x), but its explicit offset is {offset}")]
    PackOffsetAggregateNotRowStart {
        member: usize,
        name: Arc<str>,
        offset: Size,
    },
    #[error("explicit offset {offset} of '{name}' is before the end of the previous member at {previous_end}")]
    ExplicitOffsetBackwards {
        member: usize,
        name: Arc<str>,
        offset: Size,
        previous_end: Size,
    },
    #[error("packoffset component {component} of '{name}' is not one of .x, .y, .z, .w (0 to 3)")]
    PackOffsetComponent {
        member: usize,
        name: Arc<str>,
        component: u8,
    },
    #[error("the size of '{name}' overflows 64 bits")]
    SizeOverflow { member: usize, name: Arc<str> },
    #[error("'{name}' has type {ty}, which clang-22 does not support")]
    UnsupportedByClang22 {
        member: usize,
        name: Arc<str>,
        ty: String,
    },
    #[error("'{name}' uses {ty}, a 16-bit type that needs native 16-bit types to be enabled")]
    Requires16BitTypes {
        member: usize,
        name: Arc<str>,
        ty: String,
    },
    #[error("vector or matrix '{name}' has {len} components; HLSL allows 1 to 4")]
    BadVectorLength {
        member: usize,
        name: Arc<str>,
        len: u8,
    },
    #[error("the type of '{name}' nests structs and arrays more than {limit} levels deep")]
    NestingTooDeep {
        member: usize,
        name: Arc<str>,
        limit: usize,
    },
    #[error(
        "the type of '{name}' lays out to {values} values (struct fields, vectors, one \
         element per array), more than the limit of {limit}"
    )]
    TypeTooLarge {
        member: usize,
        name: Arc<str>,
        values: u64,
        limit: u64,
    },
    #[error("'{name}': {rule}")]
    Wgsl {
        member: usize,
        name: Arc<str>,
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

    /// Index of the member (in the buffer or struct declaration) the error is about.
    pub fn member(&self) -> usize {
        match self {
            LayoutError::PackOffsetOverlap { member, .. }
            | LayoutError::PackOffsetCrossesRow { member, .. }
            | LayoutError::PackOffsetMisaligned { member, .. }
            | LayoutError::PackOffsetAggregateNotRowStart { member, .. }
            | LayoutError::ExplicitOffsetBackwards { member, .. }
            | LayoutError::PackOffsetComponent { member, .. }
            | LayoutError::SizeOverflow { member, .. }
            | LayoutError::UnsupportedByClang22 { member, .. }
            | LayoutError::Requires16BitTypes { member, .. }
            | LayoutError::BadVectorLength { member, .. }
            | LayoutError::NestingTooDeep { member, .. }
            | LayoutError::TypeTooLarge { member, .. }
            | LayoutError::Wgsl { member, .. } => *member,
        }
    }
}
