//! WGSL specifics: validating `@align` / `@size` / `@stride` overrides, and the
//! extra checks of the `uniform` address space. Every failure is a
//! [`LayoutError::Wgsl`] whose text names the field and the rule it breaks.

use crate::error::LayoutError;
use crate::layout::{Node, NodeKind};
use crate::ty::{Field, Ty};
use crate::units::{Alignment, Size};

use super::Ctx;

/// What uniform buffers round structures, arrays and strides to.
const UNIFORM_ALIGN: Alignment = Alignment::SIXTEEN;

fn error(ctx: Ctx<'_>, rule: String) -> LayoutError {
    LayoutError::Wgsl {
        member: ctx.member,
        name: ctx.name.clone(),
        rule,
    }
}

/// The alignment and size field `f` occupies, given its type's layout `node`:
/// `@align(n)` and `@size(n)` override the type's, but may not shrink them.
pub(super) fn field_overrides(
    f: &Field,
    node: &Node,
    ctx: Ctx<'_>,
) -> Result<(Alignment, Size), LayoutError> {
    let align = match f.align {
        Some(a) if a < node.align => {
            return Err(error(
                ctx,
                format!(
                    "@align({a}) on field '{}' is smaller than the alignment {} of its type {}",
                    f.name, node.align, f.ty
                ),
            ))
        }
        Some(a) => a,
        None => node.align,
    };
    let size = match f.size {
        Some(s) if s < node.size => {
            return Err(error(
                ctx,
                format!(
                    "@size({s}) on field '{}' is smaller than the size {} of its type {}",
                    f.name, node.size, f.ty
                ),
            ))
        }
        Some(s) => s,
        None => node.size,
    };
    Ok((align, size))
}

/// Checks an explicit `@stride(n)` against the element's layout.
pub(super) fn check_stride(
    stride: Size,
    elem: &Node,
    elem_ty: &Ty,
    ctx: Ctx<'_>,
) -> Result<(), LayoutError> {
    if stride < elem.size {
        return Err(error(
            ctx,
            format!(
                "@stride({stride}) on an array of {elem_ty} is smaller than the element size {}",
                elem.size
            ),
        ));
    }
    if !stride.is_aligned(elem.align) {
        return Err(error(
            ctx,
            format!(
                "@stride({stride}) on an array of {elem_ty} is not a multiple of the element alignment {}",
                elem.align
            ),
        ));
    }
    Ok(())
}

/// Checks a struct type's own `@align(n)`: it may raise the alignment its
/// fields give it, not lower it.
pub(super) fn check_struct_align(
    name: &str,
    given: Alignment,
    fields: Alignment,
    ctx: Ctx<'_>,
) -> Result<(), LayoutError> {
    if given < fields {
        return Err(error(
            ctx,
            format!("@align({given}) on struct {name} is smaller than the alignment {fields} of its fields"),
        ));
    }
    Ok(())
}

/// Checks a struct type's own `@size(n)`: it must hold every field.
pub(super) fn check_struct_size(
    name: &str,
    given: Size,
    end: Size,
    ctx: Ctx<'_>,
) -> Result<(), LayoutError> {
    if given < end {
        return Err(error(
            ctx,
            format!("@size({given}) on struct {name} is smaller than the end of its last field at {end}"),
        ));
    }
    Ok(())
}

/// The uniform address space's rules for field `f` of type layout `node`,
/// placed at `offset` bytes from the start of its enclosing struct:
///
/// * a struct-typed field starts at a multiple of 16 and its struct's size is
///   a multiple of 16;
/// * an array-typed field starts at a multiple of 16, every stride (of every
///   dimension) is a multiple of 16, and a struct element's size is a
///   multiple of 16.
pub(super) fn check_uniform_field(
    f: &Field,
    offset: Size,
    node: &Node,
    ctx: Ctx<'_>,
) -> Result<(), LayoutError> {
    match (&f.ty, &node.kind) {
        (Ty::Struct(_), NodeKind::Struct { name, .. }) => {
            if !offset.is_aligned(UNIFORM_ALIGN) {
                return Err(error(
                    ctx,
                    format!(
                        "struct member '{}' at byte offset {offset}: uniform buffers require structures to start at a multiple of 16",
                        f.name
                    ),
                ));
            }
            if !node.size.is_aligned(UNIFORM_ALIGN) {
                return Err(error(
                    ctx,
                    format!(
                        "struct member '{}' has type {name} of size {}: uniform buffers require structure sizes to be a multiple of 16",
                        f.name, node.size
                    ),
                ));
            }
            Ok(())
        }
        (Ty::Array { .. }, NodeKind::Array { .. }) => {
            if !offset.is_aligned(UNIFORM_ALIGN) {
                return Err(error(
                    ctx,
                    format!(
                        "array '{}' at byte offset {offset}: uniform buffers require arrays to start at a multiple of 16",
                        f.name
                    ),
                ));
            }
            let mut level = node;
            while let NodeKind::Array {
                stride, element, ..
            } = &level.kind
            {
                if !stride.is_aligned(UNIFORM_ALIGN) {
                    return Err(error(
                        ctx,
                        format!(
                            "array '{}' has stride {stride}: uniform buffers require array strides that are a multiple of 16",
                            f.name
                        ),
                    ));
                }
                level = element;
            }
            if let NodeKind::Struct { name, .. } = &level.kind {
                if !level.size.is_aligned(UNIFORM_ALIGN) {
                    return Err(error(
                        ctx,
                        format!(
                            "array '{}' has elements of type {name} of size {}: uniform buffers require structure sizes to be a multiple of 16",
                            f.name, level.size
                        ),
                    ));
                }
            }
            Ok(())
        }
        _ => Ok(()),
    }
}
