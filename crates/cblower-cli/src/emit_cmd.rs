//! `cblower emit-llvm`: parse an HLSL file, plan its module
//! (`cblower_program::plan`) and write the plan as IR text, or build it
//! into an LLVM module for `--lower` and bitcode output.

use std::io::IsTerminal;
use std::path::PathBuf;

use cblower_hlsl::AcceptAs;
use cblower_llvm::emit::text::{write_text, TextError};
use cblower_llvm::emit::{build_module, EmissionPlan};
use cblower_llvm::passes::{lowering_pipeline, parse_pipeline, run_pipeline};
use cblower_program::{Flavor, PlanOptions, ShaderStage, Target, TargetTriple, VkLayout};
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

/// `--stage`: a shader stage, named as in a triple.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum StageArg {
    /// `pixel`.
    Pixel,
    /// `vertex`.
    Vertex,
    /// `geometry`.
    Geometry,
    /// `hull`.
    Hull,
    /// `domain`.
    Domain,
    /// `compute`.
    Compute,
    /// `library` (the default).
    Library,
    /// `raygeneration`.
    Raygeneration,
    /// `intersection`.
    Intersection,
    /// `anyhit`.
    Anyhit,
    /// `closesthit`.
    Closesthit,
    /// `miss`.
    Miss,
    /// `callable`.
    Callable,
    /// `mesh`.
    Mesh,
    /// `amplification`.
    Amplification,
}

impl StageArg {
    /// The stage it names.
    pub fn stage(self) -> ShaderStage {
        match self {
            StageArg::Pixel => ShaderStage::Pixel,
            StageArg::Vertex => ShaderStage::Vertex,
            StageArg::Geometry => ShaderStage::Geometry,
            StageArg::Hull => ShaderStage::Hull,
            StageArg::Domain => ShaderStage::Domain,
            StageArg::Compute => ShaderStage::Compute,
            StageArg::Library => ShaderStage::Library,
            StageArg::Raygeneration => ShaderStage::RayGeneration,
            StageArg::Intersection => ShaderStage::Intersection,
            StageArg::Anyhit => ShaderStage::AnyHit,
            StageArg::Closesthit => ShaderStage::ClosestHit,
            StageArg::Miss => ShaderStage::Miss,
            StageArg::Callable => ShaderStage::Callable,
            StageArg::Mesh => ShaderStage::Mesh,
            StageArg::Amplification => ShaderStage::Amplification,
        }
    }
}

/// `--fspv-target-env`: the Vulkan version of a SPIR-V profile.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum VulkanEnvArg {
    /// Vulkan 1.2 (`spirv1.5-unknown-vulkan1.2-<stage>`).
    #[value(name = "vulkan1.2")]
    Vulkan1_2,
    /// Vulkan 1.3 (`spirv1.6-unknown-vulkan1.3-<stage>`), the default.
    #[value(name = "vulkan1.3")]
    Vulkan1_3,
}

/// The arguments of `cblower emit-llvm`.
#[derive(Args, Debug)]
pub struct EmitArgs {
    /// The HLSL file to read.
    #[arg(value_name = "FILE.hlsl")]
    pub file: PathBuf,
    /// The target whose IR to write: DXIL or SPIR-V (Vulkan); `dxil` unless
    /// `--triple` names the target.
    #[arg(long, value_enum)]
    pub target: Option<TargetArg>,
    /// The target triple, as clang-22 accepts it for HLSL (also `-triple`):
    /// `dxil[v1.N]-<vendor>-shadermodel6.M-<stage>` or
    /// `spirv[1.5|1.6]-<vendor>-vulkan[1.2|1.3]-<stage>`.
    #[arg(long, value_name = "TRIPLE")]
    pub triple: Option<String>,
    /// A shader profile, as `clang --driver-mode=dxc -T` maps it to a
    /// triple: `cs_6_6`, `lib_6_3`, `ps_6_0`, ...
    #[arg(short = 'T', long = "profile", value_name = "PROFILE")]
    pub profile: Option<String>,
    /// The shader stage: the triple's last part, or the stage of the default
    /// shader-model 6.3 / Vulkan 1.3 triple.
    #[arg(long, value_enum, value_name = "STAGE")]
    pub stage: Option<StageArg>,
    /// The entry function of a stage (dxc's `-E`). The entry-point wrapper
    /// is function code, which cblower does not emit; accepted so dxc
    /// command lines run unchanged, and checked to be an identifier.
    #[arg(short = 'E', long = "entry", value_name = "NAME")]
    pub entry: Option<String>,
    /// The Vulkan version a `-T` profile maps to on SPIR-V (the dxc
    /// driver's `-fspv-target-env`; also one dash and `=`).
    #[arg(long = "fspv-target-env", value_enum, value_name = "ENV")]
    pub fspv_target_env: Option<VulkanEnvArg>,
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
    /// SPIR-V, default rules: DXC's FXC-compatible layout, the D3D rows
    /// with the differences of DXC's SPIR-V back end (`-fvk-use-dx-layout`).
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
    /// The triple `--triple`, `-T`, `--stage`, `--target` and
    /// `--fspv-target-env` name together; `Err` is the usage error's message.
    pub fn triple(&self) -> Result<TargetTriple, String> {
        let stage = self.stage.map(StageArg::stage);
        let triple = match (&self.triple, &self.profile) {
            (Some(_), Some(_)) => {
                return Err("`--triple` and `-T` both name the triple; give one".to_owned())
            }
            (Some(t), None) => {
                if self.fspv_target_env.is_some() {
                    return Err("`--fspv-target-env` chooses the Vulkan version of a `-T` profile; `--triple` names it already".to_owned());
                }
                TargetTriple::parse(t, stage).map_err(|e| e.to_string())?
            }
            (None, Some(p)) => {
                let target = self.target.unwrap_or(TargetArg::Dxil).target();
                let vulkan_1_2 = match self.fspv_target_env {
                    Some(_) if target != Target::SpirV => {
                        return Err(
                            "`--fspv-target-env` is for SPIR-V: add `--target spirv`".to_owned()
                        )
                    }
                    Some(env) => env == VulkanEnvArg::Vulkan1_2,
                    None => false,
                };
                let t =
                    TargetTriple::from_profile(p, target, vulkan_1_2).map_err(|e| e.to_string())?;
                if let Some(s) = stage.filter(|s| *s != t.stage()) {
                    return Err(format!(
                        "the profile `{p}` is a {} profile, but `--stage` says {s}",
                        t.stage()
                    ));
                }
                t
            }
            (None, None) => {
                if self.fspv_target_env.is_some() {
                    return Err(
                        "`--fspv-target-env` chooses the Vulkan version of a `-T` profile; give `-T` too (a `--triple` names its Vulkan version itself)".to_owned()
                    );
                }
                TargetTriple::default_for(
                    self.target.unwrap_or(TargetArg::Dxil).target(),
                    stage.unwrap_or(ShaderStage::Library),
                )
            }
        };
        if let Some(given) = self.target {
            if given.target() != triple.target() {
                return Err(format!(
                    "`--target {}` conflicts with the triple `{triple}`; drop `--target` or give a {} triple",
                    match given {
                        TargetArg::Dxil => "dxil",
                        TargetArg::Spirv => "spirv",
                    },
                    match given {
                        TargetArg::Dxil => "DXIL",
                        TargetArg::Spirv => "SPIR-V",
                    }
                ));
            }
        }
        if self.frontend.enable_16bit_types && !triple.allows_native_16bit() {
            return Err(format!(
                "`--enable-16bit-types` needs shader model 6.2 or later (clang-22 refuses it for `{triple}`)"
            ));
        }
        if let Some(entry) = &self.entry {
            let mut chars = entry.chars();
            let ident = chars
                .next()
                .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
                && chars.all(|c| c.is_ascii_alphanumeric() || c == '_');
            if !ident {
                return Err(format!(
                    "`-E {entry}`: the entry point is a function name (an identifier)"
                ));
            }
        }
        Ok(triple)
    }

    /// Whether the command needs an LLVM module (`--lower`, `--via-llvm`,
    /// a `.bc` output, or a file name the text writer cannot put in the
    /// module's `ModuleID` line) rather than the text writer alone.
    /// [`run_text`] handles exactly the arguments for which this is false,
    /// without calling LLVM.
    pub fn needs_llvm(&self) -> bool {
        self.via_llvm
            || self.lower
            || self.output.extension().is_some_and(|e| e == "bc")
            || self.file.display().to_string().contains('\n')
    }

    fn plan_options(&self, triple: TargetTriple) -> PlanOptions {
        let module_id = self.file.display().to_string();
        // clang-22 names the constructor after the file name with every byte
        // outside [A-Za-z0-9_.] replaced by `_` (`a-b.hlsl` gives
        // `_GLOBAL__sub_I_a_b.hlsl`).
        let file_name: String = self
            .file
            .file_name()
            .map_or_else(
                || module_id.as_bytes().to_vec(),
                |n| n.as_encoded_bytes().to_vec(),
            )
            .into_iter()
            .map(|b| {
                if b.is_ascii_alphanumeric() || b == b'_' || b == b'.' {
                    char::from(b)
                } else {
                    '_'
                }
            })
            .collect();
        PlanOptions {
            target: triple.target(),
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
            triple: Some(triple),
            threads: self.frontend.threads(),
        }
    }
}

/// Rewrites the single-dash spellings clang and dxc use, `-triple` and
/// `-fspv-target-env=`, to the double-dash flags clap parses; the
/// arguments after a `--` stay as they are. Apply it to `emit-llvm`'s
/// arguments only.
pub fn double_dash_clang_flags<I: IntoIterator<Item = std::ffi::OsString>>(
    args: I,
) -> Vec<std::ffi::OsString> {
    let mut out = Vec::new();
    let mut rest = false;
    for arg in args {
        if rest {
            out.push(arg);
            continue;
        }
        let rewritten = arg.to_str().and_then(|a| {
            ["-triple", "-fspv-target-env"].iter().find_map(|flag| {
                let tail = a.strip_prefix(flag)?;
                (tail.is_empty() || tail.starts_with('=')).then(|| format!("-{a}").into())
            })
        });
        rest = arg == "--";
        out.push(rewritten.unwrap_or(arg));
    }
    out
}

/// Runs the command; returns the exit code.
pub fn run(args: &EmitArgs) -> i32 {
    run_with(args, Some(build_and_write))
}

/// Runs the command when [`EmitArgs::needs_llvm`] is false, through the
/// text writer only; for other arguments it reports that an LLVM module is
/// needed and returns [`INPUT_ERROR`]. Nothing it calls reaches LLVM, so a
/// binary that uses this instead of [`run`] does not load `libLLVM` (the
/// `cblower` binary; `cblower-emit-module` runs [`run`]).
pub fn run_text(args: &EmitArgs) -> i32 {
    run_with(args, None)
}

/// Builds the module, runs `--lower`'s pipeline and writes it.
type ModuleSink = fn(&EmitArgs, &EmissionPlan<'_>, bool) -> i32;

fn run_with(args: &EmitArgs, module_sink: Option<ModuleSink>) -> i32 {
    if let Err(code) = refuse_without_module_sink(args, module_sink) {
        return code;
    }
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
    let triple = match args.triple() {
        Ok(t) => t,
        Err(message) => {
            eprintln!("error: {message}");
            return USAGE_ERROR;
        }
    };
    if let Some(flag) = vk_flag {
        if triple.target() != Target::SpirV || args.rules != EmitRulesArg::Cbuffer {
            eprintln!(
                "error: `{flag}` chooses the SPIR-V layout of the default rules; use it with `--target spirv` and without `--rules clang-22`"
            );
            return USAGE_ERROR;
        }
    }
    let frontend = FrontendArgs {
        accept_as: match args.rules {
            EmitRulesArg::Clang22 => AcceptAs::Clang22(triple.target()),
            EmitRulesArg::Cbuffer => AcceptAs::Dxc,
        },
        ..args.frontend.clone()
    };
    let program = match read_program(&args.file, &frontend, err_color) {
        Ok(p) => p,
        Err(code) => return code,
    };
    let plan =
        match cblower_program::plan(&program.buffers_for_lowering(), &args.plan_options(triple)) {
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
    if !args.needs_llvm() && !plan.module_id.contains('\n') {
        write_plan_text(args, &plan)
    } else if let Some(sink) = module_sink {
        sink(args, &plan, bitcode)
    } else {
        // Unreachable: `refuse_without_module_sink` ran first.
        refuse_without_module_sink(args, None)
            .err()
            .unwrap_or(INPUT_ERROR)
    }
}

/// Stops [`run_text`] before any work when the arguments need LLVM.
fn refuse_without_module_sink(args: &EmitArgs, module_sink: Option<ModuleSink>) -> Result<(), i32> {
    if module_sink.is_none() && args.needs_llvm() {
        eprintln!(
            "error: internal error, `--lower`, `--via-llvm`, bitcode and a file name with a line break need the LLVM module sink, which this entry point leaves out"
        );
        return Err(INPUT_ERROR);
    }
    Ok(())
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

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser)]
    struct EmitLlvm {
        #[command(flatten)]
        args: EmitArgs,
    }

    fn triple(args: &[&str]) -> Result<String, String> {
        let argv = double_dash_clang_flags(
            std::iter::once("emit-llvm")
                .chain(args.iter().copied())
                .chain(["x.hlsl"])
                .map(std::ffi::OsString::from),
        );
        let parsed = EmitLlvm::try_parse_from(argv).map_err(|e| e.kind().to_string())?;
        parsed.args.triple().map(|t| t.to_string())
    }

    #[test]
    fn triples_profiles_and_stages_combine() {
        let ok = |a: &[&str], want: &str| assert_eq!(triple(a).as_deref(), Ok(want), "{a:?}");
        ok(&[], "dxilv1.3-pc-shadermodel6.3-library");
        ok(&["--target", "spirv"], "spirv-unknown-vulkan1.3-library");
        ok(
            &["--stage", "compute"],
            "dxilv1.3-pc-shadermodel6.3-compute",
        );
        ok(
            &["-triple", "dxil-pc-shadermodel6.6-compute"],
            "dxilv1.6-pc-shadermodel6.6-compute",
        );
        ok(
            &["-triple=spirv-unknown-vulkan1.2-compute"],
            "spirv-unknown-vulkan1.2-compute",
        );
        ok(
            &["--triple", "dxil-pc-shadermodel6.0", "--stage", "pixel"],
            "dxilv1.0-pc-shadermodel6.0-pixel",
        );
        ok(&["-T", "cs_6_6"], "dxilv1.6-unknown-shadermodel6.6-compute");
        ok(
            &["-Tlib_6_3", "-E", "main"],
            "dxilv1.3-unknown-shadermodel6.3-library",
        );
        ok(
            &["--target", "spirv", "-T", "ps_6_0"],
            "spirv1.6-unknown-vulkan1.3-pixel",
        );
        ok(
            &[
                "--target",
                "spirv",
                "-T",
                "cs_6_2",
                "-fspv-target-env=vulkan1.2",
            ],
            "spirv1.5-unknown-vulkan1.2-compute",
        );
        ok(
            &[
                "--target",
                "dxil",
                "--triple",
                "dxilv1.8-pc-shadermodel6.8-vertex",
            ],
            "dxilv1.8-pc-shadermodel6.8-vertex",
        );
    }

    #[test]
    fn conflicts_are_usage_errors() {
        let err = |a: &[&str], want: &str| {
            let e = triple(a).unwrap_err();
            assert!(e.contains(want), "{a:?}: {e}");
        };
        err(
            &[
                "--target",
                "spirv",
                "--triple",
                "dxil-pc-shadermodel6.6-compute",
            ],
            "`--target spirv` conflicts with the triple `dxilv1.6-pc-shadermodel6.6-compute`",
        );
        err(
            &[
                "--target",
                "dxil",
                "-triple",
                "spirv-unknown-vulkan1.3-compute",
            ],
            "`--target dxil` conflicts",
        );
        err(
            &["--triple", "dxil-pc-shadermodel6.6-compute", "-T", "cs_6_6"],
            "`--triple` and `-T` both name the triple; give one",
        );
        err(
            &["-T", "cs_6_6", "--stage", "pixel"],
            "is a compute profile, but `--stage` says pixel",
        );
        err(
            &[
                "--triple",
                "dxil-pc-shadermodel6.6-compute",
                "--stage",
                "pixel",
            ],
            "conflicts with `--stage pixel`",
        );
        err(
            &["-T", "cs_6_1", "--enable-16bit-types"],
            "needs shader model 6.2 or later",
        );
        err(
            &["-T", "cs_6_6", "-fspv-target-env=vulkan1.2"],
            "is for SPIR-V",
        );
        err(&["-E", "1main", "-T", "cs_6_6"], "an identifier");
        err(&["--stage", "node"], "isn't valid");
    }

    #[test]
    fn only_clang_spellings_are_rewritten() {
        let got = double_dash_clang_flags(
            [
                "-triple",
                "x",
                "-triplex",
                "-fspv-target-env=vulkan1.2",
                "--",
                "-triple",
            ]
            .map(std::ffi::OsString::from),
        );
        assert_eq!(
            got,
            [
                "--triple",
                "x",
                "-triplex",
                "--fspv-target-env=vulkan1.2",
                "--",
                "-triple"
            ]
            .map(std::ffi::OsString::from)
        );
    }
}
