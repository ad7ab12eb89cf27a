//! `dxil-forward-handle-accesses`: loads of a handle global become the handle
//! creation call stored into it.
//!
//! Algorithm (LLVM 22's `DXILForwardHandleAccesses`, for loads straight from
//! a global), per function:
//!
//! 1. Every `llvm.dx.resource.handlefrombinding` or
//!    `handlefromimplicitbinding` call of the function that is stored into a
//!    global becomes that global's handle. Two different calls stored into the
//!    same global is an error.
//! 2. Every load of a `dx.*` handle type from a global is replaced by that
//!    global's handle and erased, when the call dominates the load.
//!
//! Beyond LLVM 22 (library modules, where clang-22 creates the handles in
//! the global constructor, `_init_buffer_*` or its inlined copy, and every
//! exported function reads `@<Name>.cb`):
//!
//! 3. A load that no creation of its own function dominates gets a copy of
//!    the global's creation call at the top of its function's entry block
//!    (one copy per function and global, after the `alloca`s), when every
//!    creation stored into that global in the module is the same call: the
//!    same intrinsic with the same constant arguments. Handle creation is
//!    pure, so the copy is the same handle.
//! 4. Once no load of a global is left, the stores into it and the global are
//!    erased. The creation calls stay: their bindings still occupy registers
//!    for implicit binding, and `dxil-op-lower` lowers them.
//!
//! 5. A load from an `alloca` (clang's `-O0` locals and `inout`
//!    temporaries) reads the value of the one store into it, when that
//!    store dominates the load and the `alloca` is only stored to and loaded
//!    from; loads are taken in program order, so a handle copied through
//!    several locals is followed link by link. Allocas left only written
//!    are erased with their store.
//!
//! A `dx.CBuffer` load that can be neither forwarded nor rematerialised
//! (different creations stored into one global, none at all, a second store
//! into the alloca, an alloca that escapes, a pointer that is an argument
//! or a field of one) is an error at the instruction that breaks the chain,
//! naming the function. Loads of other resource handles that cannot be
//! followed are left as they are (`dxil-op-lower` leaves those resources
//! alone too).

use crate::fast_hash::{FastMap, FastSet};

use inkwell::module::Module;
use llvm_sys::LLVMOpcode;
use petgraph::algo::dominators::{simple_fast, Dominators};
use petgraph::graph::{DiGraph, NodeIndex};

use super::implicit_binding::{HANDLE_FROM_BINDING, HANDLE_FROM_IMPLICIT_BINDING};
use super::PassError;
use crate::ffi::{
    call_args, called_function, clone_instruction, insert_before, intrinsic_id, module_functions,
    store_parts, successors, RawBlock, RawValue, ValueKind,
};

/// True for DXIL resource handle types (`dx.CBuffer`, `dx.TypedBuffer`, ...).
fn is_handle_type(v: RawValue<'_>) -> bool {
    v.ty()
        .target_ext_name()
        .is_some_and(|n| n.starts_with("dx.") && n != "dx.Padding")
}

/// Runs the pass on every function of `module`.
pub fn run(module: &Module<'_>) -> Result<(), PassError> {
    let creators = [
        intrinsic_id(HANDLE_FROM_BINDING),
        intrinsic_id(HANDLE_FROM_IMPLICIT_BINDING),
    ];
    let functions = module_functions(module);
    let repeatable = repeatable_creations(&functions, &creators);
    let mut forwarded_globals = Vec::new();
    for &function in &functions {
        forward_in(function, &creators, &repeatable, &mut forwarded_globals)?;
    }
    drop_unread_stores(&forwarded_globals);
    Ok(())
}

/// Handle creations stored into a global, module-wide: the global maps to
/// its creation call when every creation stored into it calls the same
/// intrinsic with the same constant arguments (constants are uniqued, so
/// equal operands are the same value), to `None` otherwise.
fn repeatable_creations<'ctx>(
    functions: &[RawValue<'ctx>],
    creators: &[u32; 2],
) -> FastMap<RawValue<'ctx>, Option<RawValue<'ctx>>> {
    let mut map: FastMap<RawValue<'ctx>, Option<RawValue<'ctx>>> = FastMap::default();
    for function in functions {
        for block in function.blocks() {
            for inst in block.instructions() {
                let id = inst.called_intrinsic_id();
                if id == 0 || !creators.contains(&id) {
                    continue;
                }
                for user in inst.users() {
                    let Some((value, ptr)) = store_parts(user) else {
                        continue;
                    };
                    if value != inst || ptr.kind() != ValueKind::GlobalVariable {
                        continue;
                    }
                    let entry = map.entry(ptr).or_insert(Some(inst));
                    if let Some(first) = *entry {
                        if !same_constant_call(first, inst) {
                            *entry = None;
                        }
                    }
                }
            }
        }
    }
    map
}

fn same_constant_call(a: RawValue<'_>, b: RawValue<'_>) -> bool {
    let (args_a, args_b) = (call_args(a), call_args(b));
    called_function(a) == called_function(b)
        && args_a.iter().all(|v| v.is_constant())
        && args_a == args_b
}

/// Where a rematerialised handle goes: the first instruction of the entry
/// block that is not an `alloca` or a `phi`.
fn entry_insertion_point(function: RawValue<'_>) -> Option<RawValue<'_>> {
    let entry = *function.blocks().first()?;
    entry.instructions().into_iter().find(|i| {
        !matches!(
            i.opcode(),
            Some(LLVMOpcode::LLVMAlloca) | Some(LLVMOpcode::LLVMPHI)
        )
    })
}

/// Step 4: erases the stores into globals nothing loads any more, and the
/// globals. The creation calls stay (they still name their bindings, which
/// implicit binding counts as occupied).
fn drop_unread_stores(globals: &[RawValue<'_>]) {
    let mut seen = FastSet::default();
    for &global in globals {
        if !seen.insert(global) {
            continue;
        }
        let users = global.users();
        let only_stores = users
            .iter()
            .all(|u| store_parts(*u).is_some_and(|(v, p)| p == global && v != global));
        if !only_stores {
            continue;
        }
        for store in users {
            store.erase_instruction();
        }
        if !global.has_uses() {
            global.delete_global();
        }
    }
}

fn forward_in<'ctx>(
    function: RawValue<'ctx>,
    creators: &[u32; 2],
    repeatable: &FastMap<RawValue<'ctx>, Option<RawValue<'ctx>>>,
    forwarded_globals: &mut Vec<RawValue<'ctx>>,
) -> Result<(), PassError> {
    let mut handles: FastMap<RawValue<'ctx>, RawValue<'ctx>> = FastMap::default();
    let mut loads = Vec::new();
    for block in function.blocks() {
        for inst in block.instructions() {
            let id = inst.called_intrinsic_id();
            if id != 0 && creators.contains(&id) {
                for user in inst.users() {
                    let Some((value, ptr)) = store_parts(user) else {
                        continue;
                    };
                    if value != inst || ptr.kind() != ValueKind::GlobalVariable {
                        continue;
                    }
                    if let Some(previous) = handles.insert(ptr, inst) {
                        if previous != inst {
                            return Err(PassError::llvm_worded(
                                inst,
                                format!(
                                    "Handle at \"{}\" overwrites handle at \"{}\"",
                                    inst.name(),
                                    previous.name()
                                ),
                                format!(
                                    "both are stored into @{}, which can hold one handle: a \
                                     load of it could read either (store each handle into a \
                                     global of its own)",
                                    ptr.name()
                                ),
                            ));
                        }
                    }
                }
            } else if inst.opcode() == Some(LLVMOpcode::LLVMLoad) && is_handle_type(inst) {
                loads.push(inst);
            }
        }
    }
    let mut dominance = Dominance::default();
    let mut copies: FastMap<RawValue<'ctx>, RawValue<'ctx>> = FastMap::default();
    let mut from_globals = Vec::new();
    let mut through_memory = Vec::new();
    for load in loads {
        match load
            .operand(0)
            .and_then(|p| global_behind(p, load, &mut dominance))
        {
            Some(global) => from_globals.push((load, global)),
            None => through_memory.push(load),
        }
    }
    for (load, global) in from_globals {
        let local = handles
            .get(&global)
            .copied()
            .filter(|&h| dominance.dominates(h, load));
        let remat = repeatable.get(&global).copied().flatten();
        let handle = match (local, remat) {
            (Some(h), _) => h,
            (None, Some(def)) => match copies.get(&global) {
                Some(&copy) => copy,
                None => {
                    let at = entry_insertion_point(function)
                        .ok_or_else(|| not_created_here(load, global, function))?;
                    let copy = clone_instruction(def);
                    insert_before(copy, at, &def.name())?;
                    copies.insert(global, copy);
                    copy
                }
            },
            (None, None) => match handles.get(&global) {
                Some(&h) => {
                    return Err(PassError::llvm_worded(
                        load,
                        format!(
                            "Load at \"{}\" is not dominated by handle creation at \"{}\"",
                            load.name(),
                            h.name()
                        ),
                        format!(
                            "@{} can be read before %{} is stored into it, and the creation \
                             cannot be repeated at the top of the function: {}",
                            global.name(),
                            h.name(),
                            why_not_repeatable(global)
                        ),
                    ))
                }
                // Other resources read where nothing creates them are left
                // as they are (see the module docs).
                None if !is_cbuffer_handle(load) => continue,
                None => return Err(not_created_here(load, global, function)),
            },
        };
        load.replace_all_uses_with(handle);
        load.erase_instruction();
        forwarded_globals.push(global);
    }
    // Step 5 (clang's -O0 shapes): loads from allocas, in program order, so
    // a handle passed through several locals is forwarded link by link.
    let mut locals = Vec::new();
    for load in through_memory {
        match stored_handle(load, &mut dominance) {
            Ok((value, alloca)) => {
                load.replace_all_uses_with(value);
                load.erase_instruction();
                locals.push(alloca);
            }
            Err(e) if is_cbuffer_handle(load) => return Err(e),
            // Other resources are left as they are (dxil-op-lower leaves
            // them to LLVM too).
            Err(_) => {}
        }
    }
    // Allocas only written any more: the store and the alloca go.
    let mut seen = FastSet::default();
    for alloca in locals {
        if !seen.insert(alloca) {
            continue;
        }
        let users = alloca.users();
        if users
            .iter()
            .all(|u| store_parts(*u).is_some_and(|(_, p)| p == alloca))
        {
            for store in users {
                store.erase_instruction();
            }
            alloca.erase_instruction();
        }
    }
    Ok(())
}

/// The global a handle load reads through clang's `-O0` indirections, as
/// LLVM's pass finds it: the pointer itself, a GEP with all indices 0 on it
/// (field 0 of `%"class.hlsl::RWBuffer"` is the handle), or a `load ptr`
/// from an `alloca` that holds the global's address (`%this1 = load ptr,
/// ptr %this.addr` after `store ptr @Buf, ptr %this.addr`), the `alloca`
/// being only stored to and loaded from, every store writing that one
/// address and one of them dominating the load. `None` when the chain
/// leads elsewhere (an `alloca` holding the handle itself is followed
/// later, by [`stored_handle`]).
fn global_behind<'ctx>(
    pointer: RawValue<'ctx>,
    load: RawValue<'ctx>,
    dominance: &mut Dominance<'ctx>,
) -> Option<RawValue<'ctx>> {
    let mut p = pointer;
    let mut seen: FastSet<RawValue<'ctx>> = FastSet::default();
    loop {
        if p.kind() == ValueKind::GlobalVariable {
            return Some(p);
        }
        if !seen.insert(p) {
            return None;
        }
        match p.opcode() {
            Some(LLVMOpcode::LLVMGetElementPtr) => {
                let zero = (1..p.num_operands())
                    .all(|i| p.operand(i).and_then(|x| x.const_int()) == Some(0));
                if !zero {
                    return None;
                }
                p = p.operand(0)?;
            }
            Some(LLVMOpcode::LLVMLoad) => {
                let slot = p.operand(0)?;
                if slot.opcode() != Some(LLVMOpcode::LLVMAlloca) {
                    return None;
                }
                let mut value = None;
                let mut dominated = false;
                for user in slot.users() {
                    match store_parts(user) {
                        Some((v, q)) if q == slot && v != slot => {
                            if value.is_some_and(|w| w != v) {
                                return None;
                            }
                            value = Some(v);
                            dominated |= dominance.dominates(user, p);
                        }
                        _ if user.opcode() == Some(LLVMOpcode::LLVMLoad) => {}
                        _ => return None,
                    }
                }
                if !dominated || load == p {
                    return None;
                }
                p = value?;
            }
            _ => return None,
        }
    }
}

/// True for `target("dx.CBuffer", ...)` values.
fn is_cbuffer_handle(v: RawValue<'_>) -> bool {
    v.ty().target_ext_name().is_some_and(|n| n == "dx.CBuffer")
}

/// The handle a load from memory other than a global reads: the value
/// stored into its `alloca`, when the `alloca` is only stored to and loaded
/// from, every store writes that same value (clang's `-O0` code stores a
/// handle once; a copy loop may store the same one again), a store
/// dominates the load and the value is available there. LLVM's
/// `dxil-forward-handle-accesses` follows allocas too, taking the first
/// store it finds. Anything else is an error at the instruction that
/// breaks the chain, in LLVM's words (`Load of "h.addr" is not a global
/// resource handle`) with a note saying why.
fn stored_handle<'ctx>(
    load: RawValue<'ctx>,
    dominance: &mut Dominance<'ctx>,
) -> Result<(RawValue<'ctx>, RawValue<'ctx>), PassError> {
    let Some(pointer) = load.operand(0) else {
        return Err(PassError::at(load, "a load without a pointer operand"));
    };
    let llvm = format!(
        "Load of \"{}\" is not a global resource handle",
        pointer.name()
    );
    if pointer.opcode() != Some(LLVMOpcode::LLVMAlloca) {
        let culprit = if pointer.opcode().is_some() {
            pointer
        } else {
            load
        };
        let what = match pointer.kind() {
            ValueKind::Argument => format!("the argument %{}", pointer.name()),
            _ => format!("%{}", pointer.name()),
        };
        return Err(PassError::llvm_worded(
            culprit,
            llvm,
            format!(
                "the handle %{} is loaded through {what}, which cannot be followed to the \
                 handle's creation (handles are followed through globals and through allocas \
                 that hold one handle; inline the function that passes it)",
                load.name()
            ),
        ));
    }
    let mut stores = Vec::new();
    for user in pointer.users() {
        match store_parts(user) {
            Some((value, p)) if p == pointer && value != pointer => {
                if !stores.contains(&user) {
                    stores.push(user);
                }
            }
            _ if user.opcode() == Some(LLVMOpcode::LLVMLoad) => {}
            _ => {
                return Err(PassError::llvm_worded(
                    user,
                    llvm,
                    format!(
                        "%{} escapes here, so the handle %{} loaded from it cannot be followed",
                        pointer.name(),
                        load.name()
                    ),
                ))
            }
        }
    }
    // Use lists run newest first: program order is the reverse.
    stores.reverse();
    let Some(&first) = stores.first() else {
        return Err(PassError::llvm_worded(
            load,
            llvm,
            format!("no handle is ever stored into %{}", pointer.name()),
        ));
    };
    let value = first.operand(0).unwrap_or(load);
    if let Some(other) = stores.iter().find(|s| s.operand(0) != Some(value)) {
        return Err(PassError::llvm_worded(
            *other,
            llvm,
            format!(
                "this store writes another value into %{} than %{}, so the handle %{} loaded \
                 from it cannot be followed (an alloca is followed when every store into it \
                 writes the same handle)",
                pointer.name(),
                value.name(),
                load.name()
            ),
        ));
    }
    if value.ty() != load.ty() {
        return Err(PassError::llvm_worded(
            first,
            llvm,
            format!(
                "this store writes %{} with another type than the handle %{} loaded from it",
                pointer.name(),
                load.name()
            ),
        ));
    }
    let stored_before = stores.iter().any(|&s| dominance.dominates(s, load));
    let available = !value.is_instruction() || dominance.dominates(value, load);
    if !stored_before || !available {
        return Err(PassError::llvm_worded(
            load,
            llvm,
            format!(
                "this load is not dominated by a store into %{}",
                pointer.name()
            ),
        ));
    }
    Ok((value, pointer))
}

/// The error for a handle load that cannot be forwarded or rematerialised:
/// LLVM's words (its pass finds no creation stored into the global in the
/// load's function), and why cblower could not repeat one either.
fn not_created_here<'ctx>(
    load: RawValue<'ctx>,
    global: RawValue<'ctx>,
    function: RawValue<'ctx>,
) -> PassError {
    let reason = why_not_repeatable(global);
    let note = if reason.starts_with("no handle creation") {
        format!("{reason}, in any function: nothing creates the handle this load reads")
    } else {
        format!(
            "no handle creation in '{}' is stored into @{}, and the ones stored elsewhere \
             cannot be repeated here: {reason} (inline the function that creates it)",
            function.name(),
            global.name()
        )
    };
    PassError::llvm_worded(
        load,
        format!(
            "Load of \"{}\" is not a global resource handle",
            global.name()
        ),
        note,
    )
}

/// Why no creation stored into `global` can be copied into another function
/// (for the notes of the errors above).
fn why_not_repeatable(global: RawValue<'_>) -> String {
    let mut creations: Vec<RawValue<'_>> = Vec::new();
    for user in global.users() {
        if let Some((value, ptr)) = store_parts(user) {
            if ptr == global && value.called_intrinsic_id() != 0 && !creations.contains(&value) {
                creations.push(value);
            }
        }
    }
    if let Some(runtime) = creations
        .iter()
        .find(|c| !call_args(**c).iter().all(|a| a.is_constant()))
    {
        return format!(
            "the creation %{} in '{}' has a run-time argument",
            runtime.name(),
            runtime
                .parent_function()
                .map(|f| f.name())
                .unwrap_or_default()
        );
    }
    match creations.as_slice() {
        [] => format!("no handle creation is ever stored into @{}", global.name()),
        [one] => format!(
            "the creation %{} stored into it is not the same call everywhere",
            one.name()
        ),
        [a, b, ..] => format!(
            "different creations (%{} and %{}) are stored into it",
            a.name(),
            b.name()
        ),
    }
}

/// Dominance between instructions of one function. Within a block, the
/// earlier instruction dominates; across blocks, petgraph's dominator tree
/// of the function's control-flow graph (Cooper, Harvey and Kennedy's
/// algorithm) decides, built once per function on its first question. A
/// block the entry cannot reach is dominated by every block, as in LLVM.
#[derive(Default)]
struct Dominance<'ctx> {
    functions: FastMap<RawValue<'ctx>, BlockDominators<'ctx>>,
}

/// One function's control-flow graph and its dominator tree.
struct BlockDominators<'ctx> {
    nodes: FastMap<RawBlock<'ctx>, NodeIndex>,
    tree: Option<Dominators<NodeIndex>>,
}

impl<'ctx> BlockDominators<'ctx> {
    fn of(function: RawValue<'ctx>) -> BlockDominators<'ctx> {
        let blocks = function.blocks();
        let mut graph: DiGraph<RawBlock<'ctx>, ()> = DiGraph::with_capacity(blocks.len(), 0);
        let nodes: FastMap<RawBlock<'ctx>, NodeIndex> =
            blocks.iter().map(|&b| (b, graph.add_node(b))).collect();
        for (&block, &from) in &nodes {
            if let Some(term) = block.terminator() {
                for next in successors(term) {
                    if let Some(&to) = nodes.get(&next) {
                        graph.add_edge(from, to, ());
                    }
                }
            }
        }
        let tree = blocks
            .first()
            .and_then(|entry| nodes.get(entry))
            .map(|&entry| simple_fast(&graph, entry));
        BlockDominators { nodes, tree }
    }

    /// Whether every path from the entry to `b` passes through `a`.
    fn dominates(&self, a: RawBlock<'ctx>, b: RawBlock<'ctx>) -> bool {
        let (Some(tree), Some(&a), Some(&b)) = (&self.tree, self.nodes.get(&a), self.nodes.get(&b))
        else {
            return false;
        };
        match tree.dominators(b) {
            Some(mut up) => up.any(|d| d == a),
            None => true,
        }
    }
}

impl<'ctx> Dominance<'ctx> {
    fn dominates(&mut self, def: RawValue<'ctx>, user: RawValue<'ctx>) -> bool {
        let (Some(a), Some(b)) = (def.parent_block(), user.parent_block()) else {
            return false;
        };
        if a == b {
            let mut next = def.next_instruction();
            while let Some(i) = next {
                if i == user {
                    return true;
                }
                next = i.next_instruction();
            }
            return false;
        }
        let function = a.function();
        if b.function() != function {
            return false;
        }
        self.functions
            .entry(function)
            .or_insert_with(|| BlockDominators::of(function))
            .dominates(a, b)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir_io::{parse_module, print_module};
    use inkwell::context::Context;

    const HEAD: &str = "target triple = \"dxil-pc-shadermodel6.6-library\"\n\
        %L = type <{ float }>\n\
        @CB.cb = global target(\"dx.CBuffer\", %L) poison\n\
        declare target(\"dx.CBuffer\", %L) @llvm.dx.resource.handlefrombinding.tdx.CBuffer_s_Lst(i32, i32, i32, i32, ptr)\n\
        declare { float, float, float, float } @llvm.dx.resource.load.cbufferrow.4(target(\"dx.CBuffer\", %L), i32)\n";

    fn ctor(space: u32) -> String {
        format!(
            "define internal void @init{space}() {{\n  %h = call target(\"dx.CBuffer\", %L) @llvm.dx.resource.handlefrombinding.tdx.CBuffer_s_Lst(i32 {space}, i32 0, i32 1, i32 0, ptr null)\n  store target(\"dx.CBuffer\", %L) %h, ptr @CB.cb\n  ret void\n}}\n"
        )
    }

    const READER: &str = "define void @f() {\nentry:\n  %a = alloca i32\n  %x = load target(\"dx.CBuffer\", %L), ptr @CB.cb\n  %r = call { float, float, float, float } @llvm.dx.resource.load.cbufferrow.4(target(\"dx.CBuffer\", %L) %x, i32 0)\n  %y = load target(\"dx.CBuffer\", %L), ptr @CB.cb\n  %s = call { float, float, float, float } @llvm.dx.resource.load.cbufferrow.4(target(\"dx.CBuffer\", %L) %y, i32 1)\n  ret void\n}\n";

    #[test]
    fn constructor_handle_is_repeated_once_per_reading_function() {
        let ctx = Context::create();
        let text = format!("{HEAD}{}{READER}", ctor(0));
        let module = parse_module(&ctx, text.as_bytes(), "t.ll").unwrap();
        run(&module).unwrap();
        let out = print_module(&module);
        let f = &out[out.find("define void @f()").unwrap()..];
        let f = &f[..f.find("\n}").unwrap()];
        assert_eq!(
            f.lines().collect::<Vec<_>>(),
            [
                "define void @f() {",
                "entry:",
                "  %a = alloca i32, align 4",
                "  %h = call target(\"dx.CBuffer\", %L) @llvm.dx.resource.handlefrombinding.tdx.CBuffer_s_Lst(i32 0, i32 0, i32 1, i32 0, ptr null)",
                "  %r = call { float, float, float, float } @llvm.dx.resource.load.cbufferrow.4.f32.f32.f32.f32.tdx.CBuffer_s_Lst(target(\"dx.CBuffer\", %L) %h, i32 0)",
                "  %s = call { float, float, float, float } @llvm.dx.resource.load.cbufferrow.4.f32.f32.f32.f32.tdx.CBuffer_s_Lst(target(\"dx.CBuffer\", %L) %h, i32 1)",
                "  ret void",
            ]
        );
        assert!(!out.contains("@CB.cb"), "{out}");
        assert!(!out.contains("store"), "{out}");
        crate::ffi::verify_module(&module).unwrap();
    }

    #[test]
    fn different_creations_in_one_global_are_not_repeated() {
        let ctx = Context::create();
        let text = format!("{HEAD}{}{}{READER}", ctor(0), ctor(1));
        let module = parse_module(&ctx, text.as_bytes(), "t.ll").unwrap();
        let err = run(&module).unwrap_err().to_string();
        assert_eq!(
            err.lines().take(2).collect::<Vec<_>>(),
            [
                "error: Load of \"CB.cb\" is not a global resource handle",
                "note: in function 'f': no handle creation in 'f' is stored into @CB.cb, and the \
                 ones stored elsewhere cannot be repeated here: different creations (%h and %h) \
                 are stored into it (inline the function that creates it)",
            ]
        );
    }

    #[test]
    fn this_pointers_lead_to_their_global() {
        let ctx = Context::create();
        let text = "%W = type { target(\"dx.TypedBuffer\", float, 1, 0, 0) }\n\
            @G = global %W poison\n\
            define void @f(ptr %arg) {\n\
            %a = alloca ptr\n\
            store ptr @G, ptr %a\n\
            %t = load ptr, ptr %a\n\
            %f0 = getelementptr %W, ptr %t, i32 0, i32 0\n\
            %h = load target(\"dx.TypedBuffer\", float, 1, 0, 0), ptr %f0\n\
            %x = getelementptr %W, ptr %arg, i32 0, i32 0\n\
            ret void\n}\n";
        let module = parse_module(&ctx, text.as_bytes(), "t.ll").unwrap();
        let f = module_functions(&module)[0];
        let insts = f.blocks()[0].instructions();
        let (f0, h, x) = (insts[3], insts[4], insts[5]);
        let mut dominance = Dominance::default();
        let g = global_behind(f0, h, &mut dominance).expect("the global");
        assert_eq!(g.name(), "G");
        assert!(global_behind(x, h, &mut dominance).is_none(), "an argument");
    }

    #[test]
    fn dominance_follows_the_control_flow_graph() {
        let ctx = Context::create();
        let text = "define void @f(i1 %c) {\n\
            entry:\n  %a = add i32 1, 2\n  br i1 %c, label %l, label %r\n\
            l:\n  %b = add i32 %a, 1\n  br label %m\n\
            r:\n  br label %m\n\
            m:\n  %d = add i32 %a, 3\n  br label %loop\n\
            loop:\n  %e = add i32 %d, 4\n  br i1 %c, label %loop, label %out\n\
            out:\n  ret void\n\
            dead:\n  %u = add i32 %d, 5\n  br label %m\n}\n";
        let module = parse_module(&ctx, text.as_bytes(), "t.ll").unwrap();
        let f = module_functions(&module)[0];
        let first = |i: usize| f.blocks()[i].instructions()[0];
        let (a, b, d, e, ret, u) = (first(0), first(1), first(3), first(4), first(5), first(6));
        let mut dom = Dominance::default();
        assert!(dom.dominates(a, b), "entry dominates the whole diamond");
        assert!(dom.dominates(a, d));
        assert!(!dom.dominates(b, d), "one side of the diamond does not");
        assert!(
            dom.dominates(d, e) && dom.dominates(e, ret),
            "a loop's header"
        );
        assert!(!dom.dominates(e, d), "nor back along the loop");
        assert!(
            dom.dominates(b, u),
            "an unreachable block is dominated by all"
        );
        assert!(!dom.dominates(u, d), "and dominates nothing reachable");
        let add_b = b.next_instruction().unwrap();
        assert!(
            dom.dominates(b, add_b) && !dom.dominates(add_b, b),
            "order in a block"
        );
    }
}
