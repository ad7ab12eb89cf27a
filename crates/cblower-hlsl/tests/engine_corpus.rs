//! Issue #16's corpus: files written to imitate real engine shaders
//! (`tests/engine/`), each mixing buffers with the constructs the front end
//! must get past (unbounded resource arrays, constants from expressions,
//! out-of-line definitions, templates, bitfields, DXR, nested buffers, mesh
//! and work-graph attributes, `[[vk::...]]`, pragmas, `#line`, include
//! order) and whole function bodies.
//!
//! Every file must parse with no warning and no error. Each buffer's layout
//! under DXC's cbuffer rules is compared with the file's golden
//! (`NAME.golden`, regenerate with `CBLOWER_BLESS=1` and review the diff),
//! and the `// BY HAND:` lines of every file, worked out from the rules in
//! docs/layout-rules.md without running the tool, are checked on their own.

use std::path::{Path, PathBuf};

use cblower_hlsl::{parse_file, FrontendOptions, Program};
use cblower_layout::{layout_buffer, BufferLayout, LayoutOptions, RuleSet};

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/engine")
}

fn options() -> FrontendOptions {
    FrontendOptions {
        // Searched in this order for `<...>` (and after the file's own
        // directory for `"..."`).
        include_dirs: vec![dir().join("include/a"), dir().join("include/b")],
        ..FrontendOptions::default()
    }
}

fn files() -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir())
        .expect("tests/engine exists")
        .map(|e| e.expect("readable entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "hlsl"))
        .collect();
    v.sort();
    v
}

fn parse(path: &Path) -> Program {
    match parse_file(path, &options()) {
        Ok(p) => {
            assert!(
                p.warnings.is_empty(),
                "{} gave warnings:\n{}",
                path.display(),
                p.warnings.render(&p.sources, false)
            );
            p
        }
        Err(e) => panic!("{} failed:\n{}", path.display(), e.render(false)),
    }
}

fn layouts(p: &Program) -> Vec<BufferLayout> {
    p.buffers
        .iter()
        .map(|b| {
            layout_buffer(b, LayoutOptions::new(RuleSet::CBuffer))
                .unwrap_or_else(|e| panic!("buffer {}: {e}", b.name))
        })
        .collect()
}

/// One line per buffer and one per top-level member.
fn render(p: &Program, layouts: &[BufferLayout]) -> String {
    let mut out = String::new();
    for (b, l) in p.buffers.iter().zip(layouts) {
        let binding = match b.binding {
            Some(bd) => format!(
                " register {} space {}",
                bd.register.map_or("-".to_string(), |r| r.to_string()),
                bd.space
            ),
            None => String::new(),
        };
        let array = match b.array_len {
            Some(cblower_hlsl::UNBOUNDED_RESOURCE_ARRAY) => " [unbounded]".to_string(),
            Some(n) => format!(" [{n}]"),
            None => String::new(),
        };
        out.push_str(&format!(
            "{:?} {}{array}{binding} size {}\n",
            b.kind,
            b.name,
            l.size().get()
        ));
        for m in l.members() {
            out.push_str(&format!(
                "  {:>5} {:>5}  {} {}\n",
                m.offset().get(),
                m.size().get(),
                m.ty(),
                m.name()
            ));
        }
    }
    out
}

/// `// BY HAND: Buf.member offset, Buf.member offset`.
fn by_hand(text: &str) -> Vec<(String, String, u64)> {
    let mut out = Vec::new();
    for line in text.lines() {
        let Some(rest) = line.trim().strip_prefix("// BY HAND:") else {
            continue;
        };
        for item in rest.split(',') {
            let mut parts = item.split_whitespace();
            let (Some(path), Some(offset), None) = (parts.next(), parts.next(), parts.next())
            else {
                panic!("malformed BY HAND entry `{item}`");
            };
            let (buffer, member) = path.rsplit_once('.').expect("Buffer.member");
            let offset = offset.parse().expect("an offset");
            out.push((buffer.to_string(), member.to_string(), offset));
        }
    }
    out
}

#[test]
fn corpus_has_at_least_thirty_files() {
    assert!(files().len() >= 30, "only {} files", files().len());
}

#[test]
fn every_file_parses_cleanly_and_matches_its_golden() {
    let bless = std::env::var_os("CBLOWER_BLESS").is_some();
    let mut failures = Vec::new();
    for path in files() {
        let p = parse(&path);
        assert!(!p.buffers.is_empty(), "{}: no buffers", path.display());
        let got = render(&p, &layouts(&p));
        let golden = path.with_extension("golden");
        if bless {
            std::fs::write(&golden, &got).expect("write golden");
            continue;
        }
        let want = std::fs::read_to_string(&golden)
            .unwrap_or_else(|e| panic!("{}: {e} (run with CBLOWER_BLESS=1)", golden.display()));
        if got != want {
            failures.push(format!(
                "{} (left: golden, right: now):\n{}",
                path.display(),
                pretty_assertions::StrComparison::new(&want, &got)
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn hand_worked_offsets_hold() {
    let mut checked = 0;
    for path in files() {
        let text = std::fs::read_to_string(&path).expect("readable");
        let expected = by_hand(&text);
        assert!(
            !expected.is_empty(),
            "{}: no `// BY HAND:` offsets",
            path.display()
        );
        let p = parse(&path);
        let layouts = layouts(&p);
        for (buffer, member, offset) in expected {
            let i = p
                .buffers
                .iter()
                .position(|b| *b.name == *buffer)
                .unwrap_or_else(|| panic!("{}: no buffer `{buffer}`", path.display()));
            let m = layouts[i]
                .members()
                .find(|m| **m.name() == *member)
                .unwrap_or_else(|| panic!("{}: no member `{buffer}.{member}`", path.display()));
            assert_eq!(
                m.offset().get(),
                offset,
                "{}: {buffer}.{member}",
                path.display()
            );
            checked += 1;
        }
    }
    assert!(checked >= 100, "only {checked} hand-worked offsets");
}
