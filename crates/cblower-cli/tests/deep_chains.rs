//! Termination and linear time on degenerate IR (issue #14, item 6): a
//! 20,000-deep chain of pointer `select`s, a 10,000-deep chain of pointer
//! `phi`s, constant expressions nested 8,000 deep (deeper than `opt-22` can
//! parse on its default stack) and pointer cycles in unreachable blocks. The
//! modules are built here, run through the built `cblower-opt`
//! (`dxil-cbuffer-lowering`, and `dxil-lower` for the chains), and the
//! output is checked line by line. Nothing is timed: a quadratic walk makes
//! the test take minutes, a cycle without a visited set never ends.

use std::fmt::Write as _;
use std::path::PathBuf;
use std::process::{Command, Output};

const CBLOWER_OPT: &str = env!("CARGO_BIN_EXE_cblower-opt");

const HEADER: &str = r#"target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64-v48:16:16-v96:32:32-v192:64:64"
target triple = "dxil-pc-shadermodel6.6-compute"

%__cblayout_CB = type <{ [4 x <4 x float>], <4 x float> }>
@CB.cb = global target("dx.CBuffer", %__cblayout_CB) poison
@a = external hidden addrspace(2) global [4 x <4 x float>], align 4
@b = external hidden addrspace(2) global <4 x float>, align 4
"#;

const FOOTER: &str = "!hlsl.cbs = !{!0}\n\
                      !0 = !{ptr @CB.cb, ptr addrspace(2) @a, ptr addrspace(2) @b}\n";

/// Creates the handle and stores it into `@CB.cb` (what an inlined entry
/// point does), so `dxil-lower` can forward it.
const CREATE_HANDLE: &str = "  %h = call target(\"dx.CBuffer\", %__cblayout_CB) @llvm.dx.resource.handlefrombinding.tdx.CBuffer_s___cblayout_CBst(i32 0, i32 0, i32 1, i32 0, ptr null)\n  store target(\"dx.CBuffer\", %__cblayout_CB) %h, ptr @CB.cb, align 4\n";

const HANDLE_DECL: &str = "declare target(\"dx.CBuffer\", %__cblayout_CB) @llvm.dx.resource.handlefrombinding.tdx.CBuffer_s___cblayout_CBst(i32, i32, i32, i32, ptr)\n";

const LEGACY_LOAD: &str =
    "%x.load = call %dx.types.CBufRet.f32 @dx.op.cbufferLoadLegacy.f32(i32 59, %dx.types.Handle %h_annot, ";

const ROW_LOAD: &str = "@llvm.dx.resource.load.cbufferrow.4.f32.f32.f32.f32.tdx.CBuffer_s___cblayout_CBst(target(\"dx.CBuffer\", %__cblayout_CB)";

fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("deep-chains");
    std::fs::create_dir_all(&dir).expect("create the scratch directory");
    dir.join(name)
}

/// Runs `cblower-opt -S -passes=<passes>` on `body` (between the header and
/// `!hlsl.cbs`) and returns the process output and the output file's text.
fn lower(name: &str, body: &str, passes: &str) -> (Output, Option<String>) {
    let input = scratch(&format!("{name}.ll"));
    let output = scratch(&format!("{name}.out.ll"));
    let _ = std::fs::remove_file(&output);
    std::fs::write(&input, format!("{HEADER}\n{body}\n{FOOTER}")).expect("write the input");
    let run = Command::new(CBLOWER_OPT)
        .arg("-S")
        .arg(format!("-passes={passes}"))
        .arg(&input)
        .arg("-o")
        .arg(&output)
        .output()
        .expect("run cblower-opt");
    let text = std::fs::read_to_string(&output).ok();
    (run, text)
}

fn expect_success(name: &str, run: &Output, text: Option<String>) -> String {
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert_eq!(run.status.code(), Some(0), "{name}: stderr:\n{stderr}");
    text.unwrap_or_else(|| panic!("{name}: no output file"))
}

fn expect_in_order(name: &str, text: &str, lines: &[String]) {
    let mut rest = text;
    for line in lines {
        match rest.find(line.as_str()) {
            Some(at) => rest = &rest[at + line.len()..],
            None => panic!("{name}: `{line}` missing (or out of order) in the output"),
        }
    }
}

#[test]
fn select_chain_of_20000_pointers() {
    const N: usize = 20_000;
    let mut body = format!("define float @f(i32 %c) {{\nentry:\n{CREATE_HANDLE}");
    let mut prev = "@a".to_owned();
    for i in 0..N {
        writeln!(
            body,
            "  %c{i} = icmp eq i32 %c, {i}\n  %s{i} = select i1 %c{i}, ptr addrspace(2) @b, ptr addrspace(2) {prev}"
        )
        .unwrap();
        prev = format!("%s{i}");
    }
    writeln!(
        body,
        "  %x = load float, ptr addrspace(2) {prev}, align 4\n  ret float %x\n}}\n{HANDLE_DECL}"
    )
    .unwrap();
    let (run, text) = lower("selects-lower", &body, "dxil-lower");
    let text = expect_success("selects, dxil-lower", &run, text);
    expect_in_order(
        "selects, dxil-lower",
        &text,
        &[
            format!(
                "%s{}.row = select i1 %c{}, i32 4, i32 %s{}.row",
                N - 1,
                N - 1,
                N - 2
            ),
            format!("{LEGACY_LOAD}i32 %s{}.row)", N - 1),
        ],
    );
    let (run, text) = lower("selects", &body, "dxil-cbuffer-lowering");
    let text = expect_success("selects", &run, text);
    // @b is row 4, @a row 0; each select picks a row.
    let mut lines = vec!["%s0.row = select i1 %c0, i32 4, i32 0".to_owned()];
    for i in 1..N {
        lines.push(format!(
            "%s{i}.row = select i1 %c{i}, i32 4, i32 %s{}.row",
            i - 1
        ));
    }
    lines.push(format!(
        "%x.load = call {{ float, float, float, float }} {ROW_LOAD}"
    ));
    lines.push(format!("i32 %s{}.row)", N - 1));
    lines.push("%x.extract = extractvalue { float, float, float, float } %x.load, 0".into());
    lines.push("ret float %x.extract".into());
    expect_in_order("selects", &text, &lines);
    assert!(
        !text.contains("call ptr addrspace(2)"),
        "a cbuffer pointer is left"
    );
}

#[test]
fn phi_chain_of_10000_pointers() {
    const N: usize = 10_000;
    let mut body =
        format!("define float @f(i32 %c) {{\nentry:\n{CREATE_HANDLE}  br label %bb0\nbb0:\n");
    let mut prev = "@a".to_owned();
    for i in 1..=N {
        writeln!(
            body,
            "  %c{i} = icmp eq i32 %c, {i}\n  br i1 %c{i}, label %bb{i}, label %mid{i}\nmid{i}:\n  br label %bb{i}\nbb{i}:\n  %p{i} = phi ptr addrspace(2) [ {prev}, %bb{} ], [ @b, %mid{i} ]",
            i - 1
        )
        .unwrap();
        prev = format!("%p{i}");
    }
    writeln!(
        body,
        "  %x = load float, ptr addrspace(2) {prev}, align 4\n  ret float %x\n}}\n{HANDLE_DECL}"
    )
    .unwrap();
    let (run, text) = lower("phis-lower", &body, "dxil-lower");
    let text = expect_success("phis, dxil-lower", &run, text);
    expect_in_order(
        "phis, dxil-lower",
        &text,
        &[
            format!(
                "%p{N}.row = phi i32 [ %p{}.row, %bb{} ], [ 4, %mid{N} ]",
                N - 1,
                N - 1
            ),
            format!("{LEGACY_LOAD}i32 %p{N}.row)"),
        ],
    );
    let (run, text) = lower("phis", &body, "dxil-cbuffer-lowering");
    let text = expect_success("phis", &run, text);
    let mut lines = vec!["%p1.row = phi i32 [ 0, %bb0 ], [ 4, %mid1 ]".to_owned()];
    for i in 2..=N {
        lines.push(format!(
            "%p{i}.row = phi i32 [ %p{}.row, %bb{} ], [ 4, %mid{i} ]",
            i - 1,
            i - 1
        ));
    }
    lines.push(format!("i32 %p{N}.row)"));
    lines.push("%x.extract = extractvalue { float, float, float, float } %x.load, 0".into());
    expect_in_order("phis", &text, &lines);
}

#[test]
fn constant_expressions_nested_8000_deep() {
    const N: usize = 8_000;
    // @b + 4, then alternately +20 and -16 bytes: 4 + 4000 * 4 would leave
    // the buffer, so the steps are +16 and -16 with one +4 at the bottom:
    // byte 64 + 4 = row 4, element 1.
    let mut expr = "getelementptr (i8, ptr addrspace(2) @b, i32 4)".to_owned();
    for i in 0..N {
        let step = if i % 2 == 0 { 16 } else { -16 };
        expr = format!("getelementptr (i8, ptr addrspace(2) {expr}, i32 {step})");
    }
    let body = format!(
        "define float @f() {{\n  %x = load float, ptr addrspace(2) {expr}, align 4\n  ret float %x\n}}"
    );
    let (run, text) = lower("nested-constants", &body, "dxil-cbuffer-lowering");
    let text = expect_success("nested-constants", &run, text);
    let (row, element) = (4, 1);
    expect_in_order(
        "nested-constants",
        &text,
        &[
            format!("%x.load = call {{ float, float, float, float }} {ROW_LOAD}"),
            format!("i32 {row})"),
            format!(
                "%x.extract = extractvalue {{ float, float, float, float }} %x.load, {element}"
            ),
            "ret float %x.extract".into(),
        ],
    );
}

#[test]
fn pointer_cycles_in_unreachable_blocks_terminate() {
    // A self-referencing GEP feeding a phi, and a self-referencing phi: the
    // walk terminates, and since the cycle is not a cbuffer pointer the load
    // moves into each arm of the merge (pointer_merge.rs): the reachable arm
    // reads row 0, the unreachable one keeps its load through the cycle.
    for (name, body, cycle) in [
        (
            "self-gep",
            "define float @h() {\nentry:\n  br label %loop\nloop:\n  %p = phi ptr addrspace(2) [ @a, %entry ], [ %q, %dead ]\n  %x = load float, ptr addrspace(2) %p, align 4\n  ret float %x\ndead:\n  %q = getelementptr i8, ptr addrspace(2) %q, i32 16\n  br label %loop\n}",
            "%q",
        ),
        (
            "self-phi",
            "define float @h() {\nentry:\n  br label %loop\nloop:\n  %p = phi ptr addrspace(2) [ @a, %entry ], [ %r, %dead ]\n  %x = load float, ptr addrspace(2) %p, align 4\n  ret float %x\ndead:\n  %r = phi ptr addrspace(2) [ %r, %dead2 ]\n  br label %loop\ndead2:\n  br label %dead\n}",
            "%r",
        ),
    ] {
        let (run, text) = lower(name, body, "dxil-cbuffer-lowering");
        let text = expect_success(name, &run, text);
        expect_in_order(
            name,
            &text,
            &[
                format!("%x.p0.load = call {{ float, float, float, float }} {ROW_LOAD} %CB.cb, i32 0)"),
                "%x.p0.extract = extractvalue { float, float, float, float } %x.p0.load, 0".into(),
                "%x = phi float [ %x.p0.extract, %entry ], [ %x.p1, %dead ]".into(),
                format!("%x.p1 = load float, ptr addrspace(2) {cycle}, align 4"),
            ],
        );
    }
}
