//! The two verdicts the differential test gives on a case.

use std::fmt::Write;

use super::dxc_packer::{pack_buffer_for, PackedMember};
use super::ir_offsets::{buffer_members, global_leaves};
use super::ll_module::parse_module;
use super::model::{Case, Item, Scalar, Ty, VkGlobal};
use super::render;
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

/// A diagnostic at a place of the generated body: (line, column, message).
pub type Located = (usize, usize, String);

/// `1'000'000`: a width as clang-22 prints it in its warning.
fn digit_groups(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push('\'');
        }
        out.push(c);
    }
    out
}

/// clang-22's `-Wbitfield-width` warnings the case must give, at the
/// bitfield's name: one for each named, non-`bool` bitfield wider than its
/// type, in every struct, used or not.
pub fn expected_width_warnings(case: &Case) -> Vec<Located> {
    let (_, positions) = render::body_with_positions(case);
    let mut out = Vec::new();
    for (s, f) in case.wide_bitfields() {
        let (name, ty) = &case.structs[s].fields[f];
        let Ty::Bitfield(t, w) = ty else { continue };
        let pos = positions
            .iter()
            .find(|p| p.struct_index == s && p.field_index == f);
        let (Some(pos), Some(col)) = (pos, pos.and_then(|p| p.name_col)) else {
            continue;
        };
        if *t == Scalar::Bool {
            continue;
        }
        out.push((
            pos.line,
            col,
            format!(
                "width of bit-field '{name}' ({} bits) exceeds the width of its type; value will be truncated to {} bits",
                digit_groups(u64::from(*w)),
                t.bitfield_bits()
            ),
        ));
    }
    out.sort();
    out
}

/// DXC's errors for the over-wide bitfields of the structs the case uses,
/// where DXC's sema reports them (`wide-bitfields-errors.hlsl` pins
/// cblower's): at the name, "size of bit-field 'a' (33 bits) exceeds size
/// of its type (32 bits)", or for an anonymous bit-field at its type.
pub fn expected_width_errors(case: &Case) -> Vec<Located> {
    let (_, positions) = render::body_with_positions(case);
    let mut out = Vec::new();
    for (s, f) in case.used_wide_bitfields() {
        let (name, ty) = &case.structs[s].fields[f];
        let Ty::Bitfield(t, w) = ty else { continue };
        let Some(pos) = positions
            .iter()
            .find(|p| p.struct_index == s && p.field_index == f)
        else {
            continue;
        };
        let what = if name.is_empty() {
            "anonymous bit-field".to_string()
        } else {
            format!("bit-field '{name}'")
        };
        out.push((
            pos.line,
            pos.name_col.unwrap_or(pos.type_col),
            format!(
                "size of {what} ({w} bits) exceeds size of its type ({} bits)",
                t.bitfield_bits()
            ),
        ));
    }
    out.sort();
    out
}

/// clang-22's `-Wbitfield-width` warnings (`file:line:col: warning: ...
/// [-Wbitfield-width]`), lines counted from the body (after `prelude`
/// lines of typedefs).
pub fn clang_width_warnings(stderr: &str, prelude: usize) -> Result<Vec<Located>, String> {
    let mut out = Vec::new();
    for line in stderr.lines() {
        let Some(text) = line.strip_suffix(" [-Wbitfield-width]") else {
            continue;
        };
        let Some((place, message)) = text.split_once(": warning: ") else {
            return Err(format!("unreadable clang-22 warning: {line}"));
        };
        let (line_no, col) =
            line_col(place).ok_or_else(|| format!("no line:col in clang-22 warning: {line}"))?;
        let line_no = line_no
            .checked_sub(prelude)
            .ok_or_else(|| format!("clang-22 warning in the prelude: {line}"))?;
        out.push((line_no, col, message.to_string()));
    }
    out.sort();
    Ok(out)
}

/// `path:line:col` → (line, col).
fn line_col(place: &str) -> Option<(usize, usize)> {
    let (rest, col) = place.rsplit_once(':')?;
    let (_, line) = rest.rsplit_once(':')?;
    Some((line.trim().parse().ok()?, col.trim().parse().ok()?))
}

/// cblower's diagnostics of one severity (`error` or `warning`) whose
/// message contains `about`: each `severity: message` line with the
/// `--> file:line:col` line after it.
pub fn cblower_diagnostics(stderr: &str, severity: &str, about: &str) -> Vec<Located> {
    let prefix = format!("{severity}: ");
    let lines: Vec<&str> = stderr.lines().collect();
    let mut out = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let Some(message) = line.strip_prefix(&prefix) else {
            continue;
        };
        if !message.contains(about) {
            continue;
        }
        let place = lines
            .get(i + 1)
            .and_then(|l| l.trim_start().strip_prefix("--> "))
            .and_then(line_col);
        let (line_no, col) = place.unwrap_or((0, 0));
        out.push((line_no, col, message.to_string()));
    }
    out.sort();
    out
}

fn show(list: &[Located]) -> String {
    list.iter()
        .map(|(l, c, m)| format!("    {l}:{c}: {m}\n"))
        .collect()
}

/// The over-wide bitfield warnings of clang-22 (its standard error) and of
/// `cblower --rules clang-22` (its standard error) must both be the ones
/// the case calls for ([`expected_width_warnings`]), at the same places.
pub fn compare_width_warnings(
    case: &Case,
    clang_stderr: &str,
    ours_stderr: &str,
) -> Result<(), String> {
    let want = expected_width_warnings(case);
    let clang = clang_width_warnings(clang_stderr, render::prelude_lines(case))?;
    let ours = cblower_diagnostics(ours_stderr, "warning", "width of bit-field");
    if clang == want && ours == want {
        return Ok(());
    }
    Err(format!(
        "-Wbitfield-width warnings (line:col in the body) differ\n  expected:\n{}  clang-22:\n{}  cblower --rules clang-22:\n{}",
        show(&want),
        show(&clang),
        show(&ours)
    ))
}

/// DXC refuses an over-wide bitfield in a struct a buffer uses: the
/// default mode must fail (exit status 1, no output file) with DXC's
/// error for such bitfields, at their widths, and no other error. cblower
/// stops at a struct's first problem, so not every expected error need be
/// printed, but at least one must, and each printed one must be expected.
pub fn check_width_refusal(case: &Case, ours: Result<String, String>) -> Result<(), String> {
    let want = expected_width_errors(case);
    let stderr = match ours {
        Ok(_) => {
            return Err(format!(
                "DXC refuses the over-wide bitfields, the default mode accepted them:\n{}",
                show(&want)
            ))
        }
        Err(e) => e,
    };
    if stderr.contains(super::tools::LEFT_OUTPUT) || !stderr.contains("(exit status: 1)") {
        return Err(format!(
            "the refusal must exit with status 1 and write nothing:\n{stderr}"
        ));
    }
    let all = cblower_diagnostics(&stderr, "error", "");
    let unexpected: Vec<Located> = all.iter().filter(|e| !want.contains(e)).cloned().collect();
    if all.is_empty() || !unexpected.is_empty() {
        return Err(format!(
            "expected DXC's over-wide bitfield errors (some of):\n{}got:\n{}\n{stderr}",
            show(&want),
            show(&all)
        ));
    }
    Ok(())
}

/// The default mode's verdict on a case: DXC's refusal of an over-wide
/// bitfield a buffer uses ([`check_width_refusal`]); else, on SPIR-V (a
/// layout `flag`), the Vulkan model's ([`check_vk_verdict`]); else on
/// DXIL the D3D packer's offsets, or DXC's overlap error where its rules
/// overlap two `packoffset` members.
pub fn check_default_mode(
    case: &Case,
    spirv: Option<VkFlag>,
    ours: Result<String, String>,
) -> Result<(), String> {
    if case.dxc_refuses_wide_bitfields() {
        return check_width_refusal(case, ours);
    }
    match (spirv, case.dxc_rejects, ours) {
        (Some(flag), _, ours) => check_vk_verdict(case, flag, ours),
        (None, false, ours) => ours.and_then(|ll| check_dxc_offsets_for(case, &ll, false)),
        (None, true, Err(e)) if e.contains("overlaps") => Ok(()),
        (None, true, Err(e)) => Err(format!("expected a packoffset overlap error, got:\n{e}")),
        (None, true, Ok(_)) => {
            Err("DXC's rules overlap here, but the default mode accepted it".into())
        }
    }
}
