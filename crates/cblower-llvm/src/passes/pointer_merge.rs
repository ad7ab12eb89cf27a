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
//! every arm is safe.
//!
//! # Merges by arm and offset
//!
//! What is left is grouped into components (merges linked by incoming
//! pointers: a loop phi and the select it starts from are one). A component
//! the row rewrite above handles (one buffer, one byte within a row, whole
//! row steps) is rewritten by it. Any other component whose pointers all
//! trace back through GEPs to a cbuffer `getpointer` (its handle loaded
//! from a global, or an argument or entry-block value), to a pointer that is
//! not a cbuffer's but is available everywhere (an argument or a global),
//! or to another merge of the component, and which everything reads
//! through GEP chains ending in loads (the chains feeding other merges of
//! the component excepted), is rewritten by [`rewrite_by_offset`]:
//!
//! 1. The *arms* are the distinct memories the pointers start in (one per
//!    handle global, handle value or foreign pointer). The offset of each
//!    incoming pointer from its arm's start (`getpointer(h, 0)` for a
//!    cbuffer) is exact bytes (`getpointer` offset plus the GEP chain, with
//!    `shl`/`mul`/`add` by constants on an index read as strides, as loop
//!    strength reduction writes them); the *unit* is the gcd of 16 and
//!    every constant and stride, so offsets are whole units.
//! 2. Each merge `%p` gets `%p.off` (an `i32` phi/select of the offset in
//!    units: a start's constant, or the merge it steps from plus the step,
//!    `%next.off = add i32 %p.off, 1`), and, with several arms, one `i1`
//!    phi/select per arm, `%p.armK`, true when the pointer is in arm K.
//! 3. Every load reading `%p` is repeated on each arm at the offset: a
//!    fresh handle load and `getpointer(h, 0)` (or the foreign pointer),
//!    `getelementptr [unit x i8], base, i32 %p.off` (named `%p.at`), the
//!    load's own GEPs cloned, then the load; with several arms the offset
//!    of arm K is `select %p.armK, %p.off, 0`, so an arm not taken reads
//!    at its own start (plus the access's GEPs), never past it, and a
//!    `select` chain on the flags picks the value. The loads are then
//!    ordinary cbuffer loads: whole-row units give a row index; smaller
//!    units a run-time offset inside rows, which `row_dynamic` reads.
//! 4. The old merges and the GEPs that only fed them are deleted.
//!
//! A component read by anything else (a call, a store of the pointer) is
//! left to the checks above, which report it; when it spans several
//! buffers the error is LLVM's, with a note naming the instruction that
//! stops the rewrite.

use crate::fast_hash::{FastMap, FastSet};
use llvm_sys::LLVMOpcode;

use super::cbuffer_access::GETPOINTER;
use super::resource_access::is_cbuffer_pointer;
use super::row_access::{dynamic_rows, emit_linear, exact_bytes, IrArith, Linear, Row, ROW_BYTES};
use super::row_dynamic::gcd;
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
    // Merges the row rewrite below cannot handle (different buffers in a
    // loop, steps that are not whole rows, a pointer from elsewhere): by arm
    // and offset.
    if rewrite_components_by_offset(builder, extra, dl, function, &merges, getpointer_id)? {
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
    let why = match other_reader(m) {
        Some(reader) => format!(
            "such a merge can only be read by loads (through GEPs), and this \
             instruction reads it: {}",
            reader.print().trim()
        ),
        None => "only pointers at the same byte within their rows can be merged".to_owned(),
    };
    PassError::at(
        m,
        format!("merges cbuffer pointers at different bytes of a row ({a} and {b}); {why}"),
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
    let why = match other_reader(m) {
        Some(reader) => format!(
            "it is read by this instruction, and only loads (through GEPs) can be \
             repeated on each buffer: {}",
            reader.print().trim()
        ),
        None => "its buffers' handles are not all loaded from globals or arguments".to_owned(),
    };
    Some(PassError::LlvmWorded {
        before,
        message: "Resource access is not guaranteed to map to a unique global resource".into(),
        after: vec![
            format!(
                "in function '{function}': this merge selects pointers into {} and cannot \
                 be rewritten into one load per buffer: {why}",
                names.join(" and ")
            ),
            format!("  {}", m.print()),
        ],
    })
}

/// The first instruction reading merge `m` (through GEPs and other
/// merges) that is not a GEP, a load or a merge: what stops the load from
/// being repeated on each buffer.
fn other_reader<'ctx>(m: RawValue<'ctx>) -> Option<RawValue<'ctx>> {
    let mut seen: FastSet<RawValue<'ctx>> = FastSet::default();
    let mut work = vec![m];
    while let Some(x) = work.pop() {
        if !seen.insert(x) {
            continue;
        }
        for user in x.users() {
            let through = user.operand(0) == Some(x);
            match user.opcode() {
                Some(LLVMOpcode::LLVMGetElementPtr) | Some(LLVMOpcode::LLVMLoad) if through => {
                    work.push(user)
                }
                Some(LLVMOpcode::LLVMPHI) => work.push(user),
                Some(LLVMOpcode::LLVMSelect) if !through => work.push(user),
                _ => return Some(user),
            }
        }
    }
    None
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

/// The GEP chains from `v` to the loads reading through them; `false`
/// when something else (a call, a store, a merge) uses one: the walk of
/// [`component_load_paths`] with no merges to pass over.
fn load_paths<'ctx>(
    v: RawValue<'ctx>,
    path: &mut Vec<RawValue<'ctx>>,
    out: &mut Vec<LoadPath<'ctx>>,
) -> bool {
    component_load_paths(v, &FastSet::default(), path, &mut FastSet::default(), out)
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

/// A copy of `load` that reads through copies of `geps`, the first rebuilt
/// on `base`, all inserted before `load`; `name` names the copy.
fn reload_from<'a, 'ctx: 'a>(
    base: RawValue<'ctx>,
    geps: impl IntoIterator<Item = &'a RawValue<'ctx>>,
    load: RawValue<'ctx>,
    name: &str,
) -> Result<RawValue<'ctx>, PassError> {
    let mut p = base;
    for g in geps {
        let c = clone_instruction(*g);
        c.set_operand(0, p);
        insert_before(c, load, "")?;
        p = c;
    }
    let l = clone_instruction(load);
    l.set_operand(0, p);
    insert_before(l, load, name)?;
    Ok(l)
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
            let arm_name = if load.name().is_empty() {
                String::new()
            } else {
                format!("{}.{name}{k}", load.name())
            };
            values.push(reload_from(
                p,
                remat.geps.iter().chain(geps),
                *load,
                &arm_name,
            )?);
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

// ---------------------------------------------------------------------------
// Merges rewritten by offset (module docs, "Merges by arm and offset").

/// Where an incoming pointer of a merge starts, for the offset rewrite.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Base<'ctx> {
    /// A cbuffer `getpointer` call.
    GetPointer(RawValue<'ctx>),
    /// A select or phi of the same component.
    Merge(RawValue<'ctx>),
    /// A pointer that is not a cbuffer pointer and is available everywhere
    /// in the function (an argument or a global).
    Foreign(RawValue<'ctx>),
}

/// A GEP chain (outermost last) and the load at its end.
type LoadPath<'ctx> = (Vec<RawValue<'ctx>>, RawValue<'ctx>);

/// The GEP chains and bases of the incoming pointers of each merge.
type BaseIncoming<'ctx> = FastMap<RawValue<'ctx>, Vec<(Vec<RawValue<'ctx>>, Base<'ctx>)>>;

/// The memory an arm of a rewritten component reads.
#[derive(Clone, Copy)]
enum Arm<'ctx> {
    /// A cbuffer whose handle is loaded from a global (its value type, the
    /// global): the handle is loaded again at each access.
    Global(RawType<'ctx>, RawValue<'ctx>),
    /// A cbuffer handle available at every access (an argument or an
    /// entry-block instruction).
    Handle(RawValue<'ctx>),
    /// A pointer that is not a cbuffer pointer (see [`Base::Foreign`]).
    Foreign(RawValue<'ctx>),
}

impl<'ctx> Arm<'ctx> {
    /// The value two arms read the same memory through.
    fn key(self) -> RawValue<'ctx> {
        match self {
            Arm::Global(_, g) => g,
            Arm::Handle(h) | Arm::Foreign(h) => h,
        }
    }
}

/// The GEPs from `ptr` back to its [`Base`], nearest first, or `None` when
/// the chain starts anywhere else.
fn trace_base<'ctx>(
    ptr: Option<RawValue<'ctx>>,
    merges: &FastSet<RawValue<'ctx>>,
    getpointer_id: u32,
) -> Option<(Vec<RawValue<'ctx>>, Base<'ctx>)> {
    let mut chain = Vec::new();
    let mut seen: FastSet<RawValue<'ctx>> = FastSet::default();
    let mut p = ptr?;
    loop {
        if !seen.insert(p) {
            return None;
        }
        if merges.contains(&p) {
            return Some((chain, Base::Merge(p)));
        }
        if p.called_intrinsic_id() == getpointer_id && is_cbuffer_pointer(p) {
            return Some((chain, Base::GetPointer(p)));
        }
        if matches!(p.kind(), ValueKind::Argument | ValueKind::GlobalVariable) {
            return Some((chain, Base::Foreign(p)));
        }
        if p.opcode() != Some(LLVMOpcode::LLVMGetElementPtr) {
            return None;
        }
        chain.push(p);
        p = p.operand(0)?;
    }
}

/// The arm a `getpointer` call reads, or `None` when its handle cannot be
/// had at every access.
fn arm_of_getpointer<'ctx>(gp: RawValue<'ctx>, entry: Option<RawBlock<'ctx>>) -> Option<Arm<'ctx>> {
    let h = gp.operand(0)?;
    if h.opcode() == Some(LLVMOpcode::LLVMLoad) {
        if let Some(g) = h
            .operand(0)
            .filter(|g| g.kind() == ValueKind::GlobalVariable)
        {
            return Some(Arm::Global(h.ty(), g));
        }
    }
    let available = h.kind() == ValueKind::Argument
        || (h.is_instruction() && h.parent_block().is_some() && h.parent_block() == entry);
    available.then_some(Arm::Handle(h))
}

/// The loads reading `v` through GEPs, with the GEPs (outermost last),
/// where GEP chains that end in a merge of `component` are passed over;
/// `false` when anything else reads it (a call, a store, another merge).
fn component_load_paths<'ctx>(
    v: RawValue<'ctx>,
    component: &FastSet<RawValue<'ctx>>,
    path: &mut Vec<RawValue<'ctx>>,
    seen: &mut FastSet<RawValue<'ctx>>,
    out: &mut Vec<LoadPath<'ctx>>,
) -> bool {
    for user in v.distinct_users() {
        if component.contains(&user) {
            // Another merge of the component (or this one, around a loop):
            // its offset carries the value on.
            if user.opcode() == Some(LLVMOpcode::LLVMSelect) && user.operand(0) == Some(v) {
                return false;
            }
            continue;
        }
        let through = user.operand(0) == Some(v);
        match user.opcode() {
            Some(LLVMOpcode::LLVMGetElementPtr) if through => {
                if !seen.insert(user) {
                    continue;
                }
                path.push(user);
                let ok = component_load_paths(user, component, path, seen, out);
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

/// The components of `merges` linked by incoming pointers: each returned
/// with the incoming chains of its merges, or left out when an incoming
/// pointer of one of its merges does not trace back to a [`Base`].
fn merge_components<'ctx>(
    merges: &[RawValue<'ctx>],
    getpointer_id: u32,
) -> Vec<(Vec<RawValue<'ctx>>, BaseIncoming<'ctx>)> {
    let set: FastSet<RawValue<'ctx>> = merges.iter().copied().collect();
    let index: FastMap<RawValue<'ctx>, usize> =
        merges.iter().enumerate().map(|(k, m)| (*m, k)).collect();
    let mut parent: Vec<usize> = (0..merges.len()).collect();
    fn find(parent: &mut [usize], mut x: usize) -> usize {
        while parent[x] != x {
            parent[x] = parent[parent[x]];
            x = parent[x];
        }
        x
    }
    let mut incoming = Vec::with_capacity(merges.len());
    for (k, &m) in merges.iter().enumerate() {
        let list: Option<Vec<_>> = pointer_operands(m)
            .into_iter()
            .map(|i| trace_base(m.operand(i), &set, getpointer_id))
            .collect();
        if let Some(list) = &list {
            for (_, base) in list {
                if let Base::Merge(o) = base {
                    let (a, b) = (find(&mut parent, k), find(&mut parent, index[o]));
                    parent[a] = b;
                }
            }
        }
        incoming.push(list);
    }
    let mut groups: FastMap<usize, (Vec<RawValue<'ctx>>, bool)> = FastMap::default();
    let mut order = Vec::new();
    for (k, &m) in merges.iter().enumerate() {
        let root = find(&mut parent, k);
        let group = groups.entry(root).or_insert_with(|| {
            order.push(root);
            (Vec::new(), true)
        });
        group.0.push(m);
        group.1 &= incoming[k].is_some();
    }
    let mut out = Vec::new();
    for root in order {
        let (members, traced) = groups.remove(&root).unwrap_or_default();
        if !traced {
            continue;
        }
        let mut map = FastMap::default();
        for &m in &members {
            if let Some(list) = incoming[index[&m]].take() {
                map.insert(m, list);
            }
        }
        out.push((members, map));
    }
    out
}

/// Whether the row rewrite of [`merge_pointers`] handles `component`: its
/// pointers trace to cbuffer `getpointer` calls, start at one byte of a row,
/// step by whole rows and read one buffer.
fn row_rewrite_handles<'ctx>(
    dl: &ModuleLayout,
    component: &[RawValue<'ctx>],
    all: &FastSet<RawValue<'ctx>>,
    entry: Option<RawBlock<'ctx>>,
    getpointer_id: u32,
) -> bool {
    let mut incoming = FastMap::default();
    for &m in component {
        let mut list = Vec::new();
        for i in pointer_operands(m) {
            match trace(m, m.operand(i), all, getpointer_id) {
                Ok(t) => list.push(t),
                Err(_) => return false,
            }
        }
        incoming.insert(m, list);
    }
    if bytes_in_row(dl, component, &incoming).is_err() {
        return false;
    }
    // Run-time steps must be whole rows.
    for list in incoming.values() {
        for (chain, root) in list {
            let start = match root {
                Root::GetPointer(gp) => getpointer_offset(*gp).unwrap_or(0),
                Root::Merge(_) => 0,
            };
            match exact_bytes(dl, start, chain) {
                Ok(bytes) if dynamic_rows(&bytes).is_ok() => {}
                _ => return false,
            }
        }
    }
    let summaries = handle_summaries(component, &incoming);
    component
        .iter()
        .all(|&m| handle_source(m, summaries[&m], &incoming, entry).is_ok())
}

/// `bytes` with every run-time term that is `shl x, C`, `mul x, C` or
/// `add x, C` of at least 32 bits written in `x` (what loop strength
/// reduction leaves: `getelementptr i8, p, (shl i, 4)`). Exact: the address
/// is computed modulo 2^32, and so are these.
fn expand_terms(bytes: Linear<'_>) -> Linear<'_> {
    let mut out = Linear {
        constant: bytes.constant,
        terms: Vec::new(),
    };
    let mut work: Vec<(RawValue<'_>, i64, u32)> =
        bytes.terms.into_iter().map(|(v, s)| (v, s, 0)).collect();
    while let Some((v, stride, depth)) = work.pop() {
        if depth < 16 && v.ty().int_width().is_some_and(|w| w >= 32) {
            let constant = |k: u32| v.operand(k).and_then(|o| o.const_int());
            let (op0, op1) = (v.operand(0), v.operand(1));
            let expanded = match v.opcode() {
                Some(LLVMOpcode::LLVMShl) => constant(1)
                    .filter(|c| (0..32).contains(c))
                    .zip(op0)
                    .map(|(c, x)| (x, stride.wrapping_shl(c as u32), 0)),
                Some(LLVMOpcode::LLVMMul) => match (constant(1), constant(0)) {
                    (Some(c), _) => op0.map(|x| (x, stride.wrapping_mul(c), 0)),
                    (None, Some(c)) => op1.map(|x| (x, stride.wrapping_mul(c), 0)),
                    _ => None,
                },
                Some(LLVMOpcode::LLVMAdd) => match (constant(1), constant(0)) {
                    (Some(c), _) => op0.map(|x| (x, stride, stride.wrapping_mul(c))),
                    (None, Some(c)) => op1.map(|x| (x, stride, stride.wrapping_mul(c))),
                    _ => None,
                },
                _ => None,
            };
            if let Some((x, s, c)) = expanded {
                out.constant = out.constant.wrapping_add(c);
                work.push((x, s, depth + 1));
                continue;
            }
        }
        match out.terms.iter_mut().find(|(t, _)| *t == v) {
            Some((_, s)) => *s = s.wrapping_add(stride),
            None => out.terms.push((v, stride)),
        }
    }
    out.terms.retain(|(_, s)| *s != 0);
    out
}

/// The new values carrying one merge of a rewritten component.
struct Carried<'ctx> {
    /// The offset from the arm's start, in units (`%p.off`).
    off: RawValue<'ctx>,
    /// One `i1` per arm when there are several: true when the pointer is in
    /// that arm (`%p.arm0`, ...).
    flags: Vec<RawValue<'ctx>>,
    /// The first of the new instructions (for a select, the incoming values
    /// are computed before it).
    first: RawValue<'ctx>,
}

/// Rewrites the merges of `component` by arm and offset (module docs).
/// Returns false, changing nothing, when an arm's handle is not available
/// at the accesses, an offset is not exact, or something else than GEP
/// chains ending in loads reads a merge.
fn rewrite_by_offset<'ctx>(
    builder: &RawBuilder<'ctx>,
    extra: &AccessBuilder<'ctx>,
    dl: &ModuleLayout,
    component: &[RawValue<'ctx>],
    incoming: &BaseIncoming<'ctx>,
    entry: Option<RawBlock<'ctx>>,
) -> Result<bool, PassError> {
    // The arms, and the exact byte offset of every incoming pointer from
    // its arm's start (or from the merge it steps from).
    let mut arms: Vec<Arm<'ctx>> = Vec::new();
    let mut arm_index = |arm: Arm<'ctx>| -> usize {
        match arms.iter().position(|a| a.key() == arm.key()) {
            Some(k) => k,
            None => {
                arms.push(arm);
                arms.len() - 1
            }
        }
    };
    // Per merge, per incoming: the arm (None: the merge it steps from) and
    // the bytes.
    let mut steps: FastMap<RawValue<'ctx>, Vec<(Option<usize>, Linear<'ctx>)>> = FastMap::default();
    let mut unit = ROW_BYTES;
    for &m in component {
        let mut list = Vec::new();
        for (chain, base) in &incoming[&m] {
            let (arm, start) = match *base {
                Base::GetPointer(gp) => {
                    let Some(arm) = arm_of_getpointer(gp, entry) else {
                        return Ok(false);
                    };
                    let Ok(start) = getpointer_offset(gp) else {
                        return Ok(false);
                    };
                    (Some(arm_index(arm)), start)
                }
                Base::Foreign(v) => (Some(arm_index(Arm::Foreign(v))), 0),
                Base::Merge(_) => (None, 0),
            };
            let Ok(bytes) = exact_bytes(dl, start, chain) else {
                return Ok(false);
            };
            let bytes = expand_terms(bytes);
            unit = gcd(unit, bytes.constant);
            for &(_, stride) in &bytes.terms {
                unit = gcd(unit, stride);
            }
            list.push((arm, bytes));
        }
        steps.insert(m, list);
    }
    let unit = unit.max(1);
    if !arms.iter().any(|a| !matches!(a, Arm::Foreign(_))) {
        return Ok(false);
    }
    // Everything reading the merges must be loads through GEPs.
    let members: FastSet<RawValue<'ctx>> = component.iter().copied().collect();
    let mut paths: Vec<(RawValue<'ctx>, Vec<LoadPath<'ctx>>)> = Vec::new();
    for &m in component {
        let mut out = Vec::new();
        let mut seen = FastSet::default();
        if !component_load_paths(m, &members, &mut Vec::new(), &mut seen, &mut out) {
            return Ok(false);
        }
        paths.push((m, out));
    }

    // The new phis/selects, with placeholder operands.
    let i1 = extra.int_type(1);
    let i32t = extra.int_type(32);
    let several = arms.len() > 1;
    let mut carried: FastMap<RawValue<'ctx>, Carried<'ctx>> = FastMap::default();
    for &m in component {
        let name = m.name();
        extra.position_before(m);
        let is_phi = m.opcode() == Some(LLVMOpcode::LLVMPHI);
        let cond = if is_phi {
            None
        } else {
            Some(
                m.operand(0)
                    .ok_or_else(|| PassError::at(m, "malformed select"))?,
            )
        };
        let make = |ty: RawType<'ctx>, name: String| -> Result<RawValue<'ctx>, PassError> {
            let v = match cond {
                None => extra.phi(ty, &name)?,
                Some(c) => extra.select(c, const_int(ty, 0), const_int(ty, 1), &name)?,
            };
            if !v.is_instruction() {
                return Err(PassError::at(
                    m,
                    "internal: a placeholder select was folded",
                ));
            }
            Ok(v)
        };
        let mut flags = Vec::new();
        if several {
            for k in 0..arms.len() {
                flags.push(make(i1, format!("{name}.arm{k}"))?);
            }
        }
        let off = make(i32t, format!("{name}.off"))?;
        let first = flags.first().copied().unwrap_or(off);
        carried.insert(m, Carried { off, flags, first });
    }

    // Their incoming values: the offset in units, the arm as flags.
    for &m in component {
        let is_phi = m.opcode() == Some(LLVMOpcode::LLVMPHI);
        let new = &carried[&m];
        let mut per_block: FastMap<RawBlock<'ctx>, (RawValue<'ctx>, Vec<RawValue<'ctx>>)> =
            FastMap::default();
        for (slot, i) in pointer_operands(m).into_iter().enumerate() {
            if is_phi {
                if let Some((off, flags)) = per_block.get(&m.incoming_block(i)) {
                    new.off.add_incoming_like(*off, m, i);
                    for (f, v) in new.flags.iter().zip(flags) {
                        f.add_incoming_like(*v, m, i);
                    }
                    continue;
                }
                builder.position_before_terminator(m.incoming_block(i))?;
            } else {
                builder.position_before(new.first);
            }
            let (arm, bytes) = &steps[&m][slot];
            let units = Linear {
                constant: bytes.constant / unit,
                terms: bytes.terms.iter().map(|&(v, s)| (v, s / unit)).collect(),
            };
            let mut arith = IrArith { builder };
            let local = emit_linear(&mut arith, &units);
            let (off, flags) = match (arm, &incoming[&m][slot].1) {
                (None, Base::Merge(other)) => {
                    let from = &carried[other];
                    let off = match local {
                        Row::Const(0) => from.off,
                        _ => {
                            let sum = builder.add(from.off, arith.value(local));
                            // Named after the GEP it replaces (`%next.off`).
                            let step = incoming[&m][slot].0.first().map(|g| g.name());
                            if let Some(step) = step.filter(|n| !n.is_empty()) {
                                if sum.is_instruction() {
                                    sum.set_name(&format!("{step}.off"));
                                }
                            }
                            sum
                        }
                    };
                    (off, from.flags.clone())
                }
                (Some(k), _) => {
                    let flags = (0..new.flags.len())
                        .map(|j| const_int(i1, u64::from(j == *k)))
                        .collect();
                    (arith.value(local), flags)
                }
                (None, _) => return Err(PassError::at(m, "internal: an arm without a start")),
            };
            if is_phi {
                new.off.add_incoming_like(off, m, i);
                for (f, v) in new.flags.iter().zip(&flags) {
                    f.add_incoming_like(*v, m, i);
                }
                per_block.insert(m.incoming_block(i), (off, flags));
            } else {
                new.off.set_operand(slot as u32 + 1, off);
                for (f, v) in new.flags.iter().zip(&flags) {
                    f.set_operand(slot as u32 + 1, *v);
                }
            }
        }
    }

    // A select whose two values agree is that value.
    let mut folded: FastMap<RawValue<'ctx>, RawValue<'ctx>> = FastMap::default();
    for &m in component {
        let new = &carried[&m];
        for &v in std::iter::once(&new.off).chain(new.flags.iter()) {
            if v.opcode() == Some(LLVMOpcode::LLVMSelect) && v.operand(1) == v.operand(2) {
                if let Some(same) = v.operand(1) {
                    v.replace_all_uses_with(same);
                    v.erase_instruction();
                    folded.insert(v, same);
                }
            }
        }
    }
    let resolve = |mut v: RawValue<'ctx>| {
        while let Some(&n) = folded.get(&v) {
            v = n;
        }
        v
    };
    for new in carried.values_mut() {
        new.off = resolve(new.off);
        for f in &mut new.flags {
            *f = resolve(*f);
        }
    }

    // Every load: repeated on each arm at the carried offset, the values
    // picked by the flags. An arm not taken reads at offset 0 of its own
    // memory (plus the access's own GEPs), never past where it starts.
    let byte = extra.int_type(8);
    let unit_type = if unit == 1 {
        byte
    } else {
        byte.array_of(unit as u64)
    };
    let zero = builder.const_i32(0);
    let mut dead: Vec<RawValue<'ctx>> = Vec::new();
    for (m, list) in &paths {
        let new = &carried[m];
        let name = m.name();
        for (geps, load) in list {
            dead.extend(geps.iter().copied());
            builder.position_before(*load);
            extra.position_before(*load);
            let load_name = load.name();
            let mut values = Vec::new();
            for (k, arm) in arms.iter().enumerate() {
                let base = match *arm {
                    Arm::Global(ty, global) => {
                        let h = builder.load(ty, global, &global.name())?;
                        builder.call_intrinsic(GETPOINTER, &[m.ty(), ty], &[h, zero], "")?
                    }
                    Arm::Handle(h) => {
                        builder.call_intrinsic(GETPOINTER, &[m.ty(), h.ty()], &[h, zero], "")?
                    }
                    Arm::Foreign(v) => v,
                };
                let index = if several {
                    extra.select(new.flags[k], new.off, zero, "")?
                } else {
                    new.off
                };
                let at = extra.gep(unit_type, base, &[index], false, &format!("{name}.at"))?;
                let l = reload_from(at, geps, *load, "")?;
                let arm_name = match (load_name.is_empty(), several) {
                    (true, _) => String::new(),
                    (false, true) => format!("{load_name}.{name}{k}"),
                    (false, false) => load_name.clone(),
                };
                values.push((l, arm_name));
            }
            let mut merged = values[values.len() - 1].0;
            if several {
                for k in (0..values.len() - 1).rev() {
                    merged = extra.select(new.flags[k], values[k].0, merged, "")?;
                }
            }
            load.replace_all_uses_with(merged);
            load.erase_instruction();
            for (l, arm_name) in &values {
                if *l != merged {
                    l.set_name(arm_name);
                }
            }
            merged.set_name(&load_name);
        }
    }

    // The old merges and every GEP that only fed them.
    for &m in component {
        for (chain, _) in &incoming[&m] {
            dead.extend(chain.iter().copied());
        }
    }
    for &m in component {
        m.replace_all_uses_with(builder.poison(m.ty()));
    }
    for &m in component {
        m.erase_instruction();
    }
    let candidates: FastSet<RawValue<'ctx>> = dead.iter().copied().collect();
    let mut erased: FastSet<RawValue<'ctx>> = FastSet::default();
    let mut work: Vec<RawValue<'ctx>> = candidates.iter().copied().collect();
    while let Some(g) = work.pop() {
        if erased.contains(&g) || g.has_uses() {
            continue;
        }
        let operand = g.operand(0);
        g.erase_instruction();
        erased.insert(g);
        if let Some(o) = operand.filter(|o| candidates.contains(o) && !erased.contains(o)) {
            work.push(o);
        }
    }
    Ok(true)
}

/// Rewrites by offset every component of `merges` the row rewrite cannot
/// handle and the offset rewrite can. Returns whether anything changed.
fn rewrite_components_by_offset<'ctx>(
    builder: &RawBuilder<'ctx>,
    extra: &AccessBuilder<'ctx>,
    dl: &ModuleLayout,
    function: RawValue<'ctx>,
    merges: &[RawValue<'ctx>],
    getpointer_id: u32,
) -> Result<bool, PassError> {
    let all: FastSet<RawValue<'ctx>> = merges.iter().copied().collect();
    let entry = function.blocks().first().copied();
    let mut changed = false;
    for (component, incoming) in merge_components(merges, getpointer_id) {
        if row_rewrite_handles(dl, &component, &all, entry, getpointer_id) {
            continue;
        }
        changed |= rewrite_by_offset(builder, extra, dl, &component, &incoming, entry)?;
    }
    Ok(changed)
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

    /// A module with cbuffers A and B (handles loaded from `@A.cb`,
    /// `@B.cb`) and the function `f` of `body`.
    fn with_buffers(body: &str, check: impl FnOnce(RawValue<'_>)) {
        let ctx = Context::create();
        let text = format!(
            "%L = type <{{ [4 x <4 x float>] }}>\n\
             @A.cb = global target(\"dx.CBuffer\", %L) poison\n\
             @B.cb = global target(\"dx.CBuffer\", %L) poison\n\
             declare ptr addrspace(2) @llvm.dx.resource.getpointer.p2.tdx.CBuffer_s_Lst(target(\"dx.CBuffer\", %L), i32)\n\
             declare void @keep(ptr addrspace(2))\n\
             {body}"
        );
        let module = parse_module(&ctx, text.as_bytes(), "t.ll").unwrap();
        let f = module_functions(&module)
            .into_iter()
            .find(|f| f.name() == "f")
            .unwrap();
        check(f);
    }

    /// The instruction named `name` in `f`.
    fn named<'ctx>(f: RawValue<'ctx>, name: &str) -> RawValue<'ctx> {
        f.blocks()
            .into_iter()
            .flat_map(|b| b.instructions())
            .find(|i| i.name() == name)
            .unwrap()
    }

    const LOOP: &str = "define float @f(i1 %c, i32 %n, i32 %i) {\n\
        entry:\n\
        %ha = load target(\"dx.CBuffer\", %L), ptr @A.cb\n\
        %ga = call ptr addrspace(2) @llvm.dx.resource.getpointer.p2.tdx.CBuffer_s_Lst(target(\"dx.CBuffer\", %L) %ha, i32 16)\n\
        %hb = load target(\"dx.CBuffer\", %L), ptr @B.cb\n\
        %gb = call ptr addrspace(2) @llvm.dx.resource.getpointer.p2.tdx.CBuffer_s_Lst(target(\"dx.CBuffer\", %L) %hb, i32 0)\n\
        %s = select i1 %c, ptr addrspace(2) %ga, ptr addrspace(2) %gb\n\
        %t = select i1 %c, ptr addrspace(2) %gb, ptr addrspace(2) %ga\n\
        br label %loop\n\
        loop:\n\
        %p = phi ptr addrspace(2) [ %s, %entry ], [ %next, %loop ]\n\
        %y = getelementptr i8, ptr addrspace(2) %p, i32 4\n\
        %v = load float, ptr addrspace(2) %y\n\
        %next = getelementptr i8, ptr addrspace(2) %p, i32 16\n\
        %w = load float, ptr addrspace(2) %next\n\
        %more = icmp ult i32 %i, %n\n\
        br i1 %more, label %loop, label %done\n\
        done:\n\
        %u = load float, ptr addrspace(2) %t\n\
        ret float %v\n\
        }\n";

    #[test]
    fn components_join_a_loop_phi_and_the_select_it_starts_from() {
        with_buffers(LOOP, |f| {
            let id = crate::ffi::intrinsic_id(GETPOINTER);
            let (s, t, p) = (named(f, "s"), named(f, "t"), named(f, "p"));
            let components = merge_components(&[s, t, p], id);
            let mut shapes: Vec<Vec<String>> = components
                .iter()
                .map(|(members, incoming)| {
                    assert_eq!(incoming.len(), members.len());
                    let mut names: Vec<String> = members.iter().map(|m| m.name()).collect();
                    names.sort();
                    names
                })
                .collect();
            shapes.sort();
            assert_eq!(shapes, [vec!["p", "s"], vec!["t"]]);
            // The phi's loop edge steps from the phi itself through %next.
            let (_, incoming) = components.iter().find(|(m, _)| m.contains(&p)).unwrap();
            let loop_edge = &incoming[&p][1];
            assert!(loop_edge.0 == [named(f, "next")] && loop_edge.1 == Base::Merge(p));
            assert!(incoming[&p][0].0.is_empty() && incoming[&p][0].1 == Base::Merge(s));
        });
    }

    #[test]
    fn load_paths_pass_over_steps_into_the_component_and_stop_at_calls() {
        with_buffers(LOOP, |f| {
            let p = named(f, "p");
            let members: FastSet<RawValue<'_>> = [p, named(f, "s")].into_iter().collect();
            let mut out = Vec::new();
            let ok = component_load_paths(
                p,
                &members,
                &mut Vec::new(),
                &mut FastSet::default(),
                &mut out,
            );
            assert!(ok);
            let mut shapes: Vec<(Vec<String>, String)> = out
                .iter()
                .map(|(g, l)| (g.iter().map(|g| g.name()).collect(), l.name()))
                .collect();
            shapes.sort();
            assert_eq!(
                shapes,
                [
                    (vec!["next".to_owned()], "w".to_owned()),
                    (vec!["y".to_owned()], "v".to_owned())
                ]
            );
        });
        with_buffers(
            &LOOP.replace(
                "%w = load float, ptr addrspace(2) %next\n",
                "call void @keep(ptr addrspace(2) %next)\n",
            ),
            |f| {
                let p = named(f, "p");
                let members: FastSet<RawValue<'_>> = [p].into_iter().collect();
                let mut out = Vec::new();
                let ok = component_load_paths(
                    p,
                    &members,
                    &mut Vec::new(),
                    &mut FastSet::default(),
                    &mut out,
                );
                assert!(!ok, "a call reads the stepped pointer");
            },
        );
    }

    #[test]
    fn terms_are_read_through_shifts_products_and_constant_sums() {
        with_buffers(
            "define void @f(i32 %i, i32 %j, i16 %h) {\n\
             %a = shl i32 %i, 4\n\
             %b = add i32 %a, 3\n\
             %c = mul i32 12, %j\n\
             %d = shl i16 %h, 2\n\
             ret void\n\
             }\n",
            |f| {
                let (b, c, d) = (named(f, "b"), named(f, "c"), named(f, "d"));
                let args = [named(f, "a").operand(0).unwrap(), c.operand(1).unwrap()];
                let out = expand_terms(Linear {
                    constant: 5,
                    terms: vec![(b, 1), (c, 2), (d, 4)],
                });
                assert_eq!(out.constant, 8);
                let mut terms = out.terms.clone();
                terms.sort_by_key(|(_, s)| *s);
                // An i16 shift may wrap in 16 bits before the index is
                // widened: kept as it is.
                assert!(terms == [(d, 4), (args[0], 16), (args[1], 24)]);
            },
        );
    }

    #[test]
    fn a_loop_phi_across_buffers_becomes_arm_flags_and_a_row_offset() {
        let ctx = Context::create();
        let text = format!(
            "target datalayout = \"e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64\"\n\
             %L = type <{{ [4 x <4 x float>] }}>\n\
             @A.cb = global target(\"dx.CBuffer\", %L) poison\n\
             @B.cb = global target(\"dx.CBuffer\", %L) poison\n\
             declare ptr addrspace(2) @llvm.dx.resource.getpointer.p2.tdx.CBuffer_s_Lst(target(\"dx.CBuffer\", %L), i32)\n\
             {LOOP}"
        );
        let module = parse_module(&ctx, text.as_bytes(), "t.ll").unwrap();
        let f = module_functions(&module)
            .into_iter()
            .find(|f| f.name() == "f")
            .unwrap();
        let id = crate::ffi::intrinsic_id(GETPOINTER);
        let pointers = [named(f, "ga"), named(f, "gb")];
        let builder = RawBuilder::new(&module);
        let extra = AccessBuilder::new(&module);
        let dl = ModuleLayout::of(&module);
        assert!(merge_pointers(&builder, &extra, &dl, f, &pointers, id).unwrap());
        crate::ffi::verify_module(&module).unwrap();
        let text = f.print();
        // Starts at bytes 16 (A) and 0 (B), steps of 16: offsets in rows
        // (the loads' own GEP, 4 bytes, stays on each rebuilt load).
        for line in [
            "%s.arm0 = select i1 %c, i1 true, i1 false",
            "%s.off = select i1 %c, i32 1, i32 0",
            "%p.arm0 = phi i1 [ %s.arm0, %entry ], [ %p.arm0, %loop ]",
            "%p.off = phi i32 [ %s.off, %entry ], [ %next.off, %loop ]",
            "%next.off = add i32 %p.off, 1",
            "%v = select i1 %p.arm0, float %v.p0, float %v.p1",
            "%w = select i1 %p.arm0, float %w.p0, float %w.p1",
        ] {
            assert!(text.contains(line), "no `{line}` in\n{text}");
        }
        assert!(!text.contains("phi ptr"), "{text}");
        // %t is another component, and the row rewrite's (one select, two
        // buffers, read by a load): split into a select of two loads.
        assert!(!text.contains("select i1 %c, ptr"), "{text}");
    }
}
