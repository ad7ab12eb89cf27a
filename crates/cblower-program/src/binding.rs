//! Where a buffer's handle comes from: one binding concept, from what the
//! source declared to what the init function passes to the handle intrinsic.
//!
//! ```text
//!  declared (front end)                          resolved (emission)
//!  BufferDecl::binding   register(b3, space1) ─┐
//!  VkBinding             [[vk::binding(2, 1)]] ├─ resolve(target) ─► HandleBinding::Explicit { register, space }
//!  ImplicitOrder         n-th unbound resource ┘                     HandleBinding::Implicit { order_id, space }
//! ```
//!
//! A `[[vk::binding]]` binds only on SPIR-V; a `register` binds on both
//! targets (on SPIR-V, DXC and clang map it to the same binding number);
//! anything else is bound implicitly, in clang's order of the
//! implicitly bound resources of the file.

use std::sync::Arc;

use cblower_layout::BufferDecl;

use crate::Target;

/// A `[[vk::binding(binding, set)]]` attribute.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct VkBinding {
    /// The binding number within the descriptor set.
    pub binding: u32,
    /// The descriptor set.
    pub set: u32,
}

/// Clang's implicit-binding order IDs for a buffer: the position of the
/// buffer among the implicitly bound resources and buffers of the file, in
/// source order. Resources declared inside a buffer count before it and
/// `$Globals` counts last. The two targets count differently because a
/// `[[vk::binding]]` only binds on SPIR-V. Only meaningful for a buffer
/// without a register slot (and, on SPIR-V, without `vk::binding`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ImplicitOrder {
    /// The order ID on DXIL.
    pub dxil: u32,
    /// The order ID on SPIR-V.
    pub spirv: u32,
}

impl ImplicitOrder {
    /// Counts one more implicitly bound resource on the targets where it is
    /// implicit.
    pub fn advance(&mut self, dxil: bool, spirv: bool) {
        self.dxil += u32::from(dxil);
        self.spirv += u32::from(spirv);
    }
}

/// How a buffer's handle is created.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HandleBinding {
    /// `register(b<register>, space<space>)` (or `[[vk::binding(register, space)]]`).
    Explicit {
        /// The register (binding) number.
        register: u32,
        /// The register space (descriptor set).
        space: u32,
    },
    /// No register: the backend picks one, in the order of `order_id`.
    Implicit {
        /// Clang's implicit-binding order ID.
        order_id: u32,
        /// The register space (descriptor set).
        space: u32,
    },
}

/// One buffer of a program as a front end declared it: the declaration and
/// everything that decides its binding.
#[derive(Clone, Copy, Debug)]
pub struct ProgramBuffer<'a> {
    /// The declaration; its `binding` is the `register(...)` annotation.
    pub decl: &'a BufferDecl,
    /// `[[vk::binding]]`, if any (SPIR-V only).
    pub vk_binding: Option<VkBinding>,
    /// Clang's implicit order IDs, used when nothing binds the buffer.
    pub implicit_order: ImplicitOrder,
    /// Parallel to `decl.members` (or empty): how many of the program's
    /// buffers were declared before each member. It places a `$Globals`
    /// member that is emitted as a global of its own (a
    /// `[[vk::push_constant]]` block) among the buffers, as clang-22 does;
    /// empty puts such members right before this buffer.
    pub member_order: &'a [usize],
}

impl<'a> ProgramBuffer<'a> {
    /// A buffer with no `[[vk::binding]]` and order IDs of 0: enough for a
    /// buffer with a `register`, or the only implicitly bound one.
    pub fn new(decl: &'a BufferDecl) -> Self {
        ProgramBuffer {
            decl,
            vk_binding: None,
            implicit_order: ImplicitOrder::default(),
            member_order: &[],
        }
    }

    /// How the handle is created on `target`.
    pub fn resolve(&self, target: Target) -> HandleBinding {
        if target == Target::SpirV {
            if let Some(vk) = self.vk_binding {
                return HandleBinding::Explicit {
                    register: vk.binding,
                    space: vk.set,
                };
            }
        }
        let space = self.decl.binding.map_or(0, |b| b.space);
        match self.decl.binding.and_then(|b| b.register) {
            Some(register) => HandleBinding::Explicit { register, space },
            None => HandleBinding::Implicit {
                order_id: match target {
                    Target::Dxil => self.implicit_order.dxil,
                    Target::SpirV => self.implicit_order.spirv,
                },
                space,
            },
        }
    }
}

/// How many registers a declaration takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RegisterCount {
    /// A single resource or buffer.
    One,
    /// An array of `n` resources or buffers: `n` consecutive registers.
    Array(u64),
    /// An unbounded array `[]`: every register from the first to the end
    /// of its space.
    Unbounded,
}

impl RegisterCount {
    /// The first register past the range that starts at `start`
    /// (2^32 for an unbounded one).
    pub fn end(self, start: u32) -> u64 {
        match self {
            RegisterCount::One => u64::from(start) + 1,
            RegisterCount::Array(n) => u64::from(start).saturating_add(n),
            RegisterCount::Unbounded => 1 << 32,
        }
    }
}

/// One resource or buffer declaration of a program and what binds it: what
/// `cblower bindings` reports. A front end lists them in clang's order (the
/// order of the implicit-binding IDs), with `$Globals` last.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DeclaredBinding {
    /// The declared name (`$Globals` for the implicit buffer).
    pub name: Arc<str>,
    /// What is declared: `cbuffer`, `tbuffer`, `ConstantBuffer<T>`, or the
    /// resource type as written (`Texture2D<float4>`, `SamplerState`).
    pub kind: String,
    /// The register class: `b` (constant buffers), `t` (SRVs and tbuffers),
    /// `u` (UAVs), `s` (samplers).
    pub class: char,
    /// The register of `register(<class>N)`; `None` when bound implicitly.
    pub register: Option<u32>,
    /// The register space (descriptor set): `spaceM`, or 0.
    pub space: u32,
    /// How many registers it takes.
    pub count: RegisterCount,
    /// `[[vk::binding(binding, set)]]`, which binds on SPIR-V only.
    pub vk_binding: Option<VkBinding>,
    /// Clang's implicit-binding order IDs, for a declaration without a
    /// register (`None` when a register binds it).
    pub implicit_order: Option<ImplicitOrder>,
    /// The order IDs clang-22 gives the counter of a read-write, append,
    /// consume or rasterizer-ordered structured buffer (the counter is
    /// always bound implicitly, even when the buffer has a register);
    /// `None` for everything without a counter.
    pub counter_order: Option<ImplicitOrder>,
}

impl DeclaredBinding {
    /// The registers it takes, as HLSL spells them: `t3`, `t0..t7`, or
    /// `t2..` for an unbounded array; `None` when bound implicitly.
    pub fn registers(&self) -> Option<String> {
        let r = self.register?;
        let c = self.class;
        Some(match self.count {
            RegisterCount::One | RegisterCount::Array(1) => format!("{c}{r}"),
            RegisterCount::Array(0) => format!("{c}{r} (empty)"),
            RegisterCount::Array(n) => format!("{c}{r}..{c}{}", u64::from(r) + n - 1),
            RegisterCount::Unbounded => format!("{c}{r}.. (unbounded)"),
        })
    }
}

/// Two declarations whose explicit register ranges share a register of the
/// same class and space: DXC refuses to compile such a file and a D3D root
/// signature cannot describe it. Indices into the slice given to
/// [`binding_overlaps`], `first < second`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BindingOverlap {
    /// The earlier declaration.
    pub first: usize,
    /// The later declaration.
    pub second: usize,
}

/// Every pair of declarations whose explicit registers overlap (same class,
/// same space, intersecting ranges), in order of the second then the first.
/// Implicitly bound ones never overlap: the backend places them around the
/// explicit ones.
pub fn binding_overlaps(bindings: &[DeclaredBinding]) -> Vec<BindingOverlap> {
    let mut out = Vec::new();
    for (j, b) in bindings.iter().enumerate() {
        let Some(rb) = b.register else { continue };
        for (i, a) in bindings[..j].iter().enumerate() {
            let Some(ra) = a.register else { continue };
            if a.class == b.class
                && a.space == b.space
                && u64::from(ra) < b.count.end(rb)
                && u64::from(rb) < a.count.end(ra)
            {
                out.push(BindingOverlap {
                    first: i,
                    second: j,
                });
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use cblower_layout::{Binding, BufferKind};

    fn decl(register: Option<u32>, space: u32) -> BufferDecl {
        let mut d = BufferDecl::new("CB", BufferKind::CBuffer, Vec::new());
        d.binding = Some(Binding { register, space });
        d
    }

    fn declared(
        class: char,
        register: Option<u32>,
        space: u32,
        count: RegisterCount,
    ) -> DeclaredBinding {
        DeclaredBinding {
            name: "r".into(),
            kind: "Texture2D".into(),
            class,
            register,
            space,
            count,
            vk_binding: None,
            implicit_order: None,
            counter_order: None,
        }
    }

    #[test]
    fn overlaps_need_the_same_class_and_space_and_a_shared_register() {
        let list = [
            declared('t', Some(0), 0, RegisterCount::Array(4)),
            declared('t', Some(3), 0, RegisterCount::One),
            declared('u', Some(3), 0, RegisterCount::One),
            declared('t', Some(3), 1, RegisterCount::One),
            declared('t', Some(9), 0, RegisterCount::Unbounded),
            declared('t', Some(100), 0, RegisterCount::One),
            declared('t', None, 0, RegisterCount::One),
        ];
        assert_eq!(
            binding_overlaps(&list),
            [
                BindingOverlap {
                    first: 0,
                    second: 1
                },
                BindingOverlap {
                    first: 4,
                    second: 5
                },
            ]
        );
        assert_eq!(list[0].registers().as_deref(), Some("t0..t3"));
        assert_eq!(list[4].registers().as_deref(), Some("t9.. (unbounded)"));
        assert_eq!(list[6].registers(), None);
    }

    #[test]
    fn register_binds_on_both_targets() {
        let d = decl(Some(3), 1);
        let b = ProgramBuffer::new(&d);
        let want = HandleBinding::Explicit {
            register: 3,
            space: 1,
        };
        assert_eq!(b.resolve(Target::Dxil), want);
        assert_eq!(b.resolve(Target::SpirV), want);
    }

    #[test]
    fn vk_binding_wins_on_spirv_only() {
        let d = decl(None, 2);
        let b = ProgramBuffer {
            decl: &d,
            vk_binding: Some(VkBinding { binding: 5, set: 7 }),
            implicit_order: ImplicitOrder { dxil: 4, spirv: 9 },
            member_order: &[],
        };
        assert_eq!(
            b.resolve(Target::SpirV),
            HandleBinding::Explicit {
                register: 5,
                space: 7
            }
        );
        assert_eq!(
            b.resolve(Target::Dxil),
            HandleBinding::Implicit {
                order_id: 4,
                space: 2
            }
        );
    }
}
