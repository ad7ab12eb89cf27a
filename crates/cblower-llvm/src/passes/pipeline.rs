//! `opt`'s pipeline text with cblower's passes in it.
//!
//! A pipeline is what `opt -passes=` takes: elements separated by commas at
//! the top level, each a pass name, optionally with `<params>` and/or a
//! nested `(pipeline)`. [`parse_steps`] cuts it into [`Step`]s: every
//! top-level element naming one of cblower's passes becomes [`Step::Ours`];
//! each run of other elements between them stays text, handed unchanged to
//! LLVM's pass builder ([`Step::Llvm`]). `module(...)` holding one of ours is
//! flattened. cblower's passes are module passes, so inside `function(...)`,
//! `cgscc(...)` or a loop adaptor they are an error, as in `opt`.

use std::io::Write;
use std::time::Instant;

use inkwell::module::Module;

use super::{print_cbuffers, Pass, PipelineError};
use crate::ffi::{
    data_layout_string, module_functions, named_metadata, process_times, run_llvm_pipeline,
    target_triple, verify_module, LlvmPassOptions, LlvmPipelineError,
};
use crate::Target;

/// One piece of a pipeline, run in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// One of cblower's passes.
    Ours(Pass),
    /// A run of LLVM pipeline elements, as `opt -passes=` text.
    Llvm(String),
}

/// cblower's names for a step of its own. `instnamer` is left to LLVM (it is
/// LLVM's pass); `verify` stays ours, so a broken module is reported instead
/// of aborting in LLVM's verifier pass.
fn ours(name: &str) -> Option<&'static [Pass]> {
    if name == "instnamer" {
        return None;
    }
    super::NAMES
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, p)| *p)
}

/// A top-level element split into its name and its parenthesised inner text.
fn split_element(element: &str) -> (&str, Option<&str>) {
    match element.find('(') {
        Some(open) if element.ends_with(')') => (
            &element[..open],
            Some(&element[open + 1..element.len() - 1]),
        ),
        _ => (element, None),
    }
}

/// Splits `text` at the commas outside parentheses. Unbalanced parentheses
/// give `None` (LLVM reports the pipeline as invalid).
fn split_top_level(text: &str) -> Option<Vec<&str>> {
    let mut out = Vec::new();
    let mut depth = 0usize;
    let mut start = 0;
    for (i, ch) in text.char_indices() {
        match ch {
            '(' => depth += 1,
            ')' => depth = depth.checked_sub(1)?,
            ',' if depth == 0 => {
                out.push(&text[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    if depth != 0 {
        return None;
    }
    out.push(&text[start..]);
    Some(out)
}

/// The first of cblower's pass names inside a nested pipeline, if any.
fn nested_ours(text: &str) -> Option<&str> {
    for element in split_top_level(text)? {
        let (name, inner) = split_element(element);
        if ours(name).is_some() && name != "verify" {
            return Some(name);
        }
        if let Some(found) = inner.and_then(nested_ours) {
            return Some(found);
        }
    }
    None
}

/// Cuts `opt -passes=` text into steps (see the module docs).
pub fn parse_steps(text: &str) -> Result<Vec<Step>, PipelineError> {
    let mut steps = Vec::new();
    parse_into(text, &mut steps)?;
    if steps.iter().all(|s| matches!(s, Step::Llvm(_))) {
        // Nothing of ours at the top level: LLVM gets the text as `opt` would.
        return Ok(vec![Step::Llvm(text.to_owned())]);
    }
    // Around module passes of ours the pipeline is a module pipeline; LLVM
    // only infers that from a run's first pass, so each run says so.
    Ok(steps
        .into_iter()
        .map(|s| match s {
            Step::Llvm(t) => Step::Llvm(format!("module({t})")),
            ours => ours,
        })
        .collect())
}

fn parse_into(text: &str, steps: &mut Vec<Step>) -> Result<(), PipelineError> {
    let Some(elements) = split_top_level(text) else {
        steps.push(Step::Llvm(text.to_owned()));
        return Ok(());
    };
    let mut run: Vec<&str> = Vec::new();
    let flush = |run: &mut Vec<&str>, steps: &mut Vec<Step>| {
        if !run.is_empty() {
            steps.push(Step::Llvm(run.join(",")));
            run.clear();
        }
    };
    for element in elements {
        let (name, inner) = split_element(element);
        if let (Some(passes), None) = (ours(name), inner) {
            flush(&mut run, steps);
            steps.extend(passes.iter().map(|&p| Step::Ours(p)));
            continue;
        }
        if let Some(inner) = inner {
            if name == "module" && nested_ours(inner).is_some() {
                flush(&mut run, steps);
                parse_into(inner, steps)?;
                continue;
            }
            if let Some(found) = nested_ours(inner) {
                return Err(PipelineError::NestedModulePass {
                    name: found.to_owned(),
                    adaptor: name.to_owned(),
                });
            }
        }
        run.push(element);
    }
    flush(&mut run, steps);
    Ok(())
}

/// How [`run_steps`] instruments the passes, as `opt`'s flags.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RunOptions {
    /// `-verify-each`.
    pub verify_each: bool,
    /// `-debug-pass-manager`.
    pub debug_pass_manager: bool,
    /// `-print-before-all` (for cblower's passes; LLVM's use LLVM's switch).
    pub print_before_all: bool,
    /// `-print-after-all` (likewise).
    pub print_after_all: bool,
}

/// One line of a timing report: the time a pass took, its own only.
#[derive(Clone, Debug, PartialEq)]
pub struct TimeRecord {
    /// The pass (LLVM's class name, as `-time-passes` prints it).
    pub name: String,
    /// User CPU seconds.
    pub user: f64,
    /// System CPU seconds.
    pub system: f64,
    /// Wall-clock seconds.
    pub wall: f64,
}

/// Measures `f` as one [`TimeRecord`] named `name`.
pub fn timed<T>(name: &str, records: &mut Vec<TimeRecord>, f: impl FnOnce() -> T) -> T {
    let (u0, s0) = process_times();
    let start = Instant::now();
    let out = f();
    let wall = start.elapsed().as_secs_f64();
    let (u1, s1) = process_times();
    let record = TimeRecord {
        name: name.to_owned(),
        user: (u1 - u0).max(0.0),
        system: (s1 - s0).max(0.0),
        wall,
    };
    match records.iter_mut().find(|r| r.name == record.name) {
        Some(r) => {
            r.user += record.user;
            r.system += record.system;
            r.wall += record.wall;
        }
        None => records.push(record),
    }
    out
}

/// A timing report in LLVM's layout (`-time-passes`): a banner with the
/// group's title, the total, then one line per record, slowest first, with
/// user, system, user+system and wall time and each one's share, and a
/// `Total` line. Columns whose total is zero are left out, as LLVM does.
pub fn timing_report(title: &str, records: &[TimeRecord]) -> String {
    let rule = format!("==={}===\n", "-".repeat(73));
    let total = TimeRecord {
        name: "Total".into(),
        user: records.iter().map(|r| r.user).sum(),
        system: records.iter().map(|r| r.system).sum(),
        wall: records.iter().map(|r| r.wall).sum(),
    };
    let mut out = String::new();
    out.push_str(&rule);
    let indent = 80usize.saturating_sub(title.len()) / 2;
    out.push_str(&format!("{}{title}\n", " ".repeat(indent)));
    out.push_str(&rule);
    out.push_str(&format!(
        "  Total Execution Time: {:5.4} seconds ({:5.4} wall clock)\n\n",
        total.user + total.system,
        total.wall
    ));
    let process = total.user + total.system;
    if total.user != 0.0 {
        out.push_str("   ---User Time---");
    }
    if total.system != 0.0 {
        out.push_str("   --System Time--");
    }
    if process != 0.0 {
        out.push_str("   --User+System--");
    }
    out.push_str("   ---Wall Time---  --- Name ---\n");
    let value = |v: f64, of: f64| {
        if of < 1e-7 {
            "        -----     ".to_owned()
        } else {
            format!("  {:7.4} ({:5.1}%)", v, v * 100.0 / of)
        }
    };
    let line = |r: &TimeRecord| {
        let mut s = String::new();
        if total.user != 0.0 {
            s.push_str(&value(r.user, total.user));
        }
        if total.system != 0.0 {
            s.push_str(&value(r.system, total.system));
        }
        if process != 0.0 {
            s.push_str(&value(r.user + r.system, process));
        }
        s.push_str(&value(r.wall, total.wall));
        s.push_str("  ");
        s.push_str(&r.name);
        s.push('\n');
        s
    };
    let mut sorted: Vec<&TimeRecord> = records.iter().collect();
    sorted.sort_by(|a, b| {
        (b.user + b.system)
            .total_cmp(&(a.user + a.system))
            .then(b.wall.total_cmp(&a.wall))
    });
    for r in sorted {
        out.push_str(&line(r));
    }
    out.push_str(&line(&total));
    out.push('\n');
    out
}

/// Passes that read cbuffer layouts from the data layout.
fn needs_data_layout(pass: Pass) -> bool {
    !matches!(pass, Pass::Verify | Pass::InstNamer)
}

/// Whether the module has anything whose offsets come from the data layout:
/// `!hlsl.cbs`, or a call of a DirectX or SPIR-V resource intrinsic.
fn has_cbuffer_content(module: &Module<'_>) -> bool {
    if matches!(named_metadata(module, "hlsl.cbs"), Ok(Some(_))) {
        return true;
    }
    module_functions(module).into_iter().any(|f| {
        let name = f.name();
        name.starts_with("llvm.dx.resource.") || name.starts_with("llvm.spv.resource.")
    })
}

/// `target datalayout` line advice for a module that has none.
fn data_layout_advice(module: &Module<'_>) -> String {
    let triple = target_triple(module);
    let dxil = format!("target datalayout = \"{}\"", Target::Dxil.data_layout());
    let spirv = format!("target datalayout = \"{}\"", Target::SpirV.data_layout());
    let which = if triple.starts_with("dxil") {
        format!("add `{dxil}` (DXIL)")
    } else if triple.starts_with("spirv") {
        format!("add `{spirv}` (SPIR-V)")
    } else {
        format!(
            "add `{dxil}` for DXIL or `{spirv}` for SPIR-V, or give the module a \
             `target triple = \"dxil-pc-shadermodel6.6-compute\"` (or spirv-unknown-vulkan1.3-compute) \
             line or run with -mtriple=, from which the data layout is taken"
        )
    };
    format!("the module has no data layout, and cbuffer offsets depend on it: {which}")
}

/// Runs the steps in order on `module`. The module is verified first, before
/// each run of LLVM passes (LLVM's passes assume valid IR) and after the last
/// step. Debug logging and IR dumps of cblower's passes go to `report`, in
/// the words LLVM uses for its own; timings are added to `times`.
pub fn run_steps(
    module: &Module<'_>,
    steps: &[Step],
    options: RunOptions,
    report: &mut dyn Write,
    times: &mut Vec<TimeRecord>,
) -> Result<(), PipelineError> {
    let io = |e: std::io::Error| PipelineError::Report(e.to_string());
    timed("VerifierPass", times, || verify_module(module)).map_err(PipelineError::BrokenInput)?;
    for step in steps {
        match step {
            Step::Llvm(text) => {
                let llvm_options = LlvmPassOptions {
                    verify_each: options.verify_each,
                    debug_logging: options.debug_pass_manager,
                };
                report.flush().map_err(io)?;
                run_llvm_pipeline(module, text, llvm_options).map_err(|e| match e {
                    LlvmPipelineError::Broken(source) => PipelineError::BrokenBeforeLlvm(source),
                    LlvmPipelineError::Rejected(msg) => PipelineError::LlvmRejected(msg),
                })?;
            }
            Step::Ours(pass) => {
                let pass = *pass;
                if needs_data_layout(pass)
                    && data_layout_string(module).is_empty()
                    && has_cbuffer_content(module)
                {
                    return Err(PipelineError::PassFailed {
                        pass: pass.name(),
                        source: super::PassError::CannotLower(data_layout_advice(module)),
                    });
                }
                let class = pass.llvm_class_name();
                if options.debug_pass_manager {
                    writeln!(report, "Running pass: {class} on [module]").map_err(io)?;
                }
                if options.print_before_all && pass != Pass::Verify {
                    write!(
                        report,
                        "; *** IR Dump Before {class} on [module] ***\n{}",
                        module.print_to_string().to_string()
                    )
                    .map_err(io)?;
                }
                let mut printed = Ok(String::new());
                timed(class, times, || {
                    if pass == Pass::PrintCBuffers {
                        printed = print_cbuffers::report(module);
                        Ok(())
                    } else {
                        super::run_one(module, pass)
                    }
                })?;
                let text = printed.map_err(|source| PipelineError::PassFailed {
                    pass: pass.name(),
                    source,
                })?;
                report.write_all(text.as_bytes()).map_err(io)?;
                if options.print_after_all && pass != Pass::Verify {
                    write!(
                        report,
                        "; *** IR Dump After {class} on [module] ***\n{}",
                        module.print_to_string().to_string()
                    )
                    .map_err(io)?;
                }
                if options.verify_each {
                    verify_module(module).map_err(|source| PipelineError::BrokenOutput {
                        pass: pass.name(),
                        source,
                    })?;
                }
            }
        }
    }
    if options.debug_pass_manager {
        writeln!(report, "Running pass: VerifierPass on [module]").map_err(io)?;
        writeln!(report, "Running analysis: VerifierAnalysis on [module]").map_err(io)?;
    }
    let last = steps.iter().rev().find_map(|s| match s {
        Step::Ours(p) => Some(p.name()),
        Step::Llvm(_) => None,
    });
    timed("VerifierPass", times, || verify_module(module)).map_err(|source| {
        PipelineError::BrokenOutput {
            pass: last.unwrap_or("the pipeline"),
            source,
        }
    })?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn llvm(s: &str) -> Step {
        Step::Llvm(s.to_owned())
    }

    #[test]
    fn all_llvm_text_is_passed_unchanged() {
        assert_eq!(
            parse_steps("function(instcombine),default<O1>").unwrap(),
            [llvm("function(instcombine),default<O1>")]
        );
        assert_eq!(parse_steps("instnamer").unwrap(), [llvm("instnamer")]);
        assert_eq!(
            parse_steps("function(frob").unwrap(),
            [llvm("function(frob")]
        );
    }

    #[test]
    fn ours_split_the_llvm_runs() {
        assert_eq!(
            parse_steps("always-inline,dxil-cbuffer-access,instcombine,default<O1>").unwrap(),
            [
                llvm("module(always-inline)"),
                Step::Ours(Pass::DxilCBufferAccess),
                llvm("module(instcombine,default<O1>)")
            ]
        );
        assert_eq!(
            parse_steps("module(dxil-cbuffer-lowering,function(sroa)),verify").unwrap(),
            [
                Step::Ours(Pass::DxilCBufferAccess),
                Step::Ours(Pass::DxilResourceAccess),
                llvm("module(function(sroa))"),
                Step::Ours(Pass::Verify)
            ]
        );
    }

    #[test]
    fn ours_inside_a_function_pipeline_is_an_error() {
        assert_eq!(
            parse_steps("function(instcombine,dxil-op-lower)"),
            Err(PipelineError::NestedModulePass {
                name: "dxil-op-lower".into(),
                adaptor: "function".into()
            })
        );
        // LLVM's function verifier inside function(...) stays LLVM's.
        assert_eq!(
            parse_steps("function(verify)").unwrap(),
            [llvm("function(verify)")]
        );
    }

    #[test]
    fn report_has_llvms_layout() {
        let records = vec![
            TimeRecord {
                name: "SPIRVCBufferAccess".into(),
                user: 0.75,
                system: 0.25,
                wall: 1.0,
            },
            TimeRecord {
                name: "VerifierPass".into(),
                user: 0.25,
                system: 0.0,
                wall: 0.5,
            },
        ];
        assert_eq!(
            timing_report("Pass execution timing report", &records),
            "===-------------------------------------------------------------------------===\n\
             \x20                         Pass execution timing report\n\
             ===-------------------------------------------------------------------------===\n\
             \x20 Total Execution Time: 1.2500 seconds (1.5000 wall clock)\n\
             \n\
             \x20  ---User Time---   --System Time--   --User+System--   ---Wall Time---  --- Name ---\n\
             \x20  0.7500 ( 75.0%)   0.2500 (100.0%)   1.0000 ( 80.0%)   1.0000 ( 66.7%)  SPIRVCBufferAccess\n\
             \x20  0.2500 ( 25.0%)   0.0000 (  0.0%)   0.2500 ( 20.0%)   0.5000 ( 33.3%)  VerifierPass\n\
             \x20  1.0000 (100.0%)   0.2500 (100.0%)   1.2500 (100.0%)   1.5000 (100.0%)  Total\n\
             \n"
        );
    }
}
