//! A template instance whose padding no edit of the template's text writes
//! out (its instances differ there, or only the template argument would
//! change) gets a struct of its own: a concrete copy of the instance with
//! its padding written out, declared just before the first declaration that
//! uses the instance, and named at each use instead of the instance.

use std::sync::Arc;

use cblower_hlsl::Span;
use cblower_layout::{layout_type, Field, NodeKind, PaddingReason, Scalar, StructTy, Ty};

use crate::spell::{pad_decls, program_moves, Moved, PadNames};
use crate::{rewrap, widen, Ctx, FixIt};

/// The concrete struct of one instance.
#[derive(Clone)]
pub(crate) struct Concrete {
    /// Its name (`RingBuffer_float_3`).
    pub name: String,
    /// Byte (in the file of the uses) before which its definition goes.
    pub anchor: Span,
    /// Its definition, indented for the anchor, ending with the anchor's
    /// indentation.
    pub text: String,
    /// Its declarations that differ from the instance's fields
    /// (`float4 Items[3]`), for the note.
    pub changed: Vec<String>,
    /// The edits naming it at each use of the instance.
    pub uses: Vec<FixIt>,
    /// The members the change moves.
    pub moved: Vec<Moved>,
}

/// Whether `ty` is the struct `inst` or an array of it.
fn direct(ty: &Ty, inst: &str) -> bool {
    match ty {
        Ty::Struct(s) => *s.name == *inst,
        Ty::Array { elem, .. } => direct(elem, inst),
        _ => false,
    }
}

/// Whether `ty` holds the struct `inst` at any depth.
fn mentions(ty: &Ty, inst: &str) -> bool {
    match ty {
        Ty::Struct(s) => *s.name == *inst || s.all_fields().any(|f| mentions(&f.ty, inst)),
        Ty::Array { elem, .. } => mentions(elem, inst),
        _ => false,
    }
}

/// The innermost element of an array (the type itself otherwise).
fn innermost(ty: &Ty) -> &Ty {
    match ty {
        Ty::Array { elem, .. } => innermost(elem),
        t => t,
    }
}

/// `Ty name[dims];`
fn decl_text(f: &Field) -> String {
    let mut dims = String::new();
    let mut t = &f.ty;
    while let Ty::Array { elem, len, .. } = t {
        dims.push_str(&format!("[{len}]"));
        t = elem;
    }
    format!("{t} {}{dims};", f.name)
}

/// `RingBuffer<float, 3>` as an identifier: `RingBuffer_float_3`.
fn ident_of(inst: &str) -> String {
    let mut out = String::new();
    for c in inst.chars() {
        if c.is_ascii_alphanumeric() || c == '_' {
            out.push(c);
        } else if !out.ends_with('_') {
            out.push('_');
        }
    }
    out.trim_end_matches('_').to_owned()
}

/// Whether the laid-out struct `s` has a gap of `reason`.
fn has_gap(s: &StructTy, opts: cblower_layout::LayoutOptions, reason: PaddingReason) -> bool {
    layout_type(&Ty::Struct(Arc::new(s.clone())), opts).is_ok_and(|n| match &n.kind {
        NodeKind::Struct { padding, .. } => padding.iter().any(|p| p.reason == reason),
        _ => false,
    })
}

impl Ctx<'_> {
    /// The concrete struct for instance `inst` of template `template`, or
    /// `None` when one cannot be written and checked.
    pub(crate) fn concrete(&mut self, template: &str, inst: &str) -> Option<Concrete> {
        let st = self.instance_tys.get(inst)?.clone();
        if st.base.is_some() || st.fields.iter().any(|f| f.bitfields.is_some()) {
            return None;
        }
        let opts = self.opts.layout;
        // The types first: array elements padded to their stride widened,
        // and, where clang-22's LLVM type outgrows the layout, every
        // 3-component vector made a 4-component one.
        let mut c = st.clone();
        for f in &mut c.fields {
            if !matches!(f.ty, Ty::Array { .. }) {
                continue;
            }
            let (s, n) = match innermost(&f.ty) {
                Ty::Scalar(s) => (*s, 1),
                Ty::Vector { scalar, len } => (*scalar, *len),
                _ => continue,
            };
            let padded = layout_type(&f.ty, opts)
                .is_ok_and(|node| !node.try_for_each_padding(&mut |_| false));
            if padded && widen(s, n) != n {
                f.ty = rewrap(&f.ty, &Ty::vector(s, widen(s, n)));
            }
        }
        if has_gap(&c, opts, PaddingReason::AllocSizeExcess) {
            for f in &mut c.fields {
                if let Ty::Vector { scalar, len: 3 } = innermost(&f.ty) {
                    let new = Ty::vector(*scalar, 4);
                    f.ty = rewrap(&f.ty, &new);
                }
            }
        }
        // Then every gap left, written out where it is.
        let node = layout_type(&Ty::Struct(Arc::new(c.clone())), opts).ok()?;
        let NodeKind::Struct {
            fields, padding, ..
        } = &node.kind
        else {
            return None;
        };
        let mut names = PadNames::new(c.fields.iter().map(|f| &*f.name));
        let mut before: Vec<Vec<Field>> = vec![Vec::new(); c.fields.len() + 1];
        for p in padding {
            let end = p.offset.get() + p.size.get();
            let k = fields
                .iter()
                .position(|f| f.node.offset.get() >= end)
                .unwrap_or(fields.len());
            let pads = pad_decls(
                opts,
                Scalar::Float,
                p.offset.get() - node.offset.get(),
                p.size.get(),
                false,
                &mut names,
            )?;
            before[k].extend(pads.into_iter().map(|d| d.field));
        }
        let mut fixed = c.clone();
        fixed.fields.clear();
        for (k, f) in c.fields.iter().enumerate() {
            fixed.fields.extend(before[k].iter().cloned());
            fixed.fields.push(f.clone());
        }
        fixed.fields.extend(before[c.fields.len()].iter().cloned());
        // Laid out again: no padding is left anywhere in it.
        let laid = layout_type(&Ty::Struct(Arc::new(fixed.clone())), opts).ok()?;
        if !laid.try_for_each_padding(&mut |_| false) {
            return None;
        }
        let moved = program_moves(&self.buffers, opts, self.opts.target, &fixed)?;
        let changed = fixed
            .fields
            .iter()
            .filter(|f| !st.fields.contains(f))
            .map(|f| decl_text(f).trim_end_matches(';').to_owned())
            .collect();
        // The uses: members of buffers and fields of plain structs.
        let program = self.program;
        let mut sites: Vec<(Span, Span, String)> = Vec::new();
        for (i, b) in program.buffers.iter().enumerate() {
            if b.element_type.as_deref() == Some(inst) {
                return None;
            }
            if b.element_type.is_some() {
                // `ConstantBuffer<S>`: its members are `S`'s fields.
                continue;
            }
            for (k, m) in b.members.iter().enumerate() {
                if !direct(&m.ty, inst) {
                    continue;
                }
                let span = *program.spans.get(i)?.members.get(k)?;
                let anchor = match b.kind {
                    cblower_layout::BufferKind::Globals => {
                        let d = self.files.decl(&program.sources, span, &m.name)?;
                        Span::new(span.file, d.start, d.start)
                    }
                    _ => self.keyword_before(program.spans[i].name, &["cbuffer", "tbuffer"])?,
                };
                sites.push((anchor, span, m.name.to_string()));
            }
        }
        for s in &program.structs {
            if *s.ty.name == *inst || !s.ty.all_fields().any(|f| mentions(&f.ty, inst)) {
                continue;
            }
            if s.ty.name.contains('<') {
                // Inside another template: its text is every instance's.
                return None;
            }
            for (f, span) in s.ty.all_fields().zip(&s.fields) {
                if direct(&f.ty, inst) {
                    let anchor = self.keyword_before(s.name, &["struct", "class"])?;
                    sites.push((anchor, *span, f.name.to_string()));
                }
            }
        }
        let anchor = sites.iter().map(|s| s.0).min_by_key(|s| s.start)?;
        if sites
            .iter()
            .any(|s| s.0.file != anchor.file || s.1.file != anchor.file)
        {
            return None;
        }
        let mut name = ident_of(inst);
        while program.structs.iter().any(|s| *s.ty.name == *name) {
            name.push('_');
        }
        let mut uses = Vec::new();
        for (_, span, member) in &sites {
            let fx = self.use_site(*span, member, template, &name)?;
            if !uses.contains(&fx) {
                uses.push(fx);
            }
        }
        let text = program.sources.text(anchor.file);
        let (indent, _) = crate::locate::indent_at(text, anchor.start);
        let mut def = format!("struct {name}\n{indent}{{\n");
        for f in &fixed.fields {
            def.push_str(&format!("{indent}    {}\n", decl_text(f)));
        }
        def.push_str(&format!("{indent}}};\n{indent}"));
        Some(Concrete {
            name,
            anchor,
            text: def,
            changed,
            uses,
            moved,
        })
    }

    /// The span (empty) of the keyword among `keywords` just before the
    /// name at `name`.
    fn keyword_before(&self, name: Span, keywords: &[&str]) -> Option<Span> {
        let text = self.program.sources.text(name.file);
        let head = text.get(..name.start as usize)?.trim_end();
        let word_start = head
            .char_indices()
            .rev()
            .find(|(_, c)| !(c.is_ascii_alphanumeric() || *c == '_'))
            .map_or(0, |(p, c)| p + c.len_utf8());
        keywords
            .contains(&&head[word_start..])
            .then(|| Span::new(name.file, word_start as u32, word_start as u32))
    }

    /// The edit that names `new` instead of the instance of `template` in
    /// the declaration of `member` (its name at `span`).
    fn use_site(&mut self, span: Span, member: &str, template: &str, new: &str) -> Option<FixIt> {
        let program = self.program;
        let d = self.files.decl(&program.sources, span, member)?;
        if d.comma.is_some() {
            return None;
        }
        let text = program.sources.text(span.file);
        let ty = text.get(d.start as usize..span.start as usize)?;
        let mut from = None;
        for (p, _) in ty.match_indices(template) {
            let ident = |c: char| c.is_ascii_alphanumeric() || c == '_';
            let before_ok = !ty[..p].ends_with(ident);
            let after = ty[p + template.len()..].trim_start();
            if before_ok && after.starts_with('<') {
                from = Some(p);
                break;
            }
        }
        let from = from?;
        let mut depth = 0i32;
        let mut end = None;
        for (q, ch) in ty[from..].char_indices() {
            match ch {
                '<' => depth += 1,
                '>' => {
                    depth -= 1;
                    if depth == 0 {
                        end = Some(from + q + 1);
                        break;
                    }
                }
                _ => {}
            }
        }
        let end = end?;
        let start = d.start + from as u32;
        Some(FixIt {
            start: self.loc(span, start),
            end: self.loc(span, d.start + end as u32),
            text: new.to_owned(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn instance_names_become_identifiers() {
        assert_eq!(ident_of("RingBuffer<float, 3>"), "RingBuffer_float_3");
        assert_eq!(ident_of("Pair<Inner<float3> >"), "Pair_Inner_float3");
        assert_eq!(ident_of("ns::Range<uint2>"), "ns_Range_uint2");
    }

    #[test]
    fn declarations_put_array_dimensions_after_the_name() {
        let f = Field::new(
            "items",
            Ty::array(Ty::array(Ty::vector(Scalar::Float, 4), 2), 3),
        );
        assert_eq!(decl_text(&f), "float4 items[3][2];");
        let g = Field::new("head", Ty::scalar(Scalar::Uint));
        assert_eq!(decl_text(&g), "uint head;");
    }

    #[test]
    fn only_direct_uses_are_renamed() {
        let inner = StructTy::new(
            "Ring<float, 3>",
            vec![Field::new("x", Ty::scalar(Scalar::Float))],
        );
        let ring = Ty::Struct(Arc::new(inner));
        let outer = Ty::Struct(Arc::new(StructTy::new(
            "Outer",
            vec![Field::new("r", ring.clone())],
        )));
        assert!(direct(&Ty::array(ring.clone(), 2), "Ring<float, 3>"));
        assert!(!direct(&outer, "Ring<float, 3>"));
        assert!(mentions(&outer, "Ring<float, 3>"));
        assert!(!mentions(&ring, "Ring<uint2, 4>"));
    }
}
