//! `cblower layout` on WGSL input: read the file (or standard input) through
//! `cblower-wgsl`, lay out every `var<uniform>` / `var<storage>` under its
//! address space's rule set (or `--rules`), and print the same report as
//! for HLSL with a WGSL header: `@group(g) @binding(b) var<uniform> name: T`.

use cblower_layout::{BufferLayout, NodeKind};
use cblower_report::{json_report, text_report, Colors};
use cblower_wgsl::WgslBuffer;
use serde_json::{json, Value};

use crate::exit::{INPUT_ERROR, SUCCESS};
use crate::frontend_args::{is_stdin, read_stdin};
use crate::layout_cmd::{render_columns, FormatArg, LayoutArgs};
use crate::output::write_output;

/// Runs `layout` on WGSL input; returns the exit code.
pub fn run(args: &LayoutArgs, err_color: bool) -> i32 {
    let parsed = if is_stdin(&args.file) {
        match read_stdin() {
            Ok(text) => cblower_wgsl::parse_wgsl("<stdin>", &text),
            Err(msg) => {
                eprint!("{msg}");
                return INPUT_ERROR;
            }
        }
    } else {
        cblower_wgsl::read_wgsl_file(&args.file)
    };
    let module = match parsed {
        Ok(m) => m,
        Err(e) => {
            eprint!("{}", e.render(err_color));
            return INPUT_ERROR;
        }
    };
    if !module.warnings.is_empty() {
        eprint!("{}", module.warnings.render(&module.sources, err_color));
    }
    let rules = args.rules.map(|r| r.rule_set(args.target));
    let layouts = match module.lay_out(rules) {
        Ok(l) => l,
        Err(d) => {
            eprint!("{}", d.render(&module.sources, err_color));
            return INPUT_ERROR;
        }
    };
    // One column per rule set: the reference, then each --compare.
    let mut columns = vec![layouts];
    for rules in &args.compare {
        match module.lay_out(Some(rules.rule_set(args.target))) {
            Ok(l) => columns.push(l),
            Err(d) => {
                eprint!("{}", d.render(&module.sources, err_color));
                eprintln!(
                    "note: while laying the file out under --compare {}",
                    rules.rule_set(args.target).name()
                );
                return INPUT_ERROR;
            }
        }
    }
    let layouts = &columns[0];
    let text = match args.format {
        FormatArg::Json => {
            let mut doc = json_report(layouts, &[]);
            if let Some(Value::Array(list)) = doc.get_mut("buffers") {
                for ((value, b), l) in list.iter_mut().zip(&module.buffers).zip(layouts) {
                    wgsl_json(value, b, l);
                }
            }
            format!(
                "{}\n",
                serde_json::to_string_pretty(&doc).unwrap_or_default()
            )
        }
        FormatArg::Text | FormatArg::Html => render_columns(args, &columns, &[], |i, l, colors| {
            match module.buffers.get(i) {
                Some(b) => wgsl_text(l, b, colors),
                None => text_report(l, None, colors),
            }
        }),
    };
    if let Err(e) = write_output(&args.output, text.as_bytes()) {
        eprintln!("error: cannot write {}: {e}", args.output.display());
        return INPUT_ERROR;
    }
    SUCCESS
}

/// `@group(g) @binding(b) var<space> name: T` (the attributes present).
fn declaration(b: &WgslBuffer) -> String {
    let mut s = String::new();
    if let Some(g) = b.group {
        s.push_str(&format!("@group({g}) "));
    }
    if let Some(n) = b.binding {
        s.push_str(&format!("@binding({n}) "));
    }
    s.push_str(&format!(
        "var<{}> {}: {}",
        b.access.wgsl(),
        b.decl.name,
        b.type_name
    ));
    s
}

/// The runtime-sized array's name, offset and stride.
fn runtime_array(l: &BufferLayout, b: &WgslBuffer) -> Option<(String, u64, u64)> {
    let index = b.runtime_array?;
    let m = l.members().find(|m| m.decl_index() == index)?;
    let node = m.node();
    let NodeKind::Array { stride, .. } = &node.kind else {
        return None;
    };
    Some((m.name().to_string(), m.offset().get(), stride.get()))
}

/// The HLSL report with its first line replaced by the WGSL declaration,
/// and a note under it for a runtime-sized array.
fn wgsl_text(l: &BufferLayout, b: &WgslBuffer, colors: Colors) -> String {
    let report = text_report(l, None, colors);
    let body = report.split_once('\n').map(|(_, rest)| rest).unwrap_or("");
    let mut out = format!(
        "{}  [rules: {}, size: {} bytes]\n",
        declaration(b),
        l.rules.name(),
        l.size()
    );
    if let Some((name, offset, stride)) = runtime_array(l, b) {
        out.push_str(&format!(
            "  note: {name} is runtime-sized, laid out with one element (the minimum binding size); element i is at {offset} + i * {stride}\n"
        ));
    }
    out.push_str(body);
    out
}

/// Replaces the HLSL `kind` and `binding` of a buffer's JSON object with
/// the WGSL ones.
fn wgsl_json(value: &mut Value, b: &WgslBuffer, l: &BufferLayout) {
    let Some(obj) = value.as_object_mut() else {
        return;
    };
    let (space, access) = match b.access {
        cblower_wgsl::Access::Uniform => ("uniform", Value::Null),
        cblower_wgsl::Access::Read => ("storage", json!("read")),
        cblower_wgsl::Access::ReadWrite => ("storage", json!("read_write")),
    };
    // Rebuild in a fixed order: name, kind, access, type, binding, the rest.
    let rest: Vec<(String, Value)> = std::mem::take(obj)
        .into_iter()
        .filter(|(k, _)| !matches!(k.as_str(), "name" | "kind" | "binding"))
        .collect();
    obj.insert("name".into(), json!(b.decl.name.as_ref()));
    obj.insert("kind".into(), json!(space));
    obj.insert("access".into(), access);
    obj.insert("type".into(), json!(b.type_name));
    obj.insert(
        "binding".into(),
        json!({ "group": b.group, "binding": b.binding }),
    );
    if let Some((name, offset, stride)) = runtime_array(l, b) {
        obj.insert(
            "runtime_array".into(),
            json!({ "member": name, "offset": offset, "stride": stride }),
        );
    }
    obj.extend(rest);
}
