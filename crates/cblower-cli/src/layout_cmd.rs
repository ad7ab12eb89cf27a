//! `cblower layout`: parse an HLSL (or WGSL) file, lay out every buffer under
//! the chosen rule set (and, with `--compare`, under more rule sets), and print
//! the text report, the JSON document or the HTML page.

use std::io::IsTerminal;
use std::path::PathBuf;

use clap::{Args, ValueEnum};

use crate::exit::{INPUT_ERROR, SUCCESS, USAGE_ERROR};
use crate::frontend_args::{
    is_stdin, read_and_lay_out, read_program_except, use_color, ColorArg, FrontendArgs, RulesArg,
    TargetArg,
};
use crate::output::write_output;
use cblower_hlsl::Program;
use cblower_layout::{BufferLayout, LayoutOptions};
use cblower_report::{compare_text, html_report, json_report, text_report, Colors, HtmlBuffer};

/// `--format` of `cblower layout`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum FormatArg {
    /// Row diagrams and member tables for a terminal.
    Text,
    /// A JSON document of every buffer, member and padding range, for tools.
    Json,
    /// One self-contained page with the row diagrams as SVG.
    Html,
}

/// `--lang`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum LangArg {
    /// HLSL, read with `cblower-hlsl`.
    Hlsl,
    /// WGSL, read with naga.
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

/// The arguments of `cblower layout`.
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
    /// Also lay out under these rules and show what differs (repeatable;
    /// text and html formats).
    #[arg(long, value_enum, value_name = "RULES")]
    pub compare: Vec<RulesArg>,
    /// Target API: decides what each buffer holds under every rule set (on
    /// SPIR-V push and specialisation constants are not in `$Globals`); with
    /// --rules clang-22 also the data layout clang-22 used.
    #[arg(long, value_enum, default_value = "dxil")]
    pub target: TargetArg,
    /// How to print the layouts.
    #[arg(long, value_enum, default_value = "text")]
    pub format: FormatArg,
    /// Output file (`-` for stdout).
    #[arg(short = 'o', value_name = "OUT", default_value = "-")]
    pub output: PathBuf,
    /// When to colour the report and diagnostics.
    #[arg(long, value_enum, default_value = "auto")]
    pub color: ColorArg,
    /// How to read an HLSL file (include paths, defines, 16-bit types,
    /// matrix order).
    #[command(flatten)]
    pub frontend: FrontendArgs,
}

/// Runs the command; returns the exit code.
pub fn run(args: &LayoutArgs) -> i32 {
    if args.format == FormatArg::Json && !args.compare.is_empty() {
        eprintln!("error: --compare needs --format text or --format html");
        eprintln!("help: run `cblower layout --format json --rules RULES` once per rule set");
        return USAGE_ERROR;
    }
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
    // One column per rule set: the reference, then each --compare.
    let mut columns = vec![layouts];
    let reference_accept = args
        .rules
        .unwrap_or(RulesArg::Cbuffer)
        .accept_as(args.target);
    for rules in &args.compare {
        let opts = LayoutOptions::new(rules.rule_set(args.target))
            .native_16bit(args.frontend.enable_16bit_types);
        // A rule set whose compiler reads the declarations differently
        // (clang-22's: `: 0` members, 32-bit array lengths) lays out the
        // file as that compiler reads it; only its new warnings are shown.
        let accept = rules.accept_as(args.target);
        let reread = if accept != reference_accept && !is_stdin(&args.file) {
            let frontend = FrontendArgs {
                accept_as: accept,
                ..args.frontend.clone()
            };
            let read = read_program_except(&args.file, &frontend, err_color, |_, w| {
                program.warnings.iter().any(|seen| seen == w)
            });
            match read {
                Ok(p) => Some(p),
                Err(code) => {
                    eprintln!(
                        "note: while reading the file under --compare {}",
                        opts.rules.name()
                    );
                    return code;
                }
            }
        } else {
            None
        };
        let source: &Program = reread.as_deref().unwrap_or(&program);
        match cblower_program::lay_out_program(
            &source.buffers_for_lowering(),
            opts,
            args.target.target(),
        ) {
            Ok(l) => columns.push(l),
            Err(e) => {
                eprint!(
                    "{}",
                    source.diagnostic(&e).render(&source.sources, err_color)
                );
                eprintln!(
                    "note: while laying the file out under --compare {}",
                    opts.rules.name()
                );
                return INPUT_ERROR;
            }
        }
    }
    // On SPIR-V a `$Globals` of only push and specialisation constants does
    // not exist (neither DXC nor clang-22 makes one; `emit-llvm` writes
    // none): the report leaves it out too.
    let target = args.target.target();
    let reference = LayoutOptions::new(
        args.rules
            .unwrap_or(RulesArg::Cbuffer)
            .rule_set(args.target),
    )
    .native_16bit(args.frontend.enable_16bit_types);
    let exists = crate::frontend_args::existing_buffers(&program, reference, target);
    let existing = |i: usize| exists.get(i).copied().unwrap_or(true);
    for column in &mut columns {
        let mut i = 0;
        column.retain(|_| {
            i += 1;
            existing(i - 1)
        });
    }
    let array_lens: Vec<Option<u64>> = program
        .buffers
        .iter()
        .enumerate()
        .filter(|(i, _)| existing(*i))
        .map(|(_, b)| b.array_len)
        .collect();
    let layouts = &columns[0];
    let text = match args.format {
        FormatArg::Json => {
            let doc = json_report(layouts, &array_lens);
            format!(
                "{}\n",
                serde_json::to_string_pretty(&doc).unwrap_or_default()
            )
        }
        FormatArg::Text | FormatArg::Html => {
            render_columns(args, &columns, &array_lens, |i, l, colors| {
                text_report(l, array_lens.get(i).copied().flatten(), colors)
            })
        }
    };
    if let Err(e) = write_output(&args.output, text.as_bytes()) {
        eprintln!("error: cannot write {}: {e}", args.output.display());
        return INPUT_ERROR;
    }
    SUCCESS
}

/// The text or HTML report (`args.format`) over `columns`: the layouts
/// under the reference rule set, then under each `--compare`, one entry per
/// buffer in each. `buffer_text` writes one buffer's own text report; with
/// `--compare` the comparison table follows it. Both languages' `layout`
/// go through here, so the two stay one report.
pub(crate) fn render_columns(
    args: &LayoutArgs,
    columns: &[Vec<BufferLayout>],
    array_lens: &[Option<u64>],
    buffer_text: impl Fn(usize, &BufferLayout, Colors) -> String,
) -> String {
    let Some(layouts) = columns.first() else {
        return String::new();
    };
    if args.format == FormatArg::Html {
        // Per buffer, its layout under every rule set, side by side.
        let per_buffer: Vec<Vec<BufferLayout>> = (0..layouts.len())
            .map(|i| columns.iter().filter_map(|c| c.get(i).cloned()).collect())
            .collect();
        let buffers: Vec<HtmlBuffer<'_>> = per_buffer
            .iter()
            .enumerate()
            .map(|(i, l)| HtmlBuffer {
                layouts: l,
                array_len: array_lens.get(i).copied().flatten(),
            })
            .collect();
        let title = args
            .file
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_else(|| "<stdin>".to_owned());
        return html_report(&title, &buffers);
    }
    let to_terminal = args.output.as_os_str() == "-" && std::io::stdout().is_terminal();
    let colors = if use_color(args.color, to_terminal) {
        Colors::On
    } else {
        Colors::Off
    };
    let texts: Vec<String> = layouts
        .iter()
        .enumerate()
        .map(|(i, l)| {
            let mut t = buffer_text(i, l, colors);
            if columns.len() > 1 {
                let same: Vec<_> = columns.iter().filter_map(|c| c.get(i)).collect();
                t.push('\n');
                t.push_str(&compare_text(&same));
            }
            t
        })
        .collect();
    texts.join("\n")
}
