//! The row diagram of one buffer as SVG: one 16-byte row per line, four
//! 4-byte components across, each member a block coloured by its top-level
//! field, nested structs outlined, padding hatched and labelled with its
//! reason. Every block's `x` and `width` are its offset within its row and
//! its size times [`BYTE_W`], which the browser test checks against the
//! JSON report.

use std::fmt::Write;

use cblower_layout::BufferLayout;

use crate::diagram::{diagram, row_segments};

/// Width of one byte, in SVG user units.
pub const BYTE_W: u64 = 36;
/// Height of one 16-byte row.
pub const ROW_H: u64 = 30;
/// Width of the row label column (`c12`) left of the bytes.
pub const LEFT: u64 = 48;
/// Height of the component header above the rows.
pub const TOP: u64 = 20;
/// Rows an SVG draws at most (64 KiB of buffer); the rest is summarised.
pub const MAX_SVG_ROWS: u64 = 4096;
/// Number of member colours (`f0` to `f7` in the style sheet).
pub const COLOURS: usize = 8;

/// Escapes `&`, `<`, `>`, `"` and `'` for XML text and attribute values.
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// `label` cut to what fits in `width` user units (about 6.6 units a
/// character at the diagram's font size), with `…` when cut.
fn fitted(label: &str, width: u64) -> Option<String> {
    let room = (width.saturating_sub(6) * 10 / 66) as usize;
    let n = label.chars().count();
    if n <= room {
        Some(label.to_string())
    } else if room >= 3 {
        let mut s: String = label.chars().take(room - 1).collect();
        s.push('…');
        Some(s)
    } else {
        None
    }
}

/// The SVG of `layout`'s rows. `id` prefixes the element ids (the hatch
/// pattern) so that several diagrams can share one page; members whose
/// path is in `changed` get the `changed` class (the comparison's highlight).
pub fn buffer_svg(layout: &BufferLayout, id: &str, changed: &[String]) -> String {
    let size = layout.size().get();
    let rows = size.div_ceil(16);
    let shown = rows.min(MAX_SVG_ROWS);
    let d = diagram(layout.root(), shown * 16);
    let changed: std::collections::HashSet<&str> = changed.iter().map(String::as_str).collect();
    let width = LEFT + 16 * BYTE_W;
    let note = if shown < rows { ROW_H } else { 0 };
    let height = TOP + shown * ROW_H + note;
    let id = escape(id);
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" class="rows" viewBox="0 0 {width} {height}" width="{width}" height="{height}" data-rows="{shown}" data-byte-width="{BYTE_W}" data-row-height="{ROW_H}" data-left="{LEFT}" data-top="{TOP}" role="img" aria-label="{} under {} rules, {size} bytes">"#,
        escape(&layout.name),
        layout.rules.name()
    );
    let _ = writeln!(
        s,
        r#"<defs><pattern id="{id}hatch" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect class="hatch-bg" width="6" height="6"/><line class="hatch" x1="0" y1="0" x2="0" y2="6"/></pattern></defs>"#
    );
    for (i, c) in ["x", "y", "z", "w"].iter().enumerate() {
        let x = LEFT + (i as u64 * 4 + 2) * BYTE_W;
        let _ = writeln!(
            s,
            r#"<text class="head" x="{x}" y="{}" text-anchor="middle">.{c} (bytes {}–{})</text>"#,
            TOP - 6,
            i * 4,
            i * 4 + 3
        );
    }
    for r in 0..shown {
        let y = TOP + r * ROW_H;
        let _ = writeln!(
            s,
            r#"<rect class="row" x="{LEFT}" y="{y}" width="{}" height="{ROW_H}"/><text class="rowlabel" x="{}" y="{}" text-anchor="end">c{r}</text>"#,
            16 * BYTE_W,
            LEFT - 6,
            y + ROW_H / 2 + 4
        );
    }
    for p in &d.pads {
        let label = p.cause.label();
        let _ = writeln!(
            s,
            r#"<g class="pad" data-offset="{}" data-size="{}" data-reason="{label}"><title>padding: {} bytes at {}..{} ({label})</title>"#,
            p.offset,
            p.size,
            p.size,
            p.offset,
            p.offset + p.size
        );
        for (row, start, len) in row_segments(p.offset, (p.offset + p.size).min(shown * 16)) {
            let (x, y, w) = (LEFT + start * BYTE_W, TOP + row * ROW_H, len * BYTE_W);
            let _ = write!(
                s,
                r#"<rect x="{x}" y="{y}" width="{w}" height="{ROW_H}" fill="url(#{id}hatch)"/>"#
            );
            if let Some(t) = fitted(label, w) {
                let _ = write!(
                    s,
                    r#"<text class="padlabel" x="{}" y="{}" text-anchor="middle">{}</text>"#,
                    x + w / 2,
                    y + ROW_H / 2 + 4,
                    escape(&t)
                );
            }
            s.push('\n');
        }
        s.push_str("</g>\n");
    }
    for leaf in &d.leaves {
        let class = if changed.contains(leaf.path.as_str()) {
            format!("member f{} changed", leaf.top % COLOURS)
        } else {
            format!("member f{}", leaf.top % COLOURS)
        };
        let _ = writeln!(
            s,
            r#"<g class="{class}" data-path="{}" data-type="{}" data-offset="{}" data-size="{}" data-align="{}" data-placed="{}"><title>{} : {}
offset {}, size {}, align {}
{} ({} rules)</title>"#,
            escape(&leaf.path),
            escape(&leaf.ty),
            leaf.offset,
            leaf.size,
            leaf.align,
            escape(&leaf.placed),
            escape(&leaf.path),
            escape(&leaf.ty),
            leaf.offset,
            leaf.size,
            leaf.align,
            escape(&leaf.placed),
            layout.rules.name()
        );
        for (start, end, label) in &leaf.parts {
            for (row, col, len) in row_segments(*start, (*end).min(shown * 16)) {
                let (x, y, w) = (LEFT + col * BYTE_W, TOP + row * ROW_H, len * BYTE_W);
                let _ = write!(
                    s,
                    r#"<rect class="block" x="{x}" y="{y}" width="{w}" height="{ROW_H}"/>"#
                );
                if let Some(t) = fitted(label, w) {
                    let _ = write!(
                        s,
                        r#"<text class="label" x="{}" y="{}" text-anchor="middle">{}</text>"#,
                        x + w / 2,
                        y + ROW_H / 2 + 4,
                        escape(&t)
                    );
                }
                s.push('\n');
            }
        }
        s.push_str("</g>\n");
    }
    for g in &d.groups {
        let _ = write!(s, r#"<g class="outline" data-path="{}">"#, escape(&g.path));
        for (row, col, len) in row_segments(g.offset, (g.offset + g.size).min(shown * 16)) {
            let _ = write!(
                s,
                r#"<rect x="{}" y="{}" width="{}" height="{}"/>"#,
                LEFT + col * BYTE_W + 2,
                TOP + row * ROW_H + 2,
                (len * BYTE_W).saturating_sub(4),
                ROW_H - 4
            );
        }
        s.push_str("</g>\n");
    }
    for i in 1..16u64 {
        let class = if i % 4 == 0 { "comp" } else { "tick" };
        let x = LEFT + i * BYTE_W;
        let _ = writeln!(
            s,
            r#"<line class="{class}" x1="{x}" y1="{TOP}" x2="{x}" y2="{}"/>"#,
            TOP + shown * ROW_H
        );
    }
    if shown < rows {
        let _ = writeln!(
            s,
            r#"<text class="note" x="{LEFT}" y="{}">… {} more rows (c{shown} to c{}) not drawn</text>"#,
            TOP + shown * ROW_H + ROW_H / 2 + 4,
            rows - shown,
            rows - 1
        );
    }
    s.push_str("</svg>\n");
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_markup() {
        assert_eq!(escape(r#"<a&"b'>"#), "&lt;a&amp;&quot;b&#39;&gt;");
    }

    #[test]
    fn labels_fit_or_are_cut() {
        assert_eq!(fitted("abc", 36).as_deref(), Some("abc"));
        assert_eq!(fitted("a_long_name", 36).as_deref(), Some("a_l…"));
        assert_eq!(fitted("abc", 10), None);
    }
}
