//! `opt`-style argument spelling for `cblower-opt`.
//!
//! LLVM tools accept long options with one dash (`-passes=a,b`, `-mtriple=x`,
//! `-S`, `-o out`). clap only knows `--long`, so argv is normalised first: a
//! single-dash argument whose name is longer than one letter gets a second dash.
//! `-` alone (stdin) and single-letter flags (`-S`, `-o`) are left alone.

/// Rewrites `-passes=x` to `--passes=x` and so on; see the module docs.
pub fn normalize_llvm_style_args<I: IntoIterator<Item = String>>(args: I) -> Vec<String> {
    let mut out = Vec::new();
    let mut after_double_dash = false;
    for (i, arg) in args.into_iter().enumerate() {
        if i == 0 || after_double_dash {
            out.push(arg);
            continue;
        }
        if arg == "--" {
            after_double_dash = true;
            out.push(arg);
            continue;
        }
        let is_single_dash_long = arg.starts_with('-')
            && !arg.starts_with("--")
            && arg
                .trim_start_matches('-')
                .split('=')
                .next()
                .is_some_and(|name| name.chars().count() > 1);
        if is_single_dash_long {
            out.push(format!("-{arg}"));
        } else {
            out.push(arg);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn norm(args: &[&str]) -> Vec<String> {
        normalize_llvm_style_args(args.iter().map(|s| s.to_string()))
    }

    #[test]
    fn single_dash_long_options_get_a_second_dash() {
        assert_eq!(
            norm(&[
                "cblower-opt",
                "-S",
                "-passes=verify",
                "-mtriple=dxil",
                "-o",
                "x.ll",
                "-"
            ]),
            [
                "cblower-opt",
                "-S",
                "--passes=verify",
                "--mtriple=dxil",
                "-o",
                "x.ll",
                "-"
            ]
        );
    }

    #[test]
    fn double_dash_and_positional_are_untouched() {
        assert_eq!(
            norm(&["t", "--passes=a", "in.ll", "--", "-weird.ll"]),
            ["t", "--passes=a", "in.ll", "--", "-weird.ll"]
        );
    }
}
