//! Printing warnings as clang does (with parseable fix-its), and as JSON.

use crate::PaddingWarning;

/// Clang's escaping of a fix-it's text: `\`, `"` and control characters.
fn escape(s: &str) -> String {
    let mut out = String::new();
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '"' => out.push_str("\\\""),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            c if c.is_control() => out.push_str(&format!("\\{:03o}", c as u32)),
            c => out.push(c),
        }
    }
    out
}

/// The blanks that line up with byte column `col` of `line` (tabs kept).
fn pad_to(line: &str, col: u32) -> String {
    line.bytes()
        .take(col.saturating_sub(1) as usize)
        .map(|b| if b == b'\t' { '\t' } else { ' ' })
        .collect()
}

/// The `fix-it:"file":{l:c-l:c}:"text"` line clang prints with
/// `-fdiagnostics-parseable-fixits`, after the diagnostic it belongs to.
fn parseable(fx: &crate::FixIt) -> String {
    format!(
        "fix-it:\"{}\":{{{}:{}-{}:{}}}:\"{}\"\n",
        escape(&fx.start.file),
        fx.start.at.line,
        fx.start.at.col,
        fx.end.at.line,
        fx.end.at.col,
        escape(&fx.text)
    )
}

/// The warnings as clang prints them with `-fdiagnostics-parseable-fixits`:
/// `file:line:col: warning: ... [-Wgroup]`, the source line, a caret, the
/// inserted text under it, a `fix-it:` line and notes; `as_errors` prints
/// them as `-Werror` does. Ends with clang's count line.
pub fn render_text(warnings: &[PaddingWarning], as_errors: bool) -> String {
    let mut out = String::new();
    let (severity, group) = if as_errors {
        ("error", "-Werror,-W")
    } else {
        ("warning", "-W")
    };
    for w in warnings {
        match &w.location {
            Some(l) => out.push_str(&format!(
                "{}:{}:{}: {severity}: {} [{group}{}]\n",
                l.file,
                l.at.line,
                l.at.col,
                w.message,
                w.kind.flag()
            )),
            None => out.push_str(&format!(
                "{severity}: {} [{group}{}]\n",
                w.message,
                w.kind.flag()
            )),
        }
        if let Some(l) = &w.location {
            let line = l.source_line.as_str();
            let gutter = format!("{:>5}", l.at.line);
            out.push_str(&format!("{gutter} | {line}\n"));
            out.push_str(&format!("      | {}^\n", pad_to(line, l.at.col)));
            if let Some(fx) = &w.fixit {
                if fx.start.at.line == l.at.line && fx.start.file == l.file {
                    let first = fx
                        .text
                        .split('\n')
                        .find(|s| !s.trim().is_empty())
                        .unwrap_or("");
                    let shown = first.trim_start_matches(';').trim();
                    out.push_str(&format!(
                        "      | {}{shown}\n",
                        pad_to(line, fx.start.at.col)
                    ));
                }
            }
        }
        if let Some(fx) = &w.fixit {
            out.push_str(&parseable(fx));
        }
        if let Some(note) = &w.note {
            match &w.location {
                Some(l) => out.push_str(&format!(
                    "{}:{}:{}: note: {note}\n",
                    l.file, l.at.line, l.at.col
                )),
                None => out.push_str(&format!("note: {note}\n")),
            }
        }
        for fx in &w.note_fixits {
            out.push_str(&parseable(fx));
        }
    }
    if !warnings.is_empty() {
        let n = warnings.len();
        let noun = if as_errors { "error" } else { "warning" };
        out.push_str(&format!(
            "{n} {noun}{} generated.\n",
            if n == 1 { "" } else { "s" }
        ));
    }
    out
}

/// The warnings as one JSON document (`docs/check.md` describes it):
/// `{"version": 1, "diagnostics": [...]}`, each with its severity, group,
/// reason, bytes, owner, member, message, location and fix-it.
pub fn render_json(warnings: &[PaddingWarning], as_errors: bool) -> serde_json::Value {
    let diags: Vec<serde_json::Value> = warnings
        .iter()
        .map(|w| {
            serde_json::json!({
                "severity": if as_errors { "error" } else { "warning" },
                "group": w.kind,
                "reason": w.reason,
                "bytes": w.bytes,
                "offset": w.offset,
                "owner": w.owner,
                "member": w.member,
                "message": w.message,
                "location": w.location,
                "fixit": w.fixit,
                "note": w.note,
                "note_fixits": w.note_fixits,
            })
        })
        .collect();
    serde_json::json!({ "version": 1, "diagnostics": diags })
}
