//! Two cbuffers bound to overlapping `b` registers in one space.
//!
//! HLSL lets every declaration name its register, so nothing stops two
//! buffers from claiming the same one. Clang 22 accepts that in the front end
//! (`-emit-llvm` output has both bindings); LLVM's DirectX back end rejects it
//! in its post-optimisation validation ("resource A at register 0 overlaps
//! with resource B at register 0 in space 0"), so a clang user learns of it
//! when compiling to DXIL. `dxil-op-lower` makes the same check, with the same
//! wording, before giving the buffers binding IDs (it would otherwise give both
//! one ID and the clash would go unnoticed).
//!
//! A resource is one `(name, space, lower, size)`: the same buffer's handle
//! created in several entry points is one resource, not a clash. A range of
//! more than one register is an array of buffers, whose elements may be
//! created under different names; every creation of the same multi-register
//! range is one resource too.

use super::implicit_binding::{const_arg, range_size, upper_bound};
use super::PassError;
use crate::fast_hash::FastSet;
use crate::ffi::{call_args, RawValue};

/// One bound cbuffer: where it sits, and the call that creates it.
struct Bound<'ctx> {
    space: u32,
    lower: u32,
    upper: u32,
    name: Option<RawValue<'ctx>>,
    call: RawValue<'ctx>,
}

impl Bound<'_> {
    fn display_name(&self) -> String {
        self.name
            .and_then(|n| n.global_string())
            .unwrap_or_else(|| "<unnamed>".to_owned())
    }
}

/// Errors at the first `handlefrombinding` call (in register order) whose
/// range overlaps a range of another cbuffer in the same space; like LLVM,
/// the message names the resource that starts first, then the other.
pub fn check_overlaps(creations: &[RawValue<'_>]) -> Result<(), PassError> {
    let mut bound = Vec::with_capacity(creations.len());
    for &call in creations {
        let space = const_arg(call, 0, "space")?;
        let lower = const_arg(call, 1, "lower bound")?;
        let size = range_size(call)?;
        let name = call_args(call).get(4).copied();
        bound.push(Bound {
            space,
            lower,
            upper: upper_bound(lower, size),
            name,
            call,
        });
    }
    let mut seen = FastSet::default();
    bound.retain(|b| {
        let name = if b.upper != b.lower { None } else { b.name };
        seen.insert((b.space, b.lower, b.upper, name))
    });
    bound.sort_by_key(|b| (b.space, b.lower, b.upper));
    // Sorted by start: a range overlaps an earlier one exactly when it starts
    // at or before the furthest end seen so far in its space.
    let mut furthest: Option<&Bound<'_>> = None;
    for b in &bound {
        if let Some(prev) = furthest.filter(|p| p.space == b.space && b.lower <= p.upper) {
            return Err(PassError::at(
                b.call,
                format!(
                    "resource {} at register {} overlaps with resource {} at register {} in space {}",
                    prev.display_name(),
                    prev.lower,
                    b.display_name(),
                    b.lower,
                    b.space
                ),
            ));
        }
        if !furthest.is_some_and(|p| p.space == b.space && b.upper <= p.upper) {
            furthest = Some(b);
        }
    }
    Ok(())
}
