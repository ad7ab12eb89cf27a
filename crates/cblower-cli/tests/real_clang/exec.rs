//! Turning a real clang-22 module (before or after the passes) into a module
//! `lli-22` can run on the host, with the cbuffers' bytes and the thread id
//! under the test's control.
//!
//! * Target types: `target("dx.Padding", N)` / `target("spirv.Padding", N)`
//!   become `[N x i8]`, every other `target(...)` (handles) becomes `ptr`;
//!   `spir_func` goes; the triple and data layout go (the host's are used).
//!   On DXIL, `<3 x T>` in packed (layout) structs and in GEP source types is spelled
//!   `[3 x T]`: DXIL gives a 3-element vector an alloc size of 3 elements,
//!   the host rounds it up, which would move packed layout elements.
//! * Before the passes, each cbuffer member global is defined as its buffer's
//!   bytes from the member's offset on.
//! * The DXIL and SPIR-V intrinsics are renamed `@__x.*` and defined:
//!   handle creation returns the buffer's bytes (found by the name string
//!   for cbuffers) or, for the output `RWBuffer`s, 256 bytes of `@__out` per
//!   register; `getpointer` on an output buffer returns element `i` (16-byte
//!   elements); the thread id is `@__tid` in dimension 0.
//! * Calls that read cbuffer memory after the passes become address
//!   arithmetic and a load: `load.cbufferrow.N(h, row)` and
//!   `dx.op.cbufferLoadLegacy(59, h, row)` load the literal row struct at
//!   `h + 16 * row`; SPIR-V's `getpointer(h, K)` is element K of the layout
//!   struct. `dx.op.createHandleFromBinding` returns the bytes of the buffer
//!   bound at that space and register, `annotateHandle` its handle.
//! * Every load claims `align 1` (clang claims the alignment of the type,
//!   which the host's vector loads would fault on inside a byte array).
//! * A driver, `@__driver`, calls every exported function (`void f(i32)` or
//!   `void main()`) once per index value, with `@__tid` set to it, and
//!   prints the output buffers' bytes as a hex line after each call.

use std::fmt::Write as _;

/// One cbuffer of the module, from `print-cbuffers`.
#[derive(Clone, Debug)]
pub struct Buffer {
    /// `CB` for `@CB.cb`, `$Globals` for `@"$Globals.cb"`.
    pub name: String,
    pub size: u64,
    /// Member global (as printed, without `@`, quotes kept) and offset.
    pub members: Vec<(String, u64)>,
    /// DXIL binding after implicit binding: (space, register).
    pub binding: Option<(u32, u32)>,
    /// Offsets of the 32-bit words holding a `bool` (from `cblower layout`):
    /// they hold 0 or 1, since clang's loads of them promise that.
    pub bools: Vec<u64>,
}

/// Which module is being made runnable.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    /// clang's output: member globals are defined over the bytes.
    Before,
    /// After a pass pipeline: the member globals are gone.
    After,
}

pub const INDICES: [u32; 5] = [0, 1, 2, 3, 6];
const SLACK: u64 = 64;
/// Registers of output buffers printed, 64 bytes each.
const OUT_REGISTERS: u64 = 2;

fn pattern(b: &Buffer, k: u64) -> u8 {
    if b.bools.contains(&(k & !3)) {
        return if k.is_multiple_of(4) {
            raw_pattern(&b.name, k) & 1
        } else {
            0
        };
    }
    raw_pattern(&b.name, k)
}

fn raw_pattern(buffer: &str, k: u64) -> u8 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in buffer.bytes() {
        h = (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3);
    }
    let x = h.wrapping_add(k.wrapping_mul(0x9e37_79b9_7f4a_7c15));
    let x = (x ^ (x >> 29)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    (x >> 40) as u8
}

fn bytes_literal(buffer: &Buffer, from: u64, len: u64) -> String {
    let mut s = String::from("c\"");
    for k in from..from + len {
        let _ = write!(s, "\\{:02X}", pattern(buffer, k));
    }
    s.push('"');
    s
}

/// The global naming a buffer: `@CB.str` / `@"$Globals.str"` style.
fn global_name(buffer: &str, suffix: &str) -> String {
    let plain = buffer
        .bytes()
        .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'.');
    if plain {
        format!("@{buffer}{suffix}")
    } else {
        format!("@\"{buffer}{suffix}\"")
    }
}

/// Index of the `)` closing the `(` at `open`.
fn closing(s: &str, open: usize) -> Option<usize> {
    let mut depth = 0usize;
    for (k, c) in s[open..].char_indices() {
        match c {
            '(' => depth += 1,
            ')' => {
                depth -= 1;
                if depth == 0 {
                    return Some(open + k);
                }
            }
            _ => {}
        }
    }
    None
}

/// Rewrites target types: padding to byte arrays, handles to `ptr`.
pub fn rewrite_target_types(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    let mut rest = line;
    while let Some(start) = rest.find("target(\"") {
        let Some(end) = closing(rest, start + 6) else {
            break;
        };
        out.push_str(&rest[..start]);
        let inner = &rest[start + 7..end];
        if inner.starts_with("\"dx.Padding\"") || inner.starts_with("\"spirv.Padding\"") {
            let n = inner.rsplit(',').next().unwrap_or("0").trim();
            let _ = write!(out, "[{n} x i8]");
        } else {
            out.push_str("ptr");
        }
        rest = &rest[end + 1..];
    }
    out.push_str(rest);
    out
}

fn three_vectors_as_arrays(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find("<3 x ") {
        let Some(len) = rest[start..].find('>') else {
            break;
        };
        out.push_str(&rest[..start]);
        let _ = write!(out, "[{}]", &rest[start + 1..start + len]);
        rest = &rest[start + len + 1..];
    }
    out.push_str(rest);
    out
}

/// On DXIL, 3-element vectors in GEP source element types as arrays.
fn gep_source_types(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    let mut rest = line;
    while let Some(at) = rest.find("getelementptr ") {
        let head = at + "getelementptr ".len();
        out.push_str(&rest[..head]);
        rest = &rest[head..];
        // Flags, then an optional `(` of a constant expression, then the type.
        loop {
            let word_end = rest.find(' ').unwrap_or(rest.len());
            let word = &rest[..word_end];
            if matches!(word, "inbounds" | "nuw" | "nusw") || word.starts_with("inrange(") {
                out.push_str(&rest[..(word_end + 1).min(rest.len())]);
                rest = &rest[(word_end + 1).min(rest.len())..];
            } else {
                break;
            }
        }
        if let Some(stripped) = rest.strip_prefix('(') {
            out.push('(');
            rest = stripped;
        }
        let end = rest.find(", ptr").unwrap_or(0);
        out.push_str(&three_vectors_as_arrays(&rest[..end]));
        rest = &rest[end..];
    }
    out.push_str(rest);
    out
}

fn unaligned_load(line: &str) -> String {
    if !line.contains(" = load ") {
        return line.to_owned();
    }
    let Some(at) = line.find(", align ") else {
        return line.to_owned();
    };
    let digits = line[at + 8..]
        .bytes()
        .take_while(u8::is_ascii_digit)
        .count();
    format!("{}, align 1{}", &line[..at], &line[at + 8 + digits..])
}

/// The callee of a call line (`@name` or `@"name"`), and where its name starts.
fn callee(line: &str) -> Option<(usize, &str)> {
    let at = line.find(" call ")?;
    let at = line[at..].find(" @")? + at + 1;
    let rest = &line[at..];
    let end = match rest.strip_prefix("@\"") {
        Some(quoted) => quoted.find('"')? + 3,
        None => rest.find('(')?,
    };
    Some((at, &rest[..end]))
}

/// The arguments of a call line, split at top-level commas.
fn call_args(line: &str, callee_at: usize) -> Option<(Vec<String>, usize, usize)> {
    let open = line[callee_at..].find('(')? + callee_at;
    let close = closing(line, open)?;
    let mut args = Vec::new();
    let mut depth = 0i32;
    let mut current = String::new();
    for c in line[open + 1..close].chars() {
        match c {
            '(' | '[' | '{' | '<' => depth += 1,
            ')' | ']' | '}' | '>' => depth -= 1,
            _ => {}
        }
        if c == ',' && depth == 0 {
            args.push(current.trim().to_owned());
            current.clear();
        } else {
            current.push(c);
        }
    }
    if !current.trim().is_empty() {
        args.push(current.trim().to_owned());
    }
    Some((args, open, close))
}

/// The value of an argument (`i32 noundef 3` -> `3`).
fn arg_value(arg: &str) -> &str {
    arg.rsplit(' ').next().unwrap_or(arg)
}

fn lhs(line: &str) -> Option<&str> {
    let (l, _) = line.split_once(" = ")?;
    let l = l.trim();
    l.starts_with('%').then_some(l)
}

/// `%x` -> `%x.__k` (also for quoted and numbered names).
fn derived(name: &str, suffix: &str) -> String {
    match name.strip_prefix("%\"") {
        Some(q) => format!("%\"{}{suffix}\"", q.trim_end_matches('"')),
        None => format!("%\"{}{suffix}\"", &name[1..]),
    }
}

/// Reads the layout type of a SPIR-V handle type
/// `target("spirv.VulkanBuffer", %L, 2, 0)`.
fn spirv_layout(arg: &str) -> Option<String> {
    let at = arg.find("target(\"spirv.VulkanBuffer\", ")?;
    let rest = &arg[at + "target(\"spirv.VulkanBuffer\", ".len()..];
    let end = rest.rfind(", 2, 0)")?;
    Some(rest[..end].to_owned())
}

/// Makes `ir` runnable; `dxil` selects the target's rewrites.
/// In a compute module only `main` is driven: the entry point creates the
/// output handles other functions read.
pub fn runnable(
    ir: &str,
    dxil: bool,
    side: Side,
    buffers: &[Buffer],
    compute: bool,
) -> Result<String, String> {
    let mut out = String::with_capacity(ir.len() * 2);
    let mut defs = String::new();
    let mut exported: Vec<(String, bool)> = Vec::new();
    let mut counter = 0usize;
    let has_global = |name: &str| ir.lines().any(|l| l.starts_with(&format!("{name} = ")));
    for raw in ir.lines() {
        if raw.starts_with("target datalayout") || raw.starts_with("target triple") {
            continue;
        }
        let is_decl = raw.starts_with("declare ");
        // Declarations of what the test defines or rewrites.
        if is_decl {
            let Some(at) = raw.find(" @") else {
                out.push_str(raw);
                out.push('\n');
                continue;
            };
            let name = raw[at + 2..].trim_start_matches('"');
            if name.starts_with("llvm.dx.") || name.starts_with("llvm.spv.") {
                defs.push_str(&intrinsic_definition(raw, name)?);
                continue;
            }
            if name.starts_with("dx.op.") {
                defs.push_str(&op_definition(name, buffers)?);
                continue;
            }
        }
        // Member globals before the passes.
        if side == Side::Before && raw.starts_with('@') && raw.contains(" = external ") {
            let name = raw[1..].split(" = ").next().unwrap_or_default();
            let member = buffers
                .iter()
                .find_map(|b| b.members.iter().find(|(m, _)| m == name).map(|m| (b, m)));
            if let Some((b, (_, offset))) = member {
                let space = raw
                    .split("addrspace(")
                    .nth(1)
                    .and_then(|r| r.split(')').next())
                    .unwrap_or("0");
                let len = b.size.saturating_sub(*offset) + SLACK;
                let _ = writeln!(
                    out,
                    "@{name} = hidden addrspace({space}) constant [{len} x i8] {}, align 16",
                    bytes_literal(b, *offset, len)
                );
                continue;
            }
        }
        let mut line = raw.to_owned();
        // SPIR-V cbuffer getpointer: element K of the layout struct.
        if line.contains("@llvm.spv.resource.getpointer.p12.")
            || line.contains("@\"llvm.spv.resource.getpointer.p12.")
        {
            let (at, _) = callee(&line).ok_or_else(|| format!("harness: no callee: {line}"))?;
            let (args, _, _) =
                call_args(&line, at).ok_or_else(|| format!("harness: no args: {line}"))?;
            let value = lhs(&line).ok_or_else(|| format!("harness: unnamed: {line}"))?;
            let layout = spirv_layout(&args[0]).ok_or_else(|| format!("harness: {line}"))?;
            let handle = arg_value(&args[0]);
            let k = arg_value(&args[1]);
            let tmp = derived(value, ".__p");
            let _ = writeln!(
                out,
                "  {tmp} = getelementptr inbounds {}, ptr {handle}, i32 0, i32 {k}\n  {value} = addrspacecast ptr {tmp} to ptr addrspace(12)",
                rewrite_target_types(&layout)
            );
            continue;
        }
        // Row loads: the literal row struct at handle + 16 * row.
        let row_call = [
            "@llvm.dx.resource.load.cbufferrow.",
            "@\"llvm.dx.resource.load.cbufferrow.",
            "@dx.op.cbufferLoadLegacy.",
        ]
        .iter()
        .any(|c| line.contains(c));
        if row_call {
            let (at, _) = callee(&line).ok_or_else(|| format!("harness: no callee: {line}"))?;
            let (args, _, _) =
                call_args(&line, at).ok_or_else(|| format!("harness: no args: {line}"))?;
            let value = lhs(&line).ok_or_else(|| format!("harness: unnamed: {line}"))?;
            let ret = line[line.find(" call ").unwrap_or(0) + 6..at].trim();
            let ret = rewrite_target_types(ret);
            let (handle, row) = if line.contains("@dx.op.") {
                let h = derived(value, ".__h");
                let _ = writeln!(
                    out,
                    "  {h} = extractvalue %dx.types.Handle {}, 0",
                    arg_value(&args[1])
                );
                (h, arg_value(&args[2]).to_owned())
            } else {
                (
                    arg_value(&args[0]).to_owned(),
                    arg_value(&args[1]).to_owned(),
                )
            };
            counter += 1;
            let p = derived(value, &format!(".__row{counter}"));
            let _ = writeln!(
                out,
                "  {p} = getelementptr [16 x i8], ptr {handle}, i32 {row}\n  {value} = load {ret}, ptr {p}, align 1"
            );
            continue;
        }
        line = rewrite_target_types(&line);
        line = line.replace(" spir_func ", " ");
        if dxil {
            if line.starts_with('%') && line.contains(" = type <{") {
                line = three_vectors_as_arrays(&line);
            }
            line = gep_source_types(&line);
        }
        line = unaligned_load(&line);
        line = line
            .replace("@llvm.dx.", "@__x.dx.")
            .replace("@\"llvm.dx.", "@\"__x.dx.")
            .replace("@llvm.spv.", "@__x.spv.")
            .replace("@\"llvm.spv.", "@\"__x.spv.");
        if let Some(rest) = line.strip_prefix("define void @") {
            let name_end = rest.find('(').unwrap_or(rest.len());
            let name = &rest[..name_end];
            let params = &rest[name_end..];
            if !name.starts_with("_GLOBAL__") && (!compute || name == "main") {
                if params.starts_with("()") {
                    exported.push((name.to_owned(), false));
                } else if params.starts_with("(i32 ") && !params[1..].contains(',') {
                    exported.push((name.to_owned(), true));
                } else {
                    return Err(format!(
                        "harness: exported function @{name} takes neither () nor (i32)"
                    ));
                }
            }
        }
        out.push_str(&line);
        out.push('\n');
    }
    out.push_str(&defs);
    out.push_str(&support(buffers, &has_global));
    out.push_str(&driver(&exported));
    Ok(out)
}

/// The definition replacing the declaration of a DXIL or SPIR-V intrinsic.
fn intrinsic_definition(decl: &str, name: &str) -> Result<String, String> {
    let decl = rewrite_target_types(decl);
    let at = decl.find(" @").unwrap_or(0);
    let ret = decl["declare ".len()..at]
        .split(' ')
        .filter(|w| {
            !matches!(*w, "noundef" | "nonnull")
                && !w.starts_with("align")
                && !w.starts_with("dereferenceable")
        })
        .collect::<Vec<_>>()
        .join(" ");
    let renamed = {
        let n = &decl[at + 1..];
        let end = match n.strip_prefix("@\"") {
            Some(quoted) => quoted.find('"').map_or(n.len(), |k| k + 3),
            None => n.find('(').unwrap_or(n.len()),
        };
        n[..end]
            .replace("@llvm.", "@__x.")
            .replace("@\"llvm.", "@\"__x.")
    };
    let bare = name.trim_end_matches('"');
    let kind = bare.split(['(', '"']).next().unwrap_or(bare);
    if kind.contains(".resource.handlefrombinding.") {
        return Ok(format!(
            "define ptr {renamed}(i32 %space, i32 %lower, i32 %size, i32 %index, ptr %name) {{\n  %h = call ptr @__handle(i32 %lower, ptr %name)\n  ret ptr %h\n}}\n"
        ));
    }
    if kind.contains(".resource.handlefromimplicitbinding.") {
        return Ok(format!(
            "define ptr {renamed}(i32 %order, i32 %space, i32 %size, i32 %index, ptr %name) {{\n  %h = call ptr @__handle(i32 %order, ptr %name)\n  ret ptr %h\n}}\n"
        ));
    }
    if kind.contains(".resource.getpointer.")
        && !kind.contains(".getpointer.p2.")
        && !kind.contains(".getpointer.p12.")
    {
        let cast = if ret == "ptr" {
            "  ret ptr %p\n".to_owned()
        } else {
            format!("  %c = addrspacecast ptr %p to {ret}\n  ret {ret} %c\n")
        };
        return Ok(format!(
            "define {ret} {renamed}(ptr %h, i32 %i) {{\n  %p = getelementptr [16 x i8], ptr %h, i32 %i\n{cast}}}\n"
        ));
    }
    if kind.starts_with("llvm.dx.thread.id") || kind.starts_with("llvm.spv.thread.id") {
        return Ok(format!(
            "define i32 {renamed}(i32 %d) {{\n  %t = load i32, ptr @__tid\n  %z = icmp eq i32 %d, 0\n  %v = select i1 %z, i32 %t, i32 0\n  ret i32 %v\n}}\n"
        ));
    }
    if kind.starts_with("llvm.dx.resource.load.cbufferrow.")
        || kind.starts_with("llvm.spv.resource.getpointer.p12.")
        || kind.starts_with("llvm.dx.resource.getpointer.p2.")
    {
        return Ok(String::new());
    }
    Err(format!("harness: no definition for {name}"))
}

/// Definitions of the DXIL operations (`dxil-lower`'s output).
fn op_definition(name: &str, buffers: &[Buffer]) -> Result<String, String> {
    let name = name.split('(').next().unwrap_or(name);
    if name.starts_with("dx.op.cbufferLoadLegacy.") {
        return Ok(String::new());
    }
    match name {
        "dx.op.createHandleFromBinding" => {
            let mut s = String::from(
                "define %dx.types.Handle @dx.op.createHandleFromBinding(i32 %op, %dx.types.ResBind %bind, i32 %index, i1 %nu) {\n  %space = extractvalue %dx.types.ResBind %bind, 2\n",
            );
            let mut found = "null".to_owned();
            for (k, b) in buffers.iter().enumerate() {
                let Some((space, register)) = b.binding else {
                    continue;
                };
                let _ = write!(
                    s,
                    "  %s{k} = icmp eq i32 %space, {space}\n  %r{k} = icmp eq i32 %index, {register}\n  %m{k} = and i1 %s{k}, %r{k}\n  %f{k} = select i1 %m{k}, ptr @__bytes_{k}, ptr {found}\n"
                );
                found = format!("%f{k}");
            }
            let _ = write!(
                s,
                "  %h = insertvalue %dx.types.Handle poison, ptr {found}, 0\n  ret %dx.types.Handle %h\n}}\n"
            );
            Ok(s)
        }
        "dx.op.annotateHandle" => Ok("define %dx.types.Handle @dx.op.annotateHandle(i32 %op, %dx.types.Handle %h, %dx.types.ResourceProperties %p) {\n  ret %dx.types.Handle %h\n}\n".to_owned()),
        "dx.op.createHandle" => Err("harness: createHandle (DXIL < 1.6) is not modelled".to_owned()),
        _ => Err(format!("harness: no definition for {name}")),
    }
}

/// `@__handle`, the buffer bytes, the output area and the thread id.
fn support(buffers: &[Buffer], has_global: &dyn Fn(&str) -> bool) -> String {
    let mut s = String::from(
        "@__tid = global i32 0\n@__out = global [1024 x i8] zeroinitializer, align 16\n\
         define ptr @__handle(i32 %register, ptr %name) {\n  %r = and i32 %register, 3\n  %o = mul i32 %r, 256\n  %out = getelementptr i8, ptr @__out, i32 %o\n",
    );
    let mut found = "%out".to_owned();
    for (k, b) in buffers.iter().enumerate() {
        let str_global = global_name(&b.name, ".str");
        if !has_global(&str_global) {
            continue;
        }
        let _ = write!(
            s,
            "  %is{k} = icmp eq ptr %name, {str_global}\n  %h{k} = select i1 %is{k}, ptr @__bytes_{k}, ptr {found}\n"
        );
        found = format!("%h{k}");
    }
    let _ = writeln!(s, "  ret ptr {found}\n}}");
    for (k, b) in buffers.iter().enumerate() {
        let len = b.size + SLACK;
        let _ = writeln!(
            s,
            "@__bytes_{k} = constant [{len} x i8] {}, align 16",
            bytes_literal(b, 0, len)
        );
    }
    s
}

fn driver(exported: &[(String, bool)]) -> String {
    let mut s = String::from(
        "@__hex = private constant [16 x i8] c\"0123456789abcdef\"\n\
         declare i32 @putchar(i32)\n\
         declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)\n\
         define void @__dump() {\nentry:\n  br label %loop\nloop:\n  %k = phi i32 [ 0, %entry ], [ %k1, %next ]\n  \
         %reg = udiv i32 %k, 64\n  %in = urem i32 %k, 64\n  %off = add i32 %in, 0\n  %base = mul i32 %reg, 256\n  %at = add i32 %base, %off\n  \
         %p = getelementptr i8, ptr @__out, i32 %at\n  %b = load i8, ptr %p\n  %b32 = zext i8 %b to i32\n  \
         %hi = lshr i32 %b32, 4\n  %lo = and i32 %b32, 15\n  %ph = getelementptr i8, ptr @__hex, i32 %hi\n  %pl = getelementptr i8, ptr @__hex, i32 %lo\n  \
         %ch = load i8, ptr %ph\n  %cl = load i8, ptr %pl\n  %ch32 = zext i8 %ch to i32\n  %cl32 = zext i8 %cl to i32\n  \
         call i32 @putchar(i32 %ch32)\n  call i32 @putchar(i32 %cl32)\n  br label %next\nnext:\n  %k1 = add i32 %k, 1\n",
    );
    let _ = write!(
        s,
        "  %done = icmp eq i32 %k1, {}\n  br i1 %done, label %end, label %loop\nend:\n  call i32 @putchar(i32 10)\n  ret void\n}}\n",
        OUT_REGISTERS * 64
    );
    s.push_str("define i32 @__driver() {\n");
    for (name, takes_index) in exported {
        for i in INDICES {
            let _ = write!(
                s,
                "  call void @llvm.memset.p0.i64(ptr @__out, i8 0, i64 1024, i1 false)\n  store i32 {i}, ptr @__tid\n"
            );
            if *takes_index {
                let _ = writeln!(s, "  call void @{name}(i32 {i})");
            } else {
                let _ = writeln!(s, "  call void @{name}()");
            }
            s.push_str("  call void @__dump()\n");
        }
    }
    s.push_str("  ret i32 0\n}\n");
    s
}

/// The exported functions `runnable` drives, in order (for messages).
pub fn exported_names(ir: &str, compute: bool) -> Vec<String> {
    ir.lines()
        .filter_map(|l| {
            l.replace(" spir_func ", " ")
                .strip_prefix("define void @")
                .map(|r| r.split('(').next().unwrap_or_default().to_owned())
        })
        .filter(|n| !n.starts_with("_GLOBAL__") && (!compute || n == "main"))
        .collect()
}

/// Reads `print-cbuffers` output.
pub fn parse_cbuffers(text: &str) -> Result<Vec<Buffer>, String> {
    let mut buffers: Vec<Buffer> = Vec::new();
    for line in text.lines() {
        if let Some(rest) = line.strip_prefix("cbuffer ") {
            if rest.contains("(skipped)") {
                continue;
            }
            let handle = rest
                .split("handle ")
                .nth(1)
                .and_then(|r| r.split(',').next())
                .ok_or_else(|| format!("harness: bad cbuffer line {line}"))?;
            let name = handle
                .trim_start_matches('@')
                .trim_matches('"')
                .trim_end_matches(".cb")
                .to_owned();
            let size = rest
                .rsplit("size ")
                .next()
                .and_then(|s| s.trim().parse().ok())
                .ok_or_else(|| format!("harness: bad cbuffer line {line}"))?;
            buffers.push(Buffer {
                name,
                size,
                members: Vec::new(),
                binding: None,
                bools: Vec::new(),
            });
        } else if let Some(rest) = line.trim_start().strip_prefix("member ") {
            let (_, rest) = rest.split_once(": ").unwrap_or_default();
            let (global, offset) = rest.split_once(" at offset ").unwrap_or_default();
            if global == "null" {
                continue;
            }
            let offset = offset
                .trim()
                .parse()
                .map_err(|_| format!("harness: bad member line {line}"))?;
            if let Some(b) = buffers.last_mut() {
                b.members
                    .push((global.trim_start_matches('@').to_owned(), offset));
            }
        }
    }
    Ok(buffers)
}

/// Records the `bool` words of each buffer from `cblower layout --format
/// json` output.
pub fn add_bools(json: &str, buffers: &mut [Buffer]) -> Result<(), String> {
    fn walk(node: &serde_json::Value, out: &mut Vec<u64>) {
        let ty = node["type"].as_str().unwrap_or_default();
        let children = ["elements", "fields", "members"]
            .iter()
            .filter_map(|k| node[*k].as_array())
            .flatten()
            .collect::<Vec<_>>();
        if children.is_empty() && ty.starts_with("bool") {
            let (Some(offset), Some(size)) = (node["offset"].as_u64(), node["size"].as_u64())
            else {
                return;
            };
            out.extend((offset..offset + size).step_by(4));
        }
        for c in children {
            walk(c, out);
        }
    }
    let v: serde_json::Value =
        serde_json::from_str(json).map_err(|e| format!("harness: layout json: {e}"))?;
    for b in v["buffers"].as_array().into_iter().flatten() {
        let name = b["name"].as_str().unwrap_or_default();
        if let Some(buffer) = buffers.iter_mut().find(|x| x.name == name) {
            walk(b, &mut buffer.bools);
        }
    }
    Ok(())
}

/// DXIL bindings of the cbuffers, from clang's handle creations: explicit
/// `(space, lower, size, index, @X.str)` as given, implicit
/// `(order, space, size, index, @X.str)` the lowest free run of registers
/// of their space, by order ID.
pub fn resolve_bindings(ir: &str, buffers: &mut [Buffer]) {
    let mut explicit: Vec<(u32, u32, u32)> = Vec::new();
    let mut implicit: Vec<(u32, u32, u32, u32, usize)> = Vec::new();
    for line in ir.lines() {
        let Some((at, name)) = callee(line) else {
            continue;
        };
        let is_explicit = name.contains("handlefrombinding.tdx.CBuffer");
        let is_implicit = name.contains("handlefromimplicitbinding.tdx.CBuffer");
        if !is_explicit && !is_implicit {
            continue;
        }
        let Some((args, _, _)) = call_args(line, at) else {
            continue;
        };
        if args.len() != 5 {
            continue;
        }
        let num = |k: usize| arg_value(&args[k]).parse::<u32>().unwrap_or(0);
        let str_global = arg_value(&args[4]);
        let Some(b) = buffers
            .iter()
            .position(|b| global_name(&b.name, ".str") == str_global)
        else {
            continue;
        };
        if is_explicit {
            explicit.push((num(0), num(1), num(2).max(1)));
            buffers[b].binding = Some((num(0), num(1) + num(3)));
        } else if !implicit.iter().any(|i| i.4 == b) {
            implicit.push((num(0), num(1), num(2).max(1), num(3), b));
        }
    }
    implicit.sort_by_key(|i| i.0);
    for (_, space, size, index, b) in implicit {
        let mut lower = 0u32;
        while explicit
            .iter()
            .any(|&(s, l, n)| s == space && lower < l + n && l < lower + size)
        {
            lower += 1;
        }
        explicit.push((space, lower, size));
        buffers[b].binding = Some((space, lower + index));
    }
}

#[test]
fn rewrites_target_types() {
    assert_eq!(
        rewrite_target_types(
            "%L = type <{ float, target(\"dx.Padding\", 12), target(\"spirv.VulkanBuffer\", [0 x <4 x float>], 12, 1) }>"
        ),
        "%L = type <{ float, [12 x i8], ptr }>"
    );
    assert_eq!(
        gep_source_types("  %a = getelementptr inbounds nuw <{ <3 x float>, target(\"dx.Padding\", 4) }>, ptr addrspace(2) @x, i32 %i"),
        "  %a = getelementptr inbounds nuw <{ [3 x float], target(\"dx.Padding\", 4) }>, ptr addrspace(2) @x, i32 %i"
    );
    assert_eq!(
        unaligned_load("  %1 = load float, ptr addrspace(2) %p, align 16, !tbaa !9"),
        "  %1 = load float, ptr addrspace(2) %p, align 1, !tbaa !9"
    );
}
