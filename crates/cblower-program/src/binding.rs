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
}

impl<'a> ProgramBuffer<'a> {
    /// A buffer with no `[[vk::binding]]` and order IDs of 0: enough for a
    /// buffer with a `register`, or the only implicitly bound one.
    pub fn new(decl: &'a BufferDecl) -> Self {
        ProgramBuffer {
            decl,
            vk_binding: None,
            implicit_order: ImplicitOrder::default(),
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

#[cfg(test)]
mod tests {
    use super::*;
    use cblower_layout::{Binding, BufferKind};

    fn decl(register: Option<u32>, space: u32) -> BufferDecl {
        let mut d = BufferDecl::new("CB", BufferKind::CBuffer, Vec::new());
        d.binding = Some(Binding { register, space });
        d
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
