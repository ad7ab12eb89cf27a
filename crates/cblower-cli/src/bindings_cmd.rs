//! `cblower bindings`: every resource and buffer of an HLSL file with its
//! registers and how it got them; overlapping explicit registers are errors
//! (reported on stderr with both declarations, exit code 1).

use std::io::IsTerminal;
use std::path::PathBuf;

use clap::{Args, ValueEnum};

use crate::exit::{INPUT_ERROR, SUCCESS};
use crate::frontend_args::{read_program_except, use_color, ColorArg, FrontendArgs};
use crate::output::write_output;
use cblower_report::{bindings_html, bindings_json, bindings_text, BindingRow};

/// `--format` of `cblower bindings`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum BindingsFormat {
    /// One line per binding, then any overlaps.
    Text,
    /// A JSON document with the bindings and overlaps, for tools.
    Json,
    /// One self-contained HTML page with a table of the registers.
    Html,
}

/// The arguments of `cblower bindings`.
#[derive(Args, Debug)]
pub struct BindingsArgs {
    /// The HLSL file to read.
    #[arg(value_name = "FILE.hlsl")]
    pub file: PathBuf,
    /// How to print the bindings.
    #[arg(long, value_enum, default_value = "text")]
    pub format: BindingsFormat,
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
pub fn run(args: &BindingsArgs) -> i32 {
    let err_color = use_color(args.color, std::io::stderr().is_terminal());
    // The front end warns about each overlap (other commands go on); here
    // an overlap is the command's error, printed once below with both
    // declarations, so its warning is not printed as well.
    let is_overlap_warning = |program: &cblower_hlsl::Program, d: &cblower_hlsl::Diagnostic| {
        program.binding_overlaps().iter().any(|o| {
            let register = program.binding_spans.get(o.second).and_then(|s| s.1);
            register.is_some() && d.span == register
        })
    };
    let program =
        match read_program_except(&args.file, &args.frontend, err_color, is_overlap_warning) {
            Ok(p) => p,
            Err(code) => return code,
        };
    let locations: Vec<String> = (0..program.bindings.len())
        .map(|i| {
            program
                .binding_location(i)
                .map(|l| format!("{}:{}:{}", l.file, l.line, l.column))
                .unwrap_or_default()
        })
        .collect();
    let rows: Vec<BindingRow<'_>> = program
        .bindings
        .iter()
        .zip(&locations)
        .map(|(binding, location)| BindingRow { binding, location })
        .collect();
    let overlaps = program.binding_overlaps();
    let text = match args.format {
        BindingsFormat::Text => bindings_text(&rows, &overlaps),
        BindingsFormat::Json => format!(
            "{}\n",
            serde_json::to_string_pretty(&bindings_json(&rows, &overlaps)).unwrap_or_default()
        ),
        BindingsFormat::Html => {
            let title = args
                .file
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            bindings_html(&title, &rows, &overlaps)
        }
    };
    if let Err(e) = write_output(&args.output, text.as_bytes()) {
        eprintln!("error: cannot write {}: {e}", args.output.display());
        return INPUT_ERROR;
    }
    if overlaps.is_empty() {
        return SUCCESS;
    }
    for o in &overlaps {
        eprintln!("{}", cblower_report::bindings::overlap_message(&rows, *o));
    }
    eprintln!(
        "help: move one of them to free registers or another space; an unbounded array `[]` \
         takes every register from its first to the end of its space"
    );
    INPUT_ERROR
}
