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
//!    instructions go on the worklist, so nested constants expand too.
//! 4. Destroy the constant expressions left without users.
//!
//! Difference from LLVM: a constant struct, array or vector holding a member
//! pointer is reported as unsupported (LLVM would build an `insertvalue` /
//! `insertelement` chain); Clang never emits one.

use crate::fast_hash::{FastMap, FastSet};
use llvm_sys::LLVMOpcode;

use super::PassError;
use crate::ffi::{
    constant_expr_as_instruction, remove_dead_constant_users, RawBlock, RawBuilder, RawValue,
    ValueKind,
};

fn is_expandable(v: RawValue<'_>) -> bool {
    matches!(
        v.kind(),
        ValueKind::ConstantExpr | ValueKind::ConstantAggregate
    )
}

/// An insertion-ordered set popped from the back, like LLVM's `SetVector`.
#[derive(Default)]
struct OrderedSet<'ctx> {
    items: Vec<RawValue<'ctx>>,
    members: FastSet<RawValue<'ctx>>,
}

impl<'ctx> OrderedSet<'ctx> {
    fn insert(&mut self, v: RawValue<'ctx>) -> bool {
        if self.members.insert(v) {
            self.items.push(v);
            true
        } else {
            false
        }
    }

    fn pop(&mut self) -> Option<RawValue<'ctx>> {
        let v = self.items.pop()?;
        self.members.remove(&v);
        Some(v)
    }
}

/// Program order within blocks, kept by the pass itself: LLVM's
/// `comesBefore` renumbers a whole block after every insertion into it
/// (an eighth of a run at 100k loads). Blocks are numbered on first use with
/// gaps between positions; an instruction inserted into a numbered block
/// takes the midpoint of its neighbours, and the block is renumbered only
/// when that gap is used up.
#[derive(Default)]
struct Positions<'ctx> {
    position: FastMap<RawValue<'ctx>, u64>,
    numbered: FastSet<RawBlock<'ctx>>,
}

const GAP: u64 = 1 << 20;

impl<'ctx> Positions<'ctx> {
    fn number(&mut self, block: RawBlock<'ctx>) {
        let instructions = block.instructions();
        self.position.reserve(instructions.len());
        for (i, inst) in instructions.into_iter().enumerate() {
            self.position.insert(inst, (i as u64 + 1) * GAP);
        }
        self.numbered.insert(block);
    }

    fn of(&mut self, inst: RawValue<'ctx>, block: RawBlock<'ctx>) -> u64 {
        if !self.numbered.contains(&block) {
            self.number(block);
        }
        match self.position.get(&inst) {
            Some(&p) => p,
            None => {
                // Not seen when the block was numbered: renumber and ask again.
                self.number(block);
                self.position.get(&inst).copied().unwrap_or(0)
            }
        }
    }

    /// `a` comes before `b`, both in `block`.
    fn comes_before(
        &mut self,
        a: RawValue<'ctx>,
        b: RawValue<'ctx>,
        block: RawBlock<'ctx>,
    ) -> bool {
        self.of(a, block) < self.of(b, block)
    }

    /// `new` was just inserted into `block`, right before another instruction.
    fn inserted(&mut self, new: RawValue<'ctx>, block: RawBlock<'ctx>) {
        if !self.numbered.contains(&block) {
            return;
        }
        let before = new
            .previous_instruction()
            .and_then(|p| self.position.get(&p).copied())
            .unwrap_or(0);
        let after = new
            .next_instruction()
            .and_then(|n| self.position.get(&n).copied());
        match after {
            Some(after) if after > before + 1 => {
                self.position.insert(new, before + (after - before) / 2);
            }
            _ => self.number(block),
        }
    }
}

/// Expands every constant user of `globals` (see the module docs).
pub fn expand_constant_users<'ctx>(
    builder: &RawBuilder<'ctx>,
    globals: &[RawValue<'ctx>],
) -> Result<(), PassError> {
    let mut stack: Vec<RawValue<'ctx>> = globals
        .iter()
        .flat_map(|g| g.users_per_use())
        .filter(|u| is_expandable(*u))
        .collect();
    let mut expandable: Vec<RawValue<'ctx>> = Vec::new();
    let mut expandable_set: FastSet<RawValue<'ctx>> = FastSet::default();
    while let Some(c) = stack.pop() {
        if !expandable_set.insert(c) {
            continue;
        }
        expandable.push(c);
        stack.extend(c.users_per_use().into_iter().filter(|u| is_expandable(*u)));
    }

    let mut worklist = OrderedSet::default();
    for c in &expandable {
        for user in c.users_per_use() {
            if user.is_instruction() {
                worklist.insert(user);
            }
        }
    }

    let mut expanded: FastMap<(RawValue<'ctx>, RawBlock<'ctx>), Vec<RawValue<'ctx>>> =
        FastMap::default();
    let mut positions = Positions::default();
    while let Some(inst) = worklist.pop() {
        let is_phi = inst.opcode() == Some(LLVMOpcode::LLVMPHI);
        for index in 0..inst.num_operands() {
            let Some(op) = inst.operand(index) else {
                continue;
            };
            if !expandable_set.contains(&op) {
                continue;
            }
            let insert_before = if is_phi {
                first_insertion_point(inst.incoming_block(index))
                    .ok_or_else(|| PassError::at(inst, "an incoming block of the phi is empty"))?
            } else {
                inst
            };
            let block = insert_before
                .parent_block()
                .ok_or_else(|| PassError::at(inst, "instruction outside a block"))?;
            let cached = expanded.entry((op, block)).or_default();
            let reuse = cached
                .first()
                .is_some_and(|first| !positions.comes_before(insert_before, *first, block));
            if !reuse {
                builder.position_before(insert_before);
                *cached = expand(builder, op).map_err(|reason| PassError::at(inst, reason))?;
                for new in cached.iter() {
                    positions.inserted(*new, block);
                }
            }
            for new in cached.iter() {
                worklist.insert(*new);
            }
            if let Some(last) = cached.last() {
                inst.set_operand(index, *last);
            }
        }
    }
    for g in globals {
        remove_dead_constant_users(*g);
    }
    Ok(())
}

/// The first instruction of `block` that is not a phi.
fn first_insertion_point<'ctx>(block: RawBlock<'ctx>) -> Option<RawValue<'ctx>> {
    block
        .instructions()
        .into_iter()
        .find(|i| i.opcode() != Some(LLVMOpcode::LLVMPHI))
}

/// Builds the instruction equivalent to constant expression `c` at the
/// builder's position. Constant aggregates holding member pointers are
/// reported instead: the C API's builder would fold their `insertvalue` chain
/// straight back into the constant.
fn expand<'ctx>(
    builder: &RawBuilder<'ctx>,
    c: RawValue<'ctx>,
) -> Result<Vec<RawValue<'ctx>>, String> {
    if c.kind() != ValueKind::ConstantExpr {
        return Err(format!(
            "a constant aggregate holding a cbuffer member pointer is not supported: {}",
            c.print()
        ));
    }
    let inst = constant_expr_as_instruction(c)
        .ok_or_else(|| format!("cannot turn constant {} into an instruction", c.print()))?;
    builder.insert_detached(inst);
    Ok(vec![inst])
}
