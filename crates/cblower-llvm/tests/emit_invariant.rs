//! The emission invariant, over random buffers: in the default flavour
//! LLVM's own data-layout offsets of every field of every layout struct, and
//! the spacing of every array, equal the offsets DXC's rules give, on both
//! targets (emission checks this and fails with `OffsetMismatch` otherwise);
//! every module verifies; and no inkwell call ever inspects a target
//! extension type (it would panic). The clang-22 flavour is run on the same
//! inputs: it must emit and verify too (it may warn).

use cblower_layout::{
    layout_buffer, BufferDecl, BufferKind, Clang22Target, Field, LayoutOptions, MatrixOrder,
    RuleSet, Scalar, StructTy, Ty,
};
use cblower_llvm::data_layout::DataLayoutQuery;
use cblower_llvm::emit::{emit_cbuffers, prepare_module, BufferInput, EmitOptions, HandleBinding};
use cblower_llvm::ir_io::verify_module;
use cblower_llvm::Target;
use inkwell::context::Context;
use proptest::prelude::*;

fn scalar() -> impl Strategy<Value = Scalar> + Clone {
    proptest::sample::select(Scalar::ALL.to_vec())
}

fn ty() -> impl Strategy<Value = Ty> {
    let leaf = prop_oneof![
        scalar().prop_map(Ty::scalar),
        (scalar(), 1u8..=4).prop_map(|(s, n)| Ty::vector(s, n)),
        (scalar(), 1u8..=4, 1u8..=4, any::<bool>()).prop_map(|(s, r, c, rm)| {
            let order = if rm {
                MatrixOrder::RowMajor
            } else {
                MatrixOrder::ColumnMajor
            };
            Ty::matrix(s, r, c, order)
        }),
    ];
    leaf.prop_recursive(3, 24, 4, |inner| {
        prop_oneof![
            (inner.clone(), 1u64..=4).prop_map(|(t, n)| Ty::array(t, n)),
            proptest::collection::vec(inner, 1..=4).prop_map(|tys| {
                let fields = tys
                    .into_iter()
                    .enumerate()
                    .map(|(i, t)| Field::new(format!("f{i}"), t))
                    .collect();
                Ty::structure(StructTy::new("S", fields))
            }),
        ]
    })
}

fn members() -> impl Strategy<Value = Vec<Field>> {
    proptest::collection::vec(ty(), 1..=8).prop_map(|tys| {
        tys.into_iter()
            .enumerate()
            .map(|(i, t)| Field::new(format!("m{i}"), t))
            .collect()
    })
}

/// Emits one buffer; returns the member offsets LLVM computes from the
/// layout struct next to the ones the layout intended.
fn emit(members: &[Field], rules: RuleSet, target: Target, native16: bool) -> Vec<(u64, u64)> {
    let decl = BufferDecl::new("CB", BufferKind::CBuffer, members.to_vec());
    let layout = layout_buffer(&decl, LayoutOptions::new(rules).native_16bit(native16)).unwrap();
    let ctx = Context::create();
    let module = ctx.create_module("p");
    prepare_module(&module, target);
    let opts = EmitOptions {
        target,
        native_16bit: native16,
        global_ctor: true,
        ctor_suffix: "p.hlsl".into(),
    };
    let input = BufferInput {
        decl: &decl,
        layout: &layout,
        binding: HandleBinding::Implicit {
            order_id: 0,
            space: 0,
        },
    };
    let out = emit_cbuffers(&ctx, &module, &[input], &opts).expect("emission succeeds");
    verify_module(&module).expect("module verifies");
    let dl = DataLayoutQuery::for_target(target).unwrap();
    let b = &out.buffers[0];
    b.layout_type
        .fields
        .iter()
        .zip(layout.fields())
        .map(|(f, node)| {
            (
                dl.offset_of_element(b.layout_type.ty, f.element).unwrap(),
                node.node.offset.get(),
            )
        })
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(192))]

    #[test]
    fn default_flavour_keeps_llvm_offsets_equal_to_dxc(
        members in members(),
        native16 in any::<bool>(),
        spirv in any::<bool>(),
    ) {
        let target = if spirv { Target::SpirV } else { Target::Dxil };
        for (llvm, intended) in emit(&members, RuleSet::CBuffer, target, native16) {
            prop_assert_eq!(llvm, intended);
        }
    }

    #[test]
    fn clang22_flavour_emits_and_verifies_on_dxil_with_exact_offsets(
        members in members().prop_filter("clang-22 has no min-precision types", |m| {
            m.iter().all(|f| f.ty.base_scalar().is_none_or(|s| !s.is_min_precision()))
        }),
        native16 in any::<bool>(),
    ) {
        let rules = RuleSet::Clang22(Clang22Target::Dxil);
        let members: Vec<Field> = members;
        if layout_buffer(
            &BufferDecl::new("CB", BufferKind::CBuffer, members.clone()),
            LayoutOptions::new(rules).native_16bit(native16),
        ).is_err() {
            return Ok(());
        }
        for (llvm, intended) in emit(&members, rules, Target::Dxil, native16) {
            prop_assert_eq!(llvm, intended);
        }
    }
}
