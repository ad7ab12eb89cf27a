//! What a run of generated files exercised: one line of counts per test,
//! printed with the results (`cargo test ... -- --nocapture`), so a run
//! shows which constructs it compared.

use std::fmt;

use super::checks::vk_verdict;
use super::model::{Case, Item, Storage, Ty, VkGlobal};
use super::vk_model::VkFlag;

/// Files holding each construct (a file counts once per construct).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Coverage {
    pub files: usize,
    pub native16: usize,
    pub tbuffers: usize,
    pub packoffsets: usize,
    pub dxc_rejects: usize,
    pub vk_offset_members: usize,
    pub push_constants: usize,
    pub spec_constants: usize,
    pub bitfields: usize,
    pub bool_bitfields: usize,
    /// A bitfield wider than its type anywhere in the file.
    pub wide_bitfields: usize,
    /// ... in a struct a declaration uses, so DXC's rules refuse the file.
    pub wide_bitfields_used: usize,
    /// `[[vk::offset(N)]]` on a bitfield.
    pub vk_offset_bitfields: usize,
    /// ... in a struct a declaration uses, in a file DXC lays out on SPIR-V
    /// (under `-fvk-use-dx-layout`).
    pub vk_offset_bitfields_used: usize,
}

impl Coverage {
    pub fn add(&mut self, case: &Case) {
        let members = || {
            case.items.iter().flat_map(|item| match item {
                Item::Buffer(b) => b.members.iter().collect::<Vec<_>>(),
                Item::Global(m) => vec![m],
                Item::ResourceGlobal { .. } => Vec::new(),
            })
        };
        let bitfields = || {
            case.structs
                .iter()
                .flat_map(|s| s.fields.iter())
                .filter_map(|(name, ty)| match ty {
                    Ty::Bitfield(s, w) => Some((name, *s, *w)),
                    _ => None,
                })
        };
        let count = |hit: bool| usize::from(hit);
        self.files += 1;
        self.native16 += count(case.native16);
        self.tbuffers +=
            count(case.items.iter().any(
                |i| matches!(i, Item::Buffer(b) if b.kind == super::model::BufferKind::TBuffer),
            ));
        self.packoffsets += count(members().any(|m| m.packoffset.is_some()));
        self.dxc_rejects += count(case.dxc_rejects);
        self.vk_offset_members += count(members().any(|m| m.vk_offset.is_some()));
        self.push_constants +=
            count(members().any(|m| m.vk_global == Some(VkGlobal::PushConstant)));
        self.spec_constants += count(members().any(|m| {
            matches!(m.vk_global, Some(VkGlobal::SpecConstant(_))) && m.storage == Storage::Stored
        }));
        self.bitfields += count(bitfields().next().is_some());
        self.bool_bitfields += count(bitfields().any(|(_, s, _)| s == super::model::Scalar::Bool));
        self.wide_bitfields += count(!case.wide_bitfields().is_empty());
        self.wide_bitfields_used += count(case.dxc_refuses_wide_bitfields());
        self.vk_offset_bitfields += count(case.structs.iter().any(|s| !s.vk_offsets.is_empty()));
        self.vk_offset_bitfields_used += count(
            !case.dxc_refuses_wide_bitfields()
                && vk_verdict(case, VkFlag::Dx).is_ok()
                && case
                    .used_structs()
                    .iter()
                    .any(|&s| !case.structs[s].vk_offsets.is_empty()),
        );
    }

    pub fn of<'a>(cases: impl IntoIterator<Item = &'a Case>) -> Coverage {
        let mut c = Coverage::default();
        for case in cases {
            c.add(case);
        }
        c
    }
}

impl fmt::Display for Coverage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} files: native 16-bit {}, tbuffer {}, packoffset {}, DXC overlap {}, \
             vk::offset member {}, push constant {}, spec constant {}, bitfields {} \
             (bool {}), over-wide bitfields {} (in a used struct {}), \
             vk::offset bitfields {} (in a used struct {})",
            self.files,
            self.native16,
            self.tbuffers,
            self.packoffsets,
            self.dxc_rejects,
            self.vk_offset_members,
            self.push_constants,
            self.spec_constants,
            self.bitfields,
            self.bool_bitfields,
            self.wide_bitfields,
            self.wide_bitfields_used,
            self.vk_offset_bitfields,
            self.vk_offset_bitfields_used
        )
    }
}
