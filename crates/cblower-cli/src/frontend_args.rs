//! What every command that reads HLSL shares: the front-end options, the
//! target and colour choices, and reading a file into a `Program` with its
//! warnings printed.

use std::path::PathBuf;

use cblower_hlsl::{parse_file, parse_source, AcceptAs, FrontendOptions, Program};
use cblower_layout::{
    BufferLayout, Clang22Target, LayoutOptions, MatrixOrder, RuleSet, WgslAddressSpace,
};
use cblower_program::{Target, Threads};
use clap::{Args, ValueEnum};

use crate::exit::INPUT_ERROR;

/// `--rules` of the commands that lay buffers out (`layout`, `mirror`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum RulesArg {
    /// D3D constant buffer rules as DXC applies them (the default).
    Cbuffer,
    /// clang-22's own algorithm, bug for bug (see --target).
    #[value(name = "clang-22")]
    Clang22,
    /// StructuredBuffer / C-like rules.
    Structured,
    /// GLSL std140 (uniform blocks): arrays and structs round up to 16 bytes.
    Std140,
    /// GLSL std430 (storage blocks): natural alignment, vec3 aligned as vec4.
    Std430,
    /// std140 with DXC's relaxed vector rule (DXC's SPIR-V cbuffer default).
    #[value(name = "relaxed-std140")]
    RelaxedStd140,
    /// std430 with DXC's relaxed vector rule (DXC's SPIR-V tbuffer default).
    #[value(name = "relaxed-std430")]
    RelaxedStd430,
    /// Vulkan scalar block layout: every member aligned to its scalar.
    Scalar,
    /// DXC's `-fvk-use-scalar-layout`: scalar, struct sizes not rounded.
    #[value(name = "scalar-dxc")]
    ScalarDxc,
    /// DXC's `-fvk-use-dx-layout`: the cbuffer rows with DXC's SPIR-V
    /// differences (packoffset order, min-precision, 64-bit matrices).
    #[value(name = "fxc-cbuffer")]
    FxcCbuffer,
    /// WGSL host-shareable layout, storage address space.
    Wgsl,
    /// WGSL with the uniform address space's extra checks.
    #[value(name = "wgsl-uniform")]
    WgslUniform,
}

impl RulesArg {
    /// Whose acceptance rules the front end follows under these rules:
    /// clang-22's for `clang-22`, DXC's for the others.
    pub fn accept_as(self, target: TargetArg) -> AcceptAs {
        match self {
            RulesArg::Clang22 => AcceptAs::Clang22(target.target()),
            _ => AcceptAs::Dxc,
        }
    }

    /// The rule set it names; `target` says whose data layout clang-22 used.
    pub fn rule_set(self, target: TargetArg) -> RuleSet {
        match self {
            RulesArg::Cbuffer => RuleSet::CBuffer,
            RulesArg::Clang22 => RuleSet::Clang22(match target {
                TargetArg::Dxil => Clang22Target::Dxil,
                TargetArg::Spirv => Clang22Target::SpirV,
            }),
            RulesArg::Structured => RuleSet::Structured,
            RulesArg::Std140 => RuleSet::Std140,
            RulesArg::Std430 => RuleSet::Std430,
            RulesArg::RelaxedStd140 => RuleSet::RelaxedStd140,
            RulesArg::RelaxedStd430 => RuleSet::RelaxedStd430,
            RulesArg::Scalar => RuleSet::Scalar,
            RulesArg::ScalarDxc => RuleSet::ScalarDxc,
            RulesArg::FxcCbuffer => RuleSet::FxcCBuffer,
            RulesArg::Wgsl => RuleSet::Wgsl(WgslAddressSpace::Storage),
            RulesArg::WgslUniform => RuleSet::Wgsl(WgslAddressSpace::Uniform),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
/// `--target`.
pub enum TargetArg {
    /// DirectX: a `dxil` shader-model library triple and its data layout.
    Dxil,
    /// Vulkan SPIR-V: a `spirv` Vulkan library triple and its data layout.
    Spirv,
}

impl TargetArg {
    /// The target it names.
    pub fn target(self) -> Target {
        match self {
            TargetArg::Dxil => Target::Dxil,
            TargetArg::Spirv => Target::SpirV,
        }
    }
}

/// `--matrix-order`: how matrices without `row_major`/`column_major` are
/// stored.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum MatrixOrderArg {
    /// Row-major, like DXC's `-Zpr`.
    Row,
    /// Column-major, like DXC's `-Zpc` (the HLSL default).
    Column,
}

/// `--color`: whether diagnostics use ANSI colours.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ColorArg {
    /// Colour when standard error is a terminal.
    Auto,
    /// Always colour.
    Always,
    /// Never colour.
    Never,
}

/// Options shared by every command that reads HLSL.
#[derive(Args, Debug, Clone)]
pub struct FrontendArgs {
    /// Add a directory to the #include search path.
    #[arg(short = 'I', value_name = "DIR")]
    pub include_dirs: Vec<PathBuf>,
    /// Define a macro (NAME or NAME=VALUE).
    #[arg(short = 'D', value_name = "NAME[=VALUE]")]
    pub defines: Vec<String>,
    /// Native 16-bit types, like DXC's -enable-16bit-types.
    #[arg(long = "enable-16bit-types")]
    pub enable_16bit_types: bool,
    /// Default matrix storage order (like DXC's -Zpr for row).
    #[arg(long = "matrix-order", value_enum, default_value = "column")]
    pub matrix_order: MatrixOrderArg,
    /// Run the front end and the planner on one thread (the output is the
    /// same; for builds that already keep every core busy).
    #[arg(long = "no-threads")]
    pub no_threads: bool,
    /// Not an option: set by the commands whose `--rules clang-22` reads
    /// the declarations as clang-22 does.
    #[arg(skip)]
    pub accept_as: AcceptAs,
}

impl FrontendArgs {
    /// The front end's options these arguments spell (`-D NAME=VALUE` split at
    /// the first `=`).
    pub fn options(&self) -> FrontendOptions {
        let defines = self
            .defines
            .iter()
            .map(|d| match d.split_once('=') {
                Some((n, v)) => (n.to_owned(), Some(v.to_owned())),
                None => (d.clone(), None),
            })
            .collect();
        FrontendOptions {
            include_dirs: self.include_dirs.clone(),
            defines,
            native_16bit: self.enable_16bit_types,
            default_matrix_order: match self.matrix_order {
                MatrixOrderArg::Row => MatrixOrder::RowMajor,
                MatrixOrderArg::Column => MatrixOrder::ColumnMajor,
            },
            threads: self.threads(),
            accept_as: self.accept_as,
        }
    }

    /// `--no-threads` as the library's option.
    pub fn threads(&self) -> Threads {
        if self.no_threads {
            Threads::Sequential
        } else {
            Threads::Pipelined
        }
    }
}

/// Whether diagnostics and reports on a stream get colours.
pub(crate) fn use_color(arg: ColorArg, is_terminal: bool) -> bool {
    match arg {
        ColorArg::Always => true,
        ColorArg::Never => false,
        ColorArg::Auto => is_terminal && std::env::var_os("NO_COLOR").is_none(),
    }
}

/// Whether `file` names a WGSL file (extension `.wgsl`).
pub(crate) fn is_wgsl_path(file: &std::path::Path) -> bool {
    file.extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("wgsl"))
}

/// Whether `file` is `-`, standard input.
pub(crate) fn is_stdin(file: &std::path::Path) -> bool {
    file.as_os_str() == "-"
}

/// All of standard input as text (invalid UTF-8 replaced), or the
/// diagnostic for a read error.
pub(crate) fn read_stdin() -> Result<String, String> {
    use std::io::Read;
    let mut bytes = Vec::new();
    match std::io::stdin().lock().read_to_end(&mut bytes) {
        Ok(_) => Ok(String::from_utf8(bytes)
            .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())),
        Err(e) => Err(format!("error: cannot read standard input: {e}\n")),
    }
}

/// For the commands that read only HLSL (`emit-llvm`, `mirror`): refuses a
/// `.wgsl` file with a diagnostic saying why (docs/wgsl.md), returning the
/// exit code.
pub(crate) fn refuse_wgsl(file: &std::path::Path, command: &str) -> Result<(), i32> {
    if is_wgsl_path(file) {
        eprintln!(
            "error: `{}` is a WGSL file; `cblower {command}` reads HLSL only\n\
             help: Clang and LLVM have no WGSL front end, so there is no clang-22 IR or \
             HLSL-compiler layout to reproduce for it; lay its buffers out with \
             `cblower layout {}` (docs/wgsl.md)",
            file.display(),
            file.display()
        );
        return Err(INPUT_ERROR);
    }
    Ok(())
}

/// Parses `file` (standard input for `-`), printing its warnings, or its
/// errors and the exit code.
///
/// The program is never dropped: the process ends after the command, and a
/// type nested a hundred thousand levels deep (which the layout rejects)
/// would be dropped recursively, overflowing the stack after the error was
/// shown.
pub(crate) fn read_program(
    file: &std::path::Path,
    frontend: &FrontendArgs,
    err_color: bool,
) -> Result<std::mem::ManuallyDrop<Program>, i32> {
    read_program_except(file, frontend, err_color, |_, _| false)
}

/// [`read_program`], but the warnings for which `reported_later` is true
/// are not printed (the command reports them itself, e.g. `bindings` turns
/// register overlaps into errors).
pub(crate) fn read_program_except(
    file: &std::path::Path,
    frontend: &FrontendArgs,
    err_color: bool,
    reported_later: impl Fn(&Program, &cblower_hlsl::Diagnostic) -> bool,
) -> Result<std::mem::ManuallyDrop<Program>, i32> {
    let parsed = if is_stdin(file) {
        match read_stdin() {
            Ok(text) => parse_source("<stdin>", &text, &frontend.options()),
            Err(msg) => {
                eprint!("{msg}");
                return Err(INPUT_ERROR);
            }
        }
    } else {
        parse_file(file, &frontend.options())
    };
    let program = match parsed {
        Ok(p) => std::mem::ManuallyDrop::new(p),
        Err(err) => {
            eprint!("{}", err.render(err_color));
            return Err(INPUT_ERROR);
        }
    };
    for warning in program.warnings.iter() {
        if !reported_later(&program, warning) {
            eprint!("{}", warning.render(&program.sources, err_color));
        }
    }
    Ok(program)
}

/// Reads `file` and lays out every buffer under `rules` (with `target`'s
/// data layout for clang-22), as `layout` and `mirror` do; prints the
/// file's warnings, or its first error as a diagnostic and returns the exit
/// code.
pub(crate) fn read_and_lay_out(
    file: &std::path::Path,
    frontend: &FrontendArgs,
    rules: RulesArg,
    target: TargetArg,
    err_color: bool,
) -> Result<(std::mem::ManuallyDrop<Program>, Vec<BufferLayout>), i32> {
    let frontend = &FrontendArgs {
        accept_as: rules.accept_as(target),
        ..frontend.clone()
    };
    let program = read_program(file, frontend, err_color)?;
    let opts = LayoutOptions::new(rules.rule_set(target)).native_16bit(frontend.enable_16bit_types);
    match cblower_program::lay_out_program(&program.buffers_for_lowering(), opts, target.target()) {
        Ok(layouts) => Ok((program, layouts)),
        Err(e) => {
            eprint!(
                "{}",
                program.diagnostic(&e).render(&program.sources, err_color)
            );
            Err(INPUT_ERROR)
        }
    }
}

/// Which of the program's buffers exist, one flag per buffer of
/// `buffers_for_lowering` (and per layout of [`read_and_lay_out`]): on SPIR-V
/// a `$Globals` of only push and specialisation constants does not (neither
/// DXC nor clang-22 makes one; `emit-llvm` writes none), so `layout` and
/// `mirror` leave it out.
pub(crate) fn existing_buffers(
    program: &Program,
    opts: LayoutOptions,
    target: Target,
) -> Vec<bool> {
    program
        .buffers_for_lowering()
        .iter()
        .map(|b| !cblower_program::effective_decl(b.decl, opts, target).only_vulkan_globals())
        .collect()
}
