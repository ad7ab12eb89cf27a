//! `cblower emit-llvm`: parse an HLSL file, lay out its buffers and write the
//! cbuffer IR Clang's design calls for (text, or bitcode for `-o X.bc`).

use std::io::IsTerminal;
use std::path::PathBuf;

use cblower_hlsl::{Diagnostic, Program};
use cblower_layout::{
    layout_buffer, BufferDecl, BufferKind, Clang22Target, LayoutOptions, RuleSet,
};
use cblower_llvm::emit::text::{plan_module, TextInput};
use cblower_llvm::emit::{
    add_module_flags, emit_cbuffers, prepare_module, BufferInput, EmitError, EmitOptions,
    HandleBinding,
};
use cblower_llvm::ffi::verify_module;
use cblower_llvm::passes::{parse_pipeline, run_pipeline};
use cblower_llvm::Target;
use clap::{Args, ValueEnum};
use inkwell::context::Context;

use crate::exit::{INPUT_ERROR, SUCCESS};
use crate::layout_cmd::{
    lay_out_program, read_program, use_color, ColorArg, FrontendArgs, TargetArg,
};
use crate::output::{write_output, write_output_via};

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum EmitRulesArg {
    /// DXC's offsets (the documented HLSL rules), the default.
    Cbuffer,
    /// clang 22.1's output, bug for bug.
    #[value(name = "clang-22")]
    Clang22,
}

#[derive(Args, Debug)]
pub struct EmitArgs {
    /// The HLSL file to read.
    #[arg(value_name = "FILE.hlsl")]
    pub file: PathBuf,
    #[arg(long, value_enum, default_value = "dxil")]
    pub target: TargetArg,
    #[arg(long, value_enum, default_value = "cbuffer")]
    pub rules: EmitRulesArg,
    /// Output file (`-` for stdout); bitcode when it ends in `.bc`.
    #[arg(short = 'o', value_name = "OUT", default_value = "-")]
    pub output: PathBuf,
    #[arg(long, value_enum, default_value = "auto")]
    pub color: ColorArg,
    /// Also run the target's lowering pipeline on the module: `dxil-lower`
    /// for DXIL, `spirv-cbuffer-access` for SPIR-V.
    #[arg(long)]
    pub lower: bool,
    /// Build the module in LLVM and print it with LLVM's printer, instead
    /// of writing the same text directly (for comparing the two paths).
    #[arg(long, hide = true)]
    pub via_llvm: bool,
    #[command(flatten)]
    pub frontend: FrontendArgs,
}

/// The pipeline `--lower` runs for `target`.
pub fn lowering_pipeline(target: Target) -> &'static str {
    match target {
        Target::Dxil => "dxil-lower",
        Target::SpirV => "spirv-cbuffer-access",
    }
}

/// clang-22 gathers only translation-unit-scope variables into `$Globals`;
/// variables inside namespaces become ordinary globals. Drop them (with
/// their spans, which stay parallel to the members).
pub fn clang22_globals(program: &mut Program) {
    for (decl, spans) in program.buffers.iter_mut().zip(program.spans.iter_mut()) {
        if decl.kind != BufferKind::Globals {
            continue;
        }
        let keep: Vec<bool> = decl.members.iter().map(|m| m.namespace.is_none()).collect();
        let mut k = keep.iter();
        decl.members.retain(|_| *k.next().unwrap_or(&true));
        let mut k = keep.iter();
        spans.members.retain(|_| *k.next().unwrap_or(&true));
    }
}

/// How the handle of buffer `i` is created on `target`.
pub fn binding_of(program: &Program, i: usize, target: Target) -> HandleBinding {
    let decl = &program.buffers[i];
    if target == Target::SpirV {
        if let Some(Some(vk)) = program.vk_bindings.get(i) {
            return HandleBinding::Explicit {
                register: vk.binding,
                space: vk.set,
            };
        }
    }
    let space = decl.binding.map_or(0, |b| b.space);
    match decl.binding.and_then(|b| b.register) {
        Some(register) => HandleBinding::Explicit { register, space },
        None => {
            let order = program.implicit_orders.get(i).copied().unwrap_or_default();
            HandleBinding::Implicit {
                order_id: match target {
                    Target::Dxil => order.dxil,
                    Target::SpirV => order.spirv,
                },
                space,
            }
        }
    }
}

/// The diagnostic for an emission error, at the buffer it names.
fn emit_diagnostic(program: &Program, e: &EmitError) -> Diagnostic {
    let buffer = match e {
        EmitError::ConstantBufferArray { buffer, .. }
        | EmitError::ConstantBufferInClang22 { buffer } => Some(buffer.as_str()),
        _ => None,
    };
    let help = match e {
        EmitError::ConstantBufferArray { .. } => {
            "declare one `ConstantBuffer<T>` per binding, or use a `cbuffer`"
        }
        EmitError::ConstantBufferInClang22 { .. } => {
            "use the default rules (--rules cbuffer), or a `cbuffer` block for clang-22"
        }
        _ => "this is a bug in cblower; please report it with the input file",
    };
    let span = buffer.and_then(|name| {
        program
            .buffers
            .iter()
            .position(|b| &*b.name == name)
            .and_then(|i| program.spans.get(i))
            .map(|s| s.name)
    });
    match span {
        Some(span) => Diagnostic::error(span, e.to_string()).with_help(help),
        None => Diagnostic::error_without_span(e.to_string()).with_help(help),
    }
}

/// The direct text path: plans the module buffer by buffer and writes the
/// text LLVM would print, without building an LLVM module. `None` when the
/// text writer does not handle this input (see
/// `cblower_llvm::emit::text::Unsupported`); the LLVM path then runs and
/// reports any error itself.
fn write_text(
    args: &EmitArgs,
    program: &Program,
    target: Target,
    rules: RuleSet,
    layout_opts: LayoutOptions,
    opts: &EmitOptions,
) -> Option<i32> {
    let inputs: Vec<TextInput<'_>> = program
        .buffers
        .iter()
        .enumerate()
        .map(|(i, decl)| TextInput {
            decl,
            binding: binding_of(program, i, target),
        })
        .collect();
    let module_id = args.file.display().to_string();
    let mut lay_out = |decl: &BufferDecl| layout_buffer(decl, layout_opts).ok();
    let module = plan_module(&module_id, &inputs, &mut lay_out, rules, opts).ok()?;
    for w in module.warnings() {
        eprintln!("warning: {w}");
    }
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
        module.write_to(&mut out)?;
        std::io::Write::flush(&mut out)
    });
    if let Err(e) = written {
        eprintln!("error: cannot write `{}`: {e}", args.output.display());
        return Some(INPUT_ERROR);
    }
    Some(SUCCESS)
}

/// Runs the command; returns the exit code.
pub fn run(args: &EmitArgs) -> i32 {
    let err_color = use_color(args.color, std::io::stderr().is_terminal());
    let mut program = match read_program(&args.file, &args.frontend, err_color) {
        Ok(p) => p,
        Err(code) => return code,
    };
    let target = match args.target {
        TargetArg::Dxil => Target::Dxil,
        TargetArg::Spirv => Target::SpirV,
    };
    let rules = match args.rules {
        EmitRulesArg::Cbuffer => RuleSet::CBuffer,
        EmitRulesArg::Clang22 => {
            clang22_globals(&mut program);
            RuleSet::Clang22(match target {
                Target::Dxil => Clang22Target::Dxil,
                Target::SpirV => Clang22Target::SpirV,
            })
        }
    };
    let native_16bit = args.frontend.enable_16bit_types;
    let layout_opts = LayoutOptions::new(rules).native_16bit(native_16bit);
    let path = args.file.display().to_string();
    let file_name = args
        .file
        .file_name()
        .map_or_else(|| path.clone(), |n| n.to_string_lossy().into_owned());
    let opts = EmitOptions {
        target,
        native_16bit,
        global_ctor: true,
        ctor_suffix: file_name,
    };
    let bitcode = args.output.extension().is_some_and(|e| e == "bc");
    if !args.via_llvm && !args.lower && !bitcode {
        if let Some(code) = write_text(args, &program, target, rules, layout_opts, &opts) {
            return code;
        }
    }
    let layouts = match lay_out_program(&program, layout_opts) {
        Ok(l) => l,
        Err(d) => {
            eprint!("{}", d.render(&program.sources, err_color));
            return INPUT_ERROR;
        }
    };
    let inputs: Vec<BufferInput<'_>> = program
        .buffers
        .iter()
        .zip(&layouts)
        .enumerate()
        .map(|(i, (decl, layout))| BufferInput {
            decl,
            layout,
            binding: binding_of(&program, i, target),
        })
        .collect();

    let ctx = Context::create();
    let module = ctx.create_module(&path);
    module.set_source_file_name(&path);
    prepare_module(&module, target);
    let emitted = emit_cbuffers(&ctx, &module, &inputs, &opts)
        .and_then(|e| add_module_flags(&ctx, &module, target, native_16bit).map(|()| e));
    let emitted = match emitted {
        Ok(e) => e,
        Err(e) => {
            eprint!(
                "{}",
                emit_diagnostic(&program, &e).render(&program.sources, err_color)
            );
            return INPUT_ERROR;
        }
    };
    for w in &emitted.warnings {
        eprintln!("warning: {w}");
    }
    if let Err(e) = verify_module(&module) {
        eprintln!("error: internal error, the emitted module does not verify: {e}");
        return INPUT_ERROR;
    }
    if args.lower {
        let pipeline = lowering_pipeline(target);
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
