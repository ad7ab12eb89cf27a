//! `cblower mirror`: parse an HLSL file, lay out its buffers under the
//! chosen rule set, and write C, C++ or Rust structs that match them byte
//! for byte (`cblower-mirror`).

use std::io::IsTerminal;
use std::path::PathBuf;

use cblower_layout::LayoutOptions;
use cblower_mirror::{mirror, Lang, MathTypes, MirrorOptions};
use clap::{Args, ValueEnum};

use crate::exit::{INPUT_ERROR, SUCCESS, USAGE_ERROR};
use crate::frontend_args::{
    existing_buffers, read_and_lay_out, refuse_wgsl, use_color, ColorArg, FrontendArgs, RulesArg,
    TargetArg,
};
use crate::output::write_output;

/// `--lang` of `cblower mirror`: the language of the generated structs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum LangArg {
    /// C11 structs with `_Static_assert`ed offsets.
    C,
    /// C++ structs with `static_assert`ed offsets.
    Cpp,
    /// Rust `#[repr(C)]` structs with compile-time offset checks.
    Rust,
}

/// `--types` of `cblower mirror`: what HLSL vectors and matrices become in
/// Rust.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum TypesArg {
    /// Arrays of scalars.
    Plain,
    /// glam vectors and matrices where they fit.
    Glam,
    /// mint vectors and matrices where they fit.
    Mint,
}

/// The arguments of `cblower mirror`.
#[derive(Args, Debug)]
pub struct MirrorArgs {
    /// The HLSL file to read.
    #[arg(value_name = "FILE.hlsl")]
    pub file: PathBuf,
    /// The language to write.
    #[arg(long, value_enum)]
    pub lang: LangArg,
    /// Packing rules.
    #[arg(long, value_enum, default_value = "cbuffer")]
    pub rules: RulesArg,
    /// Target API: decides what each buffer holds under every rule set (on
    /// SPIR-V push and specialisation constants are not in `$Globals`); with
    /// --rules clang-22 also the data layout clang-22 used.
    #[arg(long, value_enum, default_value = "dxil")]
    pub target: TargetArg,
    /// Mirror only this buffer (and the structs it uses).
    #[arg(long, value_name = "NAME")]
    pub buffer: Option<String>,
    /// Rust only: what vectors and matrices become.
    #[arg(long, value_enum, default_value = "plain")]
    pub types: TypesArg,
    /// Rust only: derive bytemuck::Pod and bytemuck::Zeroable.
    #[arg(long)]
    pub bytemuck: bool,
    /// Prepended to every generated type name.
    #[arg(long, default_value = "")]
    pub prefix: String,
    /// Output file (`-` for stdout).
    #[arg(short = 'o', value_name = "OUT", default_value = "-")]
    pub output: PathBuf,
    /// When to colour diagnostics on standard error.
    #[arg(long, value_enum, default_value = "auto")]
    pub color: ColorArg,
    /// How to read the HLSL file (include paths, defines, 16-bit types,
    /// matrix order).
    #[command(flatten)]
    pub frontend: FrontendArgs,
}

/// Runs the command; returns the exit code.
pub fn run(args: &MirrorArgs) -> i32 {
    let err_color = use_color(args.color, std::io::stderr().is_terminal());
    if let Err(code) = refuse_wgsl(&args.file, "mirror") {
        return code;
    }
    let lang = match args.lang {
        LangArg::C => Lang::C,
        LangArg::Cpp => Lang::Cpp,
        LangArg::Rust => Lang::Rust,
    };
    let types = match args.types {
        TypesArg::Plain => MathTypes::Plain,
        TypesArg::Glam => MathTypes::Glam,
        TypesArg::Mint => MathTypes::Mint,
    };
    if lang != Lang::Rust && (types != MathTypes::Plain || args.bytemuck) {
        eprintln!("error: --types and --bytemuck apply to --lang rust only");
        return USAGE_ERROR;
    }
    let laid_out = read_and_lay_out(
        &args.file,
        &args.frontend,
        args.rules,
        args.target,
        err_color,
    );
    let (program, mut layouts) = match laid_out {
        Ok(p) => p,
        Err(code) => return code,
    };
    // As in `layout`: no struct, nor a "stores nothing" note, for a SPIR-V
    // `$Globals` that does not exist.
    let opts = LayoutOptions::new(args.rules.rule_set(args.target))
        .native_16bit(args.frontend.enable_16bit_types);
    let exists = existing_buffers(&program, opts, args.target.target());
    let mut i = 0;
    layouts.retain(|_| {
        i += 1;
        exists.get(i - 1).copied().unwrap_or(true)
    });
    let options = MirrorOptions {
        buffer: args.buffer.clone(),
        types,
        bytemuck: args.bytemuck,
        prefix: args.prefix.clone(),
        source: args
            .file
            .file_name()
            .map(|n| n.to_string_lossy().into_owned()),
    };
    let text = match mirror(&layouts, lang, &options) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("{}: error: {e}", args.file.display());
            eprintln!("help: {}", e.help());
            return INPUT_ERROR;
        }
    };
    if let Err(e) = write_output(&args.output, text.as_bytes()) {
        eprintln!("error: cannot write {}: {e}", args.output.display());
        return INPUT_ERROR;
    }
    SUCCESS
}
