//! What the generator produces: a small model of an HLSL file's buffer
//! declarations, rendered to text by `render` and packed by `dxc_packer`.

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scalar {
    Bool,
    Int,
    Uint,
    Float,
    Double,
    Int64,
    Uint64,
    Half,
    Float16,
    Int16,
    Uint16,
}

impl Scalar {
    pub const ALWAYS: [Scalar; 8] = [
        Scalar::Bool,
        Scalar::Int,
        Scalar::Uint,
        Scalar::Float,
        Scalar::Double,
        Scalar::Int64,
        Scalar::Uint64,
        Scalar::Half,
    ];
    /// Only spelled when native 16-bit types are on.
    pub const NATIVE_16: [Scalar; 3] = [Scalar::Float16, Scalar::Int16, Scalar::Uint16];

    pub fn spelling(self) -> &'static str {
        match self {
            Scalar::Bool => "bool",
            Scalar::Int => "int",
            Scalar::Uint => "uint",
            Scalar::Float => "float",
            Scalar::Double => "double",
            Scalar::Int64 => "int64_t",
            Scalar::Uint64 => "uint64_t",
            Scalar::Half => "half",
            Scalar::Float16 => "float16_t",
            Scalar::Int16 => "int16_t",
            Scalar::Uint16 => "uint16_t",
        }
    }

    /// The unsigned scalar of the same size (a `bool` is 32 bits).
    pub fn unsigned(self) -> Scalar {
        match self {
            Scalar::Bool | Scalar::Int => Scalar::Uint,
            Scalar::Int64 => Scalar::Uint64,
            Scalar::Int16 => Scalar::Uint16,
            other => other,
        }
    }

    /// The bits a bitfield of this type holds (a `bool` 32, 16-bit types
    /// 16: bitfields only appear with native 16-bit types).
    pub fn bitfield_bits(self) -> u64 {
        8 * self.size(true)
    }

    /// Storage size in a constant buffer (bool is 4 bytes; half is 4 bytes
    /// unless 16-bit types are native).
    pub fn size(self, native16: bool) -> u64 {
        match self {
            Scalar::Double | Scalar::Int64 | Scalar::Uint64 => 8,
            Scalar::Half if !native16 => 4,
            Scalar::Half | Scalar::Float16 | Scalar::Int16 | Scalar::Uint16 => 2,
            Scalar::Bool | Scalar::Int | Scalar::Uint | Scalar::Float => 4,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ty {
    Scalar(Scalar),
    Vector(Scalar, u32),
    /// rows, columns
    Matrix(Scalar, u32, u32),
    /// Outermost dimension first: `float a[2][3]` is `Array(Array(float, 3), 2)`.
    /// A count of 0 is a zero-sized array (filtered out of buffers).
    Array(Box<Ty>, u32),
    /// Index into `Case::structs`.
    Struct(usize),
    /// `struct Empty {}` (filtered out of buffers).
    Empty,
    /// `RWBuffer<float>` (filtered out of buffers).
    Resource,
    /// A resource of another kind (filtered out of buffers); those with a
    /// counter take a second implicit binding order ID in clang-22.
    Res(ResKind),
    /// A struct field `T name : width;` (HLSL 2021 bitfield; `T` an integer
    /// scalar or `bool`). DXC packs runs of them into storage units; clang-22
    /// does not.
    Bitfield(Scalar, u32),
}

/// The resource kinds the conformance cases declare.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[allow(clippy::enum_variant_names)] // they are all buffers
pub enum ResKind {
    RwBuffer,
    StructuredBuffer,
    RwStructuredBuffer,
    AppendStructuredBuffer,
    ConsumeStructuredBuffer,
    RasterizerOrderedStructuredBuffer,
    ByteAddressBuffer,
}

impl ResKind {
    pub const ALL: [ResKind; 7] = [
        ResKind::RwBuffer,
        ResKind::StructuredBuffer,
        ResKind::RwStructuredBuffer,
        ResKind::AppendStructuredBuffer,
        ResKind::ConsumeStructuredBuffer,
        ResKind::RasterizerOrderedStructuredBuffer,
        ResKind::ByteAddressBuffer,
    ];

    pub fn spelling(self) -> &'static str {
        match self {
            ResKind::RwBuffer => "RWBuffer<float>",
            ResKind::StructuredBuffer => "StructuredBuffer<float>",
            ResKind::RwStructuredBuffer => "RWStructuredBuffer<float>",
            ResKind::AppendStructuredBuffer => "AppendStructuredBuffer<float>",
            ResKind::ConsumeStructuredBuffer => "ConsumeStructuredBuffer<float>",
            ResKind::RasterizerOrderedStructuredBuffer => {
                "RasterizerOrderedStructuredBuffer<float>"
            }
            ResKind::ByteAddressBuffer => "ByteAddressBuffer",
        }
    }

    /// The register class of an explicit binding.
    pub fn class(self) -> char {
        match self {
            ResKind::StructuredBuffer | ResKind::ByteAddressBuffer => 't',
            _ => 'u',
        }
    }
}

#[derive(Clone, Debug)]
pub struct StructDef {
    pub name: String,
    pub base: Option<usize>,
    pub fields: Vec<(String, Ty)>,
    /// `[[vk::offset(N)]]` on named bitfields (field name, N): DXC's SPIR-V
    /// back end places the bitfield at N and starts a unit there; DXC's DXIL
    /// rules and clang-22 ignore it.
    pub vk_offsets: Vec<(String, u64)>,
}

impl StructDef {
    /// The `[[vk::offset(N)]]` of field `name`, if it has one.
    pub fn vk_offset(&self, name: &str) -> Option<u64> {
        if name.is_empty() {
            return None;
        }
        self.vk_offsets
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, at)| *at)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Storage {
    Stored,
    Static,
    Groupshared,
}

#[derive(Clone, Debug)]
pub struct Member {
    pub name: String,
    pub ty: Ty,
    pub storage: Storage,
    /// Byte offset given with `packoffset` (a multiple of 4).
    pub packoffset: Option<u64>,
    /// `[[vk::offset(N)]]`: honoured by DXC's rules on SPIR-V only, unknown
    /// to clang-22.
    pub vk_offset: Option<u64>,
    /// `[[vk::push_constant]]` / `[[vk::constant_id(N)]]` on a global: not
    /// a `$Globals` member on SPIR-V.
    pub vk_global: Option<VkGlobal>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VkGlobal {
    PushConstant,
    /// `[[vk::constant_id(N)]] const T name = 1;`
    SpecConstant(u32),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BufferKind {
    CBuffer,
    TBuffer,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Register {
    pub slot: Option<u32>,
    pub space: Option<u32>,
}

#[derive(Clone, Debug)]
pub struct Buffer {
    pub kind: BufferKind,
    pub name: String,
    pub register: Option<Register>,
    pub members: Vec<Member>,
}

#[derive(Clone, Debug)]
pub enum Item {
    Buffer(Buffer),
    /// A namespace-scope variable: stored ones go to `$Globals`.
    Global(Member),
    /// `RWBuffer<float> name [: register(uN)];` between buffers (other
    /// kinds, arrays and `[[vk::binding]]` in conformance cases).
    ResourceGlobal {
        name: String,
        slot: Option<u32>,
        kind: ResKind,
        /// Array dimensions, outermost first; a leading 0 is `[]`.
        dims: Vec<u32>,
        /// `[[vk::binding(N, 7)]]`.
        vk_binding: Option<u32>,
    },
}

/// A bitfield width from which clang-22's struct is big enough (its AST
/// size counts every declared bit: 2^32 - 1 bits are 512 MiB) that an
/// array of a few of them is "too large" for clang-22 on SPIR-V (arrays of
/// 2^32 bytes or more), which `--rules clang-22` refuses too, leaving no IR
/// to compare. The generator keeps structs holding such a bitfield out of
/// arrays and out of other structs.
pub const HUGE_BITFIELD: u64 = 1 << 28;

#[derive(Clone, Debug)]
pub struct Case {
    pub seed: u64,
    pub native16: bool,
    /// A `packoffset` placed after an array of matrices by clang-22's
    /// (flat) sizes overlaps it by DXC's: the default rules must reject the
    /// case as an overlap, `--rules clang-22` must match clang-22.
    pub dxc_rejects: bool,
    pub structs: Vec<StructDef>,
    pub items: Vec<Item>,
}

impl Case {
    /// Whether `ty` is dropped from a buffer's layout: resources, empty
    /// structs and zero-sized arrays (and arrays of those).
    pub fn is_filtered(&self, ty: &Ty) -> bool {
        match ty {
            Ty::Resource | Ty::Res(_) | Ty::Empty => true,
            Ty::Array(elem, n) => *n == 0 || self.is_filtered(elem),
            _ => false,
        }
    }

    /// Whether a struct (or its base chain, or a struct field) has fields that
    /// clang replaces by a filtered `__cblayout_<Name>` copy.
    pub fn struct_has_filtered(&self, index: usize) -> bool {
        let def = &self.structs[index];
        def.base.is_some_and(|b| self.struct_has_filtered(b))
            || def.fields.iter().any(|(_, ty)| match ty {
                Ty::Struct(s) => self.struct_has_filtered(*s),
                other => self.is_filtered(other),
            })
    }

    /// The struct's stored fields, base chain first, as DXC stores them:
    /// a run of bitfields that fit one storage unit of their type's size is
    /// one scalar (bitfields of one size share a unit, Microsoft's record
    /// rule, `bool` being 32 bits; a unit of mixed types is unsigned), and
    /// an unnamed `: 0` closes the unit.
    pub fn stored_fields(&self, index: usize) -> Vec<(String, Ty)> {
        let def = &self.structs[index];
        let mut fields = match def.base {
            Some(base) => self.stored_fields(base),
            None => Vec::new(),
        };
        // (bits of the unit, bits used, index in `fields`)
        let mut unit: Option<(u64, u64, usize)> = None;
        for (name, ty) in def.fields.iter().filter(|(_, ty)| !self.is_filtered(ty)) {
            let Ty::Bitfield(s, w) = ty else {
                unit = None;
                fields.push((name.clone(), ty.clone()));
                continue;
            };
            let bits = 8 * s.size(true);
            let w = u64::from(*w);
            if w == 0 {
                unit = None;
                continue;
            }
            if let Some((ubits, used, at)) = unit.as_mut() {
                if *ubits == bits && *used + w <= bits {
                    *used += w;
                    if let Some((_, Ty::Scalar(current))) = fields.get_mut(*at) {
                        if *current != *s {
                            *current = current.unsigned();
                        }
                    }
                    continue;
                }
            }
            unit = Some((bits, w, fields.len()));
            fields.push((name.clone(), Ty::Scalar(*s)));
        }
        fields
    }

    /// Every bitfield wider than its type: (struct, field index).
    pub fn wide_bitfields(&self) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        for (s, def) in self.structs.iter().enumerate() {
            for (f, (_, ty)) in def.fields.iter().enumerate() {
                if let Ty::Bitfield(t, w) = ty {
                    if u64::from(*w) > t.bitfield_bits() {
                        out.push((s, f));
                    }
                }
            }
        }
        out
    }

    /// Whether struct `s` (its base chain and struct fields included) holds
    /// a bitfield wider than its type.
    pub fn struct_has_wide_bitfield(&self, s: usize) -> bool {
        self.used_structs_from(&Ty::Struct(s))
            .iter()
            .any(|&t| self.wide_bitfields().iter().any(|&(w, _)| w == t))
    }

    /// Whether `ty` holds (through arrays, bases and struct fields) a
    /// bitfield of [`HUGE_BITFIELD`] bits or more.
    pub fn holds_huge_bitfield(&self, ty: &Ty) -> bool {
        self.used_structs_from(ty).iter().any(|&s| {
            self.structs[s]
                .fields
                .iter()
                .any(|(_, f)| matches!(f, Ty::Bitfield(_, w) if u64::from(*w) >= HUGE_BITFIELD))
        })
    }

    /// The structs `ty` mentions, directly, through arrays, bases and
    /// struct fields (`ty`'s own struct included).
    fn used_structs_from(&self, ty: &Ty) -> Vec<usize> {
        let mut seen = vec![false; self.structs.len()];
        let mut stack = vec![ty.clone()];
        while let Some(t) = stack.pop() {
            match t {
                Ty::Array(elem, _) => stack.push(*elem),
                Ty::Struct(i) if !seen[i] => {
                    seen[i] = true;
                    let def = &self.structs[i];
                    stack.extend(def.base.map(Ty::Struct));
                    stack.extend(def.fields.iter().map(|(_, f)| f.clone()));
                }
                _ => {}
            }
        }
        (0..seen.len()).filter(|&i| seen[i]).collect()
    }

    /// The structs some declaration outside a struct definition uses
    /// (buffer members and namespace-scope variables of every kind), with
    /// the structs those use: the ones a compiler has to lay out.
    pub fn used_structs(&self) -> Vec<usize> {
        let mut used = std::collections::BTreeSet::new();
        for item in &self.items {
            let members: Vec<&Member> = match item {
                Item::Buffer(b) => b.members.iter().collect(),
                Item::Global(m) => vec![m],
                Item::ResourceGlobal { .. } => Vec::new(),
            };
            for m in members {
                used.extend(self.used_structs_from(&m.ty));
            }
        }
        used.into_iter().collect()
    }

    /// The over-wide bitfields of the structs the declarations use: DXC
    /// refuses each (it refuses every over-wide bitfield, used or not), and
    /// so must the default mode, which checks the structs a buffer uses.
    pub fn used_wide_bitfields(&self) -> Vec<(usize, usize)> {
        let used = self.used_structs();
        self.wide_bitfields()
            .into_iter()
            .filter(|(s, _)| used.contains(s))
            .collect()
    }

    /// Whether DXC's rules refuse the file for an over-wide bitfield that a
    /// buffer's layout needs.
    pub fn dxc_refuses_wide_bitfields(&self) -> bool {
        !self.used_wide_bitfields().is_empty()
    }

    /// Every buffer of the file in `!hlsl.cbs` order, `$Globals` (stored
    /// namespace-scope variables) last when it has any.
    /// On SPIR-V (`spirv`) push constants and specialisation constants are
    /// not `$Globals` members.
    pub fn buffers_with_globals_for(&self, spirv: bool) -> Vec<Buffer> {
        let mut buffers: Vec<Buffer> = self
            .items
            .iter()
            .filter_map(|item| match item {
                Item::Buffer(b) => Some(b.clone()),
                _ => None,
            })
            .collect();
        let globals: Vec<Member> = self
            .items
            .iter()
            .filter_map(|item| match item {
                Item::Global(m) if !(spirv && m.vk_global.is_some()) => Some(m.clone()),
                _ => None,
            })
            .collect();
        if !globals.is_empty() {
            buffers.push(Buffer {
                kind: BufferKind::CBuffer,
                name: "$Globals".to_string(),
                register: None,
                members: globals,
            });
        }
        buffers
    }
}
