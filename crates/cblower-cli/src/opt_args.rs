//! `cblower-opt`'s command line, parsed the way LLVM's option library parses
//! `opt`'s.
//!
//! Every option may be written with one dash or two (`-passes=x`,
//! `--passes=x`); an option taking a value takes it after `=` or as the next
//! argument (`-o out`, `-passes x`); a boolean flag also accepts `=true`,
//! `=false`, `=1`, `=0`. The legacy pass flags (`-dxil-cbuffer-access`, one
//! per cblower pass) and `-passes=`/`-p` may be mixed in any order; the passes
//! run in the order the flags appear. As in `opt`, only the last
//! `-passes`/`-p` counts (the earlier ones are dropped). Mistakes are reported with `opt`'s
//! wording and `opt`'s exit status, 1.

use cblower_llvm::passes::Pass;

/// Where a pass-naming flag put its passes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PipelinePart {
    /// `-passes=TEXT` or `-p TEXT`.
    Text(String),
    /// A legacy pass flag (`-dxil-op-lower`): the pass's pipeline name.
    Legacy(&'static str),
}

/// What the command line asks for.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OptArgs {
    /// Pipeline text and legacy pass flags, in command-line order.
    pub pipeline: Vec<PipelinePart>,
    /// `-O0` .. `-O3`.
    pub opt_level: Option<u8>,
    /// `-S`: textual IR instead of bitcode.
    pub text: bool,
    /// `-o FILE` (`-` is standard output, the default).
    pub output: Option<String>,
    /// `-mtriple=TRIPLE`.
    pub mtriple: Option<String>,
    /// `-disable-output`: run the passes but write nothing.
    pub disable_output: bool,
    /// `-verify-each`: run the verifier after every pass.
    pub verify_each: bool,
    /// `-print-after-all`: print the IR after every pass, to standard error.
    pub print_after_all: bool,
    /// `-print-before-all`: print the IR before every pass, to standard error.
    pub print_before_all: bool,
    /// `-print-passes`: list the pass names `-passes=` accepts, then stop.
    pub print_passes: bool,
    /// `-time-passes`: print how long each pass took, to standard error.
    pub time_passes: bool,
    /// `-debug-pass-manager`: log each pass as it runs, to standard error.
    pub debug_pass_manager: bool,
    /// `-help`/`--help`/`-h`.
    pub help: bool,
    /// `-version`/`--version`.
    pub version: bool,
    /// The input file; `-` (the default) is standard input.
    pub input: Option<String>,
}

/// A command-line mistake, worded as `opt` words it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ArgError {
    /// An argument that is no option `cblower-opt` knows (the argument as
    /// written).
    #[error("cblower-opt: Unknown command line argument '{0}'.  Try: 'cblower-opt --help'")]
    Unknown(String),
    /// An option that takes a value was the last argument (its name).
    #[error("cblower-opt: for the -{0} option: requires a value!")]
    MissingValue(&'static str),
    #[error(
        "cblower-opt: for the -{flag} option: '{value}' is invalid value for boolean argument! Try 0 or 1"
    )]
    /// A boolean flag given `=value` that is none of `true`, `false`, `1`,
    /// `0`.
    BadBool {
        /// The flag's name, without dashes.
        flag: &'static str,
        /// The text after `=`.
        value: String,
    },
    #[error(
        "cblower-opt: Too many positional arguments specified!\nCan specify at most 1 positional arguments: See: cblower-opt --help"
    )]
    /// More than one input file.
    TooManyPositional,
    /// `-O#` given more than once.
    #[error("Cannot specify multiple -O#")]
    MultipleOptLevels,
    /// `-O#` together with `-passes=` or a legacy pass flag.
    #[error("Cannot specify -O# and --passes=/--foo-pass, use -passes='default<O#>,other-pass'")]
    OptLevelWithPasses,
}

/// Boolean flags: name and the field they set.
const FLAGS: &[&str] = &[
    "S",
    "disable-output",
    "verify-each",
    "print-after-all",
    "print-before-all",
    "print-passes",
    "time-passes",
    "debug-pass-manager",
];

/// Options taking a value, as LLVM's option library spells them.
const VALUED: &[&str] = &["passes", "p", "o", "mtriple"];

/// The legacy flag name for each of cblower's passes (and pipelines of them).
fn legacy_pass(name: &str) -> Option<&'static str> {
    Pass::known_names()
        .into_iter()
        .find(|n| *n == name && *n != "instnamer")
}

fn parse_bool(flag: &'static str, value: Option<&str>) -> Result<bool, ArgError> {
    match value {
        None | Some("true") | Some("TRUE") | Some("True") | Some("1") => Ok(true),
        Some("false") | Some("FALSE") | Some("False") | Some("0") => Ok(false),
        Some(v) => Err(ArgError::BadBool {
            flag,
            value: v.to_owned(),
        }),
    }
}

/// Parses `opt`-style arguments (without the program name).
pub fn parse_opt_args<I: IntoIterator<Item = String>>(args: I) -> Result<OptArgs, ArgError> {
    let mut out = OptArgs::default();
    let mut args = args.into_iter();
    let mut positional_only = false;
    while let Some(arg) = args.next() {
        if positional_only || arg == "-" || !arg.starts_with('-') {
            if out.input.is_some() {
                return Err(ArgError::TooManyPositional);
            }
            out.input = Some(arg);
            continue;
        }
        if arg == "--" {
            positional_only = true;
            continue;
        }
        let body = arg.strip_prefix("--").unwrap_or(&arg[1..]);
        let (name, value) = match body.split_once('=') {
            Some((n, v)) => (n, Some(v)),
            None => (body, None),
        };
        if let Some(&flag) = VALUED.iter().find(|f| **f == name) {
            let value = match value {
                Some(v) => v.to_owned(),
                None => args.next().ok_or(ArgError::MissingValue(flag))?,
            };
            match flag {
                // As in opt, only the last `-passes`/`-p` counts; the
                // legacy pass flags stay where they are.
                "passes" | "p" => {
                    out.pipeline
                        .retain(|p| matches!(p, PipelinePart::Legacy(_)));
                    out.pipeline.push(PipelinePart::Text(value));
                }
                "o" => out.output = Some(value),
                _ => out.mtriple = Some(value),
            }
            continue;
        }
        if let Some(&flag) = FLAGS.iter().find(|f| **f == name) {
            let on = parse_bool(flag, value)?;
            let field = match flag {
                "S" => &mut out.text,
                "disable-output" => &mut out.disable_output,
                "verify-each" => &mut out.verify_each,
                "print-after-all" => &mut out.print_after_all,
                "print-before-all" => &mut out.print_before_all,
                "print-passes" => &mut out.print_passes,
                "time-passes" => &mut out.time_passes,
                _ => &mut out.debug_pass_manager,
            };
            *field = on;
            continue;
        }
        match (name, value) {
            ("help" | "h", None) => out.help = true,
            ("version", None) => out.version = true,
            ("O0" | "O1" | "O2" | "O3", None) => {
                if out.opt_level.is_some() {
                    return Err(ArgError::MultipleOptLevels);
                }
                out.opt_level = Some(name.as_bytes()[1] - b'0');
            }
            _ => match (legacy_pass(name), value) {
                (Some(pass), None) => out.pipeline.push(PipelinePart::Legacy(pass)),
                _ => return Err(ArgError::Unknown(arg.clone())),
            },
        }
    }
    if out.opt_level.is_some() && !out.pipeline.is_empty() {
        return Err(ArgError::OptLevelWithPasses);
    }
    Ok(out)
}

/// The pipeline text the command line asks for: the parts joined by commas in
/// order, or `default<ON>` for `-ON`; `None` when no pass was named.
pub fn pipeline_text(args: &OptArgs) -> Option<String> {
    if let Some(level) = args.opt_level {
        return Some(format!("default<O{level}>"));
    }
    // An empty `-passes=` names no pass, as for opt.
    let parts: Vec<&str> = args
        .pipeline
        .iter()
        .map(|p| match p {
            PipelinePart::Text(t) => t.as_str(),
            PipelinePart::Legacy(n) => n,
        })
        .filter(|t| !t.is_empty())
        .collect();
    (!parts.is_empty()).then(|| parts.join(","))
}

/// `-help`'s text.
pub const HELP: &str = "\
OVERVIEW: cblower-opt: LLVM's opt, with cblower's cbuffer passes

USAGE: cblower-opt [options] <input bitcode or IR file>

OPTIONS:
  -passes=<pipeline>      Passes to run, in opt's pipeline syntax; LLVM's passes
                          (instcombine, default<O1>, function(...)) and cblower's
                          may be mixed. Given several times, only the last
                          counts, as in opt.
  -p <pipeline>           Alias for -passes
  -<pass>                 A cblower pass by its pipeline name (legacy spelling,
                          e.g. -dxil-cbuffer-access), run where it appears
  -O0, -O1, -O2, -O3      Run LLVM's default<ON> pipeline (not with -passes)
  -S                      Write LLVM assembly instead of bitcode
  -o <filename>           Output file (default '-', standard output)
  -disable-output         Do not write the result
  -mtriple=<triple>       Override the module's target triple
  -verify-each            Verify the module after every pass
  -print-before-all       Print the IR before every pass (standard error)
  -print-after-all        Print the IR after every pass (standard error)
  -print-passes           List the pass names, cblower's then LLVM's, and exit
  -time-passes            Print each pass's own time (standard error)
  -debug-pass-manager     Log every pass run (standard error)
  -help                   Print this text
  -version                Print the version

Every option may be spelled with one or two dashes.
";

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(args: &[&str]) -> Result<OptArgs, ArgError> {
        parse_opt_args(args.iter().map(|s| s.to_string()))
    }

    #[test]
    fn llvm_spellings_of_values_and_flags() {
        let a = parse(&[
            "-S",
            "--passes=verify",
            "-mtriple",
            "dxil-pc-shadermodel6.6-compute",
            "-o=x.ll",
            "-disable-output=false",
            "-time-passes",
            "in.ll",
        ])
        .unwrap();
        assert!(a.text && a.time_passes && !a.disable_output);
        assert_eq!(a.pipeline, [PipelinePart::Text("verify".into())]);
        assert_eq!(a.mtriple.as_deref(), Some("dxil-pc-shadermodel6.6-compute"));
        assert_eq!(a.output.as_deref(), Some("x.ll"));
        assert_eq!(a.input.as_deref(), Some("in.ll"));
    }

    #[test]
    fn legacy_flags_mix_with_passes_in_order() {
        let a = parse(&[
            "-dxil-cbuffer-access",
            "-p",
            "instcombine",
            "--dxil-resource-access",
            "-passes=verify",
            "-",
        ])
        .unwrap();
        // `-p instcombine` is dropped: only the last -passes/-p counts.
        assert_eq!(
            pipeline_text(&a).as_deref(),
            Some("dxil-cbuffer-access,dxil-resource-access,verify")
        );
        assert_eq!(a.input.as_deref(), Some("-"));
    }

    #[test]
    fn only_the_last_passes_counts_as_in_opt() {
        let a = parse(&["-passes=instcombine", "-p", "verify", "x.ll"]).unwrap();
        assert_eq!(pipeline_text(&a).as_deref(), Some("verify"));
        let a = parse(&["-passes=verify", "-dxil-op-lower", "-passes=instnamer"]).unwrap();
        assert_eq!(
            pipeline_text(&a).as_deref(),
            Some("dxil-op-lower,instnamer")
        );
        // A last, empty -passes names no pass at all.
        let a = parse(&["-passes=instcombine", "-passes="]).unwrap();
        assert_eq!(pipeline_text(&a), None);
    }

    #[test]
    fn opt_level_alone_is_the_default_pipeline() {
        let a = parse(&["-O2", "x.ll"]).unwrap();
        assert_eq!(pipeline_text(&a).as_deref(), Some("default<O2>"));
        assert_eq!(pipeline_text(&parse(&["x.ll"]).unwrap()), None);
        assert_eq!(pipeline_text(&parse(&["-passes=", "x.ll"]).unwrap()), None);
    }

    #[test]
    fn mistakes_are_worded_as_opt_words_them() {
        assert_eq!(
            parse(&["-frob"]).unwrap_err().to_string(),
            "cblower-opt: Unknown command line argument '-frob'.  Try: 'cblower-opt --help'"
        );
        assert_eq!(
            parse(&["-instnamer"]),
            Err(ArgError::Unknown("-instnamer".into()))
        );
        assert_eq!(
            parse(&["-S", "-o"]).unwrap_err().to_string(),
            "cblower-opt: for the -o option: requires a value!"
        );
        assert_eq!(parse(&["a", "b"]), Err(ArgError::TooManyPositional));
        assert_eq!(parse(&["-O1", "-O3"]), Err(ArgError::MultipleOptLevels));
        assert_eq!(
            parse(&["-O1", "-dxil-op-lower"]),
            Err(ArgError::OptLevelWithPasses)
        );
        assert_eq!(parse(&["-O4"]), Err(ArgError::Unknown("-O4".into())));
        assert_eq!(
            parse(&["-S=maybe"]).unwrap_err().to_string(),
            "cblower-opt: for the -S option: 'maybe' is invalid value for boolean argument! Try 0 or 1"
        );
        // As in opt, a repeated -o is not an error: the last one counts.
        assert_eq!(
            parse(&["-o", "a", "-o", "b"]).unwrap().output.as_deref(),
            Some("b")
        );
    }

    #[test]
    fn double_dash_ends_options() {
        let a = parse(&["--", "-weird.ll"]).unwrap();
        assert_eq!(a.input.as_deref(), Some("-weird.ll"));
    }
}
