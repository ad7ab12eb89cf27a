//! The comparator's canonical form of a module: one line per fact about the
//! cbuffer lowering, so two modules are equal exactly when their fact lists
//! are, and a line diff of the lists reads as a diff of the lowering.
//!
//! Named types are expanded in place (`%S={<{ float }>}`), so type
//! definitions may come in any order. User struct names are compared without
//! LLVM's uniquing suffix (`%S.0` is `%S`); buffer layout names
//! (`__cblayout_*`) are compared exactly.

use super::ll_module::{split_operands, Global, Module};
use super::ll_type::LlType;

/// LLVM's uniquing suffix is not reproducible across producers.
fn normalized_type_name(name: &str) -> &str {
    if name.contains("__cblayout_") {
        return name;
    }
    match name.rsplit_once('.') {
        Some((stem, suffix))
            if !suffix.is_empty() && suffix.chars().all(|c| c.is_ascii_digit()) =>
        {
            stem
        }
        _ => name,
    }
}

pub fn expand(m: &Module, ty: &LlType) -> String {
    expand_depth(m, ty, 0)
}

fn expand_depth(m: &Module, ty: &LlType, depth: u32) -> String {
    let inner = |t: &LlType| expand_depth(m, t, depth);
    match ty {
        LlType::Prim(p) => p.clone(),
        LlType::Vector(n, e) => format!("<{n} x {}>", inner(e)),
        LlType::Array(n, e) => format!("[{n} x {}]", inner(e)),
        LlType::Struct { packed, fields } => {
            let body: Vec<String> = fields.iter().map(inner).collect();
            if *packed {
                format!("<{{ {} }}>", body.join(", "))
            } else {
                format!("{{ {} }}", body.join(", "))
            }
        }
        LlType::Target { name, types, ints } => {
            let mut params = vec![format!("\"{name}\"")];
            params.extend(types.iter().map(inner));
            params.extend(ints.iter().map(u64::to_string));
            format!("target({})", params.join(", "))
        }
        LlType::Named(name) => {
            let shown = normalized_type_name(name);
            match m.types.get(name) {
                _ if depth > 32 => format!("%{shown}=<too deep>"),
                Some(Some(body)) => format!("%{shown}={{{}}}", expand_depth(m, body, depth + 1)),
                Some(None) => format!("%{shown}=opaque"),
                None => format!("%{shown}=<undefined>"),
            }
        }
    }
}

fn global_fact(m: &Module, g: &Global) -> String {
    let mut words = vec![format!("@{} =", g.name)];
    words.extend(g.qualifiers.iter().cloned());
    words.push(g.kind.clone());
    words.push(expand(m, &g.ty));
    let mut fact = words.join(" ");
    if !g.init.is_empty() {
        fact.push(' ');
        fact.push_str(&g.init);
    }
    if let Some(align) = g.align {
        fact.push_str(&format!(", align {align}"));
    }
    fact
}

/// `ptr addrspace(2) @a1` → ("ptr addrspace(2)", "a1").
fn operand_global(operand: &str) -> Option<(String, String)> {
    let at = operand.find('@')?;
    let name = operand[at + 1..].trim_matches('"').to_string();
    Some((operand[..at].trim().to_string(), name))
}

fn is_member_space(g: &Global) -> bool {
    g.qualifiers
        .iter()
        .any(|q| q == "addrspace(2)" || q == "addrspace(12)")
}

fn is_handle(g: &Global) -> bool {
    matches!(&g.ty, LlType::Target { name, .. } if name == "dx.CBuffer" || name == "spirv.VulkanBuffer")
}

pub fn summarize(m: &Module) -> Vec<String> {
    let mut facts = vec![
        format!("triple {}", m.triple),
        format!("datalayout {}", m.datalayout),
    ];
    for flag in m.named_nodes("llvm.module.flags") {
        // wchar_size is clang's C ABI flag, not part of the buffer lowering.
        if flag.get(1).is_some_and(|key| key != "!\"wchar_size\"") {
            facts.push(format!("module flag {}", flag.join(", ")));
        }
    }
    let mut listed = Vec::new();
    for (k, node) in m.named_nodes("hlsl.cbs").iter().enumerate() {
        let Some((_, handle)) = node.first().and_then(|op| operand_global(op)) else {
            facts.push(format!("cbs[{k}] malformed: {node:?}"));
            continue;
        };
        listed.push(handle.clone());
        match m.global(&handle) {
            Some(g) => facts.push(format!("cbs[{k}] handle {}", global_fact(m, g))),
            None => facts.push(format!("cbs[{k}] handle @{handle} undefined")),
        }
        for (j, operand) in node.iter().enumerate().skip(1) {
            let fact = match operand_global(operand) {
                Some((prefix, name)) => {
                    listed.push(name.clone());
                    match m.global(&name) {
                        Some(g) => format!("{prefix} {}", global_fact(m, g)),
                        None => format!("{prefix} @{name} undefined"),
                    }
                }
                None => format!("operand {operand}"),
            };
            facts.push(format!("cbs[{k}] member[{}] {fact}", j - 1));
        }
        init_function_facts(m, k, &handle, &mut facts);
    }
    for g in &m.globals {
        if (is_member_space(g) || is_handle(g)) && !listed.contains(&g.name) {
            facts.push(format!("not in hlsl.cbs: {}", global_fact(m, g)));
        }
    }
    constructor_facts(m, &mut facts);
    facts
}

fn init_function_facts(m: &Module, k: usize, handle: &str, facts: &mut Vec<String>) {
    let name = format!("_init_buffer_{handle}");
    let Some(f) = m.function(&name) else {
        facts.push(format!("cbs[{k}] init @{name} missing"));
        return;
    };
    facts.push(format!("cbs[{k}] init {}", f.header));
    for line in &f.body {
        facts.push(format!("cbs[{k}] init body {line}"));
        let mut rest = line.as_str();
        while let Some(at) = rest.find("ptr @") {
            let tail = &rest[at + 4..];
            let end = tail.find([',', ')']).unwrap_or(tail.len());
            if let Some((_, gname)) = operand_global(&tail[..end]) {
                if let Some(g) = m.global(&gname) {
                    if gname != handle {
                        facts.push(format!("cbs[{k}] init uses {}", global_fact(m, g)));
                    }
                }
            }
            rest = &tail[end..];
        }
    }
}

/// The `_init_buffer_*` functions the global constructors run, in order.
fn constructor_facts(m: &Module, facts: &mut Vec<String>) {
    // No constructors means no init calls: nothing to record.
    let Some(ctors) = m.global("llvm.global_ctors") else {
        return;
    };
    let entries = ctors.init.trim_start_matches('[').trim_end_matches(']');
    for entry in split_operands(entries) {
        let fields = split_operands(
            entry
                .trim_start_matches("{ i32, ptr, ptr } ")
                .trim_matches(['{', '}']),
        );
        let priority = fields.first().cloned().unwrap_or_default();
        let Some((_, ctor)) = fields.get(1).and_then(|f| operand_global(f)) else {
            continue;
        };
        let calls: Vec<String> = match m.function(&ctor) {
            Some(f) if !ctor.starts_with("_init_buffer_") => f
                .body
                .iter()
                .filter(|l| l.starts_with("call "))
                .filter_map(|l| operand_global(l.split_once('(')?.0))
                .map(|(_, callee)| callee)
                .filter(|c| c.starts_with("_init_buffer_"))
                .collect(),
            _ => vec![ctor.clone()],
        };
        for call in calls {
            facts.push(format!("constructor ({priority}) runs {call}"));
        }
    }
}
