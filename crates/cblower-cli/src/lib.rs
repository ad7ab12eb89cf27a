//! The library half of the `cblower` and `cblower-opt` binaries: their
//! argument types and one `run` function per command.
//!
//! # Guide
//!
//! This crate holds no lowering policy; that lives in the library crates
//! (`cblower-hlsl` reads shaders, `cblower-program` assigns bindings and
//! plans the module, `cblower-llvm` emits it, `cblower-report` and
//! `cblower-mirror` print layouts and structs). What is here is what a
//! command line adds on top:
//!
//! - one module per `cblower` subcommand ([`layout_cmd`], [`emit_cmd`],
//!   [`mirror_cmd`], [`bindings_cmd`]), each with a clap [`clap::Args`]
//!   struct (`LayoutArgs`, `EmitArgs`, ...) and a `run` that returns the
//!   process exit code. The commands do not call each other.
//! - [`frontend_args`]: the options every HLSL-reading command shares
//!   (`-I`, `-D`, `--enable-16bit-types`, `--matrix-order`, `--rules`,
//!   `--target`, `--color`).
//! - [`opt_args`]: `cblower-opt`'s command line, parsed by hand the way
//!   LLVM's `opt` parses its own (one or two dashes, `-passes=`, legacy pass
//!   flags), because clap cannot accept that syntax.
//! - [`output`] (writing to a file or standard output without leaving a
//!   partial file), [`exit`] (exit codes) and [`big_stack`] (running a
//!   command on a thread with room for deeply nested input).
//!
//! The argument types are public so the binaries can use them and so a tool
//! that embeds the commands (or a test) can build them from an argument
//! list without spawning a process.
//!
//! # Example
//!
//! Parsing the arguments of `cblower emit-llvm` with clap, as the binary
//! does (it puts the `Args` struct under a subcommand):
//!
//! ```
//! use clap::Parser;
//! use cblower_cli::emit_cmd::{EmitArgs, EmitRulesArg};
//! use cblower_cli::frontend_args::TargetArg;
//!
//! #[derive(Parser)]
//! struct EmitLlvm {
//!     #[command(flatten)]
//!     args: EmitArgs,
//! }
//!
//! let parsed = EmitLlvm::try_parse_from([
//!     "emit-llvm", "--target", "spirv", "--rules", "clang-22",
//!     "-D", "LIGHTS=4", "-o", "out.ll", "scene.hlsl",
//! ])?;
//! let args = parsed.args;
//! assert_eq!(args.file.to_str(), Some("scene.hlsl"));
//! assert_eq!(args.target, Some(TargetArg::Spirv));
//! assert_eq!(args.rules, EmitRulesArg::Clang22);
//! assert_eq!(args.output.to_str(), Some("out.ll"));
//! assert_eq!(
//!     args.frontend.options().defines,
//!     [("LIGHTS".to_string(), Some("4".to_string()))]
//! );
//!
//! // A value the command does not know is a usage error, not a panic.
//! let bad = EmitLlvm::try_parse_from(["emit-llvm", "--target", "metal", "x.hlsl"]);
//! assert!(bad.is_err());
//! # Ok::<(), clap::Error>(())
//! ```
//!
//! `cblower-opt`'s arguments go through [`opt_args::parse_opt_args`]
//! instead:
//!
//! ```
//! use cblower_cli::opt_args::{parse_opt_args, PipelinePart};
//!
//! let args = parse_opt_args(
//!     ["-S", "-passes=dxil-cbuffer-access", "in.ll"].map(String::from),
//! )?;
//! assert!(args.text);
//! assert_eq!(args.pipeline, [PipelinePart::Text("dxil-cbuffer-access".into())]);
//! assert_eq!(args.input.as_deref(), Some("in.ll"));
//! # Ok::<(), cblower_cli::opt_args::ArgError>(())
//! ```
#![deny(missing_docs)]

pub mod big_stack;
pub mod bindings_cmd;
pub mod check_cmd;
pub mod emit_cmd;
pub mod exit;
pub mod frontend_args;
pub mod layout_cmd;
pub mod mirror_cmd;
pub mod opt_args;
pub mod output;
pub(crate) mod wgsl_layout;
