//! Shared pieces of the `cblower` and `cblower-opt` command lines.

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
pub mod wgsl_layout;
