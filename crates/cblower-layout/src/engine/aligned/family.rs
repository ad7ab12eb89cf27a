//! What distinguishes the members of the aligned family from one another: the
//! alignment of vectors, the stride and alignment of arrays and the alignment
//! of structs. Everything else (scalars, member placement, tail rounding) is
//! shared and lives in the parent module.

use crate::rules::{RuleSet, WgslAddressSpace};
use crate::units::{Alignment, Size};

/// One rule set of the aligned family.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Family {
    /// StructuredBuffer / C: vectors align to their component, arrays are tight.
    Structured,
    /// GLSL std140: vec2 2N, vec3/vec4 4N, arrays and structs rounded to 16.
    Std140,
    /// GLSL std430: std140 without the rounding to 16.
    Std430,
    /// std140 whose vector members are placed by the relaxed rule.
    RelaxedStd140,
    /// std430 whose vector members are placed by the relaxed rule.
    RelaxedStd430,
    /// Vulkan scalar block layout: everything aligns to its component.
    Scalar,
    /// DXC's scalar layout: [`Family::Scalar`] without rounding struct sizes.
    ScalarDxc,
    /// WGSL host-shareable layout; `uniform` adds the uniform-buffer checks.
    Wgsl { uniform: bool },
}

impl Family {
    /// The family member for `rules`. The row-based rule sets never reach this
    /// module (`engine` dispatches them elsewhere); should one arrive anyway it
    /// is laid out C-like rather than panicking.
    pub(super) fn of(rules: RuleSet) -> Family {
        match rules {
            RuleSet::Std140 => Family::Std140,
            RuleSet::Std430 => Family::Std430,
            RuleSet::RelaxedStd140 => Family::RelaxedStd140,
            RuleSet::RelaxedStd430 => Family::RelaxedStd430,
            RuleSet::Scalar => Family::Scalar,
            RuleSet::ScalarDxc => Family::ScalarDxc,
            RuleSet::Wgsl(space) => Family::Wgsl {
                uniform: space == WgslAddressSpace::Uniform,
            },
            RuleSet::Structured | RuleSet::CBuffer | RuleSet::FxcCBuffer | RuleSet::Clang22(_) => {
                Family::Structured
            }
        }
    }

    /// True for the relaxed rule sets, whose vector members may sit at a
    /// multiple of their component ([`Family::relaxed_vector_offset`]).
    pub(super) fn is_relaxed(self) -> bool {
        matches!(self, Family::RelaxedStd140 | Family::RelaxedStd430)
    }

    /// True for DXC's SPIR-V rule sets (relaxed and strict std140/std430,
    /// scalar), which place `packoffset` and `register(c#)` members.
    pub(super) fn places_packoffset(self) -> bool {
        matches!(
            self,
            Family::Std140
                | Family::Std430
                | Family::RelaxedStd140
                | Family::RelaxedStd430
                | Family::Scalar
                | Family::ScalarDxc
        )
    }

    /// True where a base struct is laid out as a struct field of its own,
    /// so the derived struct's fields start after the base's size rounded
    /// to its alignment: DXC's SPIR-V rule sets, the FXC structured rules
    /// among them (`-fvk-use-dx-layout` push constants), and C/C++ (a POD
    /// base keeps its tail padding). Only WGSL, which has no bases, is not.
    pub(super) fn lays_bases_as_fields(self) -> bool {
        self.places_packoffset() || self == Family::Structured
    }

    pub(super) fn is_wgsl(self) -> bool {
        matches!(self, Family::Wgsl { .. })
    }

    pub(super) fn is_wgsl_uniform(self) -> bool {
        matches!(self, Family::Wgsl { uniform: true })
    }

    /// Alignment of a `len`-component vector of `size` bytes whose component
    /// aligns to `component`.
    pub(super) fn vector_align(self, component: Alignment, len: u8, size: Size) -> Alignment {
        match self {
            Family::Structured | Family::Scalar | Family::ScalarDxc => component,
            // vec2 -> 2N, vec3 and vec4 -> 4N: the size rounded up to a power
            // of two (N is itself a power of two).
            Family::Std140
            | Family::Std430
            | Family::RelaxedStd140
            | Family::RelaxedStd430
            | Family::Wgsl { .. } => {
                if len <= 1 {
                    component
                } else {
                    Alignment::ceil_pow2(size).max(component)
                }
            }
        }
    }

    /// Alignment of an array whose element aligns to `elem`; the default
    /// stride is the element size rounded up to this alignment.
    pub(super) fn array_align(self, elem: Alignment) -> Alignment {
        match self {
            Family::Std140 | Family::RelaxedStd140 => elem.max(Alignment::SIXTEEN),
            _ => elem,
        }
    }

    /// Whether a struct's size is rounded up to its alignment (all but
    /// DXC's scalar layout, whose struct sizes end at the last member).
    pub(super) fn rounds_struct_size(self) -> bool {
        self != Family::ScalarDxc
    }

    /// Whether explicit offsets need no particular alignment: DXC skips the
    /// validator's block layout check under its scalar layout.
    pub(super) fn accepts_any_explicit_offset(self) -> bool {
        matches!(self, Family::Scalar | Family::ScalarDxc)
    }

    /// Alignment of a struct whose members align to at most `members`.
    pub(super) fn struct_align(self, members: Alignment) -> Alignment {
        match self {
            Family::Std140 | Family::RelaxedStd140 => members.max(Alignment::SIXTEEN),
            _ => members,
        }
    }
}

/// Where the relaxed rule puts a vector of `size` bytes whose component
/// aligns to `component`, after a previous member ending at `cursor`: at the
/// next multiple of the component, unless the vector then straddles
/// improperly (a vector of at most 16 bytes crossing a 16-byte boundary, or a
/// longer one not starting on one), in which case at the next multiple of 16.
/// `None` when the rule does not apply: the component aligns to more than 4
/// bytes (64-bit vectors keep their std140 alignment); `Some(None)` on
/// overflow.
pub(super) fn relaxed_vector_offset(
    cursor: Size,
    component: Alignment,
    size: Size,
) -> Option<Option<Size>> {
    if component.bytes() > 4 {
        return None;
    }
    Some(relaxed_offset(cursor, component, size))
}

fn relaxed_offset(cursor: Size, component: Alignment, size: Size) -> Option<Size> {
    let offset = cursor.align_to(component)?;
    let (start, len) = (offset.get(), size.get());
    let straddles = if len <= 16 {
        len > 0 && start / 16 != (start + len - 1) / 16
    } else {
        start % 16 != 0
    };
    if straddles {
        offset.align_to(Alignment::SIXTEEN)
    } else {
        Some(offset)
    }
}
