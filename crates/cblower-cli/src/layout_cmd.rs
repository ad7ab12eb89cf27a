//! `cblower layout`: parse an HLSL file, lay out every buffer under the chosen
//! rule set, and print the text report or the JSON document.

use std::io::IsTerminal;
use std::path::PathBuf;

use cblower_hlsl::{parse_file, Diagnostic, FrontendOptions, Program};
use cblower_layout::{
    layout_buffer, BufferLayout, Clang22Target, LayoutOptions, MatrixOrder, RuleSet,
    WgslAddressSpace,
};
use clap::{Args, ValueEnum};

use crate::exit::{INPUT_ERROR, SUCCESS};
use crate::report::{json_report, text_report, Colors};

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum RulesArg {
    /// D3D constant buffer rules as DXC applies them (the default).
    Cbuffer,
    /// clang-22's own algorithm, bug for bug (see --target).
    #[value(name = "clang-22")]
    Clang22,
    /// StructuredBuffer / C-like rules.
    Structured,
    Std140,
    Std430,
    Scalar,
    /// WGSL host-shareable layout, storage address space.
    Wgsl,
    /// WGSL with the uniform address space's extra checks.
    #[value(name = "wgsl-uniform")]
    WgslUniform,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum TargetArg {
    Dxil,
    Spirv,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum FormatArg {
    Text,
    Json,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum MatrixOrderArg {
    Row,
    Column,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ColorArg {
    Auto,
    Always,
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
}

impl FrontendArgs {
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
        }
    }
}

#[derive(Args, Debug)]
pub struct LayoutArgs {
    /// The HLSL file to read.
    #[arg(value_name = "FILE.hlsl")]
    pub file: PathBuf,
    /// Packing rules.
    #[arg(long, value_enum, default_value = "cbuffer")]
    pub rules: RulesArg,
    /// Data layout clang-22 used (only with --rules clang-22).
    #[arg(long, value_enum, default_value = "dxil")]
    pub target: TargetArg,
    #[arg(long, value_enum, default_value = "text")]
    pub format: FormatArg,
    #[arg(long, value_enum, default_value = "auto")]
    pub color: ColorArg,
    #[command(flatten)]
    pub frontend: FrontendArgs,
}

impl LayoutArgs {
    fn rule_set(&self) -> RuleSet {
        match self.rules {
            RulesArg::Cbuffer => RuleSet::CBuffer,
            RulesArg::Clang22 => RuleSet::Clang22(match self.target {
                TargetArg::Dxil => Clang22Target::Dxil,
                TargetArg::Spirv => Clang22Target::SpirV,
            }),
            RulesArg::Structured => RuleSet::Structured,
            RulesArg::Std140 => RuleSet::Std140,
            RulesArg::Std430 => RuleSet::Std430,
            RulesArg::Scalar => RuleSet::Scalar,
            RulesArg::Wgsl => RuleSet::Wgsl(WgslAddressSpace::Storage),
            RulesArg::WgslUniform => RuleSet::Wgsl(WgslAddressSpace::Uniform),
        }
    }
}

/// Whether diagnostics and reports on a stream get colours.
pub fn use_color(arg: ColorArg, is_terminal: bool) -> bool {
    match arg {
        ColorArg::Always => true,
        ColorArg::Never => false,
        ColorArg::Auto => is_terminal && std::env::var_os("NO_COLOR").is_none(),
    }
}

/// Lays out every buffer of `program`, or returns the first error as a
/// diagnostic at the offending member.
pub fn lay_out_program(
    program: &Program,
    opts: LayoutOptions,
) -> Result<Vec<BufferLayout>, Diagnostic> {
    program
        .buffers
        .iter()
        .enumerate()
        .map(|(i, decl)| {
            layout_buffer(decl, opts).map_err(|e| {
                let span = program
                    .spans
                    .get(i)
                    .and_then(|s| s.members.get(e.member()).copied());
                let help = layout_error_help(&e);
                match span {
                    Some(span) => Diagnostic::error(span, e.to_string()).with_help(help),
                    None => {
                        Diagnostic::error_without_span(format!("in buffer '{}': {e}", decl.name))
                            .with_help(help)
                    }
                }
            })
        })
        .collect()
}

fn layout_error_help(e: &cblower_layout::LayoutError) -> String {
    use cblower_layout::LayoutError::*;
    match e {
        PackOffsetOverlap { .. } => {
            "move one of the members to a packoffset past the other's end".into()
        }
        PackOffsetCrossesRow { .. } => {
            "use a component that leaves room in the row, or start the member at .x".into()
        }
        PackOffsetMisaligned { align, .. } => {
            format!("use a packoffset that is a multiple of {align} bytes")
        }
        PackOffsetAggregateNotRowStart { .. } => "place arrays and structs at component .x".into(),
        ExplicitOffsetBackwards { .. } => {
            "explicit offsets must increase with the member order".into()
        }
        SizeOverflow { .. } => "reduce the array dimensions".into(),
        UnsupportedByClang22 { .. } => {
            "use the default rules (--rules cbuffer), which follow DXC".into()
        }
        Requires16BitTypes { .. } => "pass --enable-16bit-types".into(),
        BadVectorLength { .. } => {
            "vectors and matrices have 1 to 4 components per dimension".into()
        }
        NestingTooDeep { .. } => {
            "flatten the nested structs (or arrays of arrays) by a few levels".into()
        }
        TypeTooLarge { .. } => {
            "declare repeated parts as arrays (an array is laid out once per element type)".into()
        }
        Wgsl { .. } => {
            "add @align/@size/@stride attributes so the type meets the uniform buffer rules".into()
        }
    }
}

/// Parses `file`, printing its warnings, or its errors and the exit code.
///
/// The program is never dropped: the process ends after the command, and a
/// type nested a hundred thousand levels deep (which the layout rejects)
/// would be dropped recursively, overflowing the stack after the error was
/// shown.
pub fn read_program(
    file: &std::path::Path,
    frontend: &FrontendArgs,
    err_color: bool,
) -> Result<std::mem::ManuallyDrop<Program>, i32> {
    let program = match parse_file(file, &frontend.options()) {
        Ok(p) => std::mem::ManuallyDrop::new(p),
        Err(err) => {
            eprint!("{}", err.render(err_color));
            return Err(INPUT_ERROR);
        }
    };
    if !program.warnings.is_empty() {
        eprint!("{}", program.warnings.render(&program.sources, err_color));
    }
    Ok(program)
}

/// Runs the command; returns the exit code.
pub fn run(args: &LayoutArgs) -> i32 {
    let err_color = use_color(args.color, std::io::stderr().is_terminal());
    let program = match read_program(&args.file, &args.frontend, err_color) {
        Ok(p) => p,
        Err(code) => return code,
    };
    let opts = LayoutOptions::new(args.rule_set()).native_16bit(args.frontend.enable_16bit_types);
    let layouts = match lay_out_program(&program, opts) {
        Ok(l) => l,
        Err(d) => {
            eprint!("{}", d.render(&program.sources, err_color));
            return INPUT_ERROR;
        }
    };
    match args.format {
        FormatArg::Json => {
            let array_lens: Vec<Option<u64>> =
                program.buffers.iter().map(|b| b.array_len).collect();
            let doc = json_report(&layouts, &array_lens);
            println!("{}", serde_json::to_string_pretty(&doc).unwrap_or_default());
        }
        FormatArg::Text => {
            let colors = if use_color(args.color, std::io::stdout().is_terminal()) {
                Colors::On
            } else {
                Colors::Off
            };
            let texts: Vec<String> = layouts
                .iter()
                .zip(&program.buffers)
                .map(|(l, decl)| text_report(l, decl.array_len, colors))
                .collect();
            print!("{}", texts.join("\n"));
        }
    }
    SUCCESS
}
