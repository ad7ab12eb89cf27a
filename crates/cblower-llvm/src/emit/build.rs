//! The module sink: builds an [`EmissionPlan`] into an LLVM module.
//!
//! It makes exactly what the plan lists, in the plan's order, so LLVM
//! prints what [`super::text::write_text`] writes:
//!
//! 1. every named struct of the plan's type table, in the order the plan
//!    named them, then their bodies (other types are made on first use;
//!    LLVM uniques them as the table interns them);
//! 2. per buffer, the push-constant globals planned before it, the handle
//!    global, the member globals, the name string
//!    and the init function with its handle intrinsic;
//! 3. the name strings of the `ConstantBuffer<T>` arrays, the global
//!    constructor, the arrays' handle intrinsics, `!hlsl.cbs` and
//!    `!hlsl.layouts`.
//!
//! A name LLVM would change (taken in the context or the module by an
//! earlier emission or by the caller) is an error, never a rename, found
//! before anything is added to the module. After
//! building, LLVM's own data layout is asked for the offset of every
//! element of every named struct, which must be the plan's: the plan's
//! arithmetic is checked on every module built.

use std::collections::HashMap;
use std::rc::Rc;

use cblower_program::plan::{
    PlanRepr, PlannedArray, PlannedBuffer, Prim, TypeDef, TypeId, PUSH_CONSTANT_ADDRESS_SPACE,
};
use inkwell::context::Context;
use inkwell::module::{Linkage as InkLinkage, Module};
use inkwell::types::BasicTypeEnum;
use inkwell::values::GlobalValue;
use inkwell::AddressSpace;

use super::types::{ArrayRepr, FieldRepr, StructRepr, TypeRepr};
use super::{
    init, metadata, EmissionPlan, EmitError, EmittedBuffer, EmittedBufferArray, EmittedCBuffers,
    EmittedMember,
};
use crate::ffi::{DataLayoutQuery, Linkage, RawFunction, RawGlobal, RawType, RawValue};
use crate::Target;

/// Creates a module for `plan` (named after its module identifier, with the
/// target's triple and data layout), builds the plan into it, adds the
/// module flags and verifies it.
pub fn build_module<'ctx>(
    ctx: &'ctx Context,
    plan: &EmissionPlan<'_>,
) -> Result<(Module<'ctx>, EmittedCBuffers<'ctx>), EmitError> {
    let module = ctx.create_module(&plan.module_id);
    module.set_source_file_name(&plan.module_id);
    metadata::prepare_module_for_triple(&module, &plan.triple);
    let emitted = build_plan(ctx, &module, plan)?;
    metadata::add_module_flags(ctx, &module, plan.target, plan.native_16bit)?;
    crate::ffi::verify_module(&module)?;
    Ok((module, emitted))
}

/// Builds `plan` into `module` (see the module documentation). A module
/// with no data layout gets the target's triple and data layout; one with
/// another data layout is an error.
pub fn build_plan<'ctx>(
    ctx: &'ctx Context,
    module: &Module<'ctx>,
    plan: &EmissionPlan<'_>,
) -> Result<EmittedCBuffers<'ctx>, EmitError> {
    check_data_layout(module, plan)?;
    if plan.registers_ctor() && module.get_global("llvm.global_ctors").is_some() {
        return Err(EmitError::ExistingGlobalCtors);
    }
    check_names_free(ctx, module, plan)?;
    let mut b = Builder {
        ctx,
        module,
        plan,
        types: vec![None; plan.types.len()],
        structs: HashMap::new(),
        arrays: HashMap::new(),
    };
    b.named_structs()?;
    let mut out = EmittedCBuffers {
        buffers: Vec::with_capacity(plan.buffers.len()),
        arrays: Vec::with_capacity(plan.arrays.len()),
        warnings: plan.warnings.clone(),
        flavor: plan.flavor,
    };
    let mut strings: HashMap<String, GlobalValue<'ctx>> = HashMap::new();
    for (i, buffer) in plan.buffers.iter().enumerate() {
        b.push_constants(i)?;
        let emitted = b.buffer(buffer, &mut strings)?;
        out.buffers.push(emitted);
    }
    b.push_constants(plan.buffers.len())?;
    let mut array_strings = Vec::with_capacity(plan.arrays.len());
    for a in &plan.arrays {
        array_strings.push(b.name_string(&a.string, &a.decl().name, &mut strings)?);
    }
    if let Some(ctor) = &plan.ctor {
        let inits: Vec<_> = out.buffers.iter().map(|b| b.init_function).collect();
        let f = init::global_ctor(ctx, module, plan, ctor, &inits)?;
        expect_name("function", ctor, &f.get_name().to_string_lossy())?;
    }
    for (a, string) in plan.arrays.iter().zip(array_strings) {
        let emitted = b.buffer_array(a, string)?;
        out.arrays.push(emitted);
    }
    metadata::add_hlsl_cbs(ctx, module, &out.buffers)?;
    if plan.has_layouts_metadata() {
        let layouts: Vec<_> = plan
            .layouts
            .iter()
            .map(|&id| plan.types.named(id))
            .collect();
        metadata::add_hlsl_layouts(ctx, module, &layouts)?;
    }
    b.check_against_llvm()?;
    Ok(out)
}

/// Sets the target's triple and data layout on a module that has none;
/// refuses one whose data layout is another target's.
fn check_data_layout(module: &Module<'_>, plan: &EmissionPlan<'_>) -> Result<(), EmitError> {
    let target = plan.target;
    let found = module
        .get_data_layout()
        .as_str()
        .to_string_lossy()
        .into_owned();
    if found.is_empty() {
        metadata::prepare_module_for_triple(module, &plan.triple);
        return Ok(());
    }
    if found != target.data_layout() {
        return Err(EmitError::DataLayoutMismatch {
            target,
            found,
            expected: target.data_layout(),
        });
    }
    Ok(())
}

/// Every name the plan gives a type, global or function must be free, so
/// that a refused plan adds nothing to the caller's module.
fn check_names_free(
    ctx: &Context,
    module: &Module<'_>,
    plan: &EmissionPlan<'_>,
) -> Result<(), EmitError> {
    let taken = |what, name: &str| EmitError::NameTaken {
        what,
        name: name.to_owned(),
    };
    for &id in plan.types.named_in_order() {
        let name = &plan.types.named(id).name;
        if RawType::lookup_struct(ctx, name)?.is_some() {
            return Err(taken("type", name));
        }
    }
    let global_free = |name: &str| {
        if module.get_global(name).is_some() {
            Err(taken("global", name))
        } else if module.get_function(name).is_some() {
            Err(taken("function", name))
        } else {
            Ok(())
        }
    };
    for b in &plan.buffers {
        global_free(&b.handle)?;
        for m in &b.members {
            global_free(&b.member_symbol(m).0)?;
        }
        if b.owns_string {
            global_free(&b.string)?;
        }
        global_free(&b.init)?;
    }
    for a in plan.arrays.iter().filter(|a| a.owns_string) {
        global_free(&a.string)?;
    }
    for p in &plan.push_constants {
        global_free(&p.symbol)?;
    }
    if let Some(ctor) = &plan.ctor {
        global_free(ctor)?;
    }
    Ok(())
}

fn expect_name(what: &'static str, planned: &str, got: &str) -> Result<(), EmitError> {
    if planned == got {
        Ok(())
    } else {
        Err(EmitError::NameTaken {
            what,
            name: planned.to_owned(),
        })
    }
}

struct Builder<'ctx, 'm, 'p, 'a> {
    ctx: &'ctx Context,
    module: &'m Module<'ctx>,
    plan: &'p EmissionPlan<'a>,
    /// The LLVM type made for each type id.
    types: Vec<Option<RawType<'ctx>>>,
    /// The struct reprs made so far, by type id.
    structs: HashMap<TypeId, Rc<StructRepr<'ctx>>>,
    /// The array reprs made so far, by the plan's shared array.
    arrays: HashMap<*const cblower_program::plan::PlanArray, Rc<ArrayRepr<'ctx>>>,
}

impl<'ctx> Builder<'ctx, '_, '_, '_> {
    /// Creates every named struct under its planned name, then sets bodies.
    fn named_structs(&mut self) -> Result<(), EmitError> {
        let table = &self.plan.types;
        for &id in table.named_in_order() {
            let name = &table.named(id).name;
            let ty = RawType::named_struct(self.ctx, name)?;
            expect_name("type", name, &ty.struct_name().unwrap_or_default())?;
            self.types[id.index()] = Some(ty);
        }
        for &id in table.named_in_order() {
            let elems = table
                .named(id)
                .elems
                .iter()
                .map(|&e| self.raw(e))
                .collect::<Result<Vec<_>, _>>()?;
            let packed = table.named(id).packed;
            self.raw(id)?.set_struct_body(&elems, packed)?;
        }
        Ok(())
    }

    /// The globals of the push-constant blocks that come before buffer `i`.
    fn push_constants(&mut self, i: usize) -> Result<(), EmitError> {
        for p in self.plan.push_constants_before(i) {
            let ty = self.raw(p.ty)?;
            let global = RawGlobal::add(self.module, ty, &p.symbol, PUSH_CONSTANT_ADDRESS_SPACE)?;
            expect_name("global", &p.symbol, &global.name())?;
            global.set_linkage(Linkage::External);
            global.set_hidden();
            global.set_externally_initialized();
            global.set_alignment(p.align);
        }
        Ok(())
    }

    /// The LLVM type of `id`.
    fn raw(&mut self, id: TypeId) -> Result<RawType<'ctx>, EmitError> {
        if let Some(t) = self.types[id.index()] {
            return Ok(t);
        }
        let ctx = self.ctx;
        let ty = match self.plan.types.def(id) {
            TypeDef::Prim(p) => RawType::from_inkwell(self.prim(*p)?),
            TypeDef::Vector { .. } => RawType::from_inkwell(self.basic(id)?),
            TypeDef::Array { elem, count } => self.raw(*elem)?.array_of(*count),
            TypeDef::Packed(elems) => {
                let elems = elems
                    .iter()
                    .map(|&e| self.raw(e))
                    .collect::<Result<Vec<_>, _>>()?;
                RawType::literal_struct(ctx, &elems, true)
            }
            TypeDef::Padding(n) => {
                RawType::target_ext(ctx, self.plan.target.padding_type_name(), &[], &[*n])?
            }
            TypeDef::Handle(layout) => {
                let layout = self.raw(*layout)?;
                match self.plan.target {
                    Target::Dxil => RawType::target_ext(ctx, "dx.CBuffer", &[layout], &[])?,
                    Target::SpirV => {
                        RawType::target_ext(ctx, "spirv.VulkanBuffer", &[layout], &[2, 0])?
                    }
                }
            }
            TypeDef::Named(_) => {
                return Err(crate::ffi::LlvmError::Builder(format!(
                    "named struct {} was not created",
                    self.plan.types.text(id)
                ))
                .into())
            }
        };
        self.types[id.index()] = Some(ty);
        Ok(ty)
    }

    fn prim(&self, p: Prim) -> Result<BasicTypeEnum<'ctx>, EmitError> {
        let c = self.ctx;
        Ok(match p {
            Prim::I8 => c.i8_type().into(),
            Prim::I16 => c.i16_type().into(),
            Prim::WideInt(bits) => std::num::NonZeroU32::new(bits)
                .and_then(|b| c.custom_width_int_type(b).ok())
                .ok_or_else(|| {
                    crate::ffi::LlvmError::Builder(format!(
                        "LLVM has no integer type of {bits} bits"
                    ))
                })?
                .into(),
            Prim::I32 => c.i32_type().into(),
            Prim::I64 => c.i64_type().into(),
            Prim::Half => c.f16_type().into(),
            Prim::Float => c.f32_type().into(),
            Prim::Double => c.f64_type().into(),
        })
    }

    /// The inkwell type of a scalar or vector type id (what a load produces).
    fn basic(&self, id: TypeId) -> Result<BasicTypeEnum<'ctx>, EmitError> {
        match self.plan.types.def(id) {
            TypeDef::Prim(p) => self.prim(*p),
            TypeDef::Vector { elem, len } => Ok(match self.prim(*elem)? {
                BasicTypeEnum::FloatType(t) => t.vec_type(u32::from(*len)).into(),
                BasicTypeEnum::IntType(t) => t.vec_type(u32::from(*len)).into(),
                other => other,
            }),
            other => Err(crate::ffi::LlvmError::Builder(format!(
                "a leaf's value type is {other:?}, not a scalar or vector"
            ))
            .into()),
        }
    }

    /// The LLVM repr of a plan repr.
    fn repr(&mut self, r: &PlanRepr) -> Result<TypeRepr<'ctx>, EmitError> {
        Ok(match r {
            PlanRepr::Leaf(l) => TypeRepr::Leaf {
                memory: self.raw(l.memory)?,
                value: self.basic(l.value)?,
                scalar: l.scalar,
                size: l.size,
            },
            PlanRepr::Array(a) => {
                let key = Rc::as_ptr(a);
                if let Some(done) = self.arrays.get(&key) {
                    return Ok(TypeRepr::Array(done.clone()));
                }
                let made = Rc::new(ArrayRepr {
                    ty: self.raw(a.ty)?,
                    elem: self.repr(&a.elem)?,
                    count: a.count,
                    stride: a.stride,
                    padded_elem: a.padded_elem.map(|c| self.raw(c)).transpose()?,
                });
                self.arrays.insert(key, made.clone());
                TypeRepr::Array(made)
            }
            PlanRepr::Struct(id) => TypeRepr::Struct(self.user_struct(*id)?),
        })
    }

    /// The repr of a named struct whose fields the plan keeps.
    fn user_struct(&mut self, id: TypeId) -> Result<Rc<StructRepr<'ctx>>, EmitError> {
        if let Some(done) = self.structs.get(&id) {
            return Ok(done.clone());
        }
        let s = self.plan.types.named(id);
        let mut fields = Vec::with_capacity(s.fields().len());
        for f in s.fields() {
            fields.push(FieldRepr {
                name: f.name.clone(),
                element: f.element,
                offset: f.offset,
                repr: self.repr(&f.repr)?,
            });
        }
        let made = Rc::new(StructRepr {
            ty: self.raw(id)?,
            name: s.name.clone(),
            size: s.size,
            fields,
        });
        self.structs.insert(id, made.clone());
        Ok(made)
    }

    /// One buffer's globals and init function.
    fn buffer(
        &mut self,
        b: &PlannedBuffer<'_>,
        strings: &mut HashMap<String, GlobalValue<'ctx>>,
    ) -> Result<EmittedBuffer<'ctx>, EmitError> {
        let target = self.plan.target;
        let handle_type = self.raw(b.handle_type)?;
        let handle = RawGlobal::add(self.module, handle_type, &b.handle, 0)?;
        expect_name("global", &b.handle, &handle.name())?;
        handle.set_poison_initializer();
        let address_space = target.constant_address_space();
        let mut members = Vec::with_capacity(b.members.len());
        let mut fields = Vec::with_capacity(b.members.len());
        for (i, m) in b.members.iter().enumerate() {
            let plan = self.plan;
            let offset = plan.member_offset(b, i);
            let repr = self.repr(plan.member_repr(m))?;
            let (symbol, is_const) = b.member_symbol(m);
            let global = RawGlobal::add(self.module, repr.ty(), &symbol, address_space)?;
            let actual = global.name();
            expect_name("global", &symbol, &actual)?;
            global.set_linkage(Linkage::External);
            global.set_hidden();
            global.set_constant(is_const);
            global.set_alignment(m.align);
            let name = b.member_name(m).clone();
            fields.push(FieldRepr {
                name: name.clone(),
                element: m.element,
                offset,
                repr: repr.clone(),
            });
            members.push(EmittedMember {
                name,
                global,
                symbol: actual,
                offset,
                align: u64::from(m.align),
                repr,
            });
        }
        let s = self.plan.types.named(b.layout_type);
        let layout_type = Rc::new(StructRepr {
            ty: self.raw(b.layout_type)?,
            name: s.name.clone(),
            size: s.size,
            fields,
        });
        let string = self.name_string(&b.string, &b.decl().name, strings)?;
        let init_function = init::init_function(
            self.ctx,
            self.module,
            target,
            self.plan.flavor,
            handle,
            handle_type,
            b.binding,
            string,
        )?;
        expect_name(
            "function",
            &b.init,
            &init_function.get_name().to_string_lossy(),
        )?;
        Ok(EmittedBuffer {
            name: b.decl().name.clone(),
            layout_type,
            handle_type,
            handle,
            members,
            init_function,
        })
    }

    /// `@<Name>.str = private unnamed_addr constant [n x i8] c"<Name>\00"`,
    /// made by the first buffer of that name and shared by the others, as
    /// Clang shares string literals.
    fn name_string(
        &self,
        symbol: &str,
        name: &str,
        strings: &mut HashMap<String, GlobalValue<'ctx>>,
    ) -> Result<RawValue<'ctx>, EmitError> {
        if let Some(g) = strings.get(symbol) {
            return Ok(RawValue::from_inkwell(g.as_pointer_value()));
        }
        let bytes = self.ctx.const_string(name.as_bytes(), true);
        let g = self
            .module
            .add_global(bytes.get_type(), Some(AddressSpace::default()), symbol);
        expect_name("global", symbol, &g.get_name().to_string_lossy())?;
        g.set_initializer(&bytes);
        g.set_linkage(InkLinkage::Private);
        g.set_unnamed_address(inkwell::values::UnnamedAddress::Global);
        g.set_constant(true);
        g.set_alignment(1);
        strings.insert(symbol.to_owned(), g);
        Ok(RawValue::from_inkwell(g.as_pointer_value()))
    }

    /// An array of `ConstantBuffer<T>`: its handle intrinsic, declared (the
    /// access API calls it per element), and what an element holds.
    fn buffer_array(
        &mut self,
        a: &PlannedArray<'_>,
        string: RawValue<'ctx>,
    ) -> Result<EmittedBufferArray<'ctx>, EmitError> {
        let handle_type = self.raw(a.handle_type)?;
        let prefix = match self.plan.target {
            Target::Dxil => "llvm.dx.resource",
            Target::SpirV => "llvm.spv.resource",
        };
        let which = match a.binding {
            super::HandleBinding::Explicit { .. } => "handlefrombinding",
            super::HandleBinding::Implicit { .. } => "handlefromimplicitbinding",
        };
        let create =
            RawFunction::intrinsic(self.module, &format!("{prefix}.{which}"), &[handle_type])?;
        let repr = self.repr(&self.plan.reprs[a.repr as usize])?;
        Ok(EmittedBufferArray {
            name: a.decl().name.clone(),
            handle_type,
            create,
            string,
            binding: a.binding,
            len: a.len,
            target: self.plan.target,
            repr,
        })
    }

    /// Every element of every named struct where LLVM's data layout puts it.
    fn check_against_llvm(&mut self) -> Result<(), EmitError> {
        let dl = DataLayoutQuery::new(self.plan.target.data_layout())?;
        let table = &self.plan.types;
        for &id in table.named_in_order() {
            let s = table.named(id);
            let Some(ty) = self.types[id.index()] else {
                continue;
            };
            for (i, &plan) in s.elem_offsets.iter().enumerate() {
                let llvm = dl.offset_of_element(ty, i as u32)?;
                if llvm != plan {
                    return Err(EmitError::PlanDisagreesWithLlvm {
                        ty: s.name.clone(),
                        element: i as u32,
                        plan,
                        llvm,
                    });
                }
            }
            let (plan, llvm) = (table.alloc_size(id), dl.alloc_size(ty));
            if llvm != plan {
                return Err(EmitError::PlanDisagreesWithLlvm {
                    ty: s.name.clone(),
                    element: s.elem_offsets.len() as u32,
                    plan,
                    llvm,
                });
            }
        }
        Ok(())
    }
}
