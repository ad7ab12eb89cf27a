//! `dxil-resource-implicit-binding` (cbuffer part): buffers declared without
//! a `register(b#)` get the lowest free `b` registers.
//!
//! Algorithm (LLVM 22's `DXILResourceImplicitBinding`, restricted to
//! `dx.CBuffer` handles, the only resource class whose registers are `b`):
//!
//! 1. The occupied ranges are those of every
//!    `llvm.dx.resource.handlefrombinding(space, lower, size, index, name)`
//!    call returning a cbuffer handle: `lower ..= lower + size - 1` in `space`
//!    (size 0 is unbounded: to the last register).
//! 2. The `llvm.dx.resource.handlefromimplicitbinding(order, space, size,
//!    index, name)` calls returning cbuffer handles are sorted by order ID
//!    (stable, so module order breaks ties). Each new order ID takes the
//!    lowest free range of `size` registers in its space, which is then
//!    occupied; calls repeating an order ID (the handle created in several
//!    entry points) reuse that register.
//! 3. Each such call is replaced by an unnamed
//!    `handlefrombinding(space, register, size, index, name)` call inserted
//!    before it (LLVM's builder gives it no name), and erased. Declarations
//!    left without calls are deleted.
//!
//! No free range is an error naming the call (LLVM: "resource cannot be
//! allocated"). Implicit bindings of other resource classes (`t`, `u`, `s`
//! registers) are left alone.

use crate::fast_hash::FastMap;
use std::collections::BTreeMap;

use inkwell::module::Module;

use super::PassError;
use crate::ffi::{
    call_args, called_function, delete_function, intrinsic_id, module_functions, RawBuilder,
    RawValue,
};

pub const HANDLE_FROM_BINDING: &str = "llvm.dx.resource.handlefrombinding";
pub const HANDLE_FROM_IMPLICIT_BINDING: &str = "llvm.dx.resource.handlefromimplicitbinding";

/// True for a value of type `target("dx.CBuffer", ...)`.
pub fn is_cbuffer_handle(v: RawValue<'_>) -> bool {
    v.ty().target_ext_name().as_deref() == Some("dx.CBuffer")
}

/// The calls to intrinsic `name` returning cbuffer handles, in module order.
pub fn cbuffer_handle_calls<'ctx>(module: &Module<'ctx>, name: &str) -> Vec<RawValue<'ctx>> {
    let id = intrinsic_id(name);
    if id == 0 {
        return Vec::new();
    }
    let mut calls = Vec::new();
    for function in module_functions(module) {
        for block in function.blocks() {
            for inst in block.instructions() {
                if inst.called_intrinsic_id() == id && is_cbuffer_handle(inst) {
                    calls.push(inst);
                }
            }
        }
    }
    calls
}

/// A constant `i32` argument of a handle creation call.
pub fn const_arg(call: RawValue<'_>, index: usize, what: &str) -> Result<u32, PassError> {
    call_args(call)
        .get(index)
        .and_then(|a| a.const_int())
        .and_then(|v| u32::try_from(v).ok())
        .ok_or_else(|| PassError::at(call, format!("the {what} argument is not a constant i32")))
}

/// The range size argument of a handle creation call, 0 meaning unbounded.
/// Clang writes an unbounded range (`ConstantBuffer<T> A[]`) as `i32 -1`;
/// cblower's own tests write 0; both mean "to the last register". Anything
/// else that is not a positive constant is refused, saying what it is.
pub fn range_size(call: RawValue<'_>) -> Result<u32, PassError> {
    let Some(size) = call_args(call).get(2).copied() else {
        return Err(PassError::at(
            call,
            "the handle creation has no range size argument",
        ));
    };
    let Some(value) = size.const_int() else {
        return Err(PassError::at(
            call,
            format!(
                "the range size is {}, not a constant: a binding's register range must be known when the shader is compiled",
                size.print().trim()
            ),
        ));
    };
    match value as i32 {
        -1 | 0 => Ok(0),
        n if n > 0 => Ok(n as u32),
        n => Err(PassError::at(
            call,
            format!(
                "the range size is {n}: a range holds one or more registers (-1 or 0 for an unbounded range)"
            ),
        )),
    }
}

/// Free registers of one space, as disjoint inclusive ranges in order.
struct FreeRanges(Vec<(u32, u32)>);

impl FreeRanges {
    fn all() -> Self {
        FreeRanges(vec![(0, u32::MAX)])
    }

    /// Removes `lower ..= upper`.
    fn occupy(&mut self, lower: u32, upper: u32) {
        let mut next = Vec::with_capacity(self.0.len() + 1);
        for &(a, b) in &self.0 {
            if b < lower || a > upper {
                next.push((a, b));
                continue;
            }
            if a < lower {
                next.push((a, lower - 1));
            }
            if b > upper {
                next.push((upper + 1, b));
            }
        }
        self.0 = next;
    }

    /// The lowest start of `size` free registers (size 0: the rest of the
    /// space, which must be free up to the last register); occupies them.
    fn take(&mut self, size: u32) -> Option<u32> {
        let start = if size == 0 {
            self.0
                .iter()
                .find(|(_, b)| *b == u32::MAX)
                .map(|(a, _)| *a)?
        } else {
            self.0
                .iter()
                .find(|(a, b)| u64::from(*b) - u64::from(*a) + 1 >= u64::from(size))
                .map(|(a, _)| *a)?
        };
        let end = if size == 0 {
            u32::MAX
        } else {
            start + (size - 1)
        };
        self.occupy(start, end);
        Some(start)
    }
}

/// Upper end of a binding of `size` registers starting at `lower`.
pub fn upper_bound(lower: u32, size: u32) -> u32 {
    if size == 0 {
        u32::MAX
    } else {
        lower.saturating_add(size - 1)
    }
}

/// Runs the pass on `module`.
pub fn run(module: &Module<'_>) -> Result<(), PassError> {
    let implicit = cbuffer_handle_calls(module, HANDLE_FROM_IMPLICIT_BINDING);
    if implicit.is_empty() {
        return Ok(());
    }
    let mut free: BTreeMap<u32, FreeRanges> = BTreeMap::new();
    for call in cbuffer_handle_calls(module, HANDLE_FROM_BINDING) {
        let space = const_arg(call, 0, "space")?;
        let lower = const_arg(call, 1, "lower bound")?;
        let size = range_size(call)?;
        free.entry(space)
            .or_insert_with(FreeRanges::all)
            .occupy(lower, upper_bound(lower, size));
    }

    let mut ordered = Vec::with_capacity(implicit.len());
    for call in implicit {
        ordered.push((const_arg(call, 0, "order ID")?, call));
    }
    ordered.sort_by_key(|(order, _)| *order);

    let builder = RawBuilder::new(module);
    let mut assigned: FastMap<u32, u32> = FastMap::default();
    let mut declarations = Vec::new();
    for (order, call) in ordered {
        let space = const_arg(call, 1, "space")?;
        let size = range_size(call)?;
        let register = match assigned.get(&order) {
            Some(r) => *r,
            None => {
                let r = free
                    .entry(space)
                    .or_insert_with(FreeRanges::all)
                    .take(size)
                    .ok_or_else(|| {
                        PassError::at(
                            call,
                            format!(
                                "no free range of {size} b registers in space {space} for this \
                                 cbuffer (implicit binding order {order})"
                            ),
                        )
                    })?;
                assigned.insert(order, r);
                r
            }
        };
        let args = call_args(call);
        builder.position_before(call);
        let replacement = builder.call_intrinsic(
            HANDLE_FROM_BINDING,
            &[call.ty()],
            &[
                args[1],
                builder.const_i32(i64::from(register)),
                args[2],
                args[3],
                args[4],
            ],
            "",
        )?;
        call.replace_all_uses_with(replacement);
        if let Some(f) = called_function(call) {
            if !declarations.contains(&f) {
                declarations.push(f);
            }
        }
        call.erase_instruction();
    }
    for f in declarations {
        if !f.has_uses() {
            delete_function(f);
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn free_ranges_give_the_lowest_fitting_start() {
        let mut r = FreeRanges::all();
        r.occupy(0, 0);
        r.occupy(2, 3);
        assert_eq!(r.take(1), Some(1));
        assert_eq!(r.take(2), Some(4));
        assert_eq!(r.take(1), Some(6));
        r.occupy(10, u32::MAX);
        assert_eq!(r.take(4), None);
        assert_eq!(r.take(3), Some(7));
        assert_eq!(r.take(0), None);
    }

    #[test]
    fn unbounded_takes_the_tail() {
        let mut r = FreeRanges::all();
        r.occupy(5, 5);
        assert_eq!(r.take(0), Some(6));
        assert_eq!(r.take(1), Some(0));
        assert_eq!(upper_bound(3, 0), u32::MAX);
        assert_eq!(upper_bound(3, 2), 4);
    }
}
