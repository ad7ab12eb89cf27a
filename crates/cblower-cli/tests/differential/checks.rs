//! The two verdicts the differential test gives on a case.

use std::fmt::Write;

use super::dxc_packer::{pack_buffer_for, PackedMember};
use super::ir_offsets::{buffer_members, global_leaves};
use super::ll_module::parse_module;
use super::model::{Case, Item, VkGlobal};
use super::summary::summarize;
use super::text_diff::line_diff;
use super::vk_model::{pack_buffer_vk, Model, Rule, VkFlag};

/// Compares two printed modules' cbuffer lowering; `Err` carries a diff of
/// their canonical facts.
pub fn compare_lowering(clang_ll: &str, ours_ll: &str) -> Result<(), String> {
    let clang = summarize(&parse_module(clang_ll).map_err(|e| format!("clang-22 IR: {e}"))?);
    let ours = summarize(&parse_module(ours_ll).map_err(|e| format!("cblower IR: {e}"))?);
    if clang == ours {
        Ok(())
    } else {
        Err(line_diff(
            "clang-22",
            &clang,
            "cblower --rules clang-22",
            &ours,
        ))
    }
}

fn describe(m: &PackedMember) -> String {
    let leaves: Vec<String> = m
        .leaves
        .iter()
        .map(|l| format!("{}:{}", l.offset, l.size))
        .collect();
    format!("offset {} components [{}]", m.offset, leaves.join(" "))
}

/// Checks the member offsets and scalar components a module's layout types
/// give against the DXC packer, buffer by buffer and member by member.
pub fn check_dxc_offsets(case: &Case, ll: &str) -> Result<(), String> {
    check_dxc_offsets_for(case, ll, false)
}

/// [`check_dxc_offsets`] for a target (`spirv`: `vk::offset` honoured, push
/// and specialisation constants not `$Globals` members).
pub fn check_dxc_offsets_for(case: &Case, ll: &str, spirv: bool) -> Result<(), String> {
    compare_members(case, ll, spirv, |buffer| {
        pack_buffer_for(case, buffer, spirv)
    })
}

/// What DXC's SPIR-V back end makes of the case under `flag`: `Err` with
/// its complaint when it rejects a buffer.
pub fn vk_verdict(case: &Case, flag: VkFlag) -> Result<(), String> {
    for buffer in case.buffers_with_globals_for(true) {
        pack_buffer_vk(case, &buffer, flag)?;
    }
    Ok(())
}

/// Checks a SPIR-V module emitted with DXC's layout flag `flag` against the
/// independent Vulkan layout model ([`vk_verdict`] must be `Ok`).
pub fn check_vk_offsets(case: &Case, ll: &str, flag: VkFlag) -> Result<(), String> {
    compare_members(case, ll, true, |buffer| {
        pack_buffer_vk(case, buffer, flag).unwrap_or_default()
    })
}

/// The verdict on cblower's SPIR-V output (`ours`) for the case emitted with
/// DXC's layout flag `flag`: the Vulkan model's offsets, or, where the model
/// says DXC rejects a buffer or lays it out with overlapping members,
/// cblower's refusal for that reason. Structs with bitfields are compared
/// too: the model packs them by DXC's SPIR-V rule (units of one type only,
/// `: 0` closing nothing).
pub fn check_vk_verdict(
    case: &Case,
    flag: VkFlag,
    ours: Result<String, String>,
) -> Result<(), String> {
    match (vk_verdict(case, flag), ours) {
        (Ok(()), ours) => ours.and_then(|ll| {
            check_vk_offsets(case, &ll, flag)?;
            check_vk_push_constants(case, &ll, flag)
        }),
        (Err(_), Err(e))
            if e.contains("is before the end of the previous member")
                || e.contains("-byte alignment but its explicit offset is")
                || e.contains("places its vectors 32 bytes apart") =>
        {
            Ok(())
        }
        (Err(dxc), Err(e)) => Err(format!(
            "DXC rejects this ({dxc}), cblower for another reason:\n{e}"
        )),
        (Err(dxc), Ok(_)) => Err(format!("DXC rejects this ({dxc}), cblower accepted it")),
    }
}

/// Checks each `[[vk::push_constant]]` block's struct against the Vulkan
/// model under DXC's push-constant rule for `flag` (its structured-buffer
/// rule: relaxed std430, std430, scalar, or the FXC structured rule of
/// `-fvk-use-dx-layout`), bitfields included.
pub fn check_vk_push_constants(case: &Case, ll: &str, flag: VkFlag) -> Result<(), String> {
    let rule = match flag {
        VkFlag::Default => Rule::RelaxedStd430,
        VkFlag::Gl => Rule::Std430,
        VkFlag::Scalar => Rule::Scalar,
        VkFlag::Dx => Rule::FxcSBuffer,
    };
    let model = Model { case, rule };
    let module = parse_module(ll)?;
    let mut problems = String::new();
    for item in &case.items {
        let Item::Global(m) = item else { continue };
        if m.vk_global != Some(VkGlobal::PushConstant) {
            continue;
        }
        let mut want = Vec::new();
        model.leaves(&m.ty, 0, &mut want);
        let got = global_leaves(&module, &m.name)?;
        if got != want {
            let show = |l: &[super::dxc_packer::Leaf]| {
                l.iter()
                    .map(|l| format!("{}:{}", l.offset, l.size))
                    .collect::<Vec<_>>()
                    .join(" ")
            };
            writeln!(
                problems,
                "push constant @{}:\n    Vulkan model: [{}]\n    IR layout:    [{}]",
                m.name,
                show(&want),
                show(&got)
            )
            .unwrap();
        }
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(problems)
    }
}

fn compare_members(
    case: &Case,
    ll: &str,
    spirv: bool,
    pack: impl Fn(&super::model::Buffer) -> Vec<PackedMember>,
) -> Result<(), String> {
    let module = parse_module(ll)?;
    let ir = buffer_members(&module)?;
    let mut problems = String::new();
    for buffer in case.buffers_with_globals_for(spirv) {
        let expected = pack(&buffer);
        let found = ir.iter().find(|(handle, _)| {
            handle
                .rsplit_once('.')
                .is_some_and(|(stem, kind)| stem == buffer.name && (kind == "cb" || kind == "tb"))
        });
        let Some((handle, members)) = found else {
            if !expected.is_empty() {
                writeln!(problems, "buffer {}: not in hlsl.cbs", buffer.name).unwrap();
            }
            continue;
        };
        for want in &expected {
            match members.iter().find(|m| m.name == want.name) {
                None => writeln!(problems, "@{handle} member {}: missing", want.name).unwrap(),
                Some(got) if got != want => writeln!(
                    problems,
                    "@{handle} member {}:\n    DXC packer: {}\n    IR layout:  {}",
                    want.name,
                    describe(want),
                    describe(got)
                )
                .unwrap(),
                Some(_) => {}
            }
        }
        for got in members {
            if !expected.iter().any(|w| w.name == got.name) {
                writeln!(
                    problems,
                    "@{handle} member {}: not a stored member",
                    got.name
                )
                .unwrap();
            }
        }
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(problems)
    }
}
