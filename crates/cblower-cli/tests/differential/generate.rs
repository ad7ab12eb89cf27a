//! The seeded generator of random buffer declarations.
//!
//! Everything it writes compiles with clang-22 on both targets. It leaves out
//! what clang-22 rejects or crashes on (min-precision types, `row_major`,
//! `ConstantBuffer<T>`, struct copies) and never puts a struct that needs a
//! filtered `__cblayout_` copy inside an array: clang-22 crashes when such a
//! struct holds an empty struct or a zero-sized array, and keeps the resource
//! handle in the layout when it holds a resource.

use super::dxc_packer::{place, placement, round_up, ROW};
use super::model::{
    Buffer, BufferKind, Case, Item, Member, Register, ResKind, Scalar, Storage, StructDef, Ty,
    VkGlobal,
};
use super::prng::SplitMix64;
use super::vk_model::{Model, Rule};

#[derive(Clone, Copy, Debug, Default)]
pub struct GenOptions {
    /// Leave out the types whose clang-22 DXIL offsets differ from DXC's on
    /// purpose (over-aligned 2- and 4-component vectors, matrices), so the DXC
    /// packer can be checked against clang-22 itself.
    pub dxc_compatible_only: bool,
    /// Also write what issue #15 added (the conformance cases): resources of
    /// every kind (counters, arrays, `[[vk::binding]]`) between buffers and
    /// inside them, bitfields in structs, `[[vk::offset]]`,
    /// `[[vk::push_constant]]` and `[[vk::constant_id]]` globals, and arrays
    /// of matrices with `packoffset` followed by a member placed by
    /// clang-22's sizes (which DXC's rules reject as an overlap).
    pub conformance: bool,
    /// Write one `[[vk::push_constant]]` global (when a struct cblower can
    /// lay out as clang-22 does exists) at a random place among the buffers:
    /// before the first, between two or after the last, before or after the
    /// other globals and resources there.
    pub push_constant_anywhere: bool,
}

struct Gen<'a> {
    rng: SplitMix64,
    opts: &'a GenOptions,
    case: Case,
    names: u32,
    slots: u32,
    /// A `[[vk::push_constant]]` global was written (at most one a file).
    push_constant: bool,
    /// [`GenOptions::push_constant_anywhere`]: the gap between buffers
    /// (0: before the first) that gets the push-constant global.
    push_constant_gap: Option<u32>,
}

pub fn generate(seed: u64, opts: &GenOptions) -> Case {
    let mut rng = SplitMix64::new(seed);
    let native16 = rng.chance(35);
    let mut g = Gen {
        rng,
        opts,
        case: Case {
            seed,
            native16,
            dxc_rejects: false,
            structs: Vec::new(),
            items: Vec::new(),
        },
        names: 0,
        slots: 0,
        push_constant: false,
        push_constant_gap: None,
    };
    g.slots = g.rng.below(4);
    let struct_count = g.rng.below(4) as usize;
    for i in 0..struct_count {
        let def = g.struct_def(i);
        g.case.structs.push(def);
    }
    let buffer_count = g.rng.range(1, 4);
    if opts.push_constant_anywhere {
        g.push_constant_gap = Some(g.rng.below(buffer_count + 1));
    }
    for b in 0..buffer_count {
        g.between_buffers();
        g.placed_push_constant(b);
        let buffer = g.buffer(b);
        g.case.items.push(Item::Buffer(buffer));
    }
    g.between_buffers();
    g.placed_push_constant(buffer_count);
    g.case
}

impl Gen<'_> {
    fn fresh(&mut self, prefix: &str) -> String {
        self.names += 1;
        format!("{prefix}{}", self.names)
    }

    fn scalar(&mut self) -> Scalar {
        if self.case.native16 && self.rng.chance(30) {
            *self.rng.pick(&Scalar::NATIVE_16)
        } else {
            *self.rng.pick(&Scalar::ALWAYS)
        }
    }

    fn vector(&mut self) -> Ty {
        loop {
            let s = self.scalar();
            let n = self.rng.range(1, 4);
            if !self.opts.dxc_compatible_only || !clang22_over_aligned(s, n, self.case.native16) {
                return Ty::Vector(s, n);
            }
        }
    }

    /// A member or field type. `depth` limits nesting; `structs` is how many
    /// struct definitions may be referenced.
    fn ty(&mut self, depth: u32, structs: usize) -> Ty {
        loop {
            match self.rng.below(100) {
                0..=34 => return Ty::Scalar(self.scalar()),
                35..=64 => return self.vector(),
                65..=74 if !self.opts.dxc_compatible_only => {
                    let s = self.scalar();
                    return Ty::Matrix(s, self.rng.range(1, 4), self.rng.range(1, 4));
                }
                75..=89 if depth > 0 => return self.array(depth - 1, structs),
                90..=99 if structs > 0 => {
                    return Ty::Struct(self.rng.below(structs as u32) as usize)
                }
                _ => {}
            }
        }
    }

    /// One to three dimensions of one to three elements; struct elements only
    /// from structs that need no filtered copy.
    fn array(&mut self, depth: u32, structs: usize) -> Ty {
        let elem = loop {
            let elem = self.ty(depth.min(1), structs);
            match elem {
                Ty::Struct(s) if self.case.struct_has_filtered(s) => continue,
                Ty::Struct(_) if self.case.holds_huge_bitfield(&elem) => continue,
                Ty::Array(..) => continue,
                other => break other,
            }
        };
        let dims = self.rng.range(1, 3);
        let mut ty = elem;
        for _ in 0..dims {
            ty = Ty::Array(Box::new(ty), self.rng.range(1, 3));
        }
        ty
    }

    /// A filtered-out type: resource, empty struct, or zero-sized array.
    fn filtered_ty(&mut self) -> Ty {
        match self.rng.below(3) {
            0 => Ty::Resource,
            1 => Ty::Empty,
            _ => Ty::Array(Box::new(Ty::Scalar(Scalar::Float)), 0),
        }
    }

    fn struct_def(&mut self, index: usize) -> StructDef {
        let base =
            (index > 0 && self.rng.chance(20)).then(|| self.rng.below(index as u32) as usize);
        let count = self.rng.range(1, 4);
        let mut fields = Vec::new();
        for _ in 0..count {
            // A struct with a huge bitfield is no field of another (see
            // `HUGE_BITFIELD`).
            let ty = loop {
                let ty = self.ty(1, index);
                if !self.case.holds_huge_bitfield(&ty) {
                    break ty;
                }
            };
            fields.push((self.fresh("f"), ty));
        }
        if self.rng.chance(15) {
            let at = self.rng.below(fields.len() as u32 + 1) as usize;
            let ty = self.filtered_ty();
            fields.insert(at, (self.fresh("f"), ty));
        }
        let mut vk_offsets = Vec::new();
        if self.opts.conformance && self.rng.chance(30) {
            let at = self.rng.below(fields.len() as u32 + 1) as usize;
            let run = self.bitfields();
            fields.splice(at..at, run);
            vk_offsets = self.vk_offset_bitfield(index, base, &fields);
        }
        StructDef {
            name: format!("S{index}"),
            base,
            fields,
            vk_offsets,
        }
    }

    /// The push-constant global of [`GenOptions::push_constant_anywhere`],
    /// when `gap` is its gap: inserted among the items already written
    /// there (before, between or after them).
    fn placed_push_constant(&mut self, gap: u32) {
        if self.push_constant || self.push_constant_gap != Some(gap) {
            return;
        }
        let candidates: Vec<usize> = (0..self.case.structs.len())
            .filter(|&s| self.push_constant_reproducible(s, 0))
            .collect();
        if candidates.is_empty() {
            return;
        }
        let s = *self.rng.pick(&candidates);
        self.push_constant = true;
        let since = self
            .case
            .items
            .iter()
            .rposition(|i| matches!(i, Item::Buffer(_)))
            .map_or(0, |b| b + 1);
        let at = since + self.rng.below((self.case.items.len() - since) as u32 + 1) as usize;
        let name = self.fresh("pc");
        self.case.items.insert(
            at,
            Item::Global(Member {
                name,
                ty: Ty::Struct(s),
                storage: Storage::Stored,
                packoffset: None,
                vk_offset: None,
                vk_global: Some(VkGlobal::PushConstant),
            }),
        );
    }

    /// Whether struct `s` can be a push-constant block: it (its base and
    /// nested structs included) holds no resource, and stores some data
    /// (the default rules, as DXC, want a block with a member). Bitfields,
    /// empty structs and zero-length arrays are fine: `--rules clang-22`
    /// lays them out as clang-22 does; a bitfield wider than its type is
    /// not (`--rules clang-22` refuses it in a push-constant block).
    fn push_constant_reproducible(&self, s: usize, depth: usize) -> bool {
        fn stores(g: &Gen, ty: &Ty, depth: usize) -> bool {
            match ty {
                Ty::Scalar(_) | Ty::Vector(..) | Ty::Matrix(..) | Ty::Bitfield(..) => true,
                Ty::Array(elem, n) => *n > 0 && stores(g, elem, depth),
                Ty::Struct(i) if depth < 32 => {
                    let def = &g.case.structs[*i];
                    def.base
                        .is_some_and(|b| stores(g, &Ty::Struct(b), depth + 1))
                        || def.fields.iter().any(|(_, t)| stores(g, t, depth + 1))
                }
                _ => false,
            }
        }
        self.holds_no_resource(&Ty::Struct(s), depth)
            && stores(self, &Ty::Struct(s), depth)
            && !self.case.struct_has_wide_bitfield(s)
    }

    /// Whether `ty` (structs' bases and fields included) holds no resource.
    fn holds_no_resource(&self, ty: &Ty, depth: usize) -> bool {
        match ty {
            Ty::Resource | Ty::Res(_) => false,
            Ty::Array(elem, _) => self.holds_no_resource(elem, depth),
            Ty::Struct(i) => {
                let def = &self.case.structs[*i];
                depth < 32
                    && def
                        .base
                        .is_none_or(|b| self.holds_no_resource(&Ty::Struct(b), depth + 1))
                    && def
                        .fields
                        .iter()
                        .all(|(_, t)| self.holds_no_resource(t, depth + 1))
            }
            _ => true,
        }
    }

    /// One to four bitfields of integer types or `bool`, sometimes unnamed,
    /// sometimes followed by an unnamed `: 0` that closes DXC's storage unit.
    fn bitfields(&mut self) -> Vec<(String, Ty)> {
        let mut kinds = vec![
            Scalar::Uint,
            Scalar::Int,
            Scalar::Uint64,
            Scalar::Int64,
            Scalar::Bool,
        ];
        // Sometimes a run of narrow 32-bit bitfields only, so `bool` ones
        // often meet `uint` and `int` ones in a unit (DXC's DXIL and SPIR-V
        // packings differ there).
        let narrow = self.rng.chance(30);
        if narrow {
            kinds = vec![Scalar::Bool, Scalar::Uint, Scalar::Int];
        } else if self.case.native16 {
            kinds.extend([Scalar::Uint16, Scalar::Int16]);
        }
        let count = self.rng.range(1, 4);
        // Sometimes one bitfield wider than its type: clang-22 accepts it
        // (a -Wbitfield-width warning when named and not `bool`, the
        // declaring struct over-aligned), DXC refuses it.
        let wide = self.rng.chance(30).then(|| self.rng.below(count));
        let mut run = Vec::new();
        for k in 0..count {
            let s = *self.rng.pick(&kinds);
            let bits = 8 * s.size(true) as u32;
            let width = if wide == Some(k) {
                self.wide_width(bits)
            } else {
                self.rng.range(1, if narrow { 12 } else { bits.min(40) })
            };
            let name = if self.rng.chance(15) {
                String::new()
            } else {
                self.fresh("b")
            };
            run.push((name, Ty::Bitfield(s, width)));
            if self.rng.chance(10) {
                run.push((String::new(), Ty::Bitfield(s, 0)));
            }
        }
        run
    }

    /// A width over a bitfield type's `bits`: up to twice the bits (a
    /// `uint` of 33 to 63 bits, which over-aligns clang-22's struct to 4),
    /// from twice the bits on (64 and more: to 8), thousands and more (digit
    /// groups in clang-22's warning), or near 2^32 (widths from 2^32 are
    /// refused by `--rules clang-22` and not generated).
    fn wide_width(&mut self, bits: u32) -> u32 {
        match self.rng.below(10) {
            0..=3 => self.rng.range(bits + 1, 2 * bits - 1),
            4..=6 => self.rng.range(2 * bits, 2 * bits + 40),
            7 | 8 => self.rng.range(1000, 9_999_999),
            _ => *self.rng.pick(&[u32::MAX, u32::MAX - 1, 1 << 31]),
        }
    }

    /// Sometimes `[[vk::offset(N)]]` on one named bitfield of the struct
    /// being defined (`fields` of struct `index`): N is past where the
    /// fields before it end under every rule DXC's SPIR-V back end lays the
    /// struct out by, and a multiple of the bitfield type's size (the
    /// alignment SPIR-V's validator wants), so every layout flag accepts
    /// it. DXC places the bitfield there and starts a unit that the next
    /// bitfields of its type may join; DXIL and clang-22 ignore it.
    fn vk_offset_bitfield(
        &mut self,
        index: usize,
        base: Option<usize>,
        fields: &[(String, Ty)],
    ) -> Vec<(String, u64)> {
        let named: Vec<usize> = (0..fields.len())
            .filter(|&i| matches!(fields[i].1, Ty::Bitfield(..)) && !fields[i].0.is_empty())
            .collect();
        if named.is_empty() || !self.rng.chance(50) {
            return Vec::new();
        }
        // Mostly one that follows a bitfield of its type, which it would
        // otherwise join.
        let joining: Vec<usize> = named
            .iter()
            .copied()
            .filter(|&i| {
                i > 0
                    && matches!((&fields[i - 1].1, &fields[i].1),
                        (Ty::Bitfield(a, _), Ty::Bitfield(b, _)) if a == b)
            })
            .collect();
        let at = if !joining.is_empty() && self.rng.chance(70) {
            *self.rng.pick(&joining)
        } else {
            *self.rng.pick(&named)
        };
        let Ty::Bitfield(s, _) = fields[at].1 else {
            return Vec::new();
        };
        // The struct cut before the bitfield, laid out by every rule.
        let mut probe = self.case.clone();
        probe.structs.truncate(index);
        probe.structs.push(StructDef {
            name: format!("S{index}"),
            base,
            fields: fields[..at].to_vec(),
            vk_offsets: Vec::new(),
        });
        let end = [
            Rule::Std140,
            Rule::Std430,
            Rule::RelaxedStd140,
            Rule::RelaxedStd430,
            Rule::Scalar,
            Rule::FxcCTBuffer,
            Rule::FxcSBuffer,
        ]
        .into_iter()
        .map(|rule| {
            let model = Model { case: &probe, rule };
            model.align_size(&Ty::Struct(index)).size
        })
        .max()
        .unwrap_or(0);
        let align = s.size(true);
        let gap = if self.rng.chance(50) {
            self.rng.range(1, 3)
        } else {
            0
        };
        let offset = round_up(end, align) + align * u64::from(gap);
        vec![(fields[at].0.clone(), offset)]
    }

    fn register(&mut self, kind: BufferKind) -> Option<Register> {
        let _ = kind;
        let space = self.rng.below(3);
        match self.rng.below(100) {
            0..=34 => None,
            35..=59 => Some(Register {
                slot: Some(self.next_slot()),
                space: None,
            }),
            60..=79 => Some(Register {
                slot: Some(self.next_slot()),
                space: Some(space),
            }),
            _ => Some(Register {
                slot: None,
                space: Some(space),
            }),
        }
    }

    fn next_slot(&mut self) -> u32 {
        self.slots += 1 + self.rng.below(2);
        self.slots
    }

    fn buffer(&mut self, index: u32) -> Buffer {
        let kind = if self.rng.chance(15) {
            BufferKind::TBuffer
        } else {
            BufferKind::CBuffer
        };
        let prefix = if kind == BufferKind::TBuffer {
            "TB"
        } else {
            "CB"
        };
        let name = format!("{prefix}{index}");
        let register = self.register(kind);
        let only_filtered = self.rng.chance(5);
        let stored = if only_filtered {
            0
        } else {
            self.rng.range(1, 6)
        };
        let mut members = Vec::new();
        for _ in 0..stored {
            let ty = self.ty(2, self.case.structs.len());
            let name = self.fresh("m");
            members.push(Member {
                name,
                ty,
                storage: Storage::Stored,
                packoffset: None,
                vk_offset: None,
                vk_global: None,
            });
        }
        let matrix_arrays = self.opts.conformance && stored > 0 && self.rng.chance(40);
        if matrix_arrays {
            let s = self.scalar();
            let (r, c) = (self.rng.range(1, 4), self.rng.range(2, 4));
            let n = self.rng.range(1, 3);
            let at = self.rng.below(members.len() as u32 + 1) as usize;
            let name = self.fresh("m");
            members.insert(
                at,
                Member {
                    name,
                    ty: Ty::Array(Box::new(Ty::Matrix(s, r, c)), n),
                    storage: Storage::Stored,
                    packoffset: None,
                    vk_offset: None,
                    vk_global: None,
                },
            );
        }
        let filtered = if only_filtered {
            self.rng.range(1, 2)
        } else {
            self.rng.below(3)
        };
        for _ in 0..filtered {
            let member = self.filtered_member();
            let at = self.rng.below(members.len() as u32 + 1) as usize;
            members.insert(at, member);
        }
        // clang-22's overlap check counts the resources a struct holds, so
        // buffers with filtered struct copies get no packoffset.
        let has_filtered_struct = members.iter().any(|m| match m.ty {
            Ty::Struct(s) => self.case.struct_has_filtered(s),
            _ => false,
        });
        if stored > 0 && !has_filtered_struct && (matrix_arrays || self.rng.chance(30)) {
            self.assign_packoffsets(&mut members);
        } else if self.opts.conformance && stored > 0 && self.rng.chance(25) {
            // `[[vk::offset]]` on the first stored member, past where it
            // would go: DXC honours it on SPIR-V only, clang-22 never.
            if let Some(m) = members
                .iter_mut()
                .find(|m| m.storage == Storage::Stored && !self.case.is_filtered(&m.ty))
            {
                m.vk_offset = Some(16 * u64::from(self.rng.range(1, 3)));
            }
        }
        Buffer {
            kind,
            name,
            register,
            members,
        }
    }

    fn filtered_member(&mut self) -> Member {
        let name = self.fresh("x");
        let (ty, storage) = match self.rng.below(5) {
            0 => (Ty::Scalar(self.scalar()), Storage::Static),
            1 => (Ty::Scalar(Scalar::Float), Storage::Groupshared),
            2 if self.opts.conformance => (Ty::Res(*self.rng.pick(&ResKind::ALL)), Storage::Stored),
            _ => (self.filtered_ty(), Storage::Stored),
        };
        Member {
            name,
            ty,
            storage,
            packoffset: None,
            vk_offset: None,
            vk_global: None,
        }
    }

    /// Gives every stored member a `packoffset`, visiting them in a shuffled
    /// order (so the offsets come out of declaration order) and sometimes
    /// leaving gaps. Offsets follow DXC's placement, rounded to the 4-byte
    /// granularity `packoffset` can spell.
    fn assign_packoffsets(&mut self, members: &mut [Member]) {
        let mut order: Vec<usize> = (0..members.len())
            .filter(|&i| {
                members[i].storage == Storage::Stored && !self.case.is_filtered(&members[i].ty)
            })
            .collect();
        self.rng.shuffle(&mut order);
        let mut cursor = 0;
        // (offset, DXC end) of every placed member, for the overlap verdict.
        let mut placed: Vec<(u64, u64)> = Vec::new();
        for i in order {
            if self.rng.chance(25) {
                cursor += 4 * u64::from(self.rng.range(1, 6));
            }
            let p = placement(&self.case, &members[i].ty);
            let mut offset = place(round_up(cursor, 4), p);
            offset = round_up(offset, 4);
            if !p.starts_row
                && offset % ROW + clang_packoffset_width(&self.case, &members[i].ty) > ROW
            {
                offset = round_up(offset, ROW);
            }
            members[i].packoffset = Some(offset);
            placed.push((offset, offset + p.size));
            // clang-22's Sema checks overlaps with sizes of its own; the
            // next member goes past both ends, except that after an array of
            // matrices a conformance case sometimes goes by clang-22's
            // (smaller, flat) size alone, which DXC's rules call an overlap.
            let sema = sema_size(&self.case, &members[i].ty);
            let matrix_array =
                matches!(&members[i].ty, Ty::Array(e, _) if matches!(**e, Ty::Matrix(..)));
            cursor = if self.opts.conformance && matrix_array && self.rng.chance(50) {
                round_up(offset + sema, 4)
            } else {
                round_up(offset + p.size.max(sema), 4)
            };
        }
        placed.sort_unstable();
        if placed.windows(2).any(|w| w[1].0 < w[0].1) {
            self.case.dxc_rejects = true;
        }
    }

    /// What may sit between two buffers: namespace-scope variables (stored
    /// ones form `$Globals`) and resources that take implicit binding ids.
    fn between_buffers(&mut self) {
        let count = self.rng.below(3);
        for _ in 0..count {
            let item = match self.rng.below(10) {
                0..=4 => {
                    let ty = self.ty(1, self.case.structs.len());
                    let name = self.fresh("g");
                    let mut vk_global = None;
                    let mut ty = ty;
                    if self.opts.conformance && self.rng.chance(20) {
                        if !self.push_constant
                            && !self.case.structs.is_empty()
                            && self.rng.chance(50)
                        {
                            let s = self.rng.below(self.case.structs.len() as u32) as usize;
                            ty = Ty::Struct(s);
                            // A struct with a resource, or with no data
                            // at all, stays an ordinary global here.
                            if self.push_constant_reproducible(s, 0) {
                                self.push_constant = true;
                                vk_global = Some(VkGlobal::PushConstant);
                            }
                        } else {
                            vk_global = Some(VkGlobal::SpecConstant(self.rng.below(8)));
                            ty = Ty::Scalar(*self.rng.pick(&[
                                Scalar::Float,
                                Scalar::Int,
                                Scalar::Uint,
                                Scalar::Bool,
                            ]));
                        }
                    }
                    Item::Global(Member {
                        name,
                        ty,
                        storage: Storage::Stored,
                        packoffset: None,
                        vk_offset: None,
                        vk_global,
                    })
                }
                5 => Item::Global(self.filtered_member()),
                6..=8 => self.resource_global(None),
                _ => {
                    let slot = Some(self.next_slot());
                    self.resource_global(slot)
                }
            };
            self.case.items.push(item);
        }
    }
}

impl Gen<'_> {
    /// A resource between buffers: `RWBuffer<float>` in the original cases;
    /// any kind, sometimes an array (bounded or not) or with
    /// `[[vk::binding]]`, in conformance cases.
    fn resource_global(&mut self, slot: Option<u32>) -> Item {
        let name = self.fresh("r");
        if !self.opts.conformance {
            return Item::ResourceGlobal {
                name,
                slot,
                kind: ResKind::RwBuffer,
                dims: Vec::new(),
                vk_binding: None,
            };
        }
        let kind = *self.rng.pick(&ResKind::ALL);
        let mut dims = Vec::new();
        if self.rng.chance(25) {
            let first = if slot.is_none() && self.rng.chance(30) {
                0
            } else {
                self.rng.range(1, 3)
            };
            dims.push(first);
            if self.rng.chance(30) {
                dims.push(self.rng.range(1, 3));
            }
        }
        // clang-22 crashes on SPIR-V on `[[vk::binding]]` arrays of
        // structured buffers with counters; only single resources get one.
        let vk_binding = (dims.is_empty() && self.rng.chance(15)).then(|| self.rng.below(20));
        Item::ResourceGlobal {
            name,
            slot,
            kind,
            dims,
            vk_binding,
        }
    }
}

/// clang-22 Sema's size of a type for its `packoffset` overlap check: flat
/// matrices and vectors, arrays of `n - 1` row-rounded elements plus one, a
/// struct's own fields only (not its base's), each aligned to 16 (arrays,
/// structs), its component (vectors) or its whole size (anything else), and
/// to 16 when it would cross a row; bitfields count their declared type.
pub fn sema_size(case: &Case, ty: &Ty) -> u64 {
    let n16 = case.native16;
    match ty {
        Ty::Scalar(s) | Ty::Bitfield(s, _) => s.size(n16),
        Ty::Vector(s, n) => s.size(n16) * u64::from(*n),
        Ty::Matrix(s, r, c) => s.size(n16) * u64::from(r * c),
        Ty::Array(elem, n) => {
            if *n == 0 {
                return 0;
            }
            let e = sema_size(case, elem);
            round_up(e, ROW) * (u64::from(*n) - 1) + e
        }
        Ty::Struct(i) => {
            let mut size = 0;
            for (_, f) in &case.structs[*i].fields {
                let fsize = sema_size(case, f);
                let mut align = match f {
                    Ty::Array(..) | Ty::Struct(_) | Ty::Empty | Ty::Resource | Ty::Res(_) => ROW,
                    Ty::Vector(s, _) => s.size(n16),
                    other => sema_size(case, other).max(1),
                };
                if round_up(size, align) % ROW + fsize > ROW {
                    align = ROW;
                }
                size = round_up(size, align) + fsize;
            }
            size
        }
        Ty::Empty | Ty::Resource | Ty::Res(_) => 0,
    }
}

/// The vectors clang-22's data layout aligns more strictly than DXC does:
/// 2-component 32-bit, 2- and 4-component 16-bit, 4-component 64-bit.
pub fn clang22_over_aligned(s: Scalar, n: u32, native16: bool) -> bool {
    matches!((s.size(native16), n), (4, 2) | (2, 2 | 4) | (8, 4))
}

/// The width clang-22's packoffset check gives a non-aggregate member: a
/// 3-component vector counts as 4 components (issue #124696), so it cannot
/// start past the second 4-byte slot of a row even where DXC would allow it.
fn clang_packoffset_width(case: &Case, ty: &Ty) -> u64 {
    match ty {
        Ty::Vector(s, 3) | Ty::Matrix(s, 3, 1) => 4 * s.size(case.native16),
        other => placement(case, other).size,
    }
}
