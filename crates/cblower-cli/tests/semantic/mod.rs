//! The semantic check of the DXIL access passes: random cbuffers, random
//! reads, executed with `lli` before and after `dxil-cbuffer-lowering` and
//! the whole `dxil-lower` pipeline.

pub mod binding;
pub mod build;
pub mod dxil_ops;
pub mod exec;
pub mod gen;
