//! CPU mirror structs of HLSL buffer layouts: C, C++ and Rust structs whose
//! size and member offsets equal a [`BufferLayout`]'s, byte for byte, under
//! any rule set `cblower-layout` implements.
//!
//! Every gap is an explicit, named padding member (`_pad0`), so nothing is
//! left to the CPU compiler's own alignment rules; a struct whose members'
//! natural alignment would not give the GPU's offsets is packed
//! (`#pragma pack(push, 1)`, `#[repr(C, packed)]`). The output proves
//! itself: `static_assert`s (C, C++) and `const` assertions (Rust) on every
//! struct's size and every member's offset. See `docs/mirror.md`.
//!
//! ```
//! use cblower_layout::{layout_buffer, BufferDecl, BufferKind, Field, LayoutOptions, RuleSet, Scalar, Ty};
//! use cblower_mirror::{mirror, Lang, MirrorOptions};
//!
//! let decl = BufferDecl::new("Frame", BufferKind::CBuffer, vec![
//!     Field::new("time", Ty::scalar(Scalar::Float)),
//!     Field::new("tint", Ty::vector(Scalar::Float, 4)),
//! ]);
//! let layout = layout_buffer(&decl, LayoutOptions::new(RuleSet::CBuffer)).unwrap();
//! let rust = mirror(&[layout], Lang::Rust, &MirrorOptions::default()).unwrap();
//! assert!(rust.contains("pub _pad0: [u8; 12],"));
//! assert!(rust.contains("const _: () = assert!(core::mem::offset_of!(Frame, tint) == 16);"));
//! ```
#![deny(missing_docs)]

mod emit;
mod math;
mod model;

use cblower_layout::BufferLayout;

/// The language to write.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Lang {
    /// C11 (`_Static_assert`, `offsetof`).
    C,
    /// C++11 or later (`static_assert`, `offsetof`, `using` hooks).
    Cpp,
    /// Rust 1.77 or later (`core::mem::offset_of!`).
    Rust,
}

/// What Rust vectors and matrices become.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum MathTypes {
    /// Arrays of scalars (`[f32; 3]`) and structs of stored vectors.
    #[default]
    Plain,
    /// `glam` types (0.25 or later) where their size and alignment fit.
    Glam,
    /// `mint` types where their size and alignment fit.
    Mint,
}

impl MathTypes {
    /// The option's spelling (`plain`, `glam`, `mint`).
    pub fn name(self) -> &'static str {
        match self {
            MathTypes::Plain => "plain",
            MathTypes::Glam => "glam",
            MathTypes::Mint => "mint",
        }
    }
}

/// Options of [`mirror`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MirrorOptions {
    /// Mirror only the buffer of this name (and the structs it uses).
    pub buffer: Option<String>,
    /// Rust only: the math library for vectors and matrices.
    pub types: MathTypes,
    /// Rust only: derive `bytemuck::Pod` and `bytemuck::Zeroable`.
    pub bytemuck: bool,
    /// Prepended to every generated type name (C has no namespaces).
    pub prefix: String,
    /// Named in the header comment (the HLSL file, usually).
    pub source: Option<String>,
}

/// Why no mirror could be written.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MirrorError {
    /// `--buffer NAME` names no buffer.
    #[error("no buffer named `{name}`; the buffers are: {}", if available.is_empty() { "(none)".to_owned() } else { available.join(", ") })]
    UnknownBuffer {
        /// The name asked for.
        name: String,
        /// The buffers there are.
        available: Vec<String>,
    },
    /// A member starts inside the previous one (a layout no CPU struct has).
    #[error("`{owner}`: member `{member}` starts at byte {offset}, inside the member before it, which ends at byte {previous_end}")]
    Overlap {
        /// The buffer or struct.
        owner: String,
        /// The member.
        member: String,
        /// Where it starts, from the start of `owner`.
        offset: u64,
        /// Where the previous member ends.
        previous_end: u64,
    },
    /// The members run past the size the layout gives the struct.
    #[error("`{owner}`: the members end at byte {end}, past the {size} bytes of the struct")]
    PastEnd {
        /// The buffer or struct.
        owner: String,
        /// Where the last member ends.
        end: u64,
        /// The layout's size.
        size: u64,
    },
    /// A scalar of a size no CPU type has.
    #[error("`{scalar}` stored in {size} bytes has no CPU type")]
    UnsupportedScalar {
        /// The HLSL scalar.
        scalar: &'static str,
        /// Its size in the layout.
        size: u64,
    },
    /// `--types glam|mint` or `--bytemuck` with C or C++.
    #[error("`{option}` applies to Rust only")]
    RustOnly {
        /// The option.
        option: &'static str,
    },
}

impl MirrorError {
    /// How to fix the input.
    pub fn help(&self) -> String {
        match self {
            MirrorError::UnknownBuffer { .. } => {
                "pass one of the names listed to --buffer, or leave it out to mirror every buffer"
                    .to_owned()
            }
            MirrorError::Overlap { .. } | MirrorError::PastEnd { .. } => {
                "this layout cannot be a CPU struct; check the packoffset / offset annotations"
                    .to_owned()
            }
            MirrorError::UnsupportedScalar { .. } => {
                "use a 16-, 32- or 64-bit scalar type".to_owned()
            }
            MirrorError::RustOnly { .. } => "use --lang rust, or leave the option out".to_owned(),
        }
    }
}

/// A scalar as the CPU struct stores it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum CpuScalar {
    /// IEEE binary16 (`_Float16` in C where the compiler has it, else its
    /// bits as `uint16_t`; `u16` bits in Rust).
    F16,
    /// `float` / `f32`.
    F32,
    /// `double` / `f64`.
    F64,
    /// `int16_t` / `i16`.
    I16,
    /// `uint16_t` / `u16`.
    U16,
    /// `int32_t` / `i32`.
    I32,
    /// `uint32_t` / `u32` (also HLSL `bool`).
    U32,
    /// `int64_t` / `i64`.
    I64,
    /// `uint64_t` / `u64`.
    U64,
    /// A padding byte (`uint8_t` / `u8`).
    U8,
}

impl CpuScalar {
    /// Size in bytes.
    pub fn size(self) -> u64 {
        match self {
            CpuScalar::U8 => 1,
            CpuScalar::F16 | CpuScalar::I16 | CpuScalar::U16 => 2,
            CpuScalar::F32 | CpuScalar::I32 | CpuScalar::U32 => 4,
            CpuScalar::F64 | CpuScalar::I64 | CpuScalar::U64 => 8,
        }
    }

    /// The Rust type.
    pub fn rust(self) -> &'static str {
        match self {
            CpuScalar::F16 | CpuScalar::U16 => "u16",
            CpuScalar::F32 => "f32",
            CpuScalar::F64 => "f64",
            CpuScalar::I16 => "i16",
            CpuScalar::I32 => "i32",
            CpuScalar::U32 => "u32",
            CpuScalar::I64 => "i64",
            CpuScalar::U64 => "u64",
            CpuScalar::U8 => "u8",
        }
    }

    /// The C and C++ type (`cblower_half` is a typedef the output defines).
    pub fn c(self) -> &'static str {
        match self {
            CpuScalar::F16 => "cblower_half",
            CpuScalar::U16 => "uint16_t",
            CpuScalar::F32 => "float",
            CpuScalar::F64 => "double",
            CpuScalar::I16 => "int16_t",
            CpuScalar::I32 => "int32_t",
            CpuScalar::U32 => "uint32_t",
            CpuScalar::I64 => "int64_t",
            CpuScalar::U64 => "uint64_t",
            CpuScalar::U8 => "uint8_t",
        }
    }

    fn hlsl_like(self) -> &'static str {
        match self {
            CpuScalar::F16 => "half",
            CpuScalar::F32 => "float",
            CpuScalar::F64 => "double",
            CpuScalar::I16 => "int16",
            CpuScalar::U16 => "uint16",
            CpuScalar::I32 => "int",
            CpuScalar::U32 => "uint",
            CpuScalar::I64 => "int64",
            CpuScalar::U64 => "uint64",
            CpuScalar::U8 => "byte",
        }
    }
}

/// The CPU scalar that stores an HLSL scalar `s` laid out in `size` bytes
/// (HLSL `bool` is a 4-byte `uint32_t`, `min16float` without native 16-bit
/// types a 4-byte `float`): the mapping every mirror uses, for tools that
/// compare a CPU type with the HLSL one (`cblower check --cpp`).
///
/// ```
/// use cblower_layout::Scalar;
/// use cblower_mirror::{cpu_scalar, CpuScalar};
///
/// assert_eq!(cpu_scalar(Scalar::Bool, 4).unwrap(), CpuScalar::U32);
/// assert_eq!(cpu_scalar(Scalar::Bool, 4).unwrap().c(), "uint32_t");
/// ```
pub fn cpu_scalar(s: cblower_layout::Scalar, size: u64) -> Result<CpuScalar, MirrorError> {
    model::cpu_scalar(s, size)
}

/// One scalar element of a buffer and where the CPU struct holds it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ElementAccess {
    /// The HLSL path: members joined by `.`, array and vector indices and
    /// matrix `[row][column]` in brackets (`lights[2].color[1]`).
    pub hlsl_path: String,
    /// The place expression after the struct value, in the output's
    /// language (`.lights[2].value.color[1]`).
    pub place: String,
    /// The CPU scalar there.
    pub scalar: CpuScalar,
}

/// The generated source and the model behind it.
pub struct Mirror {
    /// The source text.
    pub text: String,
    /// One entry per mirrored buffer, in order.
    pub buffers: Vec<MirroredBuffer>,
    model: model::Model,
    names: Vec<Vec<String>>,
}

/// A mirrored buffer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MirroredBuffer {
    /// The HLSL buffer name.
    pub name: String,
    /// The generated type's name; `None` when the buffer stores nothing
    /// (no struct is written for it).
    pub type_name: Option<String>,
    /// Its size in bytes.
    pub size: u64,
    root: Option<usize>,
}

impl Mirror {
    /// Calls `f` for every scalar element of buffer `index` (a position in
    /// [`Mirror::buffers`]) with its HLSL path, its place in the CPU struct
    /// and its CPU scalar, in the struct's order.
    pub fn for_each_element(&self, index: usize, f: &mut dyn FnMut(ElementAccess)) {
        let Some(root) = self.buffers.get(index).and_then(|b| b.root) else {
            return;
        };
        let names = |id: usize, field: usize| self.names[id][field].clone();
        model::walk(
            &self.model,
            &model::CTy::Struct(root),
            &mut String::new(),
            &mut String::new(),
            &names,
            &mut |h, p, s| {
                f(ElementAccess {
                    hlsl_path: h.trim_start_matches('.').to_owned(),
                    place: p.to_owned(),
                    scalar: s,
                })
            },
        );
    }
}

/// Writes the mirror of `layouts` (or of the one `options.buffer` names)
/// in `lang`: the source text.
pub fn mirror(
    layouts: &[BufferLayout],
    lang: Lang,
    options: &MirrorOptions,
) -> Result<String, MirrorError> {
    mirror_buffers(layouts, lang, options).map(|m| m.text)
}

/// [`mirror`], keeping the model: the generated type names and where each
/// scalar element of each buffer lives ([`Mirror::for_each_element`]).
pub fn mirror_buffers(
    layouts: &[BufferLayout],
    lang: Lang,
    options: &MirrorOptions,
) -> Result<Mirror, MirrorError> {
    if lang != Lang::Rust {
        if options.types != MathTypes::Plain {
            return Err(MirrorError::RustOnly { option: "--types" });
        }
        if options.bytemuck {
            return Err(MirrorError::RustOnly {
                option: "--bytemuck",
            });
        }
    }
    let selected: Vec<&BufferLayout> = match &options.buffer {
        Some(name) => {
            let found: Vec<&BufferLayout> = layouts
                .iter()
                .filter(|l| l.name.as_ref() == name.as_str())
                .collect();
            if found.is_empty() {
                return Err(MirrorError::UnknownBuffer {
                    name: name.clone(),
                    available: layouts.iter().map(|l| l.name.to_string()).collect(),
                });
            }
            found
        }
        None => layouts.iter().collect(),
    };
    let mut model = model::Model::new(lang, options.types);
    let mut buffers = Vec::new();
    for l in &selected {
        let size = l.size().get();
        let root = if size == 0 {
            None
        } else {
            Some(model.buffer(l)?)
        };
        buffers.push(MirroredBuffer {
            name: l.name.to_string(),
            type_name: None,
            size,
            root,
        });
    }
    let roots: Vec<Option<usize>> = buffers.iter().map(|b| b.root).collect();
    let (text, type_names, names) = emit::emit(&model, &selected, &roots, options);
    for (b, r) in buffers.iter_mut().zip(&roots) {
        b.type_name = r.map(|id| type_names[id].clone());
    }
    Ok(Mirror {
        text,
        buffers,
        model,
        names,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use cblower_layout::{
        layout_buffer, BufferDecl, BufferKind, Field, LayoutOptions, RuleSet, Scalar, Ty,
    };

    fn cb(members: Vec<Field>) -> BufferLayout {
        let decl = BufferDecl::new("CB", BufferKind::CBuffer, members);
        layout_buffer(&decl, LayoutOptions::new(RuleSet::CBuffer)).unwrap()
    }

    #[test]
    fn unknown_buffer_lists_the_buffers() {
        let l = cb(vec![Field::new("a", Ty::scalar(Scalar::Float))]);
        let opts = MirrorOptions {
            buffer: Some("Nope".into()),
            ..MirrorOptions::default()
        };
        let err = mirror(&[l], Lang::C, &opts).unwrap_err();
        assert_eq!(
            err,
            MirrorError::UnknownBuffer {
                name: "Nope".into(),
                available: vec!["CB".into()],
            }
        );
        assert_eq!(
            err.to_string(),
            "no buffer named `Nope`; the buffers are: CB"
        );
    }

    #[test]
    fn a_double_then_a_float_is_packed_and_12_bytes() {
        let l = cb(vec![
            Field::new("d", Ty::scalar(Scalar::Double)),
            Field::new("f", Ty::scalar(Scalar::Float)),
        ]);
        let rust = mirror(&[l], Lang::Rust, &MirrorOptions::default()).unwrap();
        assert!(rust.contains("#[repr(C, packed)]\n"));
        assert!(rust.contains("assert!(core::mem::size_of::<CB>() == 12);"));
    }

    #[test]
    fn keywords_are_escaped_per_language() {
        let l = cb(vec![
            Field::new("type", Ty::scalar(Scalar::Float)),
            Field::new("class", Ty::scalar(Scalar::Float)),
        ]);
        let rust = mirror(
            std::slice::from_ref(&l),
            Lang::Rust,
            &MirrorOptions::default(),
        )
        .unwrap();
        assert!(rust.contains("pub r#type: f32,"));
        assert!(rust.contains("pub class: f32,"));
        let cpp = mirror(&[l], Lang::Cpp, &MirrorOptions::default()).unwrap();
        assert!(cpp.contains("    float type; // HLSL `float type`: offset 0, row c0\n"));
        assert!(cpp.contains("    float class_; // HLSL `float class`: offset 4, row c0\n"));
    }

    #[test]
    fn elements_name_the_hlsl_path_and_the_cpu_place() {
        let l = cb(vec![Field::new(
            "a",
            Ty::array(Ty::vector(Scalar::Float, 2), 2),
        )]);
        let m = mirror_buffers(&[l], Lang::C, &MirrorOptions::default()).unwrap();
        let mut got = Vec::new();
        m.for_each_element(0, &mut |e| got.push((e.hlsl_path, e.place)));
        assert_eq!(
            got,
            [
                ("a[0][0]".to_owned(), ".a[0].value[0]".to_owned()),
                ("a[0][1]".to_owned(), ".a[0].value[1]".to_owned()),
                ("a[1][0]".to_owned(), ".a_last[0]".to_owned()),
                ("a[1][1]".to_owned(), ".a_last[1]".to_owned()),
            ]
        );
    }

    #[test]
    fn math_types_are_rust_only() {
        let l = cb(vec![Field::new("a", Ty::scalar(Scalar::Float))]);
        let opts = MirrorOptions {
            types: MathTypes::Glam,
            ..MirrorOptions::default()
        };
        assert_eq!(
            mirror(&[l], Lang::C, &opts).unwrap_err(),
            MirrorError::RustOnly { option: "--types" }
        );
    }
}
