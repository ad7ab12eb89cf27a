//! The pass pipeline behind `cblower-opt`.
//!
//! Pass names are spelled as `opt` spells them. A pipeline is a comma-separated
//! list run left to right; the module is verified before the first pass (so no
//! pass ever sees IR LLVM would reject) and after the last.

use inkwell::module::Module;

use crate::ffi::{verify_module, LlvmError};

/// A pass `cblower-opt` knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pass {
    /// LLVM's module verifier, as `opt -passes=verify`.
    Verify,
}

impl Pass {
    /// Every pass name accepted by [`parse_pipeline`], for help texts.
    pub const ALL: &'static [(&'static str, Pass)] = &[("verify", Pass::Verify)];

    pub fn name(self) -> &'static str {
        Pass::ALL
            .iter()
            .find(|(_, p)| *p == self)
            .map(|(n, _)| *n)
            .unwrap_or("?")
    }
}

/// Errors from building or running a pipeline.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum PipelineError {
    #[error("unknown pass name '{name}' (known passes: {known})")]
    UnknownPass { name: String, known: String },
    #[error("empty pass name in pipeline '{0}'")]
    EmptyPassName(String),
    #[error("input module is broken: {0}")]
    BrokenInput(LlvmError),
    #[error("pass '{pass}' produced a broken module: {source}")]
    BrokenOutput {
        pass: &'static str,
        source: LlvmError,
    },
}

/// Parses `a,b,c` into passes.
pub fn parse_pipeline(text: &str) -> Result<Vec<Pass>, PipelineError> {
    let mut passes = Vec::new();
    for raw in text.split(',') {
        let name = raw.trim();
        if name.is_empty() {
            return Err(PipelineError::EmptyPassName(text.to_owned()));
        }
        match Pass::ALL.iter().find(|(n, _)| *n == name) {
            Some((_, p)) => passes.push(*p),
            None => {
                return Err(PipelineError::UnknownPass {
                    name: name.to_owned(),
                    known: Pass::ALL
                        .iter()
                        .map(|(n, _)| *n)
                        .collect::<Vec<_>>()
                        .join(", "),
                })
            }
        }
    }
    Ok(passes)
}

/// Runs `passes` on `module` in order, verifying before and after.
pub fn run_pipeline(module: &Module<'_>, passes: &[Pass]) -> Result<(), PipelineError> {
    verify_module(module).map_err(PipelineError::BrokenInput)?;
    for pass in passes {
        match pass {
            Pass::Verify => {
                verify_module(module).map_err(|source| PipelineError::BrokenOutput {
                    pass: pass.name(),
                    source,
                })?
            }
        }
    }
    Ok(())
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
                known: "verify".into()
            })
        );
        assert_eq!(
            parse_pipeline("verify,,verify"),
            Err(PipelineError::EmptyPassName("verify,,verify".into()))
        );
    }
}
