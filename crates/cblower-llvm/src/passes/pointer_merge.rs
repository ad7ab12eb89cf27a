//! `select` and `phi` of cbuffer pointers, turned into `select` and `phi` of
//! row numbers before loads are rewritten.
//!
//! LLVM 22 reports a cbuffer pointer reaching a `select` or `phi` as an
//! escape. cblower rewrites each such instruction `%p` (of type
//! `ptr addrspace(2)`, every incoming pointer coming from a cbuffer
//! `getpointer` through GEPs, other such selects/phis, or `%p` itself in a
//! loop) into
//!
//! ```llvm
//! %p.row = phi i32 [ <row of incoming 0>, %bb0 ], ...   ; or select i1 %c, i32 ..., i32 ...
//! %h     = load target("dx.CBuffer", ...), ptr @CB.cb   ; or the shared handle value
//! %0     = call ptr addrspace(2) @llvm.dx.resource.getpointer...(%h, i32 0)
//! %p.rows = getelementptr [16 x i8], ptr addrspace(2) %0, i32 %p.row
//! %p     = getelementptr inbounds i8, ptr addrspace(2) %p.rows, i32 <byte in row>
//! ```
//!
//! so every load behind it is an ordinary GEP chain the row computation
//! handles. The row of an incoming pointer is computed from its GEP chain at
//! the end of its incoming block (phi) or right before the select. Three
//! things must hold, or the pass reports the instruction:
//!
//! * the incoming pointers read one buffer: their handles are loads of one
//!   handle global (the new handle is a fresh load of it), or one value
//!   available everywhere (an argument or an entry-block instruction, or any
//!   value for a select that merges plain pointers);
//! * they start at the same byte within a row (so the element stays a
//!   constant);
//! * their run-time GEP strides are whole rows.
//!
//! A merge whose arms read different buffers, or one of which is not a
//! cbuffer pointer at all (`cond ? cbA.x : cbB.y`, `cond ? cb.s : local`),
//! is split first when everything reading it is a chain of GEPs ending in
//! loads: each load is repeated on each arm (GEPs cloned onto the arm's
//! pointer) and the loaded values are merged instead, with a `select`
//! right before the load, or a `phi` whose values are loaded at the end of
//! the incoming blocks (then the GEPs behind the phi must have constant
//! indices, which are available there). A phi read at a run-time index
//! whose arms can all be rebuilt after it is split at the loads instead
//! ([`split_phi_by_arm`]). Cbuffer memory does not change, so loading in
//! every arm is safe. Merges left after that are rewritten as above.

use crate::fast_hash::{FastMap, FastSet};
use llvm_sys::LLVMOpcode;

use super::cbuffer_access::GETPOINTER;
use super::resource_access::is_cbuffer_pointer;
use super::row_access::{dynamic_rows, emit_linear, exact_bytes, IrArith, ROW_BYTES};
use super::PassError;
use crate::ffi::{
    clone_instruction, const_int, insert_before, AccessBuilder, ModuleLayout, RawBlock, RawBuilder,
    RawType, RawValue, ValueKind,
};

/// Where a pointer's GEP chain starts.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Root<'ctx> {
    /// A cbuffer `getpointer` call.
    GetPointer(RawValue<'ctx>),
    /// A select or phi being merged.
    Merge(RawValue<'ctx>),
}

/// The handle a merged pointer is rebuilt on.
#[derive(Clone, Copy)]
enum HandleSource<'ctx> {
    /// Load the handle global again (its value type, the global).
    Global(RawType<'ctx>, RawValue<'ctx>),
    /// One value that is available at the merge.
    Value(RawValue<'ctx>),
}

fn is_merge(v: RawValue<'_>) -> bool {
    matches!(
        v.opcode(),
        Some(LLVMOpcode::LLVMPHI) | Some(LLVMOpcode::LLVMSelect)
    )
}

/// The pointer operands of a select (true, false) or phi (every incoming).
fn pointer_operands(merge: RawValue<'_>) -> Vec<u32> {
    if merge.opcode() == Some(LLVMOpcode::LLVMSelect) {
        vec![1, 2]
    } else {
        (0..merge.incoming_count()).collect()
    }
}

/// The GEPs from `ptr` back to its root, nearest first.
fn trace<'ctx>(
    merge: RawValue<'ctx>,
    ptr: Option<RawValue<'ctx>>,
    merges: &FastSet<RawValue<'ctx>>,
    getpointer_id: u32,
) -> Result<(Vec<RawValue<'ctx>>, Root<'ctx>), PassError> {
    let mut chain = Vec::new();
    // A GEP cycle (a self-referencing GEP in an unreachable block) never
    // reaches a root.
    let mut seen: FastSet<RawValue<'ctx>> = FastSet::default();
    let mut p = ptr;
    while let Some(v) = p {
        if !seen.insert(v) {
            break;
        }
        if merges.contains(&v) {
            return Ok((chain, Root::Merge(v)));
        }
        if v.called_intrinsic_id() == getpointer_id && is_cbuffer_pointer(v) {
            return Ok((chain, Root::GetPointer(v)));
        }
        if v.opcode() != Some(LLVMOpcode::LLVMGetElementPtr) {
            break;
        }
        chain.push(v);
        p = v.operand(0);
    }
    Err(PassError::at(
        merge,
        "merges a cbuffer pointer with a pointer that does not come from a cbuffer",
    ))
}

/// The byte offset of a `getpointer` call.
fn getpointer_offset(gp: RawValue<'_>) -> Result<i64, PassError> {
    gp.operand(1)
        .and_then(|o| o.const_int())
        .filter(|o| *o >= 0)
        .ok_or_else(|| {
            PassError::at(
                gp,
                "the cbuffer getpointer offset is not a non-negative constant",
            )
        })
}

/// Rewrites every select/phi of cbuffer pointers in `function` (module docs);
/// `pointers` are its cbuffer `getpointer` calls. Returns whether anything
/// changed.
pub fn merge_pointers<'ctx>(
    builder: &RawBuilder<'ctx>,
    extra: &AccessBuilder<'ctx>,
    dl: &ModuleLayout,
    function: RawValue<'ctx>,
    pointers: &[RawValue<'ctx>],
    getpointer_id: u32,
) -> Result<bool, PassError> {
    let mut merges = find_merges(pointers);
    // A select on a constant condition is its chosen operand (and building a
    // row select on it would fold away).
    let before = merges.len();
    merges.retain(|&m| {
        let chosen = (m.opcode() == Some(LLVMOpcode::LLVMSelect))
            .then(|| m.operand(0).and_then(|c| c.const_int()))
            .flatten()
            .and_then(|c| m.operand(if c != 0 { 1 } else { 2 }));
        match chosen {
            Some(v) => {
                m.replace_all_uses_with(v);
                m.erase_instruction();
                false
            }
            None => true,
        }
    });
    let changed = merges.len() != before;
    if merges.is_empty() {
        return Ok(changed);
    }
    // Merges of different buffers (or of a non-cbuffer pointer) whose
    // readers are loads: the loads move into the arms (module docs).
    loop {
        let set: FastSet<RawValue<'ctx>> = merges.iter().copied().collect();
        let entry = function.blocks().first().copied();
        let mut split_one = false;
        for &m in &merges {
            let mergeable = (|| {
                let mut incoming = FastMap::default();
                let mut list = Vec::new();
                for i in pointer_operands(m) {
                    list.push(trace(m, m.operand(i), &set, getpointer_id)?);
                }
                incoming.insert(m, list);
                for (_, root) in &incoming[&m] {
                    if let Root::Merge(_) = root {
                        // Judged when the inner merge is.
                        return Ok(());
                    }
                }
                let summary = handle_summaries(&[m], &incoming)[&m];
                handle_source(m, summary, &incoming, entry).map(|_| ())
            })();
            if mergeable.is_err()
                && (split_loads(extra, m)? || split_phi_by_arm(extra, m, getpointer_id)?)
            {
                split_one = true;
                break;
            }
        }
        if !split_one {
            break;
        }
        merges = find_merges(pointers);
        if merges.is_empty() {
            return Ok(true);
        }
    }
    let set: FastSet<RawValue<'ctx>> = merges.iter().copied().collect();

    // The incoming chains and roots of every merge.
    let mut incoming: FastMap<RawValue<'ctx>, Vec<(Vec<RawValue<'ctx>>, Root<'ctx>)>> =
        FastMap::default();
    for &m in &merges {
        let mut list = Vec::new();
        for i in pointer_operands(m) {
            list.push(trace(m, m.operand(i), &set, getpointer_id)?);
        }
        incoming.insert(m, list);
    }
    let in_row = bytes_in_row(dl, &merges, &incoming)?;
    let entry = function.blocks().first().copied();
    let summaries = handle_summaries(&merges, &incoming);

    // New pointers, with placeholder rows.
    let i32t = extra.int_type(32);
    let row_type = extra.int_type(8).array_of(ROW_BYTES as u64);
    let mut rows: FastMap<RawValue<'ctx>, RawValue<'ctx>> = FastMap::default();
    let mut replacements = Vec::new();
    for &m in &merges {
        let handle = handle_source(m, summaries[&m], &incoming, entry)?;
        let name = m.name();
        let is_phi = m.opcode() == Some(LLVMOpcode::LLVMPHI);
        extra.position_before(m);
        let row = if is_phi {
            extra.phi(i32t, &format!("{name}.row"))?
        } else {
            let cond = m
                .operand(0)
                .ok_or_else(|| PassError::at(m, "malformed select"))?;
            let zero = extra.const_i32(0);
            let one = extra.const_i32(1);
            extra.select(cond, zero, one, &format!("{name}.row"))?
        };
        if !row.is_instruction() {
            return Err(PassError::at(m, "internal: the row select was folded"));
        }
        rows.insert(m, row);
        let at = if is_phi {
            first_non_phi(m).ok_or_else(|| PassError::at(m, "a phi ends its block"))?
        } else {
            m
        };
        builder.position_before(at);
        extra.position_before(at);
        let (handle, handle_ty) = match handle {
            HandleSource::Global(ty, global) => (builder.load(ty, global, &global.name())?, ty),
            HandleSource::Value(v) => (v, v.ty()),
        };
        let zero = builder.const_i32(0);
        let base = builder.call_intrinsic(GETPOINTER, &[m.ty(), handle_ty], &[handle, zero], "")?;
        let mut ptr = extra.gep(row_type, base, &[row], false, &format!("{name}.rows"))?;
        let byte = in_row[&m];
        if byte != 0 {
            ptr = builder.byte_gep(ptr, byte as u32, "")?;
        }
        replacements.push((m, ptr, name));
    }
    for &(m, ptr, _) in &replacements {
        m.replace_all_uses_with(ptr);
    }

    // The rows of the incoming pointers, now that every chain starts at a
    // getpointer call.
    for &m in &merges {
        let row = rows[&m];
        let is_phi = m.opcode() == Some(LLVMOpcode::LLVMPHI);
        // A block listed twice must bring the same value.
        let mut per_block: FastMap<RawBlock<'ctx>, RawValue<'ctx>> = FastMap::default();
        for (slot, i) in pointer_operands(m).into_iter().enumerate() {
            if is_phi {
                if let Some(v) = per_block.get(&m.incoming_block(i)) {
                    row.add_incoming_like(*v, m, i);
                    continue;
                }
            }
            let (chain, root) = trace(m, m.operand(i), &FastSet::default(), getpointer_id)?;
            let Root::GetPointer(gp) = root else {
                return Err(PassError::at(m, "internal: a merge survived its rewrite"));
            };
            let bytes =
                exact_bytes(dl, getpointer_offset(gp)?, &chain).map_err(|r| PassError::at(m, r))?;
            let mut linear = dynamic_rows(&bytes).map_err(|r| PassError::at(m, r))?;
            linear.constant = bytes.constant.div_euclid(ROW_BYTES);
            if is_phi {
                builder.position_before_terminator(m.incoming_block(i))?;
            } else {
                builder.position_before(row);
            }
            let mut arith = IrArith { builder };
            let value = emit_linear(&mut arith, &linear);
            let value = arith.value(value);
            if is_phi {
                per_block.insert(m.incoming_block(i), value);
                row.add_incoming_like(value, m, i);
            } else {
                row.set_operand(slot as u32 + 1, value);
            }
        }
    }
    for (m, ptr, name) in replacements {
        m.erase_instruction();
        ptr.set_name(&name);
    }
    Ok(true)
}

/// The selects and phis reachable from the cbuffer `getpointer` calls
/// `pointers` through GEPs and other selects/phis, in discovery order.
fn find_merges<'ctx>(pointers: &[RawValue<'ctx>]) -> Vec<RawValue<'ctx>> {
    let mut stack = pointers.to_vec();
    let mut seen: FastSet<RawValue<'ctx>> = FastSet::default();
    let mut merges = Vec::new();
    while let Some(v) = stack.pop() {
        for user in v.distinct_users() {
            let follow = user.opcode() == Some(LLVMOpcode::LLVMGetElementPtr) || is_merge(user);
            if follow && seen.insert(user) {
                if is_merge(user) {
                    merges.push(user);
                }
                stack.push(user);
            }
        }
    }
    merges
}

/// The byte within its row every merge starts at, propagated from the
/// getpointer roots along the merge graph with a worklist (each merge is
/// settled once, so a chain of thousands of merges takes linear time);
/// incoming pointers that disagree are an error.
fn bytes_in_row<'ctx>(
    dl: &ModuleLayout,
    merges: &[RawValue<'ctx>],
    incoming: &FastMap<RawValue<'ctx>, Vec<(Vec<RawValue<'ctx>>, Root<'ctx>)>>,
) -> Result<FastMap<RawValue<'ctx>, i64>, PassError> {
    let mut in_row: FastMap<RawValue<'ctx>, i64> = FastMap::default();
    let byte_of = |m: RawValue<'ctx>,
                   chain: &[RawValue<'ctx>],
                   root: Root<'ctx>,
                   known: &FastMap<RawValue<'ctx>, i64>|
     -> Result<Option<i64>, PassError> {
        let start = match root {
            Root::GetPointer(gp) => getpointer_offset(gp)?,
            Root::Merge(other) => match known.get(&other) {
                Some(b) => *b,
                None => return Ok(None),
            },
        };
        let bytes = exact_bytes(dl, start, chain).map_err(|r| PassError::at(m, r))?;
        Ok(Some(bytes.constant.rem_euclid(ROW_BYTES)))
    };
    // The merges each merge feeds.
    let mut feeds: FastMap<RawValue<'ctx>, Vec<RawValue<'ctx>>> = FastMap::default();
    for &m in merges {
        for (_, root) in &incoming[&m] {
            if let Root::Merge(other) = root {
                feeds.entry(*other).or_default().push(m);
            }
        }
    }
    let mut work: Vec<RawValue<'ctx>> = Vec::new();
    for &m in merges {
        for (chain, root) in &incoming[&m] {
            if let Root::GetPointer(_) = root {
                if let Some(b) = byte_of(m, chain, *root, &in_row)? {
                    if in_row.insert(m, b).is_none() {
                        work.push(m);
                    }
                    break;
                }
            }
        }
    }
    while let Some(settled) = work.pop() {
        for &m in feeds.get(&settled).map(Vec::as_slice).unwrap_or_default() {
            if in_row.contains_key(&m) {
                continue;
            }
            for (chain, root) in &incoming[&m] {
                if *root == Root::Merge(settled) {
                    if let Some(b) = byte_of(m, chain, *root, &in_row)? {
                        in_row.insert(m, b);
                        work.push(m);
                        break;
                    }
                }
            }
        }
    }
    for &m in merges {
        let Some(&known) = in_row.get(&m) else {
            return Err(PassError::at(
                m,
                "merges cbuffer pointers none of which starts outside the merge",
            ));
        };
        for (chain, root) in &incoming[&m] {
            if let Some(b) = byte_of(m, chain, *root, &in_row)? {
                if b != known {
                    return Err(disagree(m, known, b));
                }
            }
        }
    }
    Ok(in_row)
}

fn disagree(m: RawValue<'_>, a: i64, b: i64) -> PassError {
    PassError::at(
        m,
        format!(
            "merges cbuffer pointers at different bytes of a row ({a} and {b}); \
             only pointers at the same byte within their rows can be merged"
        ),
    )
}

/// One field of a [`HandleSummary`]: nothing seen, one value, or several.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Seen<'ctx> {
    Nothing,
    One(RawValue<'ctx>),
    Several,
}

impl<'ctx> Seen<'ctx> {
    fn join(self, other: Seen<'ctx>) -> Seen<'ctx> {
        match (self, other) {
            (Seen::Nothing, x) | (x, Seen::Nothing) => x,
            (Seen::One(a), Seen::One(b)) if a == b => Seen::One(a),
            _ => Seen::Several,
        }
    }
}

/// What the handles of every getpointer root reachable from a merge
/// (through other merges) have in common: the first one met, whether they
/// are all one value, and whether they are all loads of one handle global.
#[derive(Clone, Copy, PartialEq, Eq)]
struct HandleSummary<'ctx> {
    first: Option<RawValue<'ctx>>,
    value: Seen<'ctx>,
    global: Seen<'ctx>,
}

impl<'ctx> HandleSummary<'ctx> {
    const EMPTY: HandleSummary<'static> = HandleSummary {
        first: None,
        value: Seen::Nothing,
        global: Seen::Nothing,
    };

    fn of_handle(h: RawValue<'ctx>) -> Self {
        let global = (h.opcode() == Some(LLVMOpcode::LLVMLoad))
            .then(|| h.operand(0))
            .flatten()
            .filter(|g| g.kind() == ValueKind::GlobalVariable);
        HandleSummary {
            first: Some(h),
            value: Seen::One(h),
            global: global.map_or(Seen::Several, Seen::One),
        }
    }

    fn join(self, other: HandleSummary<'ctx>) -> Self {
        HandleSummary {
            first: self.first.or(other.first),
            value: self.value.join(other.value),
            global: self.global.join(other.global),
        }
    }
}

/// The [`HandleSummary`] of every merge. The summaries form a lattice of
/// height three per field, so propagating changes along the merge graph with
/// a worklist settles in time linear in the number of merges.
fn handle_summaries<'ctx>(
    merges: &[RawValue<'ctx>],
    incoming: &FastMap<RawValue<'ctx>, Vec<(Vec<RawValue<'ctx>>, Root<'ctx>)>>,
) -> FastMap<RawValue<'ctx>, HandleSummary<'ctx>> {
    let mut feeds: FastMap<RawValue<'ctx>, Vec<RawValue<'ctx>>> = FastMap::default();
    let mut summaries: FastMap<RawValue<'ctx>, HandleSummary<'ctx>> = FastMap::default();
    for &m in merges {
        let mut summary = HandleSummary::EMPTY;
        for (_, root) in &incoming[&m] {
            match root {
                Root::GetPointer(gp) => {
                    if let Some(h) = gp.operand(0) {
                        summary = summary.join(HandleSummary::of_handle(h));
                    }
                }
                Root::Merge(other) => feeds.entry(*other).or_default().push(m),
            }
        }
        summaries.insert(m, summary);
    }
    let mut work: Vec<RawValue<'ctx>> = merges.to_vec();
    let mut queued: FastSet<RawValue<'ctx>> = merges.iter().copied().collect();
    while let Some(x) = work.pop() {
        queued.remove(&x);
        let from = summaries[&x];
        for &m in feeds.get(&x).map(Vec::as_slice).unwrap_or_default() {
            let before = summaries[&m];
            let after = before.join(from);
            if after != before {
                summaries.insert(m, after);
                if queued.insert(m) {
                    work.push(m);
                }
            }
        }
    }
    summaries
}

/// Which handle the merged pointer of `m` is built on (module docs), from
/// the summary of its reachable handles.
fn handle_source<'ctx>(
    m: RawValue<'ctx>,
    summary: HandleSummary<'ctx>,
    incoming: &FastMap<RawValue<'ctx>, Vec<(Vec<RawValue<'ctx>>, Root<'ctx>)>>,
    entry: Option<RawBlock<'ctx>>,
) -> Result<HandleSource<'ctx>, PassError> {
    let through_merge = incoming[&m]
        .iter()
        .any(|(_, root)| matches!(root, Root::Merge(_)));
    if let Some(first) = summary.first {
        if let Seen::One(global) = summary.global {
            return Ok(HandleSource::Global(first.ty(), global));
        }
        if summary.value == Seen::One(first) {
            let available = first.kind() == ValueKind::Argument
                || (first.parent_block().is_some() && first.parent_block() == entry)
                || (m.opcode() == Some(LLVMOpcode::LLVMSelect) && !through_merge);
            if available {
                return Ok(HandleSource::Value(first));
            }
        }
    }
    if let Some(error) = not_unique_resource(m, incoming) {
        return Err(error);
    }
    Err(PassError::at(
        m,
        "merges pointers into different cbuffers (or handles not available here); \
         only pointers into one cbuffer can be merged",
    ))
}

/// LLVM's `dxil-resource-access` error for an access whose pointer may lie
/// in several resources, with LLVM's notes (the access, then each handle)
/// and cblower's (the merge, and why it could not be split): `None` when
/// the pointers reaching `m` read fewer than two handle globals.
fn not_unique_resource<'ctx>(
    m: RawValue<'ctx>,
    incoming: &FastMap<RawValue<'ctx>, Vec<(Vec<RawValue<'ctx>>, Root<'ctx>)>>,
) -> Option<PassError> {
    let mut handles: Vec<RawValue<'ctx>> = Vec::new();
    let mut globals: Vec<RawValue<'ctx>> = Vec::new();
    let mut seen: FastSet<RawValue<'ctx>> = FastSet::default();
    let mut work = vec![m];
    while let Some(x) = work.pop() {
        if !seen.insert(x) {
            continue;
        }
        for (_, root) in incoming.get(&x).map(Vec::as_slice).unwrap_or_default() {
            match root {
                Root::Merge(other) => work.push(*other),
                Root::GetPointer(gp) => {
                    let Some(h) = gp.operand(0) else { continue };
                    let global = (h.opcode() == Some(LLVMOpcode::LLVMLoad))
                        .then(|| h.operand(0))
                        .flatten()
                        .filter(|g| g.kind() == ValueKind::GlobalVariable);
                    if let Some(g) = global {
                        if !globals.contains(&g) {
                            globals.push(g);
                            handles.push(h);
                        }
                    }
                }
            }
        }
    }
    if globals.len() < 2 {
        return None;
    }
    let access = first_access(m).unwrap_or(m);
    let mut before = vec![format!("At resource access:  {}", access.print())];
    before.extend(
        handles
            .iter()
            .map(|h| format!("Uses resource handle:  {}", h.print())),
    );
    let function = m
        .parent_function()
        .map(|f| f.name())
        .unwrap_or_else(|| "<none>".to_owned());
    let names: Vec<String> = globals.iter().map(|g| format!("@{}", g.name())).collect();
    Some(PassError::LlvmWorded {
        before,
        message: "Resource access is not guaranteed to map to a unique global resource".into(),
        after: vec![
            format!(
                "in function '{function}': this merge selects pointers into {} and cannot \
                 be split into one load per buffer (a merge is split when everything reading \
                 it is GEPs ending in loads; a phi read through a run-time index also needs \
                 every incoming pointer rebuildable after it: constant GEPs on a buffer, not \
                 loop-carried)",
                names.join(" and ")
            ),
            format!("  {}", m.print()),
        ],
    })
}

/// The first load, store or call reading `m` through GEPs (the access LLVM's
/// note names).
fn first_access<'ctx>(m: RawValue<'ctx>) -> Option<RawValue<'ctx>> {
    let mut seen: FastSet<RawValue<'ctx>> = FastSet::default();
    let mut work = vec![m];
    let mut found: Option<RawValue<'ctx>> = None;
    while let Some(x) = work.pop() {
        if !seen.insert(x) {
            continue;
        }
        for user in x.users() {
            match user.opcode() {
                Some(LLVMOpcode::LLVMGetElementPtr) => work.push(user),
                Some(LLVMOpcode::LLVMLoad)
                | Some(LLVMOpcode::LLVMStore)
                | Some(LLVMOpcode::LLVMCall) => {
                    found = Some(user);
                }
                _ => {}
            }
        }
    }
    found
}

/// The first instruction after the phis of `phi`'s block.
fn first_non_phi<'ctx>(phi: RawValue<'ctx>) -> Option<RawValue<'ctx>> {
    let mut next = phi.next_instruction();
    while let Some(n) = next {
        if n.opcode() != Some(LLVMOpcode::LLVMPHI) {
            return Some(n);
        }
        next = n.next_instruction();
    }
    None
}

/// After every load on `paths` was replaced: erases the GEPs behind the
/// merge `m`, then `m` itself, once nothing uses them.
fn erase_dead_paths<'ctx>(m: RawValue<'ctx>, paths: Vec<(Vec<RawValue<'ctx>>, RawValue<'ctx>)>) {
    let mut geps: Vec<RawValue<'ctx>> = Vec::new();
    for g in paths.into_iter().flat_map(|(g, _)| g) {
        if !geps.contains(&g) {
            geps.push(g);
        }
    }
    // Deepest first: a GEP's users are erased before it.
    while let Some(k) = geps.iter().position(|g| !g.has_uses()) {
        geps.remove(k).erase_instruction();
    }
    if !m.has_uses() {
        m.erase_instruction();
    }
}

/// The GEP chains from `v` to the loads reading through them, or `None`
/// when something else (a call, a store, another merge) uses one.
fn load_paths<'ctx>(
    v: RawValue<'ctx>,
    path: &mut Vec<RawValue<'ctx>>,
    out: &mut Vec<(Vec<RawValue<'ctx>>, RawValue<'ctx>)>,
) -> bool {
    for user in v.distinct_users() {
        let through = user.operand(0) == Some(v);
        match user.opcode() {
            Some(LLVMOpcode::LLVMGetElementPtr) if through => {
                path.push(user);
                let ok = load_paths(user, path, out);
                path.pop();
                if !ok {
                    return false;
                }
            }
            Some(LLVMOpcode::LLVMLoad) if through => out.push((path.clone(), user)),
            _ => return false,
        }
    }
    true
}

/// Splits merge `m` (module docs): every load behind it is repeated on
/// each arm and the loaded values are merged. Returns false, changing
/// nothing, when `m` is read by anything but GEP chains ending in loads, or
/// (for a phi) through a GEP with a run-time index.
fn split_loads<'ctx>(extra: &AccessBuilder<'ctx>, m: RawValue<'ctx>) -> Result<bool, PassError> {
    let mut paths = Vec::new();
    if !load_paths(m, &mut Vec::new(), &mut paths) || paths.is_empty() {
        return Ok(false);
    }
    let is_phi = m.opcode() == Some(LLVMOpcode::LLVMPHI);
    if is_phi
        && paths.iter().any(|(geps, _)| {
            geps.iter().any(|g| {
                (1..g.num_operands()).any(|k| g.operand(k).is_some_and(|o| !o.is_constant()))
            })
        })
    {
        return Ok(false);
    }
    let name = m.name();
    for (geps, load) in &paths {
        let mut values = Vec::new();
        let mut per_block: FastMap<RawBlock<'ctx>, RawValue<'ctx>> = FastMap::default();
        for i in pointer_operands(m) {
            if is_phi {
                if let Some(&v) = per_block.get(&m.incoming_block(i)) {
                    values.push(v);
                    continue;
                }
            }
            let at = if is_phi {
                m.incoming_block(i)
                    .terminator()
                    .ok_or_else(|| PassError::at(m, "an incoming block has no terminator"))?
            } else {
                *load
            };
            let mut p = m
                .operand(i)
                .ok_or_else(|| PassError::at(m, "a merge without its operand"))?;
            for g in geps {
                let c = clone_instruction(*g);
                c.set_operand(0, p);
                insert_before(c, at, "")?;
                p = c;
            }
            let l = clone_instruction(*load);
            l.set_operand(0, p);
            let arm = if load.name().is_empty() {
                String::new()
            } else {
                format!("{}.{name}{}", load.name(), values.len())
            };
            insert_before(l, at, &arm)?;
            if is_phi {
                per_block.insert(m.incoming_block(i), l);
            }
            values.push(l);
        }
        let merged = if is_phi {
            extra.position_before(m);
            let phi = extra.phi(load.ty(), "")?;
            for (k, i) in pointer_operands(m).into_iter().enumerate() {
                phi.add_incoming_like(values[k], m, i);
            }
            phi
        } else {
            extra.position_before(*load);
            let cond = m
                .operand(0)
                .ok_or_else(|| PassError::at(m, "malformed select"))?;
            extra.select(cond, values[0], values[1], "")?
        };
        let load_name = load.name();
        load.replace_all_uses_with(merged);
        load.erase_instruction();
        merged.set_name(&load_name);
    }
    erase_dead_paths(m, paths);
    Ok(true)
}

/// An arm of a merge rebuilt where it is read: the value every clone
/// starts from (a `getpointer` call whose handle is loaded from a global,
/// or an argument or a global, available everywhere), then the constant
/// GEPs on it, outermost last.
struct Remat<'ctx> {
    base: RawValue<'ctx>,
    geps: Vec<RawValue<'ctx>>,
}

/// How incoming pointer `v` of a merge can be rebuilt anywhere in the
/// function, or `None`.
fn rematerialisable<'ctx>(v: RawValue<'ctx>, getpointer_id: u32) -> Option<Remat<'ctx>> {
    let mut geps = Vec::new();
    let mut p = v;
    let mut seen: FastSet<RawValue<'ctx>> = FastSet::default();
    loop {
        if !seen.insert(p) {
            return None;
        }
        if p.opcode() != Some(LLVMOpcode::LLVMGetElementPtr) {
            break;
        }
        if (1..p.num_operands()).any(|k| !p.operand(k).is_some_and(|o| o.is_constant())) {
            return None;
        }
        geps.push(p);
        p = p.operand(0)?;
    }
    geps.reverse();
    let available = match p.kind() {
        ValueKind::Argument | ValueKind::GlobalVariable => true,
        _ if p.called_intrinsic_id() == getpointer_id && is_cbuffer_pointer(p) => {
            let handle = p.operand(0)?;
            p.operand(1).is_some_and(|o| o.is_constant())
                && handle.opcode() == Some(LLVMOpcode::LLVMLoad)
                && handle
                    .operand(0)
                    .is_some_and(|g| g.kind() == ValueKind::GlobalVariable)
        }
        _ => false,
    };
    available.then_some(Remat { base: p, geps })
}

/// Splits a `phi` of pointers into different buffers that is read through
/// GEPs with run-time indices (which [`split_loads`] cannot move into the
/// incoming blocks): the phi gets an `i1` phi per arm but the last
/// (`%p.armK`, true on the edges that bring arm K), and every load behind
/// it is repeated right where it is, on each arm rebuilt there (a fresh
/// handle load, `getpointer` and the arm's constant GEPs, then the load's
/// own GEPs), the values chosen by a `select` chain on those phis.
/// Cbuffer memory does not change, so loading every arm is safe. Returns
/// false, changing nothing, when `m` is not such a phi or an arm cannot be
/// rebuilt (a loop-carried pointer, a run-time GEP on an arm).
fn split_phi_by_arm<'ctx>(
    extra: &AccessBuilder<'ctx>,
    m: RawValue<'ctx>,
    getpointer_id: u32,
) -> Result<bool, PassError> {
    if m.opcode() != Some(LLVMOpcode::LLVMPHI) {
        return Ok(false);
    }
    let mut paths = Vec::new();
    if !load_paths(m, &mut Vec::new(), &mut paths) || paths.is_empty() {
        return Ok(false);
    }
    let mut arms: Vec<RawValue<'ctx>> = Vec::new();
    for i in pointer_operands(m) {
        let v = m
            .operand(i)
            .ok_or_else(|| PassError::at(m, "a merge without its operand"))?;
        if !arms.contains(&v) {
            arms.push(v);
        }
    }
    if arms.len() < 2 {
        return Ok(false);
    }
    let mut remats = Vec::new();
    for &arm in &arms {
        match rematerialisable(arm, getpointer_id) {
            Some(r) => remats.push(r),
            None => return Ok(false),
        }
    }
    let name = m.name();
    let i1 = extra.int_type(1);
    let mut flags = Vec::new();
    extra.position_before(m);
    for (k, &arm) in arms.iter().enumerate().take(arms.len() - 1) {
        let flag = extra.phi(i1, &format!("{name}.arm{k}"))?;
        for i in pointer_operands(m) {
            let bit = u64::from(m.operand(i) == Some(arm));
            flag.add_incoming_like(const_int(i1, bit), m, i);
        }
        flags.push(flag);
    }
    for (geps, load) in &paths {
        let mut values = Vec::new();
        for (k, remat) in remats.iter().enumerate() {
            let mut p = remat.base;
            if remat.base.called_intrinsic_id() == getpointer_id {
                let handle = remat
                    .base
                    .operand(0)
                    .ok_or_else(|| PassError::at(m, "a getpointer without its handle"))?;
                let h = clone_instruction(handle);
                insert_before(h, *load, &handle.name())?;
                let gp = clone_instruction(remat.base);
                gp.set_operand(0, h);
                insert_before(gp, *load, "")?;
                p = gp;
            }
            for g in remat.geps.iter().chain(geps.iter()) {
                let c = clone_instruction(*g);
                c.set_operand(0, p);
                insert_before(c, *load, "")?;
                p = c;
            }
            let l = clone_instruction(*load);
            l.set_operand(0, p);
            let arm_name = if load.name().is_empty() {
                String::new()
            } else {
                format!("{}.{name}{k}", load.name())
            };
            insert_before(l, *load, &arm_name)?;
            values.push(l);
        }
        extra.position_before(*load);
        let mut merged = values[values.len() - 1];
        for k in (0..flags.len()).rev() {
            merged = extra.select(flags[k], values[k], merged, "")?;
        }
        let load_name = load.name();
        load.replace_all_uses_with(merged);
        load.erase_instruction();
        merged.set_name(&load_name);
    }
    erase_dead_paths(m, paths);
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ffi::module_functions;
    use crate::ir_io::parse_module;
    use inkwell::context::Context;

    /// The select of function `f` in `body`'s module.
    fn with_select(body: &str, check: impl FnOnce(RawValue<'_>)) {
        let ctx = Context::create();
        let text = format!(
            "declare void @keep(ptr addrspace(2))\n\
             define float @f(i1 %c, ptr addrspace(2) %a, ptr addrspace(2) %b) {{\n\
             %p = select i1 %c, ptr addrspace(2) %a, ptr addrspace(2) %b\n{body}}}\n"
        );
        let module = parse_module(&ctx, text.as_bytes(), "t.ll").unwrap();
        let f = module_functions(&module)
            .into_iter()
            .find(|f| f.name() == "f")
            .unwrap();
        let select = f.blocks()[0].instructions()[0];
        check(select);
    }

    #[test]
    fn load_paths_follow_geps_to_loads() {
        with_select(
            "%g = getelementptr i8, ptr addrspace(2) %p, i32 16\n\
             %x = load float, ptr addrspace(2) %g\n\
             %y = load float, ptr addrspace(2) %p\n\
             %z = fadd float %x, %y\nret float %z\n",
            |s| {
                let mut out = Vec::new();
                assert!(load_paths(s, &mut Vec::new(), &mut out));
                let mut shapes: Vec<(usize, String)> =
                    out.iter().map(|(g, l)| (g.len(), l.name())).collect();
                shapes.sort();
                assert_eq!(shapes, [(0, "y".to_owned()), (1, "x".to_owned())]);
            },
        );
    }

    #[test]
    fn load_paths_refuse_other_readers() {
        with_select(
            "%x = load float, ptr addrspace(2) %p\n\
             call void @keep(ptr addrspace(2) %p)\nret float %x\n",
            |s| assert!(!load_paths(s, &mut Vec::new(), &mut Vec::new())),
        );
    }

    #[test]
    fn arms_on_global_handles_are_rebuildable_and_loop_carried_ones_are_not() {
        let ctx = Context::create();
        let text = "%L = type <{ float }>\n\
            @A.cb = global target(\"dx.CBuffer\", %L) poison\n\
            declare ptr addrspace(2) @llvm.dx.resource.getpointer.p2.tdx.CBuffer_s_Lst(target(\"dx.CBuffer\", %L), i32)\n\
            define void @f(i32 %i) {\n\
            entry:\n\
            %h = load target(\"dx.CBuffer\", %L), ptr @A.cb\n\
            %g = call ptr addrspace(2) @llvm.dx.resource.getpointer.p2.tdx.CBuffer_s_Lst(target(\"dx.CBuffer\", %L) %h, i32 0)\n\
            %c = getelementptr i8, ptr addrspace(2) %g, i32 4\n\
            %r = getelementptr i8, ptr addrspace(2) %g, i32 %i\n\
            br label %loop\n\
            loop:\n\
            %p = phi ptr addrspace(2) [ %c, %entry ], [ %n, %loop ]\n\
            %n = getelementptr i8, ptr addrspace(2) %p, i32 16\n\
            br label %loop\n\
            }\n";
        let module = parse_module(&ctx, text.as_bytes(), "t.ll").unwrap();
        let f = module_functions(&module)
            .into_iter()
            .find(|f| f.name() == "f")
            .unwrap();
        let id = crate::ffi::intrinsic_id(GETPOINTER);
        let entry = f.blocks()[0].instructions();
        let (g, c, r) = (entry[1], entry[2], entry[3]);
        let remat = rematerialisable(c, id).expect("a constant GEP on a getpointer");
        assert!(remat.base == g && remat.geps == [c]);
        assert!(rematerialisable(r, id).is_none(), "a run-time GEP");
        let n = f.blocks()[1].instructions()[1];
        assert!(rematerialisable(n, id).is_none(), "loop-carried");
    }
}
