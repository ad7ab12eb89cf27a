//! Reads the parts of a printed `.ll` module the comparison needs: header,
//! named types, globals, function bodies, attribute groups and metadata.
//! Line-based: both clang and cblower print one definition per line.

use std::collections::HashMap;

use super::ll_type::{Cursor, LlType};

#[derive(Clone, Debug)]
pub struct Global {
    pub name: String,
    /// Linkage, visibility, `unnamed_addr`, `addrspace(N)`: the words
    /// between `=` and `global`/`constant`.
    pub qualifiers: Vec<String>,
    /// `global` or `constant`.
    pub kind: String,
    pub ty: LlType,
    pub init: String,
    pub align: Option<u64>,
}

#[derive(Clone, Debug)]
pub struct Function {
    pub name: String,
    /// The `define` line up to `{`, attribute group number replaced by the
    /// group's contents.
    pub header: String,
    pub body: Vec<String>,
}

#[derive(Debug, Default)]
pub struct Module {
    pub triple: String,
    pub datalayout: String,
    /// `None` for opaque types.
    pub types: HashMap<String, Option<LlType>>,
    pub globals: Vec<Global>,
    pub functions: Vec<Function>,
    /// `!hlsl.cbs` etc. → operand node ids (`!0`).
    pub named_metadata: HashMap<String, Vec<String>>,
    /// `!0` → its operands as text.
    pub nodes: HashMap<String, Vec<String>>,
}

impl Module {
    pub fn global(&self, name: &str) -> Option<&Global> {
        self.globals.iter().find(|g| g.name == name)
    }

    pub fn function(&self, name: &str) -> Option<&Function> {
        self.functions.iter().find(|f| f.name == name)
    }

    /// The operands of each node of a named metadata list.
    pub fn named_nodes(&self, name: &str) -> Vec<Vec<String>> {
        self.named_metadata
            .get(name)
            .map(|ids| {
                ids.iter()
                    .map(|id| self.nodes.get(id).cloned().unwrap_or_default())
                    .collect()
            })
            .unwrap_or_default()
    }
}

fn quoted_after(line: &str, prefix: &str) -> Option<String> {
    let rest = line.strip_prefix(prefix)?;
    Some(rest.trim().trim_matches('"').to_string())
}

/// Splits `a, b(c, d), "e,f"` at top-level commas.
pub fn split_operands(text: &str) -> Vec<String> {
    let (mut parts, mut current, mut depth, mut quoted) = (Vec::new(), String::new(), 0i32, false);
    for c in text.chars() {
        match c {
            '"' => quoted = !quoted,
            '(' | '[' | '{' | '<' if !quoted => depth += 1,
            ')' | ']' | '}' | '>' if !quoted => depth -= 1,
            ',' if !quoted && depth == 0 => {
                parts.push(current.trim().to_string());
                current.clear();
                continue;
            }
            _ => {}
        }
        current.push(c);
    }
    if !current.trim().is_empty() {
        parts.push(current.trim().to_string());
    }
    parts
}

pub fn parse_module(text: &str) -> Result<Module, String> {
    let mut m = Module::default();
    let mut attributes = HashMap::new();
    let mut lines = text.lines();
    let mut raw_functions = Vec::new();
    while let Some(line) = lines.next() {
        let line = line.trim_end();
        if let Some(v) = quoted_after(line, "target triple = ") {
            m.triple = v;
        } else if let Some(v) = quoted_after(line, "target datalayout = ") {
            m.datalayout = v;
        } else if line.starts_with('%') {
            let (name, ty) = parse_type_def(line)?;
            m.types.insert(name, ty);
        } else if line.starts_with('@') {
            m.globals.push(parse_global(line)?);
        } else if line.starts_with("define ") {
            let mut body = Vec::new();
            for l in lines.by_ref() {
                if l.trim_end() == "}" {
                    break;
                }
                body.push(l.trim().to_string());
            }
            raw_functions.push((line.to_string(), body));
        } else if let Some(rest) = line.strip_prefix("attributes #") {
            let (id, group) = rest.split_once(" = ").ok_or("bad attribute group")?;
            attributes.insert(format!("#{id}"), group.to_string());
        } else if line.starts_with('!') {
            parse_metadata(line, &mut m)?;
        }
    }
    for (line, body) in raw_functions {
        let name = {
            let at = line.find('@').ok_or("define without a name")?;
            let mut c = Cursor::new(&line[at + 1..]);
            c.ident()?
        };
        let header = line
            .trim_end_matches('{')
            .split_whitespace()
            .map(|w| attributes.get(w).cloned().unwrap_or_else(|| w.to_string()))
            .collect::<Vec<_>>()
            .join(" ");
        m.functions.push(Function { name, header, body });
    }
    Ok(m)
}

fn parse_type_def(line: &str) -> Result<(String, Option<LlType>), String> {
    let mut c = Cursor::new(&line[1..]);
    let name = c.ident()?;
    if !c.eat("= type") {
        return Err(format!("not a type definition: {line}"));
    }
    if c.eat("opaque") {
        return Ok((name, None));
    }
    Ok((name, Some(c.ty()?)))
}

fn parse_global(line: &str) -> Result<Global, String> {
    let mut c = Cursor::new(&line[1..]);
    let name = c.ident()?;
    if !c.eat("=") {
        return Err(format!("not a global: {line}"));
    }
    let mut qualifiers = Vec::new();
    let kind = loop {
        c.skip_ws();
        let word: String = c
            .rest()
            .chars()
            .take_while(|ch| !ch.is_whitespace())
            .collect();
        if word.is_empty() {
            return Err(format!("global without `global`/`constant`: {line}"));
        }
        c.eat(&word);
        if word == "global" || word == "constant" {
            break word;
        }
        qualifiers.push(word);
    };
    let ty = c.ty()?;
    let rest = c.rest().trim();
    let (init, align) = match rest.rsplit_once(", align ") {
        Some((init, align)) if align.chars().all(|ch| ch.is_ascii_digit()) => {
            (init.trim().to_string(), align.parse().ok())
        }
        _ => (rest.to_string(), None),
    };
    Ok(Global {
        name,
        qualifiers,
        kind,
        ty,
        init,
        align,
    })
}

fn parse_metadata(line: &str, m: &mut Module) -> Result<(), String> {
    let (lhs, rhs) = line
        .split_once(" = ")
        .ok_or_else(|| format!("bad metadata: {line}"))?;
    let rhs = rhs.trim_start_matches("distinct ").trim();
    let inner = rhs
        .strip_prefix("!{")
        .and_then(|r| r.strip_suffix('}'))
        .ok_or_else(|| format!("unsupported metadata form: {line}"));
    let lhs = lhs.trim();
    if lhs[1..].starts_with(|c: char| c.is_ascii_digit()) {
        // Only tuple nodes matter here; other forms (DI*) are skipped.
        if let Ok(inner) = inner {
            m.nodes.insert(lhs.to_string(), split_operands(inner));
        }
    } else {
        m.named_metadata
            .insert(lhs[1..].to_string(), split_operands(inner?));
    }
    Ok(())
}
