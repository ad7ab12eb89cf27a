//! Writing a planned module, section by section in the order of LLVM's
//! assembly writer: header, named types, globals, functions, attribute
//! groups, named metadata, metadata nodes. Blank lines separate the
//! sections as LLVM separates them (one before each non-empty section, one
//! before each function).

use std::fmt::Write as _;
use std::io::{self, Write};

use super::syntax::{i32_operand, name, push_escaped, push_name};
use super::{Flavor, HandleBinding, PlannedBuffer, TextModule};
use crate::emit::names;
use crate::Target;

/// The attribute groups, numbered in the order functions first use them.
const INIT_ATTRS: &str = "alwaysinline";
const INTRINSIC_ATTRS: &str = "nocallback nofree nosync nounwind willreturn memory(none)";
const CTOR_ATTRS: &str = "alwaysinline convergent nounwind";
const CTOR_GROUP: &str = "alwaysinline convergent nounwind \"no-infs-fp-math\"=\"true\" \"no-nans-fp-math\"=\"true\" \"no-signed-zeros-fp-math\"=\"true\" \"no-trapping-math\"=\"true\" \"stack-protector-buffer-size\"=\"8\"";
const CONVERGENCE_ATTRS: &str =
    "convergent nocallback nofree nosync nounwind willreturn memory(none)";

impl TextModule<'_> {
    /// Writes the module's IR text (what LLVM prints for the module the
    /// LLVM path builds). Wrap a file in a `BufWriter`: lines are written
    /// one by one.
    pub fn write_to(&self, out: &mut dyn Write) -> io::Result<()> {
        let mut line = String::new();
        self.write_header(out)?;
        self.write_types(out, &mut line)?;
        self.write_globals(out, &mut line)?;
        self.write_functions(out, &mut line)?;
        self.write_attributes(out)?;
        self.write_metadata(out, &mut line)
    }

    fn write_header(&self, out: &mut dyn Write) -> io::Result<()> {
        let mut s = String::new();
        if !self.module_id.is_empty() {
            s.push_str(&format!("; ModuleID = '{}'\n", self.module_id));
            s.push_str("source_filename = \"");
            push_escaped(&mut s, self.module_id.as_bytes());
            s.push_str("\"\n");
        }
        s.push_str(&format!(
            "target datalayout = \"{}\"\ntarget triple = \"{}\"\n",
            self.target.data_layout(),
            self.target.library_triple()
        ));
        out.write_all(s.as_bytes())
    }

    fn write_types(&self, out: &mut dyn Write, line: &mut String) -> io::Result<()> {
        let order = self
            .types
            .finder_order(self.buffers.iter().map(|b| b.handle_type));
        if order.is_empty() {
            return Ok(());
        }
        out.write_all(b"\n")?;
        for id in order {
            line.clear();
            line.push_str(self.types.text(id));
            line.push_str(" = type ");
            line.push_str(&self.types.named_body(id));
            line.push('\n');
            out.write_all(line.as_bytes())?;
        }
        Ok(())
    }

    fn write_globals(&self, out: &mut dyn Write, line: &mut String) -> io::Result<()> {
        if self.buffers.is_empty() {
            return Ok(());
        }
        out.write_all(b"\n")?;
        let member_prefix = format!(
            " = external hidden addrspace({}) ",
            self.target.constant_address_space()
        );
        for b in &self.buffers {
            line.clear();
            push_name(line, '@', &b.handle);
            line.push_str(" = global ");
            line.push_str(self.types.text(b.handle_type));
            line.push_str(" poison\n");
            out.write_all(line.as_bytes())?;
            for m in &b.members {
                line.clear();
                let (symbol, is_const) = member_symbol(b, m.source as usize);
                push_name(line, '@', &symbol);
                line.push_str(&member_prefix);
                line.push_str(if is_const { "constant " } else { "global " });
                line.push_str(self.types.text(m.ty));
                let _ = writeln!(line, ", align {}", m.align);
                out.write_all(line.as_bytes())?;
            }
            if b.owns_string {
                line.clear();
                push_name(line, '@', &b.string);
                line.push_str(&format!(
                    " = private unnamed_addr constant [{} x i8] c\"",
                    b.decl.name.len() + 1
                ));
                push_escaped(line, b.decl.name.as_bytes());
                line.push_str("\\00\", align 1\n");
                out.write_all(line.as_bytes())?;
            }
        }
        if let Some(ctor) = &self.ctor {
            line.clear();
            line.push_str("@llvm.global_ctors = appending global [1 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 65535, ptr ");
            push_name(line, '@', ctor);
            line.push_str(", ptr null }]\n");
            out.write_all(line.as_bytes())?;
        }
        Ok(())
    }

    fn write_functions(&self, out: &mut dyn Write, line: &mut String) -> io::Result<()> {
        let spir = self.target == Target::SpirV;
        let init_cc = if spir && self.flavor == Flavor::Dxc {
            "spir_func "
        } else {
            ""
        };
        for b in &self.buffers {
            let handle_type = self.types.text(b.handle_type);
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
        let Some(ctor) = &self.ctor else {
            return Ok(());
        };
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
        for b in &self.buffers {
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
        if self.buffers.is_empty() {
            return Ok(());
        }
        let mut s = format!(
            "\nattributes #0 = {{ {INIT_ATTRS} }}\nattributes #1 = {{ {INTRINSIC_ATTRS} }}\n"
        );
        if self.ctor.is_some() {
            s.push_str(&format!("attributes #2 = {{ {CTOR_GROUP} }}\n"));
            if self.target == Target::SpirV {
                s.push_str(&format!("attributes #3 = {{ {CONVERGENCE_ATTRS} }}\n"));
            }
        }
        out.write_all(s.as_bytes())
    }

    fn write_metadata(&self, out: &mut dyn Write, line: &mut String) -> io::Result<()> {
        let cbs = self.buffers.len();
        let layouts = if self.flavor == Flavor::Dxc {
            self.created.len()
        } else {
            0
        };
        let flags = if self.native_16bit { 2 } else { 1 };
        let valver = usize::from(self.target == Target::Dxil);
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
                line.push_str(&format!("!{i}"));
            }
            line.push_str("}\n");
            out.write_all(line.as_bytes())?;
            next += count;
        }
        out.write_all(b"\n")?;
        let mut n = 0;
        let member_ptr = format!(", ptr addrspace({}) ", self.target.constant_address_space());
        for b in &self.buffers {
            line.clear();
            line.push_str(&format!("!{n} = !{{ptr "));
            n += 1;
            push_name(line, '@', &b.handle);
            for m in &b.members {
                line.push_str(&member_ptr);
                push_name(line, '@', &member_symbol(b, m.source as usize).0);
            }
            line.push_str("}\n");
            out.write_all(line.as_bytes())?;
        }
        if layouts > 0 {
            for &id in &self.created {
                let s = self.types.named(id);
                line.clear();
                line.push_str(&format!("!{n} = !{{!\""));
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
        let mut s = format!("!{n} = !{{i32 1, !\"wchar_size\", i32 4}}\n");
        n += 1;
        if self.native_16bit {
            s.push_str(&format!(
                "!{n} = !{{i32 1, !\"dx.nativelowprec\", i32 1}}\n"
            ));
            n += 1;
        }
        if self.target == Target::Dxil {
            s.push_str(&format!("!{n} = !{{i32 1, i32 8}}\n"));
        }
        out.write_all(s.as_bytes())
    }
}

/// The symbol of a member global and whether it is `constant`.
fn member_symbol(b: &PlannedBuffer<'_>, source: usize) -> (String, bool) {
    match b.decl.kind {
        cblower_layout::BufferKind::ConstantBuffer => (b.decl.name.to_string(), false),
        _ => {
            let m = &b.decl.members[source];
            (names::member_symbol(m), m.is_const)
        }
    }
}

/// `, i32 N` for a `!hlsl.layouts` number, or `, i64 N` past `i32`'s range.
fn push_number(line: &mut String, v: u64) {
    let _ = if v <= i32::MAX as u64 {
        write!(line, ", i32 {v}")
    } else {
        write!(line, ", i64 {}", v as i64)
    };
}
