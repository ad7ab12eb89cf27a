//! The HTML report: one self-contained page (inline SVG, CSS and a few
//! lines of script; nothing fetched) with, per buffer, the row diagram
//! under each rule set side by side, the comparison, and the member table.
//! Light and dark themes follow the system setting; the page reflows on a
//! phone and prints without its hover panel.

use std::fmt::Write;

use cblower_layout::{BufferKind, BufferLayout, Node, NodeKind, Ty, UNBOUNDED_RESOURCE_ARRAY};

use crate::compare::compare;
use crate::svg::{buffer_svg, escape};
use crate::MAX_SHOWN_ELEMENTS;

/// The page's style sheet: eight member colours per theme, hatched padding.
pub const STYLE: &str = r#"
:root { color-scheme: light dark; --bg: #ffffff; --fg: #1d232a; --muted: #5c6670; --grid: #d5dbe1; --row: #f6f8fa; --hatch: #9aa4ae; --changed: #d1242f;
  --f0: #8ecae6; --f1: #ffb703; --f2: #95d5b2; --f3: #f4a6c6; --f4: #b8a6f4; --f5: #f7a072; --f6: #a8dadc; --f7: #e9c46a; }
@media (prefers-color-scheme: dark) {
  :root { --bg: #14181d; --fg: #e6e9ec; --muted: #9aa4ae; --grid: #39424c; --row: #1c2127; --hatch: #6b7580; --changed: #ff6b6b;
    --f0: #1f6f8b; --f1: #9a6b00; --f2: #2d6a4f; --f3: #8c3b62; --f4: #5a4a9c; --f5: #9c4f24; --f6: #3b7a7c; --f7: #8a7020; }
}
body { background: var(--bg); color: var(--fg); font: 14px/1.4 system-ui, sans-serif; margin: 1rem; }
h1 { font-size: 1.3rem; } h2 { font-size: 1.1rem; margin-top: 2rem; }
.sides { display: flex; flex-wrap: wrap; gap: 1rem; }
.side { flex: 1 1 20rem; max-width: 42rem; min-width: 0; }
.side h3 { font-size: 1rem; margin: .3rem 0; }
svg.rows { width: 100%; height: auto; font: 11px ui-monospace, monospace; }
svg .row { fill: var(--row); stroke: var(--grid); }
svg .tick { stroke: var(--grid); stroke-width: .5; }
svg .comp { stroke: var(--muted); stroke-width: 1; }
svg .head, svg .rowlabel, svg .note { fill: var(--muted); }
svg .hatch-bg { fill: var(--row); } svg .hatch { stroke: var(--hatch); stroke-width: 2; }
svg .padlabel { fill: var(--muted); font-style: italic; }
svg .member .block { stroke: var(--bg); stroke-width: 1; }
svg .member .label { fill: var(--fg); pointer-events: none; }
svg .member.changed .block { stroke: var(--changed); stroke-width: 3; }
svg .outline rect { fill: none; stroke: var(--fg); stroke-dasharray: 4 2; stroke-width: 1; pointer-events: none; }
svg .member:hover .block { filter: brightness(1.15); }
svg .f0 .block { fill: var(--f0); } svg .f1 .block { fill: var(--f1); } svg .f2 .block { fill: var(--f2); } svg .f3 .block { fill: var(--f3); }
svg .f4 .block { fill: var(--f4); } svg .f5 .block { fill: var(--f5); } svg .f6 .block { fill: var(--f6); } svg .f7 .block { fill: var(--f7); }
table { border-collapse: collapse; margin: .5rem 0; font: 12px ui-monospace, monospace; }
th, td { border-bottom: 1px solid var(--grid); padding: .15rem .5rem; text-align: left; }
td.n { text-align: right; }
.tables { overflow-x: auto; }
.changed-row td { color: var(--changed); }
#info { position: fixed; right: .5rem; bottom: .5rem; max-width: 22rem; background: var(--row); border: 1px solid var(--grid); padding: .4rem .6rem; font: 12px ui-monospace, monospace; white-space: pre-wrap; }
#info:empty { display: none; }
@media print { #info { display: none; } body { margin: 0; } .side { break-inside: avoid; } }
"#;

/// The page's script: the hover panel (member details, and the byte and
/// component under the pointer).
pub const SCRIPT: &str = r#"
(function () {
  var info = document.getElementById('info');
  document.querySelectorAll('svg.rows').forEach(function (svg) {
    var bw = +svg.dataset.byteWidth, rh = +svg.dataset.rowHeight, left = +svg.dataset.left, top = +svg.dataset.top;
    svg.addEventListener('mousemove', function (e) {
      var m = svg.getScreenCTM(); if (!m) return;
      var p = new DOMPoint(e.clientX, e.clientY).matrixTransform(m.inverse());
      var col = Math.floor((p.x - left) / bw), row = Math.floor((p.y - top) / rh);
      if (col < 0 || col > 15 || row < 0 || row >= +svg.dataset.rows) { info.textContent = ''; return; }
      var g = e.target.closest('g.member, g.pad'), text = 'byte ' + (row * 16 + col) + ' = c' + row + '.' + 'xyzw'[col >> 2] + ' byte ' + (col & 3);
      if (g && g.classList.contains('member')) {
        text = g.dataset.path + ' : ' + g.dataset.type + '\noffset ' + g.dataset.offset + ', size ' + g.dataset.size + ', align ' + g.dataset.align + '\n' + g.dataset.placed + '\n' + text;
      } else if (g) {
        text = 'padding (' + g.dataset.reason + '), ' + g.dataset.size + ' bytes at ' + g.dataset.offset + '\n' + text;
      }
      info.textContent = text;
    });
    svg.addEventListener('mouseleave', function () { info.textContent = ''; });
  });
})();
"#;

/// One buffer of the report: its layout under each rule set (the reference
/// first; one entry for a plain report), and the declaration's array length.
#[derive(Clone, Copy, Debug)]
pub struct HtmlBuffer<'a> {
    /// The layouts to draw side by side.
    pub layouts: &'a [BufferLayout],
    /// [`BufferDecl::array_len`](cblower_layout::BufferDecl::array_len).
    pub array_len: Option<u64>,
}

fn kind_keyword(kind: BufferKind) -> &'static str {
    match kind {
        BufferKind::CBuffer | BufferKind::Globals => "cbuffer",
        BufferKind::TBuffer => "tbuffer",
        BufferKind::ConstantBuffer => "ConstantBuffer",
        BufferKind::TextureBuffer => "TextureBuffer",
    }
}

/// The whole page for the buffers of `title` (the input file's name).
pub fn html_report(title: &str, buffers: &[HtmlBuffer<'_>]) -> String {
    let mut s = String::new();
    let _ = write!(
        s,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>{} – cblower layout</title>\n<style>{STYLE}</style>\n</head>\n<body>\n<h1>Buffer layouts of {}</h1>\n",
        escape(title),
        escape(title)
    );
    if buffers.is_empty() {
        s.push_str("<p>No buffers.</p>\n");
    }
    for (b, buf) in buffers.iter().enumerate() {
        let Some(first) = buf.layouts.first() else {
            continue;
        };
        let suffix = match buf.array_len {
            None => String::new(),
            Some(UNBOUNDED_RESOURCE_ARRAY) => "[]".into(),
            Some(n) => format!("[{n}]"),
        };
        let binding = match first.binding {
            Some(bd) => match bd.register {
                Some(r) => format!(
                    " : register({}{r}, space{})",
                    if first.kind == BufferKind::TBuffer {
                        't'
                    } else {
                        'b'
                    },
                    bd.space
                ),
                None => format!(" : register(space{})", bd.space),
            },
            None => String::new(),
        };
        let _ = writeln!(
            s,
            "<section class=\"buffer\" id=\"buffer-{b}\">\n<h2>{} {}{}{}</h2>",
            kind_keyword(first.kind),
            escape(&first.name),
            suffix,
            escape(&binding)
        );
        let refs: Vec<&BufferLayout> = buf.layouts.iter().collect();
        let diffs = if refs.len() > 1 {
            compare(&refs)
        } else {
            Vec::new()
        };
        let changed: Vec<String> = diffs.iter().map(|d| d.path.clone()).collect();
        s.push_str("<div class=\"sides\">\n");
        for (i, l) in buf.layouts.iter().enumerate() {
            let _ = writeln!(
                s,
                "<div class=\"side\" data-rules=\"{}\">\n<h3>{} rules: {} bytes</h3>",
                l.rules.name(),
                l.rules.name(),
                l.size().get()
            );
            let mark: &[String] = if i == 0 { &[] } else { &changed };
            s.push_str(&buffer_svg(l, &format!("b{b}r{i}-"), mark));
            s.push_str("</div>\n");
        }
        s.push_str("</div>\n<div class=\"tables\">\n");
        if refs.len() > 1 {
            if diffs.is_empty() {
                s.push_str(
                    "<p>Every member has the same offset and size under each rule set.</p>\n",
                );
            } else {
                s.push_str("<table class=\"compare\"><thead><tr><th>member</th><th>type</th>");
                for l in buf.layouts {
                    let _ = write!(s, "<th>{} offset+size</th>", l.rules.name());
                }
                s.push_str("<th>why</th></tr></thead><tbody>\n");
                for d in &diffs {
                    let _ = write!(
                        s,
                        "<tr class=\"changed-row\"><td>{}</td><td>{}</td>",
                        escape(&d.path),
                        escape(&d.ty)
                    );
                    for p in &d.placements {
                        match p {
                            Some(p) => {
                                let _ = write!(s, "<td class=\"n\">{}+{}</td>", p.offset, p.size);
                            }
                            None => s.push_str("<td class=\"n\">–</td>"),
                        }
                    }
                    let _ = writeln!(s, "<td>{}</td></tr>", escape(&d.reason));
                }
                s.push_str("</tbody></table>\n");
            }
        }
        s.push_str("<table class=\"members\"><thead><tr><th>offset</th><th>size</th><th>align</th><th>type</th><th>name</th></tr></thead><tbody>\n");
        for f in first.fields() {
            member_rows(&mut s, &f.name, &f.ty, &f.node, 0);
        }
        s.push_str("</tbody></table>\n</div>\n</section>\n");
    }
    let _ = write!(
        s,
        "<div id=\"info\" aria-live=\"polite\"></div>\n<script>{SCRIPT}</script>\n</body>\n</html>\n"
    );
    s
}

fn member_rows(s: &mut String, name: &str, ty: &Ty, node: &Node, depth: usize) {
    if depth > 64 {
        return;
    }
    let stride = match &node.kind {
        NodeKind::Array { stride, .. } => format!(" (stride {})", stride.get()),
        _ => String::new(),
    };
    let _ = writeln!(
        s,
        "<tr><td class=\"n\">{}</td><td class=\"n\">{}</td><td class=\"n\">{}</td><td>{}</td><td style=\"padding-left:{}rem\">{}{}</td></tr>",
        node.offset.get(),
        node.size.get(),
        node.align.bytes(),
        escape(&ty.to_string()),
        0.5 + depth as f64,
        escape(name),
        stride
    );
    match (&node.kind, ty) {
        (NodeKind::Array { count, .. }, Ty::Array { elem, .. }) => {
            let shown: Vec<u64> = if *count <= MAX_SHOWN_ELEMENTS {
                (0..*count).collect()
            } else {
                vec![0, 1, count - 1]
            };
            for i in shown {
                if i == count - 1 && *count > MAX_SHOWN_ELEMENTS {
                    let _ = writeln!(
                        s,
                        "<tr><td></td><td></td><td></td><td></td><td style=\"padding-left:{}rem\">… [2] to [{}] like the others</td></tr>",
                        1.5 + depth as f64,
                        count - 2
                    );
                }
                if let Some(e) = node.element(i) {
                    member_rows(s, &format!("[{i}]"), elem, &e, depth + 1);
                }
            }
        }
        (NodeKind::Struct { fields, .. }, _) => {
            for f in fields {
                member_rows(s, &f.name, &f.ty, &f.node, depth + 1);
            }
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cblower_layout::{layout_buffer, BufferDecl, Field, LayoutOptions, RuleSet, Scalar};

    #[test]
    fn names_are_escaped_and_the_page_is_deterministic() {
        let decl = BufferDecl::new(
            "B<script>",
            BufferKind::CBuffer,
            vec![
                Field::new("a&b", Ty::vector(Scalar::Float, 3)),
                Field::new("c\"d", Ty::array(Ty::scalar(Scalar::Float), 2)),
            ],
        );
        let layouts = vec![
            layout_buffer(&decl, LayoutOptions::new(RuleSet::CBuffer)).unwrap(),
            layout_buffer(&decl, LayoutOptions::new(RuleSet::Scalar)).unwrap(),
        ];
        let buffers = [HtmlBuffer {
            layouts: &layouts,
            array_len: None,
        }];
        let page = html_report("x<y>.hlsl", &buffers);
        assert_eq!(page, html_report("x<y>.hlsl", &buffers));
        assert!(page.contains("<title>x&lt;y&gt;.hlsl – cblower layout</title>"));
        assert!(page.contains("<h2>cbuffer B&lt;script&gt;</h2>"));
        assert!(page.contains(r#"data-path="a&amp;b""#));
        assert!(page.contains(r#"<g class="member f1 changed" data-path="c&quot;d[1]""#));
        assert!(page.contains(
            "<td>c&quot;d[1]</td><td>float</td><td class=\"n\">32+4</td><td class=\"n\">16+4</td>"
        ));
        assert!(!page.contains("<script>B"));
        assert_eq!(page.matches("<script>").count(), 1);
        // Nothing fetched: the only URLs are the two SVGs' namespace.
        assert_eq!(page.matches("http").count(), 2);
    }
}
