//! The pieces of the clang-22 differential test (see `docs/testing.md`).

pub mod checks;
pub mod coverage;
pub mod dxc_packer;
pub mod env;
pub mod generate;
pub mod ir_offsets;
pub mod ll_module;
pub mod ll_type;
pub mod model;
pub mod prng;
pub mod render;
pub mod summary;
pub mod text_diff;
pub mod tools;
pub mod vk_model;
