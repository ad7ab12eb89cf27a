//! The plan's data-layout arithmetic (`cblower_program::plan::data_layout`)
//! against LLVM's own answers, for every scalar width and vector length
//! HLSL has, on both targets.

use cblower_llvm::data_layout::DataLayoutQuery;
use cblower_llvm::RawType;
use cblower_llvm::Target;
use cblower_program::plan::data_layout::VectorAligns;
use inkwell::context::Context;
use inkwell::types::BasicTypeEnum;

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
        let dl = DataLayoutQuery::for_target(target).unwrap();
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
                    "{target:?} {len} x {bytes} bytes"
                );
                assert_eq!(dl.size_in_bytes(raw), bytes * u64::from(len));
            }
        }
    }
}

/// Padding types are exactly N bytes with alignment 1 under LLVM, as the
/// plan counts them.
#[test]
fn padding_is_n_bytes() {
    let ctx = Context::create();
    for target in [Target::Dxil, Target::SpirV] {
        let dl = DataLayoutQuery::for_target(target).unwrap();
        for n in [1u32, 3, 12, 4096] {
            let pad = RawType::target_ext(&ctx, target.padding_type_name(), &[], &[n]).unwrap();
            assert_eq!(dl.alloc_size(pad), u64::from(n));
            assert_eq!(dl.size_in_bytes(pad), u64::from(n));
            assert_eq!(dl.abi_alignment(pad), 1);
        }
    }
}
