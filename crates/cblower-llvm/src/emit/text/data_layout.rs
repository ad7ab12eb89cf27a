//! LLVM's data-layout arithmetic for the few kinds of types a layout struct
//! holds, without LLVM: the text writer needs the same sizes the module
//! builder asks `DataLayoutQuery` for (which vectors become arrays, clang-22's
//! running offset, the SPIR-V drift warnings).
//!
//! Every layout struct is packed, so an element starts where the alloc sizes
//! of the elements before it end; arrays take `count` element alloc sizes;
//! a padding type `target("dx.Padding", N)` is N bytes. Only vectors depend
//! on the target: their ABI alignment comes from the data layout string's
//! `v<bits>:<abi>` entries, LLVM's built-in `v64:64` and `v128:128`, or else
//! their store size rounded up to a power of two. The unit tests compare all
//! of it against LLVM's own answers.

use crate::Target;

/// The vector alignments of one target's data layout.
#[derive(Clone, Debug)]
pub struct VectorAligns {
    /// (size in bits, ABI alignment in bytes), from the data layout string,
    /// then LLVM's defaults for widths the string does not mention.
    entries: Vec<(u64, u64)>,
}

impl VectorAligns {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ffi::{DataLayoutQuery, RawType};
    use inkwell::context::Context;
    use inkwell::types::BasicTypeEnum;

    /// Our vector sizes against LLVM's, for every scalar width and length
    /// HLSL has, on both targets.
    #[test]
    fn vector_alloc_sizes_match_llvm() {
        let ctx = Context::create();
        let elems: [(BasicTypeEnum<'_>, u64); 6] = [
            (ctx.i16_type().into(), 2),
            (ctx.i32_type().into(), 4),
            (ctx.i64_type().into(), 8),
            (ctx.f16_type().into(), 2),
            (ctx.f32_type().into(), 4),
            (ctx.f64_type().into(), 8),
        ];
        for target in [Target::Dxil, Target::SpirV] {
            let dl = DataLayoutQuery::new(target.data_layout()).unwrap();
            let ours = VectorAligns::of(target);
            for (elem, bytes) in elems {
                for len in 1..=4u32 {
                    let v: BasicTypeEnum<'_> = match elem {
                        BasicTypeEnum::IntType(t) => t.vec_type(len).into(),
                        BasicTypeEnum::FloatType(t) => t.vec_type(len).into(),
                        _ => unreachable!(),
                    };
                    let raw = RawType::from_inkwell(v);
                    assert_eq!(
                        ours.vector_alloc_size(bytes, u64::from(len)),
                        dl.alloc_size(raw),
                        "{target:?} {} x {bytes} bytes",
                        len
                    );
                    assert_eq!(dl.size_in_bytes(raw), bytes * u64::from(len));
                }
            }
        }
    }

    /// Padding types are exactly N bytes with alignment 1 under LLVM.
    #[test]
    fn padding_is_n_bytes() {
        let ctx = Context::create();
        for target in [Target::Dxil, Target::SpirV] {
            let dl = DataLayoutQuery::new(target.data_layout()).unwrap();
            for n in [1u32, 3, 12, 4096] {
                let pad = RawType::target_ext(&ctx, target.padding_type_name(), &[], &[n]).unwrap();
                assert_eq!(dl.alloc_size(pad), u64::from(n));
                assert_eq!(dl.size_in_bytes(pad), u64::from(n));
                assert_eq!(dl.abi_alignment(pad), 1);
            }
        }
    }
}
