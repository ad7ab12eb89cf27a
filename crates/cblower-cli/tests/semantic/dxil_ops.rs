//! Running a generated module through the whole `dxil-lower` pipeline with
//! `lli`.
//!
//! The input is made to look like inlined entry points: every test
//! function starts with the handle creations of all buffers (the bodies of
//! the `_init_buffer_` functions, which are removed) with the seed's
//! explicit or implicit [bindings](super::binding) (ranges, constant or
//! run-time indices), and the triple is the seed's [`DXIL_TRIPLES`](super::binding::DXIL_TRIPLES) entry,
//! which decides between `createHandle` and `createHandleFromBinding`.
//!
//! After the pipeline the DXIL operations are given definitions that check
//! their arguments against what the generator decided independently and
//! then behave like the hardware:
//!
//! * `createHandleFromBinding(217, ResBind { lower, upper, space, 2 }, r,
//!   false)` and `createHandle(57, 2, <binding ID>, r, false)` return a
//!   handle `{ ptr }` holding the bytes of the buffer whose range that is,
//!   `r` being its register (lower bound + index), `upper` the end of the
//!   range (`-1` unbounded) and the binding ID the rank of
//!   `(space, lower, range)` among the buffers' bindings;
//! * `annotateHandle(216, h, ResourceProperties { 13, size })` checks the
//!   size against the buffer's layout size and returns `h`;
//! * `cbufferLoadLegacy.<o>(59, h, row)` checks that the row is inside the
//!   buffer and returns `h + 16 * row`, where the caller loads the
//!   `%dx.types.CBufRet` struct ([`row_call_through_memory`]).
//!
//! A wrong argument prints the call to standard error and exits with
//! status 3, so the run fails with the call named.

use std::collections::BTreeSet;
use std::fmt::Write as _;

use super::binding::{same_range, Binding};
use super::build::Generated;
use super::exec::{bytes_literal, common, row_call_through_memory, without_init_functions, SLACK};

/// What the lowered modules contained, summed over a run for the coverage
/// assertions.
#[derive(Clone, Debug, Default)]
pub struct OpsSeen {
    /// `cbufferLoadLegacy` overloads (`f16`, `i32`, ...).
    pub overloads: BTreeSet<String>,
    /// Modules lowered with `createHandle` (DXIL before 1.6).
    pub create_handle: usize,
    /// Modules lowered with `createHandleFromBinding` + `annotateHandle`.
    pub from_binding: usize,
    /// Buffers bound implicitly.
    pub implicit_buffers: usize,
    /// Buffers in a range of several registers, or an unbounded one.
    pub ranged_buffers: usize,
    pub unbounded_buffers: usize,
    /// Buffers whose handle index is a run-time value.
    pub dynamic_indices: usize,
    /// Buffers bound to another element of an earlier buffer's range.
    pub shared_ranges: usize,
}

impl OpsSeen {
    pub fn add(&mut self, other: &OpsSeen) {
        self.overloads.extend(other.overloads.iter().cloned());
        self.create_handle += other.create_handle;
        self.from_binding += other.from_binding;
        self.implicit_buffers += other.implicit_buffers;
        self.ranged_buffers += other.ranged_buffers;
        self.unbounded_buffers += other.unbounded_buffers;
        self.dynamic_indices += other.dynamic_indices;
        self.shared_ranges += other.shared_ranges;
    }
}

/// The `dxil-lower` input made from `ir` (the emitted module, or it after
/// InstCombine): the seed's triple, and the handle creations at the top of
/// every test function, with the seed's bindings (see [`creation`]), in
/// place of the init functions (as after inlining). With
/// `creations_in_own_block` the creations end the entry block, which
/// branches to the reads, so forwarding the handles goes through dominance
/// across blocks.
pub fn entry_module(
    g: &Generated,
    ir: &str,
    creations_in_own_block: bool,
) -> Result<String, String> {
    let mut creations = Vec::new();
    let mut in_init = false;
    // From the generated (-O0) module: LLVM's -O1 deletes the unused init
    // functions; their creations are the same in every variant.
    for line in g.ir.lines() {
        if line.starts_with("define") && line.contains("@_init_buffer_") {
            in_init = true;
        } else if in_init && line == "}" {
            in_init = false;
        } else if in_init
            && !line.ends_with(':')
            && !line.is_empty()
            && !line.trim_start().starts_with("ret ")
        {
            creations.push(creation(g, line)?);
        }
    }
    if creations.len() != 2 * g.buffers.len() {
        return Err(format!(
            "expected a handle creation and a store per buffer in the init functions, found {} lines",
            creations.len()
        ));
    }
    let mut out = String::with_capacity(ir.len() * 2);
    let mut in_case = false;
    for line in without_init_functions(ir) {
        if line.starts_with("target triple") {
            let _ = writeln!(out, "target triple = \"{}\"", g.dxil_triple);
            continue;
        }
        out.push_str(line);
        out.push('\n');
        if line.starts_with("define void @case_") {
            in_case = true;
        } else if in_case && line.ends_with(':') {
            for c in &creations {
                out.push_str(c);
            }
            if creations_in_own_block {
                out.push_str("  br label %case.body\ncase.body:\n");
            }
            in_case = false;
        }
    }
    // The name strings the creations use, when LLVM's -O1 deleted them with
    // the init functions.
    for line in g.ir.lines() {
        if let Some((global, _)) = line.split_once(".str = ") {
            if global.starts_with('@') && !ir.contains(&format!("{global}.str = ")) {
                out.push_str(line);
                out.push('\n');
            }
        }
    }
    Ok(out)
}

/// A line of an init function, with a handle creation's arguments set to
/// the buffer's binding: `(order, space, range, index, name)` for an
/// implicit one, `(space, lower, range, index, name)` for an explicit one,
/// the index computed by a `freeze` first when it is a run-time value.
fn creation(g: &Generated, line: &str) -> Result<String, String> {
    if !line.contains("@llvm.dx.resource.handlefrom") {
        return Ok(format!("{line}\n"));
    }
    let (b, (name, _)) = g
        .buffers
        .iter()
        .enumerate()
        .find(|(_, (name, _))| line.contains(&format!(" @{name}.str)")))
        .ok_or_else(|| format!("handle creation of no known buffer: {line}"))?;
    let binding = &g.bindings[b];
    let callee = line
        .find("@llvm.dx.resource.handlefrom")
        .unwrap_or_default();
    let (Some(open), Some(close)) = (
        line[callee..].find('(').map(|k| k + callee),
        line[callee..].find(')').map(|k| k + callee),
    ) else {
        return Err(format!("no arguments: {line}"));
    };
    let mut out = String::new();
    let index = if binding.dynamic_index {
        let _ = writeln!(out, "  %{name}.index = freeze i32 {}", binding.index);
        format!("%{name}.index")
    } else {
        binding.index.to_string()
    };
    let (first, second) = match binding.implicit_order {
        Some(order) => (order, binding.space),
        None => (binding.space, binding.lower),
    };
    let _ = writeln!(
        out,
        "{}(i32 {first}, i32 {second}, i32 {}, i32 {index}, ptr @{name}.str{}",
        &line[..open],
        binding.range,
        &line[close..]
    );
    Ok(out)
}

/// The DXIL minor version of `triple` (`dxilv1.N-...` or `...shadermodel6.N-...`).
fn dxil_minor(triple: &str) -> Result<u32, String> {
    let version = match triple.strip_prefix("dxilv") {
        Some(rest) => rest.split('-').next(),
        None => triple
            .split('-')
            .nth(2)
            .and_then(|os| os.strip_prefix("shadermodel")),
    };
    version
        .and_then(|v| v.split_once('.'))
        .and_then(|(_, minor)| minor.parse().ok())
        .ok_or_else(|| format!("no DXIL version in {triple}"))
}

/// Text the lowered module must not contain: every cbuffer intrinsic,
/// handle global, address space 2 pointer and name string is gone.
const LEFT_OVER: [&str; 5] = [
    "llvm.dx.resource.",
    "dx.CBuffer",
    "addrspace(2)",
    "!hlsl.cbs",
    ".str = ",
];

/// True for a `declare` line whose function no other line mentions (the
/// access passes leave the `getpointer` declaration behind, as LLVM does).
fn is_unused_declaration(module: &str, line: &str) -> bool {
    let Some(name) = line
        .strip_prefix("declare ")
        .and_then(|rest| rest.split_once(" @"))
        .and_then(|(_, rest)| rest.split_once('('))
        .map(|(name, _)| format!("@{name}("))
    else {
        return false;
    };
    module.lines().filter(|l| l.contains(&name)).count() == 1
}

/// The `lli` module for `cblower-opt -passes=dxil-lower`'s output `lowered`,
/// after checking its shape.
pub fn op_lowered_module(
    seed: u64,
    g: &Generated,
    lowered: &str,
) -> Result<(String, OpsSeen), String> {
    for bad in LEFT_OVER {
        if let Some(line) = lowered
            .lines()
            .find(|l| l.contains(bad) && !is_unused_declaration(lowered, l))
        {
            return Err(format!("`{bad}` is left after dxil-lower: {line}"));
        }
    }
    let from_binding = dxil_minor(g.dxil_triple)? >= 6;
    let has = |name: &str| lowered.contains(&format!("@dx.op.{name}("));
    if has("createHandle") == from_binding
        || has("createHandleFromBinding") != from_binding
        || has("annotateHandle") != from_binding
    {
        return Err(format!(
            "{}: expected {} handles",
            g.dxil_triple,
            if from_binding {
                "createHandleFromBinding + annotateHandle"
            } else {
                "createHandle"
            }
        ));
    }
    let count = |f: fn(&Binding) -> bool| g.bindings.iter().filter(|b| f(b)).count();
    let mut seen = OpsSeen {
        implicit_buffers: count(|b| b.implicit_order.is_some()),
        ranged_buffers: count(|b| b.range > 1),
        unbounded_buffers: count(|b| b.range == 0),
        dynamic_indices: count(|b| b.dynamic_index),
        shared_ranges: (0..g.bindings.len())
            .filter(|&k| {
                g.bindings[..k]
                    .iter()
                    .any(|o| same_range(o, &g.bindings[k]))
            })
            .count(),
        ..OpsSeen::default()
    };
    if from_binding {
        seen.from_binding = 1;
    } else {
        seen.create_handle = 1;
    }

    let mut out = String::new();
    let mut rows = 0;
    for line in without_init_functions(lowered) {
        let Some(l) = common(line) else { continue };
        if let Some(lines) = row_call_through_memory(&l, "@dx.op.cbufferLoadLegacy.", &mut rows) {
            out.push_str(&lines);
            continue;
        }
        if l.starts_with("declare") && l.contains("@dx.op.") {
            out.push_str(&op_definition(g, lowered, &l, &mut seen)?);
            continue;
        }
        out.push_str(&l);
        out.push('\n');
    }
    for (b, (_, size)) in g.buffers.iter().enumerate() {
        let len = size + SLACK;
        let _ = writeln!(
            out,
            "@__bytes_{b} = constant [{len} x i8] {}, align 16",
            bytes_literal(seed, b, 0, len)
        );
    }
    out.push_str(&helpers(g));
    out.push_str(&g.driver);
    Ok((out, seen))
}

/// `@__size(ptr)`: the layout size of the buffer whose bytes start at the
/// pointer, 0 for any other pointer; `@__fail`: reports a bad call.
fn helpers(g: &Generated) -> String {
    const FORMAT: &str = "%s: unexpected call %d %d %d %d";
    let mut s = format!(
        "\n@__fail.fmt = private constant [{} x i8] c\"{FORMAT}\\0A\\00\"\n",
        FORMAT.len() + 2
    );
    s.push_str(
        "declare i32 @dprintf(i32, ptr, ...)\n\
         declare void @exit(i32)\n\
         define void @__fail(ptr %what, i32 %a, i32 %b, i32 %c, i32 %d) {\n  \
         call i32 (i32, ptr, ...) @dprintf(i32 2, ptr @__fail.fmt, ptr %what, i32 %a, i32 %b, i32 %c, i32 %d)\n  \
         call void @exit(i32 3)\n  unreachable\n}\n\
         define i32 @__size(ptr %p) {\n",
    );
    let mut previous = "0".to_owned();
    for (b, (_, size)) in g.buffers.iter().enumerate() {
        let _ = write!(
            s,
            "  %is{b} = icmp eq ptr %p, @__bytes_{b}\n  %size{b} = select i1 %is{b}, i32 {size}, i32 {previous}\n"
        );
        previous = format!("%size{b}");
    }
    let _ = write!(s, "  ret i32 {previous}\n}}\n");
    s
}

/// A C string constant named `@__what.<name>` and its definition.
fn what(name: &str) -> String {
    format!(
        "@__what.{name} = private constant [{} x i8] c\"{name}\\00\"\n",
        name.len() + 1
    )
}

/// The definition replacing the declaration `decl` of a DXIL operation.
fn op_definition(
    g: &Generated,
    lowered: &str,
    decl: &str,
    seen: &mut OpsSeen,
) -> Result<String, String> {
    let at = decl.find(" @dx.op.").ok_or("no operation name")?;
    let ret = &decl["declare ".len()..at];
    let name_end = decl[at..].find('(').ok_or("no parameters")? + at;
    let name = &decl[at + 2..name_end];
    let params = &decl[name_end..];
    let expect_params = |want: &str| {
        if params.starts_with(want) {
            Ok(())
        } else {
            Err(format!("unexpected declaration: {decl}"))
        }
    };
    let mut s = String::new();
    match name {
        "dx.op.createHandleFromBinding" => {
            expect_params("(i32, %dx.types.ResBind, i32, i1)")?;
            s.push_str(&what("createHandleFromBinding"));
            s.push_str(
                "define %dx.types.Handle @dx.op.createHandleFromBinding(i32 %op, %dx.types.ResBind %bind, i32 %index, i1 %nu) {\n\
                 entry:\n  \
                 %lower = extractvalue %dx.types.ResBind %bind, 0\n  \
                 %upper = extractvalue %dx.types.ResBind %bind, 1\n  \
                 %space = extractvalue %dx.types.ResBind %bind, 2\n  \
                 %class8 = extractvalue %dx.types.ResBind %bind, 3\n  \
                 %class = zext i8 %class8 to i32\n  \
                 %op.ok = icmp eq i32 %op, 217\n  \
                 %class.ok = icmp eq i32 %class, 2\n  \
                 %nu.ok = xor i1 %nu, true\n  \
                 %ok.a = and i1 %op.ok, %class.ok\n  \
                 %ok.b = and i1 %ok.a, %nu.ok\n",
            );
            let mut found = "null".to_owned();
            for (b, binding) in g.bindings.iter().enumerate() {
                let _ = write!(
                    s,
                    "  %l{b} = icmp eq i32 %lower, {}\n  %u{b} = icmp eq i32 %upper, {}\n  \
                     %s{b} = icmp eq i32 %space, {}\n  %i{b} = icmp eq i32 %index, {}\n  \
                     %lu{b} = and i1 %l{b}, %u{b}\n  %lus{b} = and i1 %lu{b}, %s{b}\n  \
                     %is{b} = and i1 %lus{b}, %i{b}\n  %h{b} = select i1 %is{b}, ptr @__bytes_{b}, ptr {found}\n",
                    binding.lower,
                    binding.upper() as i32,
                    binding.space,
                    binding.register()
                );
                found = format!("%h{b}");
            }
            let _ = write!(
                s,
                "  %found = icmp ne ptr {found}, null\n  %ok = and i1 %ok.b, %found\n  \
                 br i1 %ok, label %good, label %bad\n\
                 bad:\n  \
                 call void @__fail(ptr @__what.createHandleFromBinding, i32 %lower, i32 %upper, i32 %space, i32 %index)\n  \
                 unreachable\n\
                 good:\n  \
                 %h = insertvalue %dx.types.Handle poison, ptr {found}, 0\n  \
                 ret %dx.types.Handle %h\n}}\n"
            );
        }
        "dx.op.createHandle" => {
            expect_params("(i32, i8, i32, i32, i1)")?;
            let key = |b: &Binding| (b.space, b.lower, b.range);
            let mut distinct: Vec<(u32, u32, u32)> = g.bindings.iter().map(key).collect();
            distinct.sort_unstable();
            distinct.dedup();
            s.push_str(&what("createHandle"));
            s.push_str(
                "define %dx.types.Handle @dx.op.createHandle(i32 %op, i8 %class8, i32 %id, i32 %index, i1 %nu) {\n\
                 entry:\n  \
                 %class = zext i8 %class8 to i32\n  \
                 %op.ok = icmp eq i32 %op, 57\n  \
                 %class.ok = icmp eq i32 %class, 2\n  \
                 %nu.ok = xor i1 %nu, true\n  \
                 %ok.a = and i1 %op.ok, %class.ok\n  \
                 %ok.b = and i1 %ok.a, %nu.ok\n",
            );
            let mut found = "null".to_owned();
            for (b, binding) in g.bindings.iter().enumerate() {
                let id = distinct
                    .iter()
                    .position(|d| *d == key(binding))
                    .unwrap_or_default();
                let _ = write!(
                    s,
                    "  %d{b} = icmp eq i32 %id, {id}\n  %i{b} = icmp eq i32 %index, {}\n  \
                     %is{b} = and i1 %d{b}, %i{b}\n  %h{b} = select i1 %is{b}, ptr @__bytes_{b}, ptr {found}\n",
                    binding.register()
                );
                found = format!("%h{b}");
            }
            let _ = write!(
                s,
                "  %found = icmp ne ptr {found}, null\n  %ok = and i1 %ok.b, %found\n  \
                 br i1 %ok, label %good, label %bad\n\
                 bad:\n  \
                 call void @__fail(ptr @__what.createHandle, i32 %op, i32 %class, i32 %id, i32 %index)\n  \
                 unreachable\n\
                 good:\n  \
                 %h = insertvalue %dx.types.Handle poison, ptr {found}, 0\n  \
                 ret %dx.types.Handle %h\n}}\n"
            );
        }
        "dx.op.annotateHandle" => {
            expect_params("(i32, %dx.types.Handle, %dx.types.ResourceProperties)")?;
            s.push_str(&what("annotateHandle"));
            s.push_str(
                "define %dx.types.Handle @dx.op.annotateHandle(i32 %op, %dx.types.Handle %h, %dx.types.ResourceProperties %props) {\n\
                 entry:\n  \
                 %base = extractvalue %dx.types.Handle %h, 0\n  \
                 %kind = extractvalue %dx.types.ResourceProperties %props, 0\n  \
                 %size = extractvalue %dx.types.ResourceProperties %props, 1\n  \
                 %want = call i32 @__size(ptr %base)\n  \
                 %op.ok = icmp eq i32 %op, 216\n  \
                 %kind.ok = icmp eq i32 %kind, 13\n  \
                 %size.ok = icmp eq i32 %size, %want\n  \
                 %known = icmp ne i32 %want, 0\n  \
                 %ok.a = and i1 %op.ok, %kind.ok\n  \
                 %ok.b = and i1 %ok.a, %size.ok\n  \
                 %ok = and i1 %ok.b, %known\n  \
                 br i1 %ok, label %good, label %bad\n\
                 bad:\n  \
                 call void @__fail(ptr @__what.annotateHandle, i32 %op, i32 %kind, i32 %size, i32 %want)\n  \
                 unreachable\n\
                 good:\n  \
                 ret %dx.types.Handle %h\n}\n",
            );
        }
        _ if name.starts_with("dx.op.cbufferLoadLegacy.") => {
            expect_params("(i32, %dx.types.Handle, i32)")?;
            let overload = &name["dx.op.cbufferLoadLegacy.".len()..];
            check_row_type(lowered, overload, ret)?;
            seen.overloads.insert(overload.to_owned());
            let tag = format!("cbufferLoadLegacy.{overload}");
            s.push_str(&what(&tag));
            let _ = write!(
                s,
                "define ptr @{name}(i32 %op, %dx.types.Handle %h, i32 %row) {{\n\
                 entry:\n  \
                 %base = extractvalue %dx.types.Handle %h, 0\n  \
                 %size = call i32 @__size(ptr %base)\n  \
                 %size15 = add i32 %size, 15\n  \
                 %rows = udiv i32 %size15, 16\n  \
                 %op.ok = icmp eq i32 %op, 59\n  \
                 %row.ok = icmp ult i32 %row, %rows\n  \
                 %ok = and i1 %op.ok, %row.ok\n  \
                 br i1 %ok, label %good, label %bad\n\
                 bad:\n  \
                 call void @__fail(ptr @__what.{tag}, i32 %op, i32 %row, i32 %rows, i32 0)\n  \
                 unreachable\n\
                 good:\n  \
                 %p = getelementptr [16 x i8], ptr %base, i32 %row\n  \
                 ret ptr %p\n}}\n"
            );
        }
        _ => return Err(format!("unexpected DXIL operation: {decl}")),
    }
    Ok(s)
}

/// Checks that `cbufferLoadLegacy.<overload>` returns `%dx.types.CBufRet`
/// of that overload (`.8` for 16-bit ones) defined with the right elements.
fn check_row_type(lowered: &str, overload: &str, ret: &str) -> Result<(), String> {
    let (element, count) = match overload {
        "f16" => ("half", 8),
        "i16" => ("i16", 8),
        "f32" => ("float", 4),
        "i32" => ("i32", 4),
        "f64" => ("double", 2),
        "i64" => ("i64", 2),
        _ => return Err(format!("unknown cbufferLoadLegacy overload {overload}")),
    };
    let want_name = if count == 8 {
        format!("%dx.types.CBufRet.{overload}.8")
    } else {
        format!("%dx.types.CBufRet.{overload}")
    };
    if ret != want_name {
        return Err(format!(
            "cbufferLoadLegacy.{overload} returns {ret}, not {want_name}"
        ));
    }
    let body = vec![element; count].join(", ");
    let want_def = format!("{want_name} = type {{ {body} }}");
    if !lowered.lines().any(|l| l == want_def) {
        return Err(format!("no type definition `{want_def}`"));
    }
    Ok(())
}
