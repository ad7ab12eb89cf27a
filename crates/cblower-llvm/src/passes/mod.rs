//! The pass pipeline behind `cblower-opt`.
//!
//! Pass names are spelled as `opt` spells them. A pipeline is a comma-separated
//! list run left to right; the module is verified before the first pass (so no
//! pass ever sees IR LLVM would reject) and after the last (so no pass can hand
//! on IR LLVM would reject). `dxil-cbuffer-lowering` names the pair
//! `dxil-cbuffer-access,dxil-resource-access`.
//!
//! ```
//! use cblower_llvm::ir_io::parse_module;
//! use cblower_llvm::passes::{lowering_pipeline, parse_pipeline, run_pipeline, Pass};
//! use cblower_llvm::Target;
//!
//! assert_eq!(lowering_pipeline(Target::SpirV), "spirv-cbuffer-access");
//! let passes = parse_pipeline("verify,print-cbuffers").unwrap();
//! assert_eq!(passes, [Pass::Verify, Pass::PrintCBuffers]);
//! let ctx = inkwell::context::Context::create();
//! let m = parse_module(&ctx, b"define void @f() {\n  ret void\n}\n", "f.ll").unwrap();
//! let mut report = Vec::new();
//! run_pipeline(&m, &passes, &mut report).unwrap();
//! // No `!hlsl.cbs`: nothing to print.
//! assert!(String::from_utf8(report).unwrap().is_empty());
//! ```

use std::io::Write;

use inkwell::module::Module;

use crate::ffi::{run_llvm_passes, verify_module, LlvmError};

mod binding_overlap;
mod cbuffer_access;
mod cbuffer_memcpy;
mod cbuffer_metadata;
mod diag;
mod dxil_op_lower;
mod dxil_op_types;
mod expand_constants;
mod forward_handles;
mod implicit_binding;
mod pipeline;
mod pointer_merge;
mod print_cbuffers;
mod resource_access;
mod row_access;
mod row_dynamic;
mod row_reader;
mod spirv_cbuffer_access;

pub use diag::PassError;
pub use pipeline::{parse_steps, run_steps, timed, timing_report, RunOptions, Step, TimeRecord};

/// A pass `cblower-opt` knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pass {
    /// LLVM's module verifier, as `opt -passes=verify`.
    Verify,
    /// LLVM's `instnamer`: names every unnamed value (`%i`, `%arg`, `%bb`).
    InstNamer,
    /// Prints `!hlsl.cbs` (`print-cbuffers`; docs/passes.md).
    PrintCBuffers,
    /// Member globals become `getpointer` calls (`dxil-cbuffer-access`; docs/passes.md).
    DxilCBufferAccess,
    /// Loads through cbuffer pointers become row loads (`dxil-resource-access`; docs/passes.md).
    DxilResourceAccess,
    /// Member globals become SPIR-V `getpointer` calls (`spirv-cbuffer-access`; docs/passes.md).
    SpirvCBufferAccess,
    /// Handle loads become the stored handle (`dxil-forward-handle-accesses`; docs/passes.md).
    DxilForwardHandleAccesses,
    /// Implicitly bound cbuffers get `b` registers (`dxil-resource-implicit-binding`; docs/passes.md).
    DxilResourceImplicitBinding,
    /// Row loads and handles become DXIL operations (`dxil-op-lower`; docs/passes.md).
    DxilOpLower,
}

/// Names a pipeline element can have, and what each expands to.
const NAMES: &[(&str, &[Pass])] = &[
    ("verify", &[Pass::Verify]),
    ("instnamer", &[Pass::InstNamer]),
    ("print-cbuffers", &[Pass::PrintCBuffers]),
    ("dxil-cbuffer-access", &[Pass::DxilCBufferAccess]),
    ("dxil-resource-access", &[Pass::DxilResourceAccess]),
    (
        "dxil-cbuffer-lowering",
        &[Pass::DxilCBufferAccess, Pass::DxilResourceAccess],
    ),
    ("spirv-cbuffer-access", &[Pass::SpirvCBufferAccess]),
    (
        "dxil-forward-handle-accesses",
        &[Pass::DxilForwardHandleAccesses],
    ),
    (
        "dxil-resource-implicit-binding",
        &[Pass::DxilResourceImplicitBinding],
    ),
    ("dxil-op-lower", &[Pass::DxilOpLower]),
    (
        "dxil-lower",
        &[
            Pass::DxilCBufferAccess,
            Pass::DxilResourceAccess,
            Pass::DxilForwardHandleAccesses,
            Pass::DxilResourceImplicitBinding,
            Pass::DxilOpLower,
        ],
    ),
];

impl Pass {
    /// The name the pass has in a pipeline (`dxil-cbuffer-access`).
    pub fn name(self) -> &'static str {
        NAMES
            .iter()
            .find(|(_, p)| *p == [self])
            .map(|(n, _)| *n)
            .unwrap_or("?")
    }

    /// The name LLVM's pass instrumentation gives the pass (`-time-passes`,
    /// `-debug-pass-manager`): LLVM's class name for the passes LLVM has.
    pub fn llvm_class_name(self) -> &'static str {
        match self {
            Pass::Verify => "VerifierPass",
            Pass::InstNamer => "InstructionNamerPass",
            Pass::PrintCBuffers => "PrintCBuffersPass",
            Pass::DxilCBufferAccess => "DXILCBufferAccess",
            Pass::DxilResourceAccess => "DXILResourceAccess",
            Pass::SpirvCBufferAccess => "SPIRVCBufferAccess",
            Pass::DxilForwardHandleAccesses => "DXILForwardHandleAccesses",
            Pass::DxilResourceImplicitBinding => "DXILResourceImplicitBinding",
            Pass::DxilOpLower => "DXILOpLowering",
        }
    }

    /// Every name [`parse_pipeline`] accepts, for help texts.
    pub fn known_names() -> Vec<&'static str> {
        NAMES.iter().map(|(n, _)| *n).collect()
    }
}

/// Errors from building or running a pipeline.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum PipelineError {
    /// A name that is neither one of cblower's passes nor LLVM's.
    #[error("unknown pass name '{name}' (known passes: {known})")]
    UnknownPass {
        /// The name.
        name: String,
        /// cblower's pass names, comma-separated.
        known: String,
    },
    /// Two commas in a row, or a trailing comma.
    #[error("empty pass name in pipeline '{0}'")]
    EmptyPassName(String),
    /// The module failed the verifier before any pass ran.
    #[error("input module is broken: {0}")]
    BrokenInput(LlvmError),
    /// A pass left a module the verifier rejects (a bug in the pass).
    #[error("pass '{pass}' produced a broken module: {source}")]
    BrokenOutput {
        /// The pass.
        pass: &'static str,
        /// The verifier's message.
        source: LlvmError,
    },
    /// A pass could not transform the module.
    #[error("{pass}: {source}")]
    PassFailed {
        /// The pass.
        pass: &'static str,
        /// Why.
        source: PassError,
    },
    /// An analysis (`print-cbuffers`) could not write its report.
    #[error("cannot write the analysis output: {0}")]
    Report(String),
    /// LLVM's pass builder rejected a pipeline (LLVM's own message).
    #[error("{0}")]
    LlvmRejected(String),
    /// One of cblower's module passes inside `function(...)` and the like.
    #[error("'{name}' is a module pass and cannot run inside '{adaptor}(...)'")]
    NestedModulePass {
        /// The module pass.
        name: String,
        /// The adaptor it was put in (`function`, `cgscc`, `loop`).
        adaptor: String,
    },
    /// The module failed the verifier right before LLVM's passes were to run.
    #[error("module is broken before LLVM's passes: {0}")]
    BrokenBeforeLlvm(LlvmError),
}

/// Runs one of cblower's passes (`print-cbuffers` prints nowhere here; see
/// [`run_pipeline`] and [`run_steps`] for its report).
pub(crate) fn run_one(module: &Module<'_>, pass: Pass) -> Result<(), PipelineError> {
    let failed = |source: PassError| PipelineError::PassFailed {
        pass: pass.name(),
        source,
    };
    match pass {
        Pass::Verify => verify_module(module).map_err(|source| PipelineError::BrokenOutput {
            pass: pass.name(),
            source,
        }),
        Pass::InstNamer => {
            run_llvm_passes(module, "instnamer").map_err(|e| failed(PassError::Llvm(e)))
        }
        Pass::PrintCBuffers => print_cbuffers::report(module).map(drop).map_err(failed),
        Pass::DxilCBufferAccess => cbuffer_access::run(module).map_err(failed),
        Pass::DxilResourceAccess => resource_access::run(module).map_err(failed),
        Pass::SpirvCBufferAccess => spirv_cbuffer_access::run(module).map_err(failed),
        Pass::DxilForwardHandleAccesses => forward_handles::run(module).map_err(failed),
        Pass::DxilResourceImplicitBinding => implicit_binding::run(module).map_err(failed),
        Pass::DxilOpLower => dxil_op_lower::run(module).map_err(failed),
    }
}

/// Parses `a,b,c` into passes.
pub fn parse_pipeline(text: &str) -> Result<Vec<Pass>, PipelineError> {
    let mut passes = Vec::new();
    for raw in text.split(',') {
        let name = raw.trim();
        if name.is_empty() {
            return Err(PipelineError::EmptyPassName(text.to_owned()));
        }
        match NAMES.iter().find(|(n, _)| *n == name) {
            Some((_, p)) => passes.extend_from_slice(p),
            None => {
                return Err(PipelineError::UnknownPass {
                    name: name.to_owned(),
                    known: Pass::known_names().join(", "),
                })
            }
        }
    }
    Ok(passes)
}

/// Runs `passes` on `module` in order, verifying before and after. Analysis
/// printers write to `report`.
pub fn run_pipeline(
    module: &Module<'_>,
    passes: &[Pass],
    report: &mut dyn Write,
) -> Result<(), PipelineError> {
    verify_module(module).map_err(PipelineError::BrokenInput)?;
    for &pass in passes {
        if pass == Pass::PrintCBuffers {
            let text =
                print_cbuffers::report(module).map_err(|source| PipelineError::PassFailed {
                    pass: pass.name(),
                    source,
                })?;
            report
                .write_all(text.as_bytes())
                .map_err(|e| PipelineError::Report(e.to_string()))?;
        } else {
            run_one(module, pass)?;
        }
    }
    if let Some(&last) = passes.last() {
        verify_module(module).map_err(|source| PipelineError::BrokenOutput {
            pass: last.name(),
            source,
        })?;
    }
    Ok(())
}

/// The pipeline that lowers a module's cbuffer accesses all the way on
/// `target` (what `cblower emit-llvm --lower` runs): `dxil-lower` for
/// DXIL, `spirv-cbuffer-access` for SPIR-V.
pub fn lowering_pipeline(target: crate::Target) -> &'static str {
    match target {
        crate::Target::Dxil => "dxil-lower",
        crate::Target::SpirV => "spirv-cbuffer-access",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_known_and_rejects_unknown_names() {
        assert_eq!(
            parse_pipeline("verify,verify").unwrap(),
            [Pass::Verify, Pass::Verify]
        );
        assert_eq!(
            parse_pipeline("verify,frobnicate"),
            Err(PipelineError::UnknownPass {
                name: "frobnicate".into(),
                known: "verify, instnamer, print-cbuffers, dxil-cbuffer-access, \
                        dxil-resource-access, dxil-cbuffer-lowering, spirv-cbuffer-access, \
                        dxil-forward-handle-accesses, dxil-resource-implicit-binding, \
                        dxil-op-lower, dxil-lower"
                    .into()
            })
        );
        assert_eq!(
            parse_pipeline("verify,,verify"),
            Err(PipelineError::EmptyPassName("verify,,verify".into()))
        );
    }

    #[test]
    fn lowering_is_the_two_access_passes() {
        assert_eq!(
            parse_pipeline("dxil-cbuffer-lowering,instnamer").unwrap(),
            [
                Pass::DxilCBufferAccess,
                Pass::DxilResourceAccess,
                Pass::InstNamer
            ]
        );
        assert_eq!(Pass::DxilCBufferAccess.name(), "dxil-cbuffer-access");
    }

    #[test]
    fn dxil_lower_runs_access_forwarding_binding_and_op_lowering() {
        assert_eq!(
            parse_pipeline("dxil-lower").unwrap(),
            [
                Pass::DxilCBufferAccess,
                Pass::DxilResourceAccess,
                Pass::DxilForwardHandleAccesses,
                Pass::DxilResourceImplicitBinding,
                Pass::DxilOpLower
            ]
        );
        assert_eq!(Pass::SpirvCBufferAccess.name(), "spirv-cbuffer-access");
        assert_eq!(Pass::DxilOpLower.name(), "dxil-op-lower");
    }
}
