//! `dxil-resource-implicit-binding`: resources declared without a
//! `register(...)` get the lowest free registers of their class.
//!
//! Algorithm (LLVM 22's `DXILResourceImplicitBinding`, for every class:
//! SRV `t`, UAV `u`, CBV `b`, sampler `s`; see [`resource_class`]):
//!
//! 1. The occupied ranges are those of every
//!    `llvm.dx.resource.handlefrombinding(space, lower, size, index, name)`
//!    call: `lower ..= lower + size - 1` in its class and `space` (size -1
//!    or 0 is unbounded: to the last register).
//! 2. The `llvm.dx.resource.handlefromimplicitbinding(order, space, size,
//!    index, name)` calls are sorted by order ID (stable, so module order
//!    breaks ties). The first call of each order ID takes the lowest free
//!    range of `size` registers of its class and space (an unbounded one
//!    the free range reaching the last register), which is then occupied;
//!    calls repeating an order ID reuse that register.
//! 3. Each such call is replaced by an unnamed
//!    `handlefrombinding(space, register, size, index, name)` call inserted
//!    before it (LLVM's builder gives it no name), and erased. Declarations
//!    left without calls are deleted.
//!
//! No free range is LLVM's error ("resource cannot be allocated") with a
//! note naming the resource. Creations of other classes than cbuffers with
//! run-time binding arguments (clang's not yet inlined creation helpers)
//! are left alone.

use crate::fast_hash::FastMap;
use std::collections::BTreeMap;

use inkwell::module::Module;

use super::PassError;
use crate::ffi::{
    call_args, called_function, debug_location, delete_function, intrinsic_id, module_functions,
    RawBuilder, RawValue,
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

/// A resource's register class, as LLVM's `DXILResourceTypeMap` derives it
/// from the handle type: each class has registers of its own (`t`, `u`,
/// `b`, `s`) in every space.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum ResourceClass {
    /// Shader resource views (`t`): read-only buffers and textures.
    Srv,
    /// Unordered access views (`u`): writable buffers and textures.
    Uav,
    /// Constant buffers (`b`).
    CBuffer,
    /// Samplers (`s`).
    Sampler,
}

impl ResourceClass {
    /// The register letter HLSL writes for the class.
    pub fn register_letter(self) -> char {
        match self {
            ResourceClass::Srv => 't',
            ResourceClass::Uav => 'u',
            ResourceClass::CBuffer => 'b',
            ResourceClass::Sampler => 's',
        }
    }
}

/// The class of a `dx.*` handle type: `dx.CBuffer` and `dx.Sampler` by
/// name; buffers and textures (`dx.RawBuffer`, `dx.TypedBuffer`,
/// `dx.Texture`, `dx.MSTexture`) are UAVs when their first integer
/// parameter (writeable) is set, SRVs otherwise; `dx.FeedbackTexture` is a
/// UAV and `dx.RTAccelerationStructure` an SRV. `None` for other types.
pub fn resource_class(v: RawValue<'_>) -> Option<ResourceClass> {
    let ty = v.ty();
    let name = ty.target_ext_name()?;
    Some(match name.as_str() {
        "dx.CBuffer" => ResourceClass::CBuffer,
        "dx.Sampler" => ResourceClass::Sampler,
        "dx.RTAccelerationStructure" => ResourceClass::Srv,
        "dx.FeedbackTexture" => ResourceClass::Uav,
        "dx.RawBuffer" | "dx.TypedBuffer" | "dx.Texture" | "dx.MSTexture" => {
            if ty.target_ext_int_params().first().copied().unwrap_or(0) != 0 {
                ResourceClass::Uav
            } else {
                ResourceClass::Srv
            }
        }
        _ => return None,
    })
}

/// The calls to intrinsic `name` returning a resource handle of any class,
/// in module order, with the class.
fn handle_calls<'ctx>(module: &Module<'ctx>, name: &str) -> Vec<(RawValue<'ctx>, ResourceClass)> {
    let id = intrinsic_id(name);
    if id == 0 {
        return Vec::new();
    }
    let mut calls = Vec::new();
    for function in module_functions(module) {
        for block in function.blocks() {
            for inst in block.instructions() {
                if inst.called_intrinsic_id() == id {
                    if let Some(class) = resource_class(inst) {
                        calls.push((inst, class));
                    }
                }
            }
        }
    }
    calls
}

/// True when the binding arguments (space, register or order ID, range
/// size) of a creation call are constants. clang-22 leaves calls with
/// run-time arguments inside its `__createFromBinding` and
/// `__createFromImplicitBinding` helpers until they are inlined; LLVM's
/// pass requires constants (it asserts). Such calls of other classes than
/// cbuffers are left alone; for cbuffers they are an error.
fn has_constant_binding(call: RawValue<'_>) -> bool {
    let args = call_args(call);
    args.len() >= 3 && args[..3].iter().all(|a| a.const_int().is_some())
}

/// The resource name a creation call carries (its last argument, a string
/// global), or `<unnamed>`.
fn resource_name(call: RawValue<'_>) -> String {
    call_args(call)
        .last()
        .and_then(|a| a.global_string())
        .unwrap_or_else(|| "<unnamed>".to_owned())
}

/// Runs the pass on `module`.
pub fn run(module: &Module<'_>) -> Result<(), PassError> {
    let implicit = handle_calls(module, HANDLE_FROM_IMPLICIT_BINDING);
    if implicit.is_empty() {
        return Ok(());
    }
    let mut free: BTreeMap<(ResourceClass, u32), FreeRanges> = BTreeMap::new();
    for (call, class) in handle_calls(module, HANDLE_FROM_BINDING) {
        if class != ResourceClass::CBuffer && !has_constant_binding(call) {
            continue;
        }
        let space = const_arg(call, 0, "space")?;
        let lower = const_arg(call, 1, "lower bound")?;
        let size = range_size(call)?;
        free.entry((class, space))
            .or_insert_with(FreeRanges::all)
            .occupy(lower, upper_bound(lower, size));
    }

    let mut ordered = Vec::with_capacity(implicit.len());
    for (call, class) in implicit {
        if class != ResourceClass::CBuffer && !has_constant_binding(call) {
            continue;
        }
        ordered.push((const_arg(call, 0, "order ID")?, call));
    }
    ordered.sort_by_key(|(order, _)| *order);

    let builder = RawBuilder::new(module);
    let mut assigned: FastMap<u32, u32> = FastMap::default();
    let mut declarations = Vec::new();
    for (order, call) in ordered {
        let register = match assigned.get(&order) {
            Some(r) => *r,
            None => {
                // The first call of an order ID decides its class, space and
                // size, as in LLVM.
                let class = resource_class(call).unwrap_or(ResourceClass::CBuffer);
                let space = const_arg(call, 1, "space")?;
                let size = range_size(call)?;
                let r = free
                    .entry((class, space))
                    .or_insert_with(FreeRanges::all)
                    .take(size)
                    .ok_or_else(|| cannot_allocate(call, class, space, size, order))?;
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

/// LLVM's error for an implicit binding with no free registers (LLVM 22
/// locates it by the call's debug location, `<unknown>:0:0` without one),
/// and a note naming the resource, its class, space and size.
fn cannot_allocate(
    call: RawValue<'_>,
    class: ResourceClass,
    space: u32,
    size: u32,
    order: u32,
) -> PassError {
    let location = match debug_location(call) {
        Some((file, line, column)) => format!("{file}:{line}:{column}"),
        None => "<unknown>:0:0".to_owned(),
    };
    let letter = class.register_letter();
    let want = if size == 0 {
        format!(
            "an unbounded range of {letter} registers (free from some register to the last one)"
        )
    } else if size == 1 {
        format!("a free {letter} register")
    } else {
        format!("{size} consecutive free {letter} registers")
    };
    PassError::llvm_worded(
        call,
        format!("{location}: resource cannot be allocated"),
        format!(
            "resource {} (implicit binding order ID {order}) needs {want} in space {space}, \
             and the explicit bindings and the resources bound before it leave none",
            resource_name(call)
        ),
    )
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

    #[test]
    fn every_class_has_registers_of_its_own() {
        use crate::ir_io::parse_module;
        use inkwell::context::Context;
        let ctx = Context::create();
        let text = "target triple = \"dxil-pc-shadermodel6.6-compute\"\n\
            define void @main() {\n\
            %u1 = call target(\"dx.TypedBuffer\", float, 1, 0, 0) @llvm.dx.resource.handlefrombinding.tdx.TypedBuffer_f32_1_0_0t(i32 0, i32 0, i32 1, i32 0, ptr null)\n\
            %t = call target(\"dx.RawBuffer\", float, 0, 0) @llvm.dx.resource.handlefromimplicitbinding.tdx.RawBuffer_f32_0_0t(i32 0, i32 0, i32 1, i32 0, ptr null)\n\
            %u = call target(\"dx.RawBuffer\", float, 1, 0) @llvm.dx.resource.handlefromimplicitbinding.tdx.RawBuffer_f32_1_0t(i32 1, i32 0, i32 1, i32 0, ptr null)\n\
            ret void\n}\n";
        let module = parse_module(&ctx, text.as_bytes(), "t.ll").unwrap();
        run(&module).unwrap();
        let out = crate::ir_io::print_module(&module);
        // The SRV takes t0; the UAV skips u0, which the explicit binding holds.
        assert!(
            out.contains("RawBuffer_f32_0_0t(i32 0, i32 0, i32 1, i32 0, ptr null)"),
            "{out}"
        );
        assert!(
            out.contains("RawBuffer_f32_1_0t(i32 0, i32 1, i32 1, i32 0, ptr null)"),
            "{out}"
        );
        assert!(!out.contains("handlefromimplicitbinding"), "{out}");
    }
}
