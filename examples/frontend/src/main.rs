//! A tiny shader-compiler front end that links cblower, the way the first
//! user on the design card would: it declares two constant buffers through
//! the API (no HLSL text), plans them, builds the plan into its own inkwell
//! module, writes `float main(uint i)` returning `Lights.lights[i].range *
//! Frame.exposure` through the access API, runs the DXIL lowering pipeline
//! and verifies the result. It prints the lowered function; CI runs it
//! (`tools/run.sh test`) so the API cannot break unnoticed.
//!
//! Like clang for an entry point, `main` first creates the handles (it
//! calls the init functions the plan made, instead of a global
//! constructor), and LLVM's `always-inline` puts them in place, so the
//! handle each load reads is created in the same function.

use cblower_layout::{Binding, BufferDecl, BufferKind, Field, MatrixOrder, Scalar, StructTy, Ty};
use cblower_llvm::emit::access::{load, member_pointer, AccessStep, Index};
use cblower_llvm::emit::{add_module_flags, build_plan};
use cblower_llvm::ir_io::verify_module;
use cblower_llvm::llvm::run_llvm_passes;
use cblower_llvm::passes::{lowering_pipeline, parse_pipeline, run_pipeline};
use cblower_program::{Flavor, PlanOptions, ProgramBuffer, Target};
use inkwell::context::Context;

/// `cbuffer Frame : register(b0) { float4x4 view; float exposure; }` and
/// `cbuffer Lights : register(b1) { uint count; Light lights[8]; }`.
fn buffers() -> Vec<BufferDecl> {
    let mut frame = BufferDecl::new(
        "Frame",
        BufferKind::CBuffer,
        vec![
            Field::new(
                "view",
                Ty::matrix(Scalar::Float, 4, 4, MatrixOrder::ColumnMajor),
            ),
            Field::new("exposure", Ty::scalar(Scalar::Float)),
        ],
    );
    frame.binding = Some(Binding {
        register: Some(0),
        space: 0,
    });
    let light = Ty::structure(StructTy::new(
        "Light",
        vec![
            Field::new("position", Ty::vector(Scalar::Float, 3)),
            Field::new("range", Ty::scalar(Scalar::Float)),
        ],
    ));
    let mut lights = BufferDecl::new(
        "Lights",
        BufferKind::CBuffer,
        vec![
            Field::new("count", Ty::scalar(Scalar::Uint)),
            Field::new("lights", Ty::array(light, 8)),
        ],
    );
    lights.binding = Some(Binding {
        register: Some(1),
        space: 0,
    });
    vec![frame, lights]
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    print!("{}", lowered_main()?);
    Ok(())
}

/// Declares, plans, builds, reads, lowers and verifies; returns `@main`.
fn lowered_main() -> Result<String, Box<dyn std::error::Error>> {
    let decls = buffers();
    let program: Vec<ProgramBuffer<'_>> = decls.iter().map(ProgramBuffer::new).collect();
    let opts = PlanOptions {
        module_id: "frontend".into(),
        // `main` calls the init functions itself.
        global_ctor: false,
        ..PlanOptions::new(Target::Dxil, Flavor::Dxc)
    };
    let plan = cblower_program::plan(&program, &opts)?;

    // The front end's own module: cblower adds the buffers to it.
    let ctx = Context::create();
    let module = ctx.create_module("frontend");
    let emitted = build_plan(&ctx, &module, &plan)?;
    add_module_flags(&ctx, &module, Target::Dxil, false)?;

    let f32t = ctx.f32_type();
    let main = module.add_function("main", f32t.fn_type(&[ctx.i32_type().into()], false), None);
    let builder = ctx.create_builder();
    builder.position_at_end(ctx.append_basic_block(main, "entry"));
    for buffer in &emitted.buffers {
        builder.build_call(buffer.init_function, &[], "")?;
    }
    let i = main
        .get_nth_param(0)
        .ok_or("main has one parameter")?
        .into_int_value();
    let lights = emitted.buffers[1].member("lights").ok_or("Lights.lights")?;
    let range = member_pointer(
        &ctx,
        &builder,
        lights,
        &[
            AccessStep::Index(Index::Dynamic(i)),
            AccessStep::Field("range"),
        ],
    )?;
    let exposure = emitted.buffers[0]
        .member("exposure")
        .ok_or("Frame.exposure")?;
    let exposure = member_pointer(&ctx, &builder, exposure, &[])?;
    let r = load(&builder, &range, "range")?.into_float_value();
    let e = load(&builder, &exposure, "exposure")?.into_float_value();
    let product = builder.build_float_mul(r, e, "lit")?;
    builder.build_return(Some(&product))?;
    verify_module(&module)?;

    run_llvm_passes(&module, "always-inline")?;
    let pipeline = lowering_pipeline(Target::Dxil);
    run_pipeline(&module, &parse_pipeline(pipeline)?, &mut std::io::sink())?;
    verify_module(&module)?;
    Ok(main_text(&module.print_to_string().to_string())?)
}

/// The text of `@main` in a printed module.
fn main_text(ir: &str) -> Result<String, &'static str> {
    let start = ir
        .find("define float @main")
        .ok_or("no @main in the module")?;
    let end = ir[start..].find("\n}\n").ok_or("@main has no end")? + start + 3;
    Ok(ir[start..end].to_owned())
}

#[cfg(test)]
mod tests {
    /// `lights[i]` is row `1 + i` of `Lights` (`count` fills row 0) and
    /// `range` its component 3; `exposure` follows the 4x4 matrix in row 4.
    #[test]
    fn the_front_end_lowers_to_row_loads() {
        let expected = "\
define float @main(i32 %0) {
entry:
  %Frame.cb_h.i = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 2, i32 0, i32 0, i1 false)
  %Lights.cb_h.i = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 2, i32 1, i32 1, i1 false)
  %1 = add i32 %0, 1
  %range1.load = call %dx.types.CBufRet.f32 @dx.op.cbufferLoadLegacy.f32(i32 59, %dx.types.Handle %Lights.cb_h.i, i32 %1)
  %range1.extract = extractvalue %dx.types.CBufRet.f32 %range1.load, 3
  %exposure.load = call %dx.types.CBufRet.f32 @dx.op.cbufferLoadLegacy.f32(i32 59, %dx.types.Handle %Frame.cb_h.i, i32 4)
  %exposure.extract = extractvalue %dx.types.CBufRet.f32 %exposure.load, 0
  %lit = fmul float %range1.extract, %exposure.extract
  ret float %lit
}
";
        assert_eq!(super::lowered_main().unwrap(), expected);
    }
}
