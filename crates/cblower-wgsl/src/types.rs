//! naga's types as the layout engine's [`Ty`]s. naga's type arena lists a
//! type's dependencies before it, so one pass in arena order converts every
//! type from already converted ones (no recursion, and every struct is one
//! shared [`Ty`], as the layout engine wants).

use std::ops::Range;
use std::sync::Arc;

use cblower_layout::{Alignment, Field, MatrixOrder, Scalar, Size, StructTy, Ty};
use naga::{Handle, Module, Type, TypeInner};

use crate::members::{int_literal, struct_members, AttrArg};

/// Why a type cannot be in a buffer, and where (when the type's source is
/// known): reported only when a buffer uses the type.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TypeIssue {
    /// Byte range of the offending text, if known.
    pub span: Option<Range<usize>>,
    /// What is wrong.
    pub message: String,
    /// How to fix it.
    pub help: String,
}

/// One converted type.
pub(crate) struct Entry {
    /// The type, or why a buffer cannot hold it.
    pub ty: Result<Ty, TypeIssue>,
    /// Whether it ends in a runtime-sized array (the array itself, or a
    /// struct whose last member is one); laid out with one element.
    pub runtime_sized: bool,
    /// The type as WGSL spells it.
    pub wgsl_name: String,
    /// For structs read from source: each member's name range.
    pub struct_members: Option<Vec<Range<usize>>>,
}

/// Every type of a module, converted.
pub(crate) struct TypeTable {
    entries: Vec<Entry>,
}

fn issue(span: Option<Range<usize>>, message: String, help: &str) -> TypeIssue {
    TypeIssue {
        span,
        message,
        help: help.to_owned(),
    }
}

fn scalar(s: naga::Scalar) -> Result<(Scalar, &'static str), String> {
    use naga::ScalarKind as K;
    Ok(match (s.kind, s.width) {
        (K::Float, 4) => (Scalar::Float, "f32"),
        (K::Float, 2) => (Scalar::Float16, "f16"),
        (K::Float, 8) => (Scalar::Double, "f64"),
        (K::Sint, 4) => (Scalar::Int, "i32"),
        (K::Sint, 2) => (Scalar::Int16, "i16"),
        (K::Sint, 8) => (Scalar::Int64, "i64"),
        (K::Uint, 4) => (Scalar::Uint, "u32"),
        (K::Uint, 2) => (Scalar::Uint16, "u16"),
        (K::Uint, 8) => (Scalar::Uint64, "u64"),
        (K::Bool, _) => return Err("bool".into()),
        (kind, width) => return Err(format!("{kind:?}{}", width * 8)),
    })
}

const NOT_HOST_SHAREABLE: &str = "uniform and storage buffers hold only host-shareable types: \
     numbers, vectors, matrices, atomics, fixed-size arrays, runtime-sized arrays (storage, last) \
     and structs of them; use u32 for a boolean";

impl TypeTable {
    /// Converts every type of `module`; `text` is its source, for struct
    /// member attributes.
    pub(crate) fn build(module: &Module, text: &str) -> TypeTable {
        let mut table = TypeTable {
            entries: Vec::with_capacity(module.types.len()),
        };
        for (handle, ty) in module.types.iter() {
            let entry = table.convert(module, text, handle, ty);
            table.entries.push(entry);
        }
        table
    }

    /// The entry of `h` (every handle of the module has one).
    pub(crate) fn get(&self, h: Handle<Type>) -> &Entry {
        &self.entries[h.index()]
    }

    /// Every convertible struct, by name.
    pub(crate) fn structs(&self) -> Vec<(Arc<str>, Ty)> {
        self.entries
            .iter()
            .filter_map(|e| match &e.ty {
                Ok(ty @ Ty::Struct(s)) => Some((s.name.clone(), ty.clone())),
                _ => None,
            })
            .collect()
    }

    fn convert(&self, module: &Module, text: &str, handle: Handle<Type>, ty: &Type) -> Entry {
        let plain = |ty: Result<Ty, TypeIssue>, wgsl_name: String| Entry {
            ty,
            runtime_sized: false,
            wgsl_name,
            struct_members: None,
        };
        let type_span = module.types.get_span(handle).to_range();
        match &ty.inner {
            TypeInner::Scalar(s) => match scalar(*s) {
                Ok((s, n)) => plain(Ok(Ty::scalar(s)), n.into()),
                Err(n) => plain(
                    Err(issue(
                        None,
                        format!("{n} is not host-shareable"),
                        NOT_HOST_SHAREABLE,
                    )),
                    n,
                ),
            },
            TypeInner::Atomic(s) => match scalar(*s) {
                Ok((s, n)) => plain(Ok(Ty::scalar(s)), format!("atomic<{n}>")),
                Err(n) => plain(
                    Err(issue(
                        None,
                        format!("atomic<{n}> is not host-shareable"),
                        NOT_HOST_SHAREABLE,
                    )),
                    format!("atomic<{n}>"),
                ),
            },
            TypeInner::Vector { size, scalar: s } => {
                let len = *size as u8;
                match scalar(*s) {
                    Ok((s, n)) => plain(Ok(Ty::vector(s, len)), format!("vec{len}<{n}>")),
                    Err(n) => plain(
                        Err(issue(
                            None,
                            format!("vec{len}<{n}> is not host-shareable"),
                            NOT_HOST_SHAREABLE,
                        )),
                        format!("vec{len}<{n}>"),
                    ),
                }
            }
            TypeInner::Matrix {
                columns,
                rows,
                scalar: s,
            } => {
                let (c, r) = (*columns as u8, *rows as u8);
                match scalar(*s) {
                    Ok((s, n)) => plain(
                        Ok(Ty::matrix(s, r, c, MatrixOrder::ColumnMajor)),
                        format!("mat{c}x{r}<{n}>"),
                    ),
                    Err(n) => plain(
                        Err(issue(
                            None,
                            format!("mat{c}x{r}<{n}> is not host-shareable"),
                            NOT_HOST_SHAREABLE,
                        )),
                        format!("mat{c}x{r}<{n}>"),
                    ),
                }
            }
            TypeInner::Array { base, size, .. } => {
                let elem = self.get(*base);
                let (len, runtime, name) = match size {
                    naga::ArraySize::Constant(n) => (
                        u64::from(n.get()),
                        false,
                        format!("array<{}, {n}>", elem.wgsl_name),
                    ),
                    naga::ArraySize::Dynamic => (1, true, format!("array<{}>", elem.wgsl_name)),
                    naga::ArraySize::Pending(_) => {
                        let name = format!("array<{}, (override)>", elem.wgsl_name);
                        let msg =
                            format!("{name}: an array sized by an override is not host-shareable");
                        return plain(
                            Err(issue(None, msg, "size the array with a literal or a const")),
                            name,
                        );
                    }
                };
                let ty = match &elem.ty {
                    Err(e) => Err(e.clone()),
                    Ok(_) if elem.runtime_sized => Err(issue(
                        None,
                        format!("{name}: its elements are runtime-sized"),
                        "only the last member of a storage buffer's struct may be a runtime-sized array",
                    )),
                    Ok(e) => Ok(Ty::array(e.clone(), len)),
                };
                Entry {
                    ty,
                    runtime_sized: runtime,
                    wgsl_name: name,
                    struct_members: None,
                }
            }
            TypeInner::Struct { members, .. } => {
                let name: Arc<str> = ty.name.as_deref().unwrap_or("_").into();
                self.convert_struct(module, text, name, members, type_span)
            }
            other => {
                let n = format!("{other:?}");
                let n = n.split([' ', '{', '(']).next().unwrap_or("").to_owned();
                plain(
                    Err(issue(
                        None,
                        format!("{n} is not host-shareable"),
                        NOT_HOST_SHAREABLE,
                    )),
                    n,
                )
            }
        }
    }

    fn convert_struct(
        &self,
        module: &Module,
        text: &str,
        name: Arc<str>,
        members: &[naga::StructMember],
        type_span: Option<Range<usize>>,
    ) -> Entry {
        let fail = |ty: Result<Ty, TypeIssue>| Entry {
            ty,
            runtime_sized: false,
            wgsl_name: name.to_string(),
            struct_members: None,
        };
        let source = type_span
            .clone()
            .and_then(|r| struct_members(text, r.start))
            .filter(|s| {
                s.len() == members.len()
                    && s.iter()
                        .zip(members)
                        .all(|(s, m)| m.name.as_deref() == Some(s.name.as_str()))
            });
        let Some(source) = source else {
            return fail(Err(issue(
                type_span,
                format!("cannot read the members of struct {name} from its source"),
                "declare the struct at module scope with one `name: type` per member",
            )));
        };
        let mut fields = Vec::with_capacity(members.len());
        let mut runtime_sized = false;
        for (i, (m, src)) in members.iter().zip(&source).enumerate() {
            let entry = self.get(m.ty);
            let ty = match &entry.ty {
                Ok(ty) => ty.clone(),
                Err(e) => {
                    let mut e = e.clone();
                    e.message = format!("member '{}' of struct {name}: {}", src.name, e.message);
                    e.span = e.span.or(Some(src.name_span.clone()));
                    return fail(Err(e));
                }
            };
            if entry.runtime_sized {
                if !matches!(module.types[m.ty].inner, TypeInner::Array { .. }) {
                    return fail(Err(issue(
                        Some(src.name_span.clone()),
                        format!(
                            "member '{}' of struct {name} has a struct type that ends in a runtime-sized array",
                            src.name
                        ),
                        "only a buffer variable's own struct may end in a runtime-sized array; \
                         move the array into it",
                    )));
                }
                if i + 1 != members.len() {
                    return fail(Err(issue(
                        Some(src.name_span.clone()),
                        format!(
                            "member '{}' of struct {name} is runtime-sized but not the last member",
                            src.name
                        ),
                        "move the runtime-sized array to the end of the struct",
                    )));
                }
                runtime_sized = true;
            }
            let mut field = Field::new(src.name.as_str(), ty);
            if let Some(arg) = &src.align {
                match eval(module, text, arg).map(Alignment::from_bytes) {
                    Ok(Some(a)) => field.align = Some(a),
                    Ok(None) => {
                        return fail(Err(issue(
                            Some(arg.span.clone()),
                            format!("@align({}) is not a power of two", arg.text),
                            "use a power of two",
                        )))
                    }
                    Err(e) => return fail(Err(e)),
                }
            }
            if let Some(arg) = &src.size {
                match eval(module, text, arg) {
                    Ok(v) => field.size = Some(Size::bytes(v)),
                    Err(e) => return fail(Err(e)),
                }
            }
            fields.push(field);
        }
        Entry {
            ty: Ok(Ty::structure(StructTy::new(name.clone(), fields))),
            runtime_sized,
            wgsl_name: name.to_string(),
            struct_members: Some(source.iter().map(|s| s.name_span.clone()).collect()),
        }
    }
}

/// The integer value of module-scope constant `name` of `module`.
fn const_value(module: &Module, name: &str) -> Option<u64> {
    module
        .constants
        .iter()
        .find(|(_, c)| c.name.as_deref() == Some(name))
        .and_then(|(_, c)| match module.global_expressions[c.init] {
            naga::Expression::Literal(naga::Literal::U32(v)) => Some(u64::from(v)),
            naga::Expression::Literal(naga::Literal::I32(v)) => u64::try_from(v).ok(),
            naga::Expression::Literal(naga::Literal::U64(v)) => Some(v),
            naga::Expression::Literal(naga::Literal::I64(v))
            | naga::Expression::Literal(naga::Literal::AbstractInt(v)) => u64::try_from(v).ok(),
            _ => None,
        })
}

/// The name of the constant [`eval`] appends to evaluate an expression.
const EVAL_CONST: &str = "cblower_attribute_argument_";

/// The value of an `@align`/`@size` argument: an integer literal, the name
/// of a module-scope integer `const`, or any other constant expression,
/// which naga evaluates: the file is parsed again with
/// `const cblower_attribute_argument_: u32 = u32(EXPR);` appended (WGSL
/// declarations may come in any order), and the constant read back.
fn eval(module: &Module, text: &str, arg: &AttrArg) -> Result<u64, TypeIssue> {
    if let Some(v) = int_literal(&arg.text) {
        return Ok(v);
    }
    if let Some(v) = const_value(module, &arg.text) {
        return Ok(v);
    }
    let extended = format!("{text}\nconst {EVAL_CONST}: u32 = u32({});\n", arg.text);
    naga::front::wgsl::parse_str(&extended)
        .ok()
        .and_then(|m| const_value(&m, EVAL_CONST))
        .ok_or_else(|| {
            issue(
                Some(arg.span.clone()),
                format!("cannot evaluate the attribute argument `{}`", arg.text),
                "write a constant integer expression (a literal, a const, or arithmetic on them)",
            )
        })
}
