//! `cblower layout`: parse an HLSL (or WGSL) file, lay out every buffer under
//! the chosen rule set, and print the text report or the JSON document.

use std::io::IsTerminal;
use std::path::PathBuf;

use clap::{Args, ValueEnum};

use crate::exit::SUCCESS;
use crate::frontend_args::{
    read_and_lay_out, use_color, ColorArg, FrontendArgs, RulesArg, TargetArg,
};
use cblower_report::{json_report, text_report, Colors};

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum FormatArg {
    Text,
    Json,
}

/// `--lang`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum LangArg {
    Hlsl,
    Wgsl,
}

impl LangArg {
    /// `--lang` if given, else WGSL for a `.wgsl` file and HLSL otherwise
    /// (standard input included).
    pub fn of(lang: Option<LangArg>, file: &std::path::Path) -> LangArg {
        lang.unwrap_or(if crate::frontend_args::is_wgsl_path(file) {
            LangArg::Wgsl
        } else {
            LangArg::Hlsl
        })
    }
}

#[derive(Args, Debug)]
pub struct LayoutArgs {
    /// The shader file to read; `-` reads standard input.
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    /// Input language [default: wgsl for a .wgsl file, else hlsl].
    #[arg(long, value_enum)]
    pub lang: Option<LangArg>,
    /// Packing rules [default: cbuffer for HLSL; for WGSL each variable's
    /// address space: wgsl-uniform or wgsl (storage)].
    #[arg(long, value_enum)]
    pub rules: Option<RulesArg>,
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

/// Runs the command; returns the exit code.
pub fn run(args: &LayoutArgs) -> i32 {
    let err_color = use_color(args.color, std::io::stderr().is_terminal());
    if LangArg::of(args.lang, &args.file) == LangArg::Wgsl {
        return crate::wgsl_layout::run(args, err_color);
    }
    let laid_out = read_and_lay_out(
        &args.file,
        &args.frontend,
        args.rules.unwrap_or(RulesArg::Cbuffer),
        args.target,
        err_color,
    );
    let (program, layouts) = match laid_out {
        Ok(p) => p,
        Err(code) => return code,
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
