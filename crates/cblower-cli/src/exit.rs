//! Exit codes shared by both tools, matching the LLVM tools' conventions.

/// Everything worked.
pub const SUCCESS: i32 = 0;
/// The input was wrong (unreadable file, invalid IR or HLSL, a layout error).
pub const INPUT_ERROR: i32 = 1;
/// The command line was wrong (unknown flag or pass name).
pub const USAGE_ERROR: i32 = 2;

/// Parses `cblower`'s command line into `T` (a clap parser whose first
/// argument is the subcommand), taking clang's one-dash `-triple` and
/// `-fspv-target-env=` after `emit-llvm` as clang does. On a usage error,
/// or `--help`/`--version`, clap's text is printed and the exit code to
/// return is the error ([`USAGE_ERROR`], or [`SUCCESS`] for help).
pub fn parse_cblower_args<T: clap::Parser>() -> Result<T, u8> {
    let mut argv: Vec<std::ffi::OsString> = std::env::args_os().collect();
    // Only the subcommand's own arguments are rewritten: `cblower` has no
    // options of its own before the subcommand (only `--help`/`--version`),
    // so the subcommand is the first argument.
    if argv.get(1).is_some_and(|a| a == "emit-llvm") {
        let tail = argv.split_off(2);
        argv.extend(crate::emit_cmd::double_dash_clang_flags(tail));
    }
    T::try_parse_from(argv).map_err(|e| {
        let code = if e.use_stderr() { USAGE_ERROR } else { SUCCESS };
        let _ = e.print();
        code as u8
    })
}
