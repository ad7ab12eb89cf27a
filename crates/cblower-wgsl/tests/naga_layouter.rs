//! Our WGSL layouts against naga's own: for every struct of every file in
//! `tests/wgsl/`, the offsets naga's front end gives the members, the size
//! and alignment `naga::proc::Layouter` gives the struct, and the size,
//! alignment and array stride it gives every member type, must equal what
//! the layout engine computes under `wgsl-storage`.
//!
//! naga and the WGSL specification differ in one place, pinned below with
//! both numbers: naga's `Layouter` gives a struct the largest alignment of
//! its members' *types*, ignoring `@align(n)` on a member, where WGSL's
//! AlignOf(S) is the largest AlignOfMember, `@align` included. A struct
//! holding such a struct, or an array of it, is then placed differently.
//! The uniform address space's checks are not part of naga's `Layouter` (its
//! validator applies them), so uniform buffers are compared on their storage
//! layout and their acceptance is pinned per file.

use std::path::PathBuf;

use cblower_layout::{layout_type, LayoutOptions, Node, NodeKind, RuleSet, Ty, WgslAddressSpace};

fn files() -> Vec<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/wgsl");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("tests/wgsl")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "wgsl"))
        .collect();
    files.sort();
    files
}

fn storage() -> LayoutOptions {
    LayoutOptions::new(RuleSet::Wgsl(WgslAddressSpace::Storage))
}

/// The structs where naga's Layouter is not the specification (see the
/// module comment): (file, struct).
const NAGA_IGNORES_MEMBER_ALIGN: &[(&str, &str)] = &[("23_nested_align.wgsl", "Outer")];

struct Naga {
    module: naga::Module,
    layouter: naga::proc::Layouter,
}

fn naga_of(text: &str) -> Naga {
    let module = naga::front::wgsl::parse_str(text).expect("naga parses the file");
    let mut layouter = naga::proc::Layouter::default();
    layouter.update(module.to_ctx()).expect("naga lays it out");
    Naga { module, layouter }
}

fn struct_fields(node: &Node) -> &[cblower_layout::FieldNode] {
    match &node.kind {
        NodeKind::Struct { fields, .. } => fields,
        other => panic!("not a struct: {other:?}"),
    }
}

#[test]
fn every_struct_matches_naga_layouter() {
    let mut structs = 0;
    let mut members = 0;
    let mut raised = Vec::new();
    let files = files();
    assert!(files.len() >= 20, "only {} WGSL files", files.len());
    for path in &files {
        let file = path
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or_default();
        let text = std::fs::read_to_string(path).expect("read");
        let naga = naga_of(&text);
        let ours =
            cblower_wgsl::parse_wgsl(file, &text).unwrap_or_else(|e| panic!("{}", e.render(false)));
        // Every named struct of the module is converted.
        let naga_structs = naga
            .module
            .types
            .iter()
            .filter(|(_, t)| matches!(t.inner, naga::TypeInner::Struct { .. }))
            .count();
        assert_eq!(
            ours.structs.len(),
            naga_structs,
            "{file}: structs converted"
        );
        for (name, ty) in &ours.structs {
            if NAGA_IGNORES_MEMBER_ALIGN.contains(&(file, name.as_ref())) {
                continue;
            }
            let (handle, t) = naga
                .module
                .types
                .iter()
                .find(|(_, t)| t.name.as_deref() == Some(name.as_ref()))
                .unwrap_or_else(|| panic!("{file}: naga has no struct {name}"));
            let naga::TypeInner::Struct { members: nm, span } = &t.inner else {
                panic!("{file}: {name} is not a struct in naga");
            };
            let node = layout_type(ty, storage()).unwrap_or_else(|e| panic!("{file}: {name}: {e}"));
            let layout = naga.layouter[handle];
            assert_eq!(node.size.get(), u64::from(*span), "{file}: size of {name}");
            assert_eq!(
                node.size.get(),
                u64::from(layout.size),
                "{file}: Layouter size of {name}"
            );
            let Ty::Struct(decl) = ty else { unreachable!() };
            let fields = struct_fields(&node);
            // The specification: the largest member alignment, @align
            // included. naga's Layouter: the largest member *type*
            // alignment.
            let spec_align = fields
                .iter()
                .map(|f| f.node.align.bytes())
                .max()
                .unwrap_or(1);
            let type_align = fields
                .iter()
                .map(|f| {
                    layout_type(&f.ty, storage())
                        .map(|n| n.align.bytes())
                        .unwrap_or(0)
                })
                .max()
                .unwrap_or(1);
            assert_eq!(
                node.align.bytes(),
                spec_align,
                "{file}: alignment of {name}"
            );
            assert_eq!(
                u64::from(layout.alignment.round_up(1)),
                type_align,
                "{file}: naga's alignment of {name}"
            );
            if spec_align != type_align {
                raised.push(format!("{file}: {name} {type_align} -> {spec_align}"));
            }
            assert_eq!(fields.len(), nm.len(), "{file}: members of {name}");
            for ((f, m), d) in fields.iter().zip(nm).zip(&decl.fields) {
                let what = format!("{file}: {name}.{}", f.name);
                assert_eq!(Some(f.name.as_ref()), m.name.as_deref(), "{what}");
                assert_eq!(f.node.offset.get(), u64::from(m.offset), "{what}: offset");
                // The member's type laid out alone, against the Layouter.
                let alone = layout_type(&f.ty, storage()).unwrap_or_else(|e| panic!("{what}: {e}"));
                let ml = naga.layouter[m.ty];
                assert_eq!(alone.size.get(), u64::from(ml.size), "{what}: type size");
                assert_eq!(
                    alone.align.bytes(),
                    u64::from(ml.alignment.round_up(1)),
                    "{what}: type alignment"
                );
                if d.align.is_none() {
                    assert_eq!(f.node.align, alone.align, "{what}: member alignment");
                }
                if let naga::TypeInner::Array { stride, .. } = naga.module.types[m.ty].inner {
                    let NodeKind::Array { stride: ours, .. } = &alone.kind else {
                        panic!("{what}: not an array");
                    };
                    assert_eq!(ours.get(), u64::from(stride), "{what}: stride");
                }
                members += 1;
            }
            structs += 1;
        }
    }
    // Where @align raises a struct's alignment above naga's Layouter's.
    assert_eq!(
        raised,
        [
            "07_align_size.wgsl: Block 16 -> 32",
            "23_nested_align.wgsl: Inner 4 -> 16",
        ]
    );
    // All the structs of the 23 files but Outer, which naga places differently.
    assert_eq!((structs, members), (48, 199));
}

#[test]
fn every_buffer_matches_naga_offsets_under_storage_rules() {
    let mut buffers = 0;
    for path in files() {
        let file = path
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or_default()
            .to_owned();
        if file == "23_nested_align.wgsl" {
            continue;
        }
        let text = std::fs::read_to_string(&path).expect("read");
        let naga = naga_of(&text);
        let ours = cblower_wgsl::parse_wgsl(&file, &text)
            .unwrap_or_else(|e| panic!("{}", e.render(false)));
        let layouts = ours
            .lay_out(Some(RuleSet::Wgsl(WgslAddressSpace::Storage)))
            .unwrap_or_else(|d| panic!("{}", d.render(&ours.sources, false)));
        for (b, l) in ours.buffers.iter().zip(&layouts) {
            let (_, var) = naga
                .module
                .global_variables
                .iter()
                .find(|(_, v)| v.name.as_deref() == Some(b.decl.name.as_ref()))
                .expect("variable");
            let layout = naga.layouter[var.ty];
            assert_eq!(
                l.size().get(),
                u64::from(layout.size),
                "{file}: {}",
                b.decl.name
            );
            if let naga::TypeInner::Struct { members, .. } = &naga.module.types[var.ty].inner {
                let ours: Vec<u64> = l.members().map(|m| m.offset().get()).collect();
                let theirs: Vec<u64> = members.iter().map(|m| u64::from(m.offset)).collect();
                assert_eq!(ours, theirs, "{file}: {}", b.decl.name);
            }
            buffers += 1;
        }
    }
    assert_eq!(buffers, 39);
}

/// naga's Layouter against the specification on `@align` inside a nested
/// struct: both numbers.
#[test]
fn naga_ignores_member_align_in_struct_alignment() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/wgsl/23_nested_align.wgsl");
    let text = std::fs::read_to_string(path).expect("read");
    let naga = naga_of(&text);
    let ours = cblower_wgsl::parse_wgsl("23_nested_align.wgsl", &text).expect("parses");
    let find = |name: &str| {
        naga.module
            .types
            .iter()
            .find(|(_, t)| t.name.as_deref() == Some(name))
            .expect("type")
    };
    let (inner, _) = find("Inner");
    let (_, outer) = find("Outer");
    // naga: Inner aligns to 4 (its members' types), size 16.
    assert_eq!(naga.layouter[inner].alignment.round_up(1), 4);
    assert_eq!(naga.layouter[inner].size, 16);
    let naga::TypeInner::Struct { members, span } = &outer.inner else {
        unreachable!()
    };
    let naga_offsets: Vec<u32> = members.iter().map(|m| m.offset).collect();
    // a 0, inner 4, tail 20, list 24 (stride 16), size 56.
    assert_eq!((naga_offsets, *span), (vec![0, 4, 20, 24], 56));

    // The specification: AlignOf(Inner) = 16 (@align(16) x), so inner 16,
    // tail 32, list 48, size 80.
    let ty = |name: &str| {
        ours.structs
            .iter()
            .find(|(n, _)| n.as_ref() == name)
            .expect("ours")
            .1
            .clone()
    };
    let inner = layout_type(&ty("Inner"), storage()).expect("Inner");
    assert_eq!((inner.size.get(), inner.align.bytes()), (16, 16));
    let outer = layout_type(&ty("Outer"), storage()).expect("Outer");
    let offsets: Vec<u64> = struct_fields(&outer)
        .iter()
        .map(|f| f.node.offset.get())
        .collect();
    assert_eq!((offsets, outer.size.get()), (vec![0, 16, 32, 48], 80));
}

/// Which uniform buffers pass the uniform address space's checks: all of
/// them but `waves_uniform` of file 22 (an array at byte 8).
#[test]
fn uniform_buffers_accept_or_reject_as_pinned() {
    let mut uniforms = 0;
    for path in files() {
        let file = path
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or_default()
            .to_owned();
        let text = std::fs::read_to_string(&path).expect("read");
        let ours = cblower_wgsl::parse_wgsl(&file, &text).expect("parses");
        uniforms += ours
            .buffers
            .iter()
            .filter(|b| b.access == cblower_wgsl::Access::Uniform)
            .count();
        match ours.lay_out(None) {
            Ok(_) => assert_ne!(file, "22_misaligned_uniform.wgsl"),
            Err(d) => {
                assert_eq!(file, "22_misaligned_uniform.wgsl");
                assert_eq!(
                    d.message,
                    "'waves': array 'waves' at byte offset 8: uniform buffers require arrays to start at a multiple of 16"
                );
                assert_eq!(d.help.as_deref(), Some("put @align(16) on this member"));
                let loc = d.location(&ours.sources).expect("located");
                assert_eq!((loc.line, loc.column), (11, 5));
            }
        }
    }
    assert_eq!(uniforms, 20);
}
