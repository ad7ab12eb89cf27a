//! `cblower check`: implicit-padding warnings with fix-its for HLSL files,
//! or (`--cpp`) the C++ compiler's layout of a shared header compared with
//! the HLSL one. Arguments in, `cblower-check` calls, exit code out.

use std::io::IsTerminal;
use std::path::PathBuf;

use cblower_check::cpp::{check_cpp, render_cpp_text, CppOptions, Prelude};
use cblower_check::{check_padding, render_json, render_text, CheckOptions, WarningKind};
use cblower_layout::LayoutOptions;
use clap::{Args, ValueEnum};

use crate::exit::{INPUT_ERROR, SUCCESS, USAGE_ERROR};
use crate::frontend_args::{read_program, use_color, ColorArg, FrontendArgs, RulesArg, TargetArg};

/// `--format`: how the warnings are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum CheckFormat {
    /// Clang-style diagnostics with fix-its, on standard error.
    Text,
    /// One JSON document on standard output (the shape is in docs/check.md).
    Json,
}

/// `--cpp-types`: which built-in prelude maps `float3` and friends to C++.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum CppTypesArg {
    /// `float3` is `float[3]`, matrices are arrays of rows.
    Plain,
    /// DirectXMath-like structs (`XMFLOAT3`, `XMFLOAT4X4`).
    Dxmath,
    /// glm-like structs (`vec3`, `mat4`).
    Glm,
    /// No prelude: the header maps the types itself.
    None,
}

/// The arguments of `cblower check`.
#[derive(Args, Debug)]
pub struct CheckArgs {
    /// The HLSL files to check (with --cpp: the one shared header).
    #[arg(value_name = "FILE", required_unless_present = "cpp")]
    pub files: Vec<PathBuf>,
    /// Packing rules.
    #[arg(long, value_enum, default_value = "cbuffer")]
    pub rules: RulesArg,
    /// The target: whose policy decides what a buffer holds (on SPIR-V
    /// `[[vk::offset]]` applies), and whose data layout clang-22 used.
    #[arg(long, value_enum, default_value = "dxil")]
    pub target: TargetArg,
    /// Warning groups: implicit-padding, padding-at-end, row-straddle, their
    /// no- forms, or error (-Werror).
    #[arg(short = 'W', value_name = "GROUP")]
    pub warnings: Vec<String>,
    /// Output format.
    #[arg(long, value_enum, default_value = "text")]
    pub format: CheckFormat,
    /// Compare the C++ compiler's layout of this shared header with ours.
    #[arg(long, value_name = "HEADER")]
    pub cpp: Option<PathBuf>,
    /// A C++ file included before the header instead of the built-in prelude.
    #[arg(long = "cpp-prelude", value_name = "FILE")]
    pub cpp_prelude: Option<PathBuf>,
    /// The built-in prelude's vector and matrix types.
    #[arg(long = "cpp-types", value_enum, default_value = "plain")]
    pub cpp_types: CppTypesArg,
    /// The C++ compiler (default: c++, g++ or clang++ on PATH).
    #[arg(long, value_name = "COMPILER")]
    pub cxx: Option<String>,
    /// Flags for the C++ compiler.
    #[arg(last = true, value_name = "CXXFLAGS")]
    pub cxx_flags: Vec<String>,
    /// Colours in the diagnostics.
    #[arg(long, value_enum, default_value = "auto")]
    pub color: ColorArg,
    /// Preprocessor and type options shared with `layout`.
    #[command(flatten)]
    pub frontend: FrontendArgs,
}

/// Runs the command; returns the exit code.
pub fn run(args: &CheckArgs) -> i32 {
    let err_color = use_color(args.color, std::io::stderr().is_terminal());
    let layout = LayoutOptions::new(args.rules.rule_set(args.target))
        .native_16bit(args.frontend.enable_16bit_types);
    let mut opts = CheckOptions::new(layout);
    opts.target = args.target.target();
    let mut werror = false;
    for w in &args.warnings {
        if w == "error" {
            werror = true;
            continue;
        }
        let (name, on) = match w.strip_prefix("no-") {
            Some(n) => (n, false),
            None => (w.as_str(), true),
        };
        match WarningKind::from_flag(name) {
            Some(k) => opts.set(k, on),
            None => {
                eprintln!(
                    "error: unknown warning group '-W{w}'; the groups are implicit-padding, padding-at-end and row-straddle (or -Werror)"
                );
                return USAGE_ERROR;
            }
        }
    }
    if let Some(header) = &args.cpp {
        if !args.files.is_empty() {
            eprintln!("error: --cpp takes the header as its value; leave out the other files");
            return USAGE_ERROR;
        }
        let prelude = match (&args.cpp_prelude, args.cpp_types) {
            (Some(p), _) => Prelude::File(p.clone()),
            (None, CppTypesArg::Plain) => Prelude::Plain,
            (None, CppTypesArg::Dxmath) => Prelude::DirectXMath,
            (None, CppTypesArg::Glm) => Prelude::Glm,
            (None, CppTypesArg::None) => Prelude::None,
        };
        let program = match read_program(header, &args.frontend, err_color) {
            Ok(p) => p,
            Err(code) => return code,
        };
        let cpp = CppOptions {
            layout,
            prelude,
            compiler: args.cxx.clone(),
            flags: args.cxx_flags.clone(),
            header: header.clone(),
        };
        return match check_cpp(&program, &cpp) {
            Ok(report) => {
                match args.format {
                    CheckFormat::Text => eprint!("{}", render_cpp_text(&report)),
                    CheckFormat::Json => println!(
                        "{}",
                        serde_json::to_string_pretty(&report).unwrap_or_default()
                    ),
                }
                if report.mismatches.is_empty() {
                    SUCCESS
                } else {
                    INPUT_ERROR
                }
            }
            Err(e) => {
                eprintln!("{}: error: {e}", header.display());
                eprintln!("help: {}", e.help());
                INPUT_ERROR
            }
        };
    }
    let mut all = Vec::new();
    for file in &args.files {
        let program = match read_program(file, &args.frontend, err_color) {
            Ok(p) => p,
            Err(code) => return code,
        };
        match check_padding(&program, &opts) {
            Ok(w) => all.extend(w),
            Err(e) => {
                eprintln!("{}: error: {e}", file.display());
                return INPUT_ERROR;
            }
        }
    }
    match args.format {
        CheckFormat::Text => eprint!("{}", render_text(&all, werror)),
        CheckFormat::Json => println!(
            "{}",
            serde_json::to_string_pretty(&render_json(&all, werror)).unwrap_or_default()
        ),
    }
    if werror && !all.is_empty() {
        INPUT_ERROR
    } else {
        SUCCESS
    }
}
