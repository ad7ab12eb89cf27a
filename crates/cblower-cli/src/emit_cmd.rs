//! `cblower emit-llvm`: parse an HLSL file, plan its module
//! (`cblower_program::plan`) and write the plan as IR text, or build it
//! into an LLVM module for `--lower` and bitcode output.

use std::io::IsTerminal;
use std::path::PathBuf;

use cblower_llvm::emit::text::{write_text, TextError};
use cblower_llvm::emit::{build_module, EmissionPlan};
use cblower_llvm::passes::{lowering_pipeline, parse_pipeline, run_pipeline};
use cblower_program::{Flavor, PlanOptions, VkLayout};
use clap::{Args, ValueEnum};
use inkwell::context::Context;

use crate::exit::{INPUT_ERROR, SUCCESS, USAGE_ERROR};
use crate::frontend_args::{
    read_program, refuse_wgsl, use_color, ColorArg, FrontendArgs, TargetArg,
};
use crate::output::{write_output, write_output_via};

/// `--rules` of `cblower emit-llvm`: whose offsets the IR encodes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum EmitRulesArg {
    /// DXC's offsets (the documented HLSL rules), the default.
    Cbuffer,
    /// clang 22.1's output, bug for bug.
    #[value(name = "clang-22")]
    Clang22,
}

/// The arguments of `cblower emit-llvm`.
#[derive(Args, Debug)]
pub struct EmitArgs {
    /// The HLSL file to read.
    #[arg(value_name = "FILE.hlsl")]
    pub file: PathBuf,
    /// The target whose IR to write: DXIL or SPIR-V (Vulkan).
    #[arg(long, value_enum, default_value = "dxil")]
    pub target: TargetArg,
    /// Whose offsets the IR encodes.
    #[arg(long, value_enum, default_value = "cbuffer")]
    pub rules: EmitRulesArg,
    /// Output file (`-` for stdout); bitcode when it ends in `.bc`.
    #[arg(short = 'o', value_name = "OUT", default_value = "-")]
    pub output: PathBuf,
    /// When to colour diagnostics on standard error.
    #[arg(long, value_enum, default_value = "auto")]
    pub color: ColorArg,
    /// Also run the target's lowering pipeline on the module: `dxil-lower`
    /// for DXIL, `spirv-cbuffer-access` for SPIR-V.
    #[arg(long)]
    pub lower: bool,
    /// Build the module in LLVM and print it with LLVM's printer, instead
    /// of writing the same text directly (for comparing the two sinks).
    #[arg(long, hide = true)]
    pub via_llvm: bool,
    /// SPIR-V, default rules: lay constant buffers out by the D3D rules
    /// (DXC's `-fvk-use-dx-layout`; what cblower does anyway).
    #[arg(long = "fvk-use-dx-layout", conflicts_with_all = ["fvk_use_gl_layout", "fvk_use_scalar_layout"])]
    pub fvk_use_dx_layout: bool,
    /// SPIR-V, default rules: GLSL std140 (DXC's `-fvk-use-gl-layout`).
    #[arg(long = "fvk-use-gl-layout", conflicts_with = "fvk_use_scalar_layout")]
    pub fvk_use_gl_layout: bool,
    /// SPIR-V, default rules: scalar block layout (DXC's
    /// `-fvk-use-scalar-layout`).
    #[arg(long = "fvk-use-scalar-layout")]
    pub fvk_use_scalar_layout: bool,
    /// How to read the HLSL file (include paths, defines, 16-bit types,
    /// matrix order).
    #[command(flatten)]
    pub frontend: FrontendArgs,
}

impl EmitArgs {
    fn plan_options(&self) -> PlanOptions {
        let module_id = self.file.display().to_string();
        let file_name = self
            .file
            .file_name()
            .map_or_else(|| module_id.clone(), |n| n.to_string_lossy().into_owned());
        PlanOptions {
            target: self.target.target(),
            flavor: match self.rules {
                EmitRulesArg::Cbuffer => Flavor::Dxc,
                EmitRulesArg::Clang22 => Flavor::Clang22,
            },
            native_16bit: self.frontend.enable_16bit_types,
            global_ctor: true,
            ctor_suffix: file_name,
            module_id,
            vk_layout: if self.fvk_use_gl_layout {
                VkLayout::Gl
            } else if self.fvk_use_scalar_layout {
                VkLayout::Scalar
            } else if self.fvk_use_dx_layout {
                VkLayout::Dx
            } else {
                VkLayout::Relaxed
            },
        }
    }
}

/// Runs the command; returns the exit code.
pub fn run(args: &EmitArgs) -> i32 {
    let err_color = use_color(args.color, std::io::stderr().is_terminal());
    if let Err(code) = refuse_wgsl(&args.file, "emit-llvm") {
        return code;
    }
    let vk_flag = [
        (args.fvk_use_dx_layout, "--fvk-use-dx-layout"),
        (args.fvk_use_gl_layout, "--fvk-use-gl-layout"),
        (args.fvk_use_scalar_layout, "--fvk-use-scalar-layout"),
    ]
    .into_iter()
    .find_map(|(on, name)| on.then_some(name));
    if let Some(flag) = vk_flag {
        if args.target != TargetArg::Spirv || args.rules != EmitRulesArg::Cbuffer {
            eprintln!(
                "error: `{flag}` chooses the SPIR-V layout of the default rules; use it with `--target spirv` and without `--rules clang-22`"
            );
            return USAGE_ERROR;
        }
    }
    let program = match read_program(&args.file, &args.frontend, err_color) {
        Ok(p) => p,
        Err(code) => return code,
    };
    let plan = match cblower_program::plan(&program.buffers_for_lowering(), &args.plan_options()) {
        Ok(plan) => plan,
        Err(e) => {
            eprint!(
                "{}",
                program.diagnostic(&e).render(&program.sources, err_color)
            );
            return INPUT_ERROR;
        }
    };
    for w in &plan.warnings {
        eprintln!("warning: {w}");
    }
    let bitcode = args.output.extension().is_some_and(|e| e == "bc");
    if !args.via_llvm && !args.lower && !bitcode && !plan.module_id.contains('\n') {
        write_plan_text(args, &plan)
    } else {
        build_and_write(args, &plan, bitcode)
    }
}

/// The text sink, streamed into the output file.
fn write_plan_text(args: &EmitArgs, plan: &EmissionPlan<'_>) -> i32 {
    let written = write_output_via(&args.output, |path| {
        let file: Box<dyn std::io::Write> = if path.as_os_str() == "-" {
            Box::new(std::io::stdout().lock())
        } else {
            Box::new(
                std::fs::OpenOptions::new()
                    .write(true)
                    .create(true)
                    .truncate(true)
                    .open(path)?,
            )
        };
        let mut out = std::io::BufWriter::with_capacity(1 << 16, file);
        write_text(plan, &mut out).map_err(|e| match e {
            TextError::Io(e) => e,
            other => std::io::Error::other(other.to_string()),
        })?;
        std::io::Write::flush(&mut out)
    });
    match written {
        Ok(()) => SUCCESS,
        Err(e) => {
            eprintln!("error: cannot write `{}`: {e}", args.output.display());
            INPUT_ERROR
        }
    }
}

/// The module sink, then `--lower`'s pipeline, then LLVM's printer or
/// bitcode writer.
fn build_and_write(args: &EmitArgs, plan: &EmissionPlan<'_>, bitcode: bool) -> i32 {
    let ctx = Context::create();
    let module = match build_module(&ctx, plan) {
        Ok((module, _)) => module,
        Err(e) => {
            eprintln!("error: internal error, the planned module cannot be built: {e}");
            return INPUT_ERROR;
        }
    };
    if args.lower {
        let pipeline = lowering_pipeline(plan.target);
        let lowered = parse_pipeline(pipeline)
            .and_then(|passes| run_pipeline(&module, &passes, &mut std::io::sink()));
        if let Err(e) = lowered {
            eprintln!("error: {pipeline}: {e}");
            return INPUT_ERROR;
        }
    }
    let written = if bitcode {
        write_output(&args.output, module.write_bitcode_to_memory().as_slice())
    } else {
        // Streamed by LLVM into the file: no copy of the whole text in memory.
        write_output_via(&args.output, |path| {
            module
                .print_to_file(path)
                .map_err(|e| std::io::Error::other(e.to_string()))
        })
    };
    if let Err(e) = written {
        eprintln!("error: cannot write `{}`: {e}", args.output.display());
        return INPUT_ERROR;
    }
    // The process ends here: tearing down a module of 100k globals costs
    // more than everything LLVM printed, and the OS frees it anyway.
    std::mem::forget(module);
    std::mem::forget(ctx);
    SUCCESS
}
