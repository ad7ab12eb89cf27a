//! Arrays of `ConstantBuffer<T>` (`ConstantBuffer<T> cbs[4]`, unbounded
//! `ConstantBuffer<T> cbs[]`), planned as LLVM main plans global resource
//! arrays: no handle global and no init function. Each element's handle is
//! created where it is read, by the access API, with
//! `handlefrombinding(space, register, range, index, name)` (or
//! `handlefromimplicitbinding(order id, space, range, index, name)`), where
//! `range` is the array's length (-1 when unbounded) and `index` the element,
//! a constant or a run-time value. The module holds what those calls need:
//! the layout type `%__cblayout_<Name> = type <{ %T }>` (one element, the
//! buffer's struct, as for a single `ConstantBuffer<T>`), the name string
//! `@<Name>.str` and the declaration of the handle intrinsic.

use cblower_layout::{BufferDecl, UNBOUNDED_RESOURCE_ARRAY};

use super::{symbols::SymbolTable, TypeId};
use crate::policy::EffectiveDecl;
use crate::{HandleBinding, ProgramError};

/// One array of `ConstantBuffer<T>` (or `TextureBuffer<T>`).
#[derive(Debug)]
pub struct PlannedArray<'a> {
    pub(super) decl: EffectiveDecl<'a>,
    /// Position of the array in the planner's input.
    pub index: usize,
    /// The binding of the whole range (its first register, or its order ID).
    pub binding: HandleBinding,
    /// The number of elements; `None` for an unbounded `cbs[]`.
    pub len: Option<u32>,
    /// `%__cblayout_<Name>`, holding one `%T`.
    pub layout_type: TypeId,
    /// The handle type of every element.
    pub handle_type: TypeId,
    /// `%T`, what an element's pointer points at: an index into
    /// [`super::EmissionPlan::reprs`].
    pub repr: u32,
    /// The name string's global (`cbs.str`).
    pub string: String,
    /// This array defines the name string (declarations of one name share it).
    pub owns_string: bool,
    /// The handle intrinsic, with its mangled type.
    pub intrinsic: String,
}

impl PlannedArray<'_> {
    /// The declaration (as the flavour sees it).
    pub fn decl(&self) -> &BufferDecl {
        self.decl.decl()
    }

    /// The range size the handle intrinsic takes: the length, or -1 for an
    /// unbounded array.
    pub fn range_size(&self) -> i32 {
        self.len.map_or(-1, |n| n as i32)
    }
}

/// The length of the array `decl` declares, checked to fit the intrinsic's
/// signed 32-bit range size.
pub(super) fn array_length(index: usize, decl: &BufferDecl) -> Result<Option<u32>, ProgramError> {
    match decl.array_len {
        None | Some(UNBOUNDED_RESOURCE_ARRAY) => Ok(None),
        Some(n) if n >= 1 && n <= i32::MAX as u64 => Ok(Some(n as u32)),
        Some(len) => Err(ProgramError::ConstantBufferArray {
            index,
            buffer: decl.name.to_string(),
            len,
        }),
    }
}

/// An array seen while planning buffers; its string and intrinsic are named
/// after every buffer's globals, in the order the module builder adds them.
pub(super) struct PendingArray<'a> {
    pub decl: EffectiveDecl<'a>,
    pub index: usize,
    pub binding: HandleBinding,
    pub len: Option<u32>,
    pub layout_type: TypeId,
    pub handle_type: TypeId,
    pub repr: u32,
}

/// Names the strings of the pending arrays (after the buffers' globals).
pub(super) fn name_strings<'a>(
    pending: Vec<PendingArray<'a>>,
    symbols: &mut SymbolTable,
    strings: &mut std::collections::HashMap<String, String>,
) -> Result<Vec<PlannedArray<'a>>, ProgramError> {
    let mut out = Vec::with_capacity(pending.len());
    for p in pending {
        let name = p.decl.decl().name.to_string();
        let (string, owns_string) = match strings.get(&name) {
            Some(s) => (s.clone(), false),
            None => {
                let s = symbols.add(&format!("{name}.str"))?;
                strings.insert(name, s.clone());
                (s, true)
            }
        };
        out.push(PlannedArray {
            decl: p.decl,
            index: p.index,
            binding: p.binding,
            len: p.len,
            layout_type: p.layout_type,
            handle_type: p.handle_type,
            repr: p.repr,
            string,
            owns_string,
            intrinsic: String::new(),
        });
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use crate::plan::{Flavor, PlanOptions};
    use crate::{plan, HandleBinding, ProgramBuffer, ProgramError, Target};
    use cblower_layout::{
        Binding, BufferDecl, BufferKind, Field, Scalar, Ty, UNBOUNDED_RESOURCE_ARRAY,
    };

    fn array(name: &str, len: u64, register: Option<u32>) -> BufferDecl {
        let mut d = BufferDecl::new(
            name,
            BufferKind::ConstantBuffer,
            vec![Field::new("a", Ty::vector(Scalar::Float, 2))],
        );
        d.element_type = Some("S".into());
        d.array_len = Some(len);
        d.binding = Some(Binding { register, space: 1 });
        d
    }

    /// No handle global, no members: the wrapper type, the handle type, the
    /// string and the intrinsic, with the range size.
    #[test]
    fn an_array_plans_its_string_and_intrinsic_only() {
        let bounded = array("cbs", 4, Some(2));
        let unbounded = array("all", UNBOUNDED_RESOURCE_ARRAY, None);
        let opts = PlanOptions::new(Target::Dxil, Flavor::Dxc);
        let p = plan(
            &[ProgramBuffer::new(&bounded), ProgramBuffer::new(&unbounded)],
            &opts,
        )
        .unwrap();
        assert!(p.buffers.is_empty());
        assert_eq!(p.ctor, None);
        let a = &p.arrays[0];
        assert_eq!(
            (a.string.as_str(), a.owns_string, a.range_size()),
            ("cbs.str", true, 4)
        );
        assert_eq!(
            a.intrinsic,
            "llvm.dx.resource.handlefrombinding.tdx.CBuffer_s___cblayout_cbsst"
        );
        assert_eq!(
            a.binding,
            HandleBinding::Explicit {
                register: 2,
                space: 1
            }
        );
        assert_eq!(p.types.named_body(a.layout_type), "<{ %S }>");
        assert_eq!(
            p.types.text(a.handle_type),
            "target(\"dx.CBuffer\", %__cblayout_cbs)"
        );
        let b = &p.arrays[1];
        assert_eq!((b.range_size(), b.len), (-1, None));
        assert_eq!(
            b.intrinsic,
            "llvm.dx.resource.handlefromimplicitbinding.tdx.CBuffer_s___cblayout_allst"
        );
    }

    #[test]
    fn a_range_past_i32_is_an_error_and_clang22_refuses_arrays() {
        let huge = array("cbs", 1 << 31, Some(0));
        let opts = PlanOptions::new(Target::SpirV, Flavor::Dxc);
        assert_eq!(
            plan(&[ProgramBuffer::new(&huge)], &opts).err(),
            Some(ProgramError::ConstantBufferArray {
                index: 0,
                buffer: "cbs".into(),
                len: 1 << 31
            })
        );
        let small = array("cbs", 2, Some(0));
        let opts = PlanOptions::new(Target::Dxil, Flavor::Clang22);
        assert!(matches!(
            plan(&[ProgramBuffer::new(&small)], &opts).err(),
            Some(ProgramError::ConstantBufferInClang22 { index: 0, .. })
        ));
    }
}
