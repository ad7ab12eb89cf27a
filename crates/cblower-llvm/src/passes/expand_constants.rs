//! Turning constant-expression users of some globals into instructions.
//!
//! Algorithm (the same as LLVM 22's `convertUsersOfConstantsToInstructions`,
//! so that the instructions come out in the same places):
//!
//! 1. Collect the constant expressions and constant aggregates that use one of
//!    the globals, directly or through other such constants.
//! 2. Put every instruction that uses one of them on a worklist (an ordered
//!    set, visited from the back).
//! 3. For each instruction and each of its operands that is such a constant,
//!    build an equivalent instruction right before the instruction, or, for a
//!    `phi`, at the first insertion point of the incoming block. An expansion of the same constant already made in the
//!    same block is reused when it comes before the insertion point. New
//!    instructions that read such a constant go on the worklist, so nested
//!    constants expand too (LLVM queues every new instruction; the others
//!    have nothing left to expand).
//! 4. Destroy the constant expressions left without users.
//!
//! Difference from LLVM: a constant struct, array or vector holding a member
//! pointer is reported as unsupported (LLVM would build an `insertvalue` /
//! `insertelement` chain); Clang never emits one.

use crate::fast_hash::FastMap;
use llvm_sys::LLVMOpcode;

use super::PassError;
use crate::ffi::{
    expand_constant_expr_before, remove_dead_constant_users, RawBlock, RawValue, ValueKind,
};

fn is_expandable(v: RawValue<'_>) -> bool {
    v.is_constant_expr_or_aggregate()
}

/// Program order within blocks, kept by the pass itself. LLVM's
/// `comesBefore` renumbers a whole block when asked after an insertion into
/// it; the worklist visits the users of one constant after another, all over
/// the function, so each renumbering walks a block that has left the cache
/// since (a tenth of a run at 100k loads). Here a block is numbered once, on
/// the first question about it, with gaps of [`GAP`] between positions, into
/// an array of (instruction address, position) sorted by address (one walk,
/// one sort, then a binary search per question; a few kilobytes per block).
/// Instructions inserted later are not recorded: the expansion only ever
/// inserts instructions, never removes one, so an instruction missing from
/// the array is a new one, and its position is the position of the first
/// numbered instruction after it, minus the number of steps to get there.
/// That order is exact, as [`WALK`] is far below [`GAP`]; a new instruction
/// more than [`WALK`] steps before the next numbered one (many expansions
/// before one phi's incoming edge) has the block numbered again, so no
/// question walks far.
#[derive(Default)]
struct Positions<'ctx> {
    blocks: FastMap<RawBlock<'ctx>, OrderTable>,
    /// The block being numbered, in order (kept to reuse its allocation).
    scratch: Vec<usize>,
}

const GAP: u64 = 1 << 20;
/// The longest walk from a new instruction to a numbered one.
const WALK: u64 = 64;

/// A block's numbering: the instructions' addresses in order, and an
/// open-addressing table (linear probing, at most half full, made at its
/// final size) from an address to its index. A general hash map cost three
/// times as much to fill, and sorting the addresses for a binary search
/// twice as much; the table holds indices only, so it is a quarter of the
/// size of one holding addresses too.
struct OrderTable {
    addresses: Vec<usize>,
    /// Index of the address probing starts at; [`FREE`] marks a free slot
    /// (filled in, not a zeroed allocation: `calloc` cost more than the
    /// rest of making the table).
    slots: Vec<u32>,
    /// 64 minus the log2 of the slot count.
    shift: u32,
}

impl OrderTable {
    fn new(addresses: Vec<usize>) -> Self {
        let size = (2 * addresses.len()).next_power_of_two().max(2);
        let mut slots = vec![FREE; size];
        let shift = 64 - size.trailing_zeros();
        let mask = size - 1;
        for (index, &address) in addresses.iter().enumerate() {
            let mut slot = slot_of(address, shift);
            while slots[slot] != FREE {
                slot = (slot + 1) & mask;
            }
            // A block of 2^32 instructions would need hundreds of GiB.
            slots[slot] = index as u32;
        }
        OrderTable {
            addresses,
            slots,
            shift,
        }
    }

    fn get(&self, address: usize) -> Option<usize> {
        let mask = self.slots.len() - 1;
        let mut slot = slot_of(address, self.shift);
        loop {
            let index = self.slots[slot];
            if index == FREE {
                return None;
            }
            let index = index as usize;
            if self.addresses[index] == address {
                return Some(index);
            }
            slot = (slot + 1) & mask;
        }
    }
}

/// A set of addresses of a size known when it is made (open addressing,
/// linear probing, at most half full): the original users are deduplicated
/// here, at a quarter of the cost of a general hash set's insertions.
struct PointerSet {
    /// The addresses; 0 marks a free slot (no object lives at address 0).
    slots: Vec<usize>,
    shift: u32,
}

impl PointerSet {
    fn with_capacity(capacity: usize) -> Self {
        let size = (2 * capacity).next_power_of_two().max(2);
        PointerSet {
            slots: vec![0; size],
            shift: 64 - size.trailing_zeros(),
        }
    }

    /// Adds `address` (not 0, and no more addresses than the capacity);
    /// false if it was there.
    fn insert(&mut self, address: usize) -> bool {
        let mask = self.slots.len() - 1;
        let mut slot = slot_of(address, self.shift);
        loop {
            match self.slots[slot] {
                0 => {
                    self.slots[slot] = address;
                    return true;
                }
                a if a == address => return false,
                _ => slot = (slot + 1) & mask,
            }
        }
    }
}

/// A free slot of an [`OrderTable`].
const FREE: u32 = u32::MAX;

/// Where probing for `address` starts in a table of 2^(64 - `shift`) slots
/// (Fibonacci hashing of the address without its alignment bits).
fn slot_of(address: usize, shift: u32) -> usize {
    ((address as u64 >> 4).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> shift) as usize
}

impl<'ctx> Positions<'ctx> {
    fn number(&mut self, block: RawBlock<'ctx>) {
        // The list is kept by the table; the next block starts with one of
        // this block's length, which is usually about right.
        let mut addresses = std::mem::take(&mut self.scratch);
        let mut next = block.first_instruction();
        while let Some(inst) = next {
            addresses.push(inst.as_raw() as usize);
            next = inst.next_instruction();
        }
        self.scratch = Vec::with_capacity(addresses.len());
        self.blocks.insert(block, OrderTable::new(addresses));
    }

    /// The position of `inst` in a numbered `block`, if it can be told
    /// without numbering the block again.
    fn lookup(&self, inst: RawValue<'ctx>, block: RawBlock<'ctx>) -> Option<u64> {
        let order = self.blocks.get(&block)?;
        let mut steps = 0;
        let mut at = Some(inst);
        while let Some(i) = at {
            if let Some(index) = order.get(i.as_raw() as usize) {
                return Some((index as u64 + 1) * GAP - steps);
            }
            steps += 1;
            if steps > WALK {
                return None;
            }
            at = i.next_instruction();
        }
        None
    }

    /// `a` comes before `b`, both in `block`.
    fn comes_before(
        &mut self,
        a: RawValue<'ctx>,
        b: RawValue<'ctx>,
        block: RawBlock<'ctx>,
    ) -> bool {
        if !self.blocks.contains_key(&block) {
            self.number(block);
        }
        if let (Some(pa), Some(pb)) = (self.lookup(a, block), self.lookup(b, block)) {
            return pa < pb;
        }
        self.number(block);
        let pa = self.lookup(a, block).unwrap_or(0);
        let pb = self.lookup(b, block).unwrap_or(0);
        pa < pb
    }
}

/// Expands every constant user of `globals` (see the module docs).
pub fn expand_constant_users<'ctx>(globals: &[RawValue<'ctx>]) -> Result<(), PassError> {
    // Use lists are read into one reused list (growing a fresh one per
    // value was a twentieth of the pass).
    let mut scratch: Vec<RawValue<'ctx>> = Vec::new();
    for g in globals {
        g.append_users_per_use(&mut scratch);
    }
    let mut stack: Vec<RawValue<'ctx>> = scratch.drain(..).filter(|u| is_expandable(*u)).collect();
    let mut expandable: Vec<RawValue<'ctx>> = Vec::new();
    // Each constant to expand, and whether one of its operands is another
    // such constant (only then does its expansion need expanding in turn).
    let mut expandable_set: FastMap<RawValue<'ctx>, bool> = FastMap::default();
    let mut nested: Vec<RawValue<'ctx>> = Vec::new();
    while let Some(c) = stack.pop() {
        if expandable_set.insert(c, false).is_some() {
            continue;
        }
        expandable.push(c);
        c.append_users_per_use(&mut scratch);
        let start = stack.len();
        stack.extend(scratch.drain(..).filter(|u| is_expandable(*u)));
        nested.extend_from_slice(&stack[start..]);
    }
    for c in nested {
        if let Some(has_nested) = expandable_set.get_mut(&c) {
            *has_nested = true;
        }
    }

    // The worklist is popped from the back. LLVM keeps it as a set vector
    // and re-inserts a reused expansion; that expansion was processed right
    // after it was made (its constant operands are instructions since), so
    // processing it again changes nothing and only fresh expansions with
    // constant operands to expand are pushed here. The original users are deduplicated once.
    // The tables are sized once from the number of users (growing them
    // rehashes every entry each time).
    let mut users = scratch;
    for c in &expandable {
        c.append_users_per_use(&mut users);
    }
    users.retain(|u| u.is_instruction());
    let mut worklist: Vec<RawValue<'ctx>> = Vec::with_capacity(2 * users.len());
    let mut queued = PointerSet::with_capacity(users.len());
    for user in users {
        if queued.insert(user.as_raw() as usize) {
            worklist.push(user);
        }
    }
    drop(queued);

    // The latest expansion of each constant in each block (every expansion
    // is a single instruction).
    let mut expanded: FastMap<(RawValue<'ctx>, RawBlock<'ctx>), RawValue<'ctx>> =
        FastMap::with_capacity_and_hasher(worklist.len(), Default::default());
    let mut positions = Positions::default();
    while let Some(inst) = worklist.pop() {
        let is_phi = inst.opcode() == Some(LLVMOpcode::LLVMPHI);
        for (index, op) in inst.indexed_operands() {
            let Some(op) = op else {
                continue;
            };
            let Some(&has_nested) = expandable_set.get(&op) else {
                continue;
            };
            let insert_before = if is_phi {
                first_insertion_point(inst.incoming_block(index))
                    .ok_or_else(|| PassError::at(inst, "an incoming block of the phi is empty"))?
            } else {
                inst
            };
            let block = insert_before
                .parent_block()
                .ok_or_else(|| PassError::at(inst, "instruction outside a block"))?;
            let replacement = match expanded.get(&(op, block)) {
                Some(&cached) if !positions.comes_before(insert_before, cached, block) => cached,
                _ => {
                    let new =
                        expand(op, insert_before).map_err(|reason| PassError::at(inst, reason))?;
                    expanded.insert((op, block), new);
                    // The expansion has the constant's operands: it needs
                    // a visit only if one of them is to be expanded too.
                    // (LLVM visits every expansion; for the others the
                    // visit changes nothing.)
                    if has_nested {
                        worklist.push(new);
                    }
                    new
                }
            };
            inst.set_operand(index, replacement);
        }
    }
    for g in globals {
        remove_dead_constant_users(*g);
    }
    Ok(())
}

/// The first instruction of `block` that is not a phi.
fn first_insertion_point<'ctx>(block: RawBlock<'ctx>) -> Option<RawValue<'ctx>> {
    let mut next = block.first_instruction();
    while let Some(inst) = next {
        if inst.opcode() != Some(LLVMOpcode::LLVMPHI) {
            return Some(inst);
        }
        next = inst.next_instruction();
    }
    None
}

/// Builds the instruction equivalent to constant expression `c` right
/// before `before`, with `before`'s debug location. Constant aggregates
/// holding member pointers are reported instead: the C API's builder would
/// fold their `insertvalue` chain straight back into the constant.
fn expand<'ctx>(c: RawValue<'ctx>, before: RawValue<'ctx>) -> Result<RawValue<'ctx>, String> {
    expand_constant_expr_before(c, before).ok_or_else(|| {
        if c.kind() == ValueKind::ConstantExpr {
            format!("cannot turn constant {} into an instruction", c.print())
        } else {
            format!(
                "a constant aggregate holding a cbuffer member pointer is not supported: {}",
                c.print()
            )
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ffi::{clone_instruction, insert_before, module_functions};
    use crate::ir_io::parse_module;
    use inkwell::context::Context;

    /// Every address is found at its index, absent ones are not, also when
    /// addresses share a start slot (1 << 40 apart: the same low bits) and
    /// when probing wraps around the end of the table.
    #[test]
    fn order_table_finds_every_address() {
        let addresses: Vec<usize> = (1..=300usize)
            .map(|i| if i % 3 == 0 { i << 40 } else { i * 48 })
            .collect();
        let table = OrderTable::new(addresses.clone());
        assert_eq!(table.slots.len(), 1024);
        for (i, &a) in addresses.iter().enumerate() {
            assert_eq!(table.get(a), Some(i), "address {a:#x}");
        }
        for absent in [8usize, 1 << 41 | 16, 301 << 40, 49] {
            assert_eq!(table.get(absent), None, "address {absent:#x}");
        }
        let full_wrap = OrderTable::new(vec![16]);
        assert_eq!(full_wrap.get(16), Some(0));
        assert_eq!(full_wrap.get(32), None);
    }

    /// Each address is added once, also when addresses share a start slot
    /// and when probing wraps around the end of the table.
    #[test]
    fn pointer_set_adds_each_address_once() {
        let addresses: Vec<usize> = (1..=300usize)
            .map(|i| if i % 3 == 0 { i << 40 } else { i * 48 })
            .collect();
        let mut set = PointerSet::with_capacity(addresses.len());
        assert_eq!(set.slots.len(), 1024);
        for &a in &addresses {
            assert!(set.insert(a), "address {a:#x} added");
        }
        for &a in &addresses {
            assert!(!set.insert(a), "address {a:#x} already there");
        }
        let mut one = PointerSet::with_capacity(1);
        assert!(one.insert(16));
        assert!(!one.insert(16));
    }

    /// The order `Positions` gives a block must be the block's order after
    /// any number of insertions made after the block was numbered: 100 in a
    /// row before one instruction (past `WALK`, so the block is numbered
    /// again), one before the first.
    #[test]
    fn positions_follow_insertions_and_renumbering() {
        let ctx = Context::create();
        let text = "define i32 @f(i32 %x) {\n  %a = add i32 %x, 1\n  %b = add i32 %a, 2\n  %c = add i32 %b, 3\n  ret i32 %c\n}\n";
        let module = parse_module(&ctx, text.as_bytes(), "t.ll").unwrap();
        let f = module_functions(&module)[0];
        let block = f.blocks()[0];
        let [a, b, c, _ret] = block.instructions()[..] else {
            panic!("four instructions expected");
        };
        let mut positions = Positions::default();
        assert!(positions.comes_before(a, b, block));
        assert!(!positions.comes_before(c, b, block));
        // Each copy of %a goes right before %c: all after %b, in insertion order.
        let mut copies = Vec::new();
        for _ in 0..100 {
            let copy = clone_instruction(a);
            insert_before(copy, c, "").unwrap();
            copies.push(copy);
        }
        assert!(positions.comes_before(b, copies[0], block));
        for pair in copies.windows(2) {
            assert!(positions.comes_before(pair[0], pair[1], block));
            assert!(!positions.comes_before(pair[1], pair[0], block));
        }
        assert!(positions.comes_before(copies[99], c, block));
        // One before the first instruction.
        let first = clone_instruction(b);
        insert_before(first, a, "").unwrap();
        assert!(positions.comes_before(first, a, block));
        assert!(!positions.comes_before(a, first, block));
    }
}
