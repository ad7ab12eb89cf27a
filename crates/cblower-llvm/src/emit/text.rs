//! The text sink: writes an [`EmissionPlan`] as the IR text LLVM's
//! assembly writer prints for the module [`super::build_plan`] builds from
//! the same plan, without building it (a module of 100k globals costs more
//! to build and print through LLVM than this whole writer).
//!
//! Section by section in the order of LLVM's writer: header, named types
//! (in LLVM's `TypeFinder` order), globals, functions, attribute groups,
//! named metadata, metadata nodes. Blank lines separate the sections as
//! LLVM separates them (one before each non-empty section, one before each
//! function). The integration test `text_writer_equality` compares the two
//! sinks byte for byte.

use std::fmt::Write as _;
use std::io::{self, Write};

use cblower_program::plan::syntax::{i32_operand, name, push_escaped, push_name};
use cblower_program::plan::{EmissionPlan, Flavor, PUSH_CONSTANT_ADDRESS_SPACE};
use cblower_program::{HandleBinding, Target};

/// Why the text writer cannot write a plan.
#[derive(Debug, thiserror::Error)]
pub enum TextError {
    /// LLVM prints the module identifier raw in a comment line, which a
    /// line break would end: build the module instead.
    #[error("the module identifier contains a line break")]
    ModuleId,
    /// Writing failed.
    #[error(transparent)]
    Io(#[from] io::Error),
}

/// Writes `plan`'s IR text (what LLVM prints for the module built from it).
/// Wrap a file in a `BufWriter`: lines are written one by one.
pub fn write_text(plan: &EmissionPlan<'_>, out: &mut dyn Write) -> Result<(), TextError> {
    if plan.module_id.contains('\n') {
        return Err(TextError::ModuleId);
    }
    Ok(TextWriter { plan }.write_to(out)?)
}

struct TextWriter<'p, 'a> {
    plan: &'p EmissionPlan<'a>,
}

/// How many bytes of member lines are collected before they are written:
/// one `write_all` per line cost more than formatting the line.
const FLUSH_AT: usize = 1 << 16;

/// The attribute groups, numbered in the order functions first use them.
const INIT_ATTRS: &str = "alwaysinline";
const INTRINSIC_ATTRS: &str = "nocallback nofree nosync nounwind willreturn memory(none)";
const CTOR_ATTRS: &str = "alwaysinline convergent nounwind";
const CTOR_GROUP: &str = "alwaysinline convergent nounwind \"no-infs-fp-math\"=\"true\" \"no-nans-fp-math\"=\"true\" \"no-signed-zeros-fp-math\"=\"true\" \"no-trapping-math\"=\"true\" \"stack-protector-buffer-size\"=\"8\"";
const CONVERGENCE_ATTRS: &str =
    "convergent nocallback nofree nosync nounwind willreturn memory(none)";

impl TextWriter<'_, '_> {
    fn write_to(&self, out: &mut dyn Write) -> io::Result<()> {
        let mut line = String::new();
        self.write_header(out)?;
        self.write_types(out, &mut line)?;
        let cbs = self.write_globals(out, &mut line)?;
        self.write_functions(out, &mut line)?;
        self.write_attributes(out)?;
        self.write_metadata(out, &mut line, &cbs)
    }

    fn write_header(&self, out: &mut dyn Write) -> io::Result<()> {
        let mut s = String::new();
        if !self.plan.module_id.is_empty() {
            s.push_str(&format!("; ModuleID = '{}'\n", self.plan.module_id));
            s.push_str("source_filename = \"");
            push_escaped(&mut s, self.plan.module_id.as_bytes());
            s.push_str("\"\n");
        }
        s.push_str(&format!(
            "target datalayout = \"{}\"\ntarget triple = \"{}\"\n",
            self.plan.target.data_layout(),
            self.plan.triple
        ));
        out.write_all(s.as_bytes())
    }

    fn write_types(&self, out: &mut dyn Write, line: &mut String) -> io::Result<()> {
        // The roots in the order of the globals that use them.
        let plan = self.plan;
        let order = plan.types.finder_order(
            plan.buffers
                .iter()
                .enumerate()
                .flat_map(|(i, b)| {
                    plan.push_constants_before(i)
                        .map(|p| p.ty)
                        .chain(std::iter::once(b.handle_type))
                })
                .chain(plan.push_constants_before(plan.buffers.len()).map(|p| p.ty))
                .chain(plan.arrays.iter().map(|a| a.handle_type)),
        );
        if order.is_empty() {
            return Ok(());
        }
        out.write_all(b"\n")?;
        for id in order {
            line.clear();
            line.push_str(self.plan.types.text(id));
            line.push_str(" = type ");
            self.plan.types.push_named_body(line, id);
            line.push('\n');
            out.write_all(line.as_bytes())?;
        }
        Ok(())
    }

    /// Writes the globals; returns each buffer's `!hlsl.cbs` operands after
    /// the handle (`, ptr addrspace(N) @member` for each member), copied
    /// from the names printed here rather than worked out again.
    fn write_globals(&self, out: &mut dyn Write, line: &mut String) -> io::Result<Vec<String>> {
        if self.plan.buffers.is_empty()
            && self.plan.arrays.is_empty()
            && self.plan.push_constants.is_empty()
        {
            return Ok(Vec::new());
        }
        out.write_all(b"\n")?;
        let member_prefix = format!(
            " = external hidden addrspace({}) ",
            self.plan.target.constant_address_space()
        );
        let member_ptr = self.member_ptr();
        let mut cbs = Vec::with_capacity(self.plan.buffers.len());
        for (i, b) in self.plan.buffers.iter().enumerate() {
            self.write_push_constants(out, line, i)?;
            line.clear();
            push_name(line, '@', &b.handle);
            line.push_str(" = global ");
            line.push_str(self.plan.types.text(b.handle_type));
            line.push_str(" poison\n");
            out.write_all(line.as_bytes())?;
            // The member lines go out in blocks of about `FLUSH_AT` bytes.
            line.clear();
            // Room for the usual short name after each operand's prefix.
            let mut operands = String::with_capacity(b.members.len() * (member_ptr.len() + 12));
            for m in &b.members {
                let (symbol, is_const) = b.member_symbol(m);
                let start = line.len();
                push_name(line, '@', &symbol);
                operands.push_str(&member_ptr);
                operands.push_str(&line[start..]);
                line.push_str(&member_prefix);
                line.push_str(if is_const { "constant " } else { "global " });
                line.push_str(self.plan.types.text(self.plan.member_repr(m).ty()));
                push_align_line_end(line, m.align);
                if line.len() >= FLUSH_AT {
                    out.write_all(line.as_bytes())?;
                    line.clear();
                }
            }
            out.write_all(line.as_bytes())?;
            cbs.push(operands);
            if b.owns_string {
                line.clear();
                push_name(line, '@', &b.string);
                line.push_str(&format!(
                    " = private unnamed_addr constant [{} x i8] c\"",
                    b.decl().name.len() + 1
                ));
                push_escaped(line, b.decl().name.as_bytes());
                line.push_str("\\00\", align 1\n");
                out.write_all(line.as_bytes())?;
            }
        }
        self.write_push_constants(out, line, self.plan.buffers.len())?;
        for a in self.plan.arrays.iter().filter(|a| a.owns_string) {
            line.clear();
            push_name(line, '@', &a.string);
            line.push_str(&format!(
                " = private unnamed_addr constant [{} x i8] c\"",
                a.decl().name.len() + 1
            ));
            push_escaped(line, a.decl().name.as_bytes());
            line.push_str("\\00\", align 1\n");
            out.write_all(line.as_bytes())?;
        }
        if let Some(ctor) = self
            .plan
            .ctor
            .as_ref()
            .filter(|_| self.plan.registers_ctor())
        {
            line.clear();
            line.push_str("@llvm.global_ctors = appending global [1 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 65535, ptr ");
            push_name(line, '@', ctor);
            line.push_str(", ptr null }]\n");
            out.write_all(line.as_bytes())?;
        }
        Ok(cbs)
    }

    /// `, ptr addrspace(N) `: how a member global is listed in `!hlsl.cbs`.
    fn member_ptr(&self) -> String {
        format!(
            ", ptr addrspace({}) ",
            self.plan.target.constant_address_space()
        )
    }

    /// The globals of the push-constant blocks that come before buffer `i`.
    fn write_push_constants(
        &self,
        out: &mut dyn Write,
        line: &mut String,
        i: usize,
    ) -> io::Result<()> {
        for p in self.plan.push_constants_before(i) {
            line.clear();
            push_name(line, '@', &p.symbol);
            let _ = writeln!(
                line,
                " = external hidden addrspace({PUSH_CONSTANT_ADDRESS_SPACE}) externally_initialized global {}, align {}",
                self.plan.types.text(p.ty),
                p.align
            );
            out.write_all(line.as_bytes())?;
        }
        Ok(())
    }

    fn write_functions(&self, out: &mut dyn Write, line: &mut String) -> io::Result<()> {
        let spir = self.plan.target == Target::SpirV;
        let init_cc = if spir && self.plan.flavor == Flavor::Dxc {
            "spir_func "
        } else {
            ""
        };
        for b in &self.plan.buffers {
            let handle_type = self.plan.types.text(b.handle_type);
            let intrinsic = name('@', &b.intrinsic);
            let local = name('%', &format!("{}_h", b.handle));
            let (x, y) = match b.binding {
                HandleBinding::Explicit { register, space } => (space, register),
                HandleBinding::Implicit { order_id, space } => (order_id, space),
            };
            let align = if spir { 8 } else { 4 };
            line.clear();
            line.push_str(&format!(
                "\n; Function Attrs: {INIT_ATTRS}\ndefine internal {init_cc}void {}() #0 {{\nentry:\n",
                name('@', &b.init)
            ));
            line.push_str(&format!(
                "  {local} = call {handle_type} {intrinsic}(i32 {}, i32 {}, i32 1, i32 0, ptr {})\n",
                i32_operand(x),
                i32_operand(y),
                name('@', &b.string)
            ));
            line.push_str(&format!(
                "  store {handle_type} {local}, ptr {}, align {align}\n  ret void\n}}\n",
                name('@', &b.handle)
            ));
            line.push_str(&format!(
                "\n; Function Attrs: {INTRINSIC_ATTRS}\ndeclare {handle_type} {intrinsic}(i32, i32, i32, i32, ptr) #1\n"
            ));
            out.write_all(line.as_bytes())?;
        }
        if let Some(ctor) = &self.plan.ctor {
            self.write_ctor(out, line, ctor)?;
        }
        // The handle intrinsics of `ConstantBuffer<T>` arrays, declared for
        // the access API; they share the intrinsics' attribute group.
        let group = u32::from(!self.plan.buffers.is_empty());
        for a in &self.plan.arrays {
            let handle_type = self.plan.types.text(a.handle_type);
            line.clear();
            line.push_str(&format!(
                "\n; Function Attrs: {INTRINSIC_ATTRS}\ndeclare {handle_type} {}(i32, i32, i32, i32, ptr) #{group}\n",
                name('@', &a.intrinsic)
            ));
            out.write_all(line.as_bytes())?;
        }
        Ok(())
    }

    fn write_ctor(&self, out: &mut dyn Write, line: &mut String, ctor: &str) -> io::Result<()> {
        let spir = self.plan.target == Target::SpirV;
        line.clear();
        let cc = if spir { "spir_func " } else { "" };
        line.push_str(&format!(
            "\n; Function Attrs: {CTOR_ATTRS}\ndefine internal {cc}void {}() #2 {{\nentry:\n",
            name('@', ctor)
        ));
        if spir {
            line.push_str("  %0 = call token @llvm.experimental.convergence.entry()\n");
        }
        out.write_all(line.as_bytes())?;
        for b in &self.plan.buffers {
            line.clear();
            line.push_str(&format!("  call {cc}void {}()\n", name('@', &b.init)));
            out.write_all(line.as_bytes())?;
        }
        out.write_all(b"  ret void\n}\n")?;
        if spir {
            out.write_all(
                format!(
                    "\n; Function Attrs: {CONVERGENCE_ATTRS}\ndeclare token @llvm.experimental.convergence.entry() #3\n"
                )
                .as_bytes(),
            )?;
        }
        Ok(())
    }

    fn write_attributes(&self, out: &mut dyn Write) -> io::Result<()> {
        if self.plan.buffers.is_empty() {
            if !self.plan.arrays.is_empty() {
                out.write_all(format!("\nattributes #0 = {{ {INTRINSIC_ATTRS} }}\n").as_bytes())?;
            }
            return Ok(());
        }
        let mut s = format!(
            "\nattributes #0 = {{ {INIT_ATTRS} }}\nattributes #1 = {{ {INTRINSIC_ATTRS} }}\n"
        );
        if self.plan.ctor.is_some() {
            s.push_str(&format!("attributes #2 = {{ {CTOR_GROUP} }}\n"));
            if self.plan.target == Target::SpirV {
                s.push_str(&format!("attributes #3 = {{ {CONVERGENCE_ATTRS} }}\n"));
            }
        }
        out.write_all(s.as_bytes())
    }

    fn write_metadata(
        &self,
        out: &mut dyn Write,
        line: &mut String,
        cbs_operands: &[String],
    ) -> io::Result<()> {
        let cbs = self.plan.buffers.len();
        let layouts = if self.plan.has_layouts_metadata() {
            self.plan.layouts.len()
        } else {
            0
        };
        let module_flags = self.plan.module_flags();
        let flags = module_flags.len();
        let valver_version = cblower_program::plan::validator_version(self.plan.target);
        let valver = usize::from(valver_version.is_some());
        out.write_all(b"\n")?;
        let mut next = 0;
        for (named, count) in [
            ("hlsl.cbs", cbs),
            ("hlsl.layouts", layouts),
            ("llvm.module.flags", flags),
            ("dx.valver", valver),
        ] {
            if count == 0 {
                continue;
            }
            line.clear();
            line.push('!');
            line.push_str(named);
            line.push_str(" = !{");
            for i in next..next + count {
                if i > next {
                    line.push_str(", ");
                }
                line.push('!');
                push_decimal(line, i as u64);
            }
            line.push_str("}\n");
            out.write_all(line.as_bytes())?;
            next += count;
        }
        out.write_all(b"\n")?;
        let mut n = 0;
        let member_ptr = self.member_ptr();
        for (i, b) in self.plan.buffers.iter().enumerate() {
            line.clear();
            line.push('!');
            push_decimal(line, n);
            line.push_str(" = !{ptr ");
            n += 1;
            push_name(line, '@', &b.handle);
            match cbs_operands.get(i) {
                Some(operands) => line.push_str(operands),
                None => {
                    for m in &b.members {
                        line.push_str(&member_ptr);
                        push_name(line, '@', &b.member_symbol(m).0);
                    }
                }
            }
            line.push_str("}\n");
            out.write_all(line.as_bytes())?;
        }
        if layouts > 0 {
            for &id in &self.plan.layouts {
                let s = self.plan.types.named(id);
                line.clear();
                line.push('!');
                push_decimal(line, n);
                line.push_str(" = !{!\"");
                n += 1;
                push_escaped(line, s.name.as_bytes());
                line.push('"');
                push_number(line, s.size);
                for &offset in &s.field_offsets {
                    push_number(line, offset);
                }
                line.push_str("}\n");
                out.write_all(line.as_bytes())?;
            }
        }
        let mut s = String::new();
        for (key, value) in module_flags {
            s.push_str(&format!("!{n} = !{{i32 1, !\""));
            push_escaped(&mut s, key.as_bytes());
            s.push_str(&format!("\", i32 {value}}}\n"));
            n += 1;
        }
        if let Some((major, minor)) = valver_version {
            s.push_str(&format!("!{n} = !{{i32 {major}, i32 {minor}}}\n"));
        }
        out.write_all(s.as_bytes())
    }
}

/// `, i32 N` for a `!hlsl.layouts` number, or `, i64 N` past `i32`'s range.
fn push_number(line: &mut String, v: u64) {
    if v <= i32::MAX as u64 {
        line.push_str(", i32 ");
        push_decimal(line, v);
    } else {
        let _ = write!(line, ", i64 {}", v as i64);
    }
}

/// `, align N` and the line's end; the usual alignments are one copy.
fn push_align_line_end(line: &mut String, align: u32) {
    let end = match align {
        1 => ", align 1\n",
        2 => ", align 2\n",
        4 => ", align 4\n",
        8 => ", align 8\n",
        16 => ", align 16\n",
        _ => {
            line.push_str(", align ");
            push_decimal(line, u64::from(align));
            "\n"
        }
    };
    line.push_str(end);
}

/// `v` in decimal, as `Display` writes it, without the formatting
/// machinery (a call per number costs more than the digits on the text
/// path's hundred thousand members).
fn push_decimal(line: &mut String, v: u64) {
    if v < 10 {
        line.push(char::from(b'0' + v as u8));
    } else if v < 100 {
        push_digit_pair(line, v);
    } else {
        // Two digits per division, most significant first.
        push_decimal(line, v / 100);
        push_digit_pair(line, v % 100);
    }
}

/// `v` (below 100) as two digits, copied from a table of the pairs.
fn push_digit_pair(line: &mut String, v: u64) {
    let at = (v % 100) as usize * 2;
    line.push_str(DIGIT_PAIRS.get(at..at + 2).unwrap_or("00"));
}

/// `00`, `01`, ... `99`, back to back.
const DIGIT_PAIRS: &str = "\
0001020304050607080910111213141516171819\
2021222324252627282930313233343536373839\
4041424344454647484950515253545556575859\
6061626364656667686970717273747576777879\
8081828384858687888990919293949596979899";

#[cfg(test)]
mod tests {
    use super::{push_align_line_end, push_decimal, push_number};

    #[test]
    fn align_ends_match_display() {
        for align in [1, 2, 3, 4, 8, 16, 32, 64, 4096] {
            let mut s = String::from("x");
            push_align_line_end(&mut s, align);
            assert_eq!(s, format!("x, align {align}\n"));
        }
    }

    #[test]
    fn decimals_match_display() {
        let edges = [999, 1000, 9_999_999, 10_000_000, 2_147_483_647, u64::MAX];
        for v in (0..=20_000).chain(edges) {
            let mut s = String::from("x");
            push_decimal(&mut s, v);
            assert_eq!(s, format!("x{v}"));
        }
    }

    #[test]
    fn layout_numbers_are_i32_then_i64() {
        let mut s = String::new();
        push_number(&mut s, 16);
        push_number(&mut s, 2_147_483_647);
        push_number(&mut s, 2_147_483_648);
        assert_eq!(s, ", i32 16, i32 2147483647, i64 2147483648");
    }
}
