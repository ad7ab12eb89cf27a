//! `docs/cli.md` lists every flag of every `cblower` command and of
//! `cblower-opt` (issue #17): this test reads each command's `--help`, takes
//! every option it prints, and fails when the command's section of
//! `docs/cli.md` (or the page's introduction, for what all commands share)
//! does not mention it, so the page cannot drift from the binaries.

use std::process::Command;

const COMMANDS: [&str; 5] = ["layout", "emit-llvm", "mirror", "bindings", "check"];

fn docs() -> String {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/cli.md");
    std::fs::read_to_string(path).expect("read docs/cli.md")
}

/// The text of `## <title>` up to the next `## ` heading.
fn section<'a>(docs: &'a str, title: &str) -> &'a str {
    let heading = format!("\n## {title}\n");
    let start = docs
        .find(&heading)
        .unwrap_or_else(|| panic!("docs/cli.md has no `## {title}` section"))
        + 1;
    let end = docs[start + heading.len() - 1..]
        .find("\n## ")
        .map_or(docs.len(), |e| start + heading.len() - 1 + e);
    &docs[start..end]
}

/// The page before its first `## ` heading.
fn introduction(docs: &str) -> &str {
    &docs[..docs.find("\n## ").unwrap_or(docs.len())]
}

/// Whether `text` mentions `flag` as a whole word (`-o` is not found in
/// `--output`, `--rules` not in `--rules-x`).
fn mentions(text: &str, flag: &str) -> bool {
    let word = |c: char| c.is_ascii_alphanumeric() || c == '-' || c == '_';
    text.match_indices(flag).any(|(at, _)| {
        let before = text[..at].chars().next_back();
        let after = text[at + flag.len()..].chars().next();
        !before.is_some_and(word) && !after.is_some_and(word)
    })
}

/// The options a help text lists: every line indented at most six spaces
/// that starts with `-`, split at `, ` and cut before a value (`-o <OUT>`,
/// `-passes=<pipeline>`).
fn help_flags(help: &str) -> Vec<String> {
    let mut flags = Vec::new();
    for line in help.lines() {
        let trimmed = line.trim_start();
        if line.len() - trimmed.len() > 6 || !trimmed.starts_with('-') {
            continue;
        }
        let spec = trimmed.split("  ").next().unwrap_or(trimmed);
        for part in spec.split(", ") {
            let cut = if part.starts_with("-<") {
                part.find('>').map_or(part.len(), |e| e + 1)
            } else {
                part.find([' ', '=', '<']).unwrap_or(part.len())
            };
            flags.push(part[..cut].to_owned());
        }
    }
    flags
}

fn output(program: &str, args: &[&str]) -> String {
    let out = Command::new(program)
        .args(args)
        .output()
        .expect("run the tool");
    assert!(out.status.success(), "{program} {args:?} failed");
    String::from_utf8(out.stdout).expect("UTF-8 help")
}

#[test]
fn help_flags_are_read_from_every_kind_of_line() {
    let help = "  -o <OUT>\n      --rules <RULES>\n          - cbuffer: not a flag\n  -T, --profile <PROFILE>\n  -passes=<pipeline>      Passes\n  -<pass>                 A pass\n  -O0, -O1                Levels\n";
    assert_eq!(
        help_flags(help),
        [
            "-o",
            "--rules",
            "-T",
            "--profile",
            "-passes",
            "-<pass>",
            "-O0",
            "-O1"
        ]
    );
    assert!(mentions("`-o OUT`", "-o"));
    assert!(!mentions("`--output`", "-o"));
    assert!(!mentions("`--rules-x`", "--rules"));
}

#[test]
fn every_cblower_flag_is_in_docs_cli_md() {
    let docs = docs();
    let intro = introduction(&docs);
    let mut missing = Vec::new();
    let top = output(env!("CARGO_BIN_EXE_cblower"), &["--help"]);
    for flag in help_flags(&top) {
        if !mentions(intro, &flag) {
            missing.push(format!("cblower {flag} (introduction)"));
        }
    }
    for command in COMMANDS {
        let help = output(env!("CARGO_BIN_EXE_cblower"), &[command, "--help"]);
        let flags = help_flags(&help);
        assert!(flags.len() >= 4, "{command}: too few flags read: {flags:?}");
        let text = section(&docs, &format!("`cblower {command}`"));
        for flag in flags {
            if !mentions(text, &flag) && !mentions(intro, &flag) {
                missing.push(format!("cblower {command} {flag}"));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "docs/cli.md does not mention: {}",
        missing.join(", ")
    );
}

#[test]
fn every_cblower_opt_flag_is_in_docs_cli_md() {
    let docs = docs();
    let text = section(&docs, "`cblower-opt`");
    let help = output(env!("CARGO_BIN_EXE_cblower-opt"), &["-help"]);
    let flags = help_flags(&help);
    assert!(flags.len() >= 15, "too few flags read: {flags:?}");
    let missing: Vec<String> = flags.into_iter().filter(|f| !mentions(text, f)).collect();
    assert!(
        missing.is_empty(),
        "docs/cli.md's cblower-opt section does not mention: {}",
        missing.join(", ")
    );
}
