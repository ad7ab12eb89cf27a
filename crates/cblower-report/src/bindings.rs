//! The bindings report: every resource and buffer of a program with its
//! register class, registers, space, count and how it got them (an
//! explicit `register`, a `[[vk::binding]]`, or clang's implicit order),
//! and every overlap of explicit registers as an error naming both
//! declarations. Text, JSON and HTML.

use std::fmt::Write;

use cblower_program::{BindingOverlap, DeclaredBinding, RegisterCount};
use serde_json::{json, Value};

use crate::svg::escape;

/// One row of the report: a declaration and where it was declared
/// (`file:line:col`).
#[derive(Clone, Copy, Debug)]
pub struct BindingRow<'a> {
    /// The declaration and its binding.
    pub binding: &'a DeclaredBinding,
    /// Where it was declared, `file:line:col`.
    pub location: &'a str,
}

fn count_text(c: RegisterCount) -> String {
    match c {
        RegisterCount::One => "1".into(),
        RegisterCount::Array(n) => n.to_string(),
        RegisterCount::Unbounded => "unbounded".into(),
    }
}

/// How the declaration got its registers, in words.
pub fn how_assigned(b: &DeclaredBinding) -> String {
    let mut how = match (b.register, b.implicit_order, b.vk_binding) {
        (Some(_), _, _) => "explicit register".to_string(),
        (None, Some(o), Some(_)) => format!("implicit, order ID {} (DXIL)", o.dxil),
        (None, Some(o), None) => {
            format!(
                "implicit, order ID {} (DXIL) / {} (SPIR-V)",
                o.dxil, o.spirv
            )
        }
        (None, None, _) => "implicit".to_string(),
    };
    if let Some(vk) = b.vk_binding {
        let _ = write!(how, "; SPIR-V: vk::binding({}, {})", vk.binding, vk.set);
    }
    if let Some(o) = b.counter_order {
        let _ = write!(
            how,
            "; counter: order ID {} (DXIL) / {} (SPIR-V)",
            o.dxil, o.spirv
        );
    }
    how
}

/// The error line of one overlap: both declarations, located.
pub fn overlap_message(rows: &[BindingRow<'_>], o: BindingOverlap) -> String {
    let (Some(a), Some(b)) = (rows.get(o.first), rows.get(o.second)) else {
        return String::new();
    };
    format!(
        "{}: error: registers {} of `{}` overlap registers {} of `{}` ({}) in space{}",
        b.location,
        b.binding.registers().unwrap_or_default(),
        b.binding.name,
        a.binding.registers().unwrap_or_default(),
        a.binding.name,
        a.location,
        b.binding.space
    )
}

/// The text report: one line per declaration, then the overlaps.
pub fn bindings_text(rows: &[BindingRow<'_>], overlaps: &[BindingOverlap]) -> String {
    let header = [
        "class",
        "registers",
        "space",
        "count",
        "kind",
        "name",
        "assigned",
        "declared at",
    ];
    let cells: Vec<[String; 8]> = rows
        .iter()
        .map(|r| {
            let b = r.binding;
            [
                b.class.to_string(),
                b.registers().unwrap_or_else(|| "-".into()),
                b.space.to_string(),
                count_text(b.count),
                b.kind.clone(),
                b.name.to_string(),
                how_assigned(b),
                r.location.to_string(),
            ]
        })
        .collect();
    let mut widths: Vec<usize> = header.iter().map(|h| h.chars().count()).collect();
    for row in &cells {
        for (w, c) in widths.iter_mut().zip(row) {
            *w = (*w).max(c.chars().count());
        }
    }
    let line = |cols: &[String]| -> String {
        let mut l = String::from(" ");
        for (i, (c, w)) in cols.iter().zip(&widths).enumerate() {
            if i + 1 == cols.len() {
                let _ = write!(l, " {c}");
            } else {
                let pad = w.saturating_sub(c.chars().count());
                let _ = write!(l, " {c}{}", " ".repeat(pad));
            }
        }
        l.trim_end().to_string()
    };
    let mut out = String::new();
    if rows.is_empty() {
        out.push_str("no resources or buffers\n");
        return out;
    }
    let h: Vec<String> = header.iter().map(|s| s.to_string()).collect();
    let _ = writeln!(out, "{}", line(&h));
    for row in &cells {
        let _ = writeln!(out, "{}", line(row));
    }
    if overlaps.is_empty() {
        let _ = writeln!(out, "\nno overlapping registers");
    } else {
        let _ = writeln!(out, "\n{} overlapping register ranges:", overlaps.len());
        for o in overlaps {
            let _ = writeln!(out, "  {}", overlap_message(rows, *o));
        }
    }
    out
}

/// The JSON document: `{"bindings": [...], "overlaps": [...]}` (schema in
/// `docs/cli.md`).
pub fn bindings_json(rows: &[BindingRow<'_>], overlaps: &[BindingOverlap]) -> Value {
    let bindings: Vec<Value> = rows
        .iter()
        .map(|r| {
            let b = r.binding;
            json!({
                "name": b.name.as_ref(),
                "kind": b.kind,
                "class": b.class.to_string(),
                "register": b.register,
                "space": b.space,
                "count": match b.count {
                    RegisterCount::One => json!(1),
                    RegisterCount::Array(n) => json!(n),
                    RegisterCount::Unbounded => Value::Null,
                },
                "registers": b.registers(),
                "assigned": if b.register.is_some() { "explicit" } else { "implicit" },
                "implicit_order": b.implicit_order.map(|o| json!({"dxil": o.dxil, "spirv": o.spirv})),
                "counter_order": b.counter_order.map(|o| json!({"dxil": o.dxil, "spirv": o.spirv})),
                "vk_binding": b.vk_binding.map(|v| json!({"binding": v.binding, "set": v.set})),
                "location": r.location,
            })
        })
        .collect();
    let overlaps: Vec<Value> = overlaps
        .iter()
        .map(|o| {
            json!({
                "first": o.first,
                "second": o.second,
                "message": overlap_message(rows, *o),
            })
        })
        .collect();
    json!({ "bindings": bindings, "overlaps": overlaps })
}

/// The HTML page: the table of [`bindings_text`], overlaps in red.
pub fn bindings_html(title: &str, rows: &[BindingRow<'_>], overlaps: &[BindingOverlap]) -> String {
    let mut s = String::new();
    let _ = write!(
        s,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>{} – cblower bindings</title>\n<style>{}\ntr.overlap td {{ color: var(--changed); }}</style>\n</head>\n<body>\n<h1>Bindings of {}</h1>\n<div class=\"tables\"><table class=\"bindings\"><thead><tr><th>class</th><th>registers</th><th>space</th><th>count</th><th>kind</th><th>name</th><th>assigned</th><th>declared at</th></tr></thead><tbody>\n",
        escape(title),
        crate::html::STYLE,
        escape(title)
    );
    for (i, r) in rows.iter().enumerate() {
        let b = r.binding;
        let class = if overlaps.iter().any(|o| o.first == i || o.second == i) {
            " class=\"overlap\""
        } else {
            ""
        };
        let _ = writeln!(
            s,
            "<tr{class}><td>{}</td><td>{}</td><td class=\"n\">{}</td><td class=\"n\">{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
            b.class,
            escape(&b.registers().unwrap_or_else(|| "–".into())),
            b.space,
            count_text(b.count),
            escape(&b.kind),
            escape(&b.name),
            escape(&how_assigned(b)),
            escape(r.location)
        );
    }
    s.push_str("</tbody></table></div>\n");
    if overlaps.is_empty() {
        s.push_str("<p>No overlapping registers.</p>\n");
    } else {
        s.push_str("<h2>Overlapping registers</h2>\n<ul class=\"overlaps\">\n");
        for o in overlaps {
            let _ = writeln!(s, "<li>{}</li>", escape(&overlap_message(rows, *o)));
        }
        s.push_str("</ul>\n");
    }
    s.push_str("</body>\n</html>\n");
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use cblower_program::{binding_overlaps, ImplicitOrder};

    #[test]
    fn text_report_with_an_overlap_and_an_unbounded_array() {
        let list = vec![
            DeclaredBinding {
                name: "tex".into(),
                kind: "Texture2D<float4>".into(),
                class: 't',
                register: Some(0),
                space: 0,
                count: RegisterCount::Array(4),
                vk_binding: None,
                implicit_order: None,
                counter_order: None,
            },
            DeclaredBinding {
                name: "all".into(),
                kind: "Texture2D<float4>".into(),
                class: 't',
                register: Some(2),
                space: 0,
                count: RegisterCount::Unbounded,
                vk_binding: None,
                implicit_order: None,
                counter_order: None,
            },
            DeclaredBinding {
                name: "CB".into(),
                kind: "cbuffer".into(),
                class: 'b',
                register: None,
                space: 0,
                count: RegisterCount::One,
                vk_binding: None,
                implicit_order: Some(ImplicitOrder { dxil: 0, spirv: 0 }),
                counter_order: None,
            },
        ];
        let locs = ["a.hlsl:1:20", "a.hlsl:2:22", "a.hlsl:3:9"];
        let rows: Vec<BindingRow<'_>> = list
            .iter()
            .zip(locs)
            .map(|(binding, location)| BindingRow { binding, location })
            .collect();
        let overlaps = binding_overlaps(&list);
        let want = "  class registers        space count     kind              name assigned                                 declared at
  t     t0..t3           0     4         Texture2D<float4> tex  explicit register                        a.hlsl:1:20
  t     t2.. (unbounded) 0     unbounded Texture2D<float4> all  explicit register                        a.hlsl:2:22
  b     -                0     1         cbuffer           CB   implicit, order ID 0 (DXIL) / 0 (SPIR-V) a.hlsl:3:9

1 overlapping register ranges:
  a.hlsl:2:22: error: registers t2.. (unbounded) of `all` overlap registers t0..t3 of `tex` (a.hlsl:1:20) in space0
";
        assert_eq!(bindings_text(&rows, &overlaps), want);
    }
}
