//! LLVM's data-layout arithmetic for the few kinds of types a layout struct
//! holds, without LLVM: the plan needs the sizes LLVM would compute (which
//! vectors become arrays, clang-22's running offset, the SPIR-V drift
//! warnings), and the module builder checks them against LLVM's own.
//!
//! Every layout struct is packed, so an element starts where the alloc sizes
//! of the elements before it end; arrays take `count` element alloc sizes;
//! a padding type `target("dx.Padding", N)` is N bytes. Only vectors depend
//! on the target: their ABI alignment comes from the data layout string's
//! `v<bits>:<abi>` entries, LLVM's built-in `v64:64` and `v128:128`, or else
//! their store size rounded up to a power of two. `cblower-llvm`'s test
//! `plan_data_layout` compares all of it against LLVM's own answers.

use crate::Target;

/// The vector alignments of one target's data layout.
#[derive(Clone, Debug)]
pub struct VectorAligns {
    /// (size in bits, ABI alignment in bytes), from the data layout string,
    /// then LLVM's defaults for widths the string does not mention.
    entries: Vec<(u64, u64)>,
}

impl VectorAligns {
    /// The vector alignments of `target`'s data layout.
    pub fn of(target: Target) -> VectorAligns {
        let mut entries: Vec<(u64, u64)> = target
            .data_layout()
            .split('-')
            .filter_map(|spec| {
                let rest = spec.strip_prefix('v')?;
                let mut parts = rest.split(':');
                let bits = parts.next()?.parse().ok()?;
                let abi: u64 = parts.next()?.parse().ok()?;
                Some((bits, abi / 8))
            })
            .collect();
        for (bits, align) in [(64, 8), (128, 16)] {
            if !entries.iter().any(|&(b, _)| b == bits) {
                entries.push((bits, align));
            }
        }
        VectorAligns { entries }
    }

    /// `getTypeAllocSize` of a vector of `len` elements of `elem_bytes` each.
    pub fn vector_alloc_size(&self, elem_bytes: u64, len: u64) -> u64 {
        let bits = elem_bytes * 8 * len;
        let store = bits.div_ceil(8);
        let align = self
            .entries
            .iter()
            .find(|&&(b, _)| b == bits)
            .map_or_else(|| store.next_power_of_two(), |&(_, a)| a);
        store.div_ceil(align) * align
    }
}
