//! The semantic check of the DXIL access passes: random cbuffers, random
//! reads, executed with `lli` before and after `dxil-cbuffer-lowering`.

pub mod build;
pub mod exec;
pub mod gen;
