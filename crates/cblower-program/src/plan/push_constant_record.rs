//! clang-22's LLVM type for a `[[vk::push_constant]]` block (SPIR-V): the
//! HLSL struct is not laid out by buffer rules but as Clang lays out any
//! C++ record, then lowered to an LLVM struct by Clang's record lowering.
//! Both steps are modelled here, for the `--rules clang-22` flavour.
//!
//! **Record layout** (Clang's Itanium builder, with HLSL's packing):
//!
//! * every field is aligned to 1, so fields follow each other byte by byte
//!   and bitfields bit by bit; a `: 0` moves the next field to a multiple
//!   of its type's size;
//! * a bitfield wider than its type is laid out apart: at the next byte
//!   aligned to the largest integer type its width fills (`short`, `int`,
//!   `long`: 2, 4, 8 bytes), and it raises the record's alignment to that
//!   type's, packing or not;
//! * a base is placed at offset 0 and passes its alignment on (bases are
//!   not packed); a struct with a base is not POD, so its tail padding (the
//!   bytes the alignment adds after its data) may hold a derived struct's
//!   fields: its *non-virtual size* is its data, where a POD struct's is its
//!   whole size;
//! * the size is the data rounded up to the record's alignment (a record
//!   with no storage at all takes a byte).
//!
//! **Record lowering** (Clang's `CGRecordLowering`): each field with storage
//! is an element at its offset; a base is an element of its *base-subobject
//! type* (`%struct.B.base`, lowered to its non-virtual size, when that
//! differs from its complete type); a field of an empty struct takes no
//! element. A run of bitfields becomes *access units*: bitfields sharing a
//! byte share a unit; a unit of N bytes is the integer `iN*8` when LLVM
//! gives that integer exactly N bytes, else `[N x i8]` ("clipped"). When
//! the record is aligned more than 1, Clang also tries to make a unit the
//! integer of its size rounded up to that integer's alignment, using the
//! bytes up to the next field with storage (or the end of the non-virtual
//! size), and to merge it with the next unit into one of at most a register
//! (8 bytes) when that integer is naturally aligned; the first unit of a
//! span is kept when neither works. The struct is packed (`<{ }>`) when an
//! element is off its LLVM alignment or the size (or non-virtual size) is
//! not a multiple of the largest; gaps become `i8` / `[N x i8]`.

use std::collections::HashMap;
use std::sync::Arc;

use cblower_layout::{Field, Storage, StructTy, Ty};

use super::names::{wide_bitfield_unit_align, without_template_arguments};
use super::types::{PlanTypes, Prim, TypeId, TypeTable};

/// LLVM's widest integer type (`IntegerType::MAX_INT_BITS`).
const LLVM_MAX_INT_BITS: u64 = 1 << 23;

/// The fix for a resource in a push-constant struct.
const RESOURCE_FIX: &str = "keep only data members in the push-constant struct";

/// The register width of Clang's SPIR-V target, which bounds how far
/// bitfield access units merge.
const REGISTER_BYTES: u64 = 8;

/// A clang-22 push-constant record's layout, as its users need it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PcRecordLayout {
    /// `%struct.<Name>`, the complete type.
    pub id: TypeId,
    /// Its size in bytes.
    pub size: u64,
    /// Its non-virtual size: what a struct derived from it starts after.
    pub nv_size: u64,
    /// Its alignment in bytes (the `align` of a push-constant global).
    pub align: u64,
}

/// Why a push-constant struct cannot be given clang-22's type, and the fix.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PcRefusal {
    /// What is wrong.
    pub reason: String,
    /// How to fix it.
    pub fix: &'static str,
}

impl PcRefusal {
    fn new(reason: String, fix: &'static str) -> PcRefusal {
        PcRefusal { reason, fix }
    }
}

/// One field of a record after Clang's record layout.
#[derive(Clone, Copy, Debug)]
enum PcItem {
    /// A field with storage: its LLVM type (none when only sizes are
    /// asked for), byte offset and size.
    Storage {
        ty: Option<TypeId>,
        at: u64,
        bytes: u64,
    },
    /// A field of an empty struct: no storage (it only ends a run of
    /// bitfields).
    Empty,
    /// A bitfield: its bit offset and declared width (0 for `: 0`).
    Bits { bit: u64, width: u64 },
}

impl PcItem {
    /// The byte offset of the storage this field starts, if it has any.
    fn storage_at(self) -> Option<u64> {
        match self {
            PcItem::Storage { at, .. } => Some(at),
            PcItem::Bits { bit, width } if width > 0 => Some(bit / 8),
            _ => None,
        }
    }
}

/// A record laid out and ready to lower.
struct PcFields {
    /// The base's element (base-subobject type, none when only sizes are
    /// asked for, and non-virtual size).
    base: Option<(Option<TypeId>, u64)>,
    items: Vec<PcItem>,
    align: u64,
    size: u64,
    nv_size: u64,
}

impl PlanTypes {
    /// clang-22's type of a `[[vk::push_constant]]` block of struct `s`:
    /// `%struct.<Name>` (see the module documentation), with its size,
    /// non-virtual size and alignment. Resources are refused with the
    /// member's name; so is an access unit wider than LLVM's integers.
    pub fn clang22_push_constant_struct(
        &mut self,
        s: &StructTy,
        done: &mut HashMap<String, PcRecordLayout>,
        depth: usize,
    ) -> Result<PcRecordLayout, PcRefusal> {
        let name = format!("struct.{}", without_template_arguments(&s.name));
        if let Some(&made) = done.get(&name) {
            return Ok(made);
        }
        if depth > 64 {
            return Err(PcRefusal::new(
                format!("struct `{}` nests too deeply", s.name),
                "nest its structs less deeply",
            ));
        }
        let id = self.table.new_named(&name);
        let fields = self.pc_fields(s, Some(done), depth)?;
        self.pc_lower(id, &fields, false)?;
        self.created.push(id);
        let made = PcRecordLayout {
            id,
            size: fields.size,
            nv_size: fields.nv_size,
            align: fields.align,
        };
        done.insert(name, made);
        Ok(made)
    }

    /// The type a struct derived from `s` holds it as: its complete type,
    /// or `%struct.<Name>.base` lowered to its non-virtual size when that
    /// lowering differs (Clang's base-subobject type).
    fn pc_base_subobject(
        &mut self,
        s: &StructTy,
        complete: PcRecordLayout,
        done: &mut HashMap<String, PcRecordLayout>,
        depth: usize,
    ) -> Result<TypeId, PcRefusal> {
        let name = format!("struct.{}.base", without_template_arguments(&s.name));
        if let Some(made) = done.get(&name) {
            return Ok(made.id);
        }
        let fields = self.pc_fields(s, Some(done), depth)?;
        let (elems, packed) = self.pc_elements(&fields, true)?;
        let same = {
            let whole = self.table.named(complete.id);
            whole.packed == packed && elems.iter().map(|e| e.0).eq(whole.elems.iter().copied())
        };
        let id = if same {
            complete.id
        } else {
            let id = self.table.new_named(&name);
            self.pc_set_body(id, elems, packed, fields.nv_size);
            self.created.push(id);
            id
        };
        done.insert(name, PcRecordLayout { id, ..complete });
        Ok(id)
    }

    /// Clang's record layout of `s`: where each field goes, the size and
    /// the alignment; with `done` (the records made so far), the LLVM types
    /// of its fields too, else only their sizes.
    fn pc_fields(
        &mut self,
        s: &StructTy,
        mut done: Option<&mut HashMap<String, PcRecordLayout>>,
        depth: usize,
    ) -> Result<PcFields, PcRefusal> {
        let mut items = Vec::new();
        let mut base = None;
        let mut align = 1;
        let mut bit = 0;
        // The empty classes at offset 0 while nothing else is there (an
        // empty base and its bases): a field holding one of them at its
        // start cannot go there too.
        let mut empties_at_zero = Vec::new();
        if let Some(b) = &s.base {
            if cpp_empty(b, 0) {
                empties_at_zero = empty_classes_at_zero(&Ty::Struct(b.clone()), 0);
            } else if pc_empty(&Ty::Struct(b.clone()), 0) {
                // Not an empty class (it has members, all without
                // storage): it takes its bytes but no element.
                bit = self.pc_empty_size(&Ty::Struct(b.clone()), 0) * 8;
            } else {
                let (ty, nv_size, base_align) = match done.as_deref_mut() {
                    Some(done) => {
                        let layout = self.clang22_push_constant_struct(b, done, depth + 1)?;
                        let ty = self.pc_base_subobject(b, layout, done, depth + 1)?;
                        (Some(ty), layout.nv_size, layout.align)
                    }
                    None => {
                        let layout = self.pc_fields(b, None, depth + 1)?;
                        (None, layout.nv_size, layout.align)
                    }
                };
                base = Some((ty, nv_size));
                align = base_align;
                bit = nv_size * 8;
            }
        }
        for d in declarations(s) {
            if matches!(d.ty, Ty::Resource(_)) && done.is_some() {
                return Err(PcRefusal::new(
                    format!(
                        "member `{}` of `{}` is a resource, which a push-constant block cannot hold",
                        d.name, s.name
                    ),
                    RESOURCE_FIX,
                ));
            }
            match d.bit_width {
                Some(0) => {
                    let unit = 8 * self.pc_scalar_bytes(&d.ty);
                    bit = bit.div_ceil(unit) * unit;
                    items.push(PcItem::Bits { bit, width: 0 });
                }
                Some(width) if width > 8 * self.pc_scalar_bytes(&d.ty) => {
                    let unit = wide_bitfield_unit_align(width);
                    let at = bit.div_ceil(8).next_multiple_of(unit);
                    items.push(PcItem::Bits { bit: at * 8, width });
                    bit = at * 8 + width;
                    align = align.max(unit);
                }
                Some(width) => {
                    items.push(PcItem::Bits { bit, width });
                    bit += width;
                }
                None => {
                    let mut at = bit.div_ceil(8);
                    // Two subobjects of one empty class never share an
                    // address: a field that starts with one of the empty
                    // base's classes moves past it.
                    if at == 0
                        && empty_classes_at_zero(&d.ty, 0)
                            .iter()
                            .any(|c| empties_at_zero.contains(c))
                    {
                        at = 1;
                    }
                    if pc_empty(&d.ty, 0) {
                        items.push(PcItem::Empty);
                        bit = (at + self.pc_empty_size(&d.ty, 0)) * 8;
                        continue;
                    }
                    let (ty, bytes) = match done.as_deref_mut() {
                        Some(done) => {
                            let (ty, bytes) = self.clang22_type(&d.ty, &d.name, done, depth)?;
                            (Some(ty), bytes)
                        }
                        None => (None, self.clang22_object_size(&d.ty, depth + 1)?),
                    };
                    items.push(PcItem::Storage { ty, at, bytes });
                    bit = (at + bytes) * 8;
                }
            }
        }
        let mut data = bit.div_ceil(8);
        let stores = base.is_some() || items.iter().any(|i| !matches!(i, PcItem::Empty));
        if data == 0 && !stores {
            // An empty record still takes a byte.
            data = 1;
        }
        let size = data.next_multiple_of(align);
        // Only a POD struct keeps its tail padding to itself.
        let nv_size = if pod_struct(s, 0) { size } else { data };
        Ok(PcFields {
            base,
            items,
            align,
            size,
            nv_size,
        })
    }

    /// Sets the body of `id` to `fields` lowered as a complete object
    /// (`as_base` false) or as a base subobject.
    fn pc_lower(&mut self, id: TypeId, fields: &PcFields, as_base: bool) -> Result<(), PcRefusal> {
        let (elems, packed) = self.pc_elements(fields, as_base)?;
        let size = if as_base { fields.nv_size } else { fields.size };
        self.pc_set_body(id, elems, packed, size);
        Ok(())
    }

    fn pc_set_body(&mut self, id: TypeId, elems: Vec<(TypeId, u64)>, packed: bool, size: u64) {
        let (elems, offsets): (Vec<_>, Vec<_>) = elems.into_iter().unzip();
        if packed {
            self.table.set_body(id, elems, size, offsets, Vec::new());
        } else {
            self.table.set_natural_body(id, elems, size);
        }
    }

    /// The elements (type and offset, padding included) of `fields`
    /// lowered, and whether the struct is packed.
    fn pc_elements(
        &mut self,
        fields: &PcFields,
        as_base: bool,
    ) -> Result<(Vec<(TypeId, u64)>, bool), PcRefusal> {
        let mut members: Vec<(TypeId, u64, u64)> = Vec::new();
        if let Some((Some(ty), bytes)) = fields.base {
            members.push((ty, 0, bytes));
        }
        let items = &fields.items;
        let mut i = 0;
        while i < items.len() {
            match items[i] {
                PcItem::Storage {
                    ty: Some(ty),
                    at,
                    bytes,
                } => members.push((ty, at, bytes)),
                // Only a size was asked for: nothing to lower.
                PcItem::Storage { ty: None, .. } => {}
                PcItem::Empty => {}
                PcItem::Bits { .. } => {
                    let end = items[i..]
                        .iter()
                        .position(|it| !matches!(it, PcItem::Bits { .. }))
                        .map_or(items.len(), |n| i + n);
                    for (at, bytes, clipped) in
                        access_units(items, i..end, fields.nv_size, fields.align)
                    {
                        let ty = if clipped {
                            pc_bytes(&mut self.table, bytes)
                        } else {
                            pc_int(&mut self.table, bytes)?
                        };
                        members.push((ty, at, bytes));
                    }
                    i = end;
                    continue;
                }
            }
            i += 1;
        }
        let capstone = if as_base { fields.nv_size } else { fields.size };
        // Packed when a member is off its alignment, or the size (or, for a
        // complete object, the non-virtual size) is not a multiple of the
        // largest alignment.
        let mut max_align = 1;
        let mut nv_align = 1;
        let mut natural = true;
        for &(e, at, _) in &members {
            let align = self.table.abi_align(e);
            max_align = max_align.max(align);
            if at < fields.nv_size {
                nv_align = nv_align.max(align);
            }
            natural &= at % align == 0;
        }
        natural &= capstone % max_align == 0;
        if !as_base {
            natural &= fields.nv_size % nv_align == 0;
        }
        // Padding only where the (packed or natural) placement does not
        // already reach the next member or the end.
        let mut elems = Vec::new();
        let mut end: u64 = 0;
        let sentinel = (None, capstone, 0);
        for (e, at, bytes) in members
            .iter()
            .map(|&(e, at, b)| (Some(e), at, b))
            .chain([sentinel])
        {
            let align = match (natural, e) {
                (false, _) => 1,
                (true, Some(e)) => self.table.abi_align(e),
                (true, None) => max_align,
            };
            if at != end.next_multiple_of(align) {
                elems.push((pc_bytes(&mut self.table, at - end), end));
            }
            if let Some(e) = e {
                elems.push((e, at));
                end = at + bytes;
            }
        }
        Ok((elems, !natural))
    }

    /// The size of an object of type `ty` in Clang's record layout (its
    /// `sizeof`): a vector as many bytes as LLVM allocates for it, a matrix
    /// its components, a struct its record size. A resource counts 0.
    pub fn clang22_object_size(&mut self, ty: &Ty, depth: usize) -> Result<u64, PcRefusal> {
        if depth > 64 {
            return Err(PcRefusal::new(
                "types nest too deeply".into(),
                "nest its structs less deeply",
            ));
        }
        Ok(match ty {
            Ty::Scalar(s) => self.scalar(*s).bytes(),
            Ty::Vector { scalar, len } => {
                let v = self.table.vector(self.scalar(*scalar), *len);
                self.table.alloc_size(v)
            }
            Ty::Matrix {
                scalar, rows, cols, ..
            } => self.scalar(*scalar).bytes() * u64::from(*rows) * u64::from(*cols),
            Ty::Array { elem, len, .. } => self
                .clang22_object_size(elem, depth + 1)?
                .saturating_mul(*len),
            Ty::Struct(s) => self.pc_fields(s, None, depth + 1)?.size,
            Ty::Resource(_) => 0,
        })
    }

    /// The size clang-22 gives a type [`pc_empty`] says has no storage:
    /// its fields one after the other (each empty struct a byte or more,
    /// a `: 0` aligning to its type), at least one byte.
    fn pc_empty_size(&self, ty: &Ty, depth: usize) -> u64 {
        let Ty::Struct(s) = ty else { return 0 };
        if depth > 64 {
            return 1;
        }
        let mut at: u64 = 0;
        for d in declarations(s) {
            match d.bit_width {
                Some(_) => {
                    let align = self.pc_scalar_bytes(&d.ty);
                    at = at.div_ceil(align) * align;
                }
                None => {
                    if at == 0 {
                        if let (Some(b), Ty::Struct(t)) = (&s.base, &d.ty) {
                            if b.name == t.name {
                                at = 1;
                            }
                        }
                    }
                    at += self.pc_empty_size(&d.ty, depth + 1);
                }
            }
        }
        at.max(1)
    }

    /// The byte size of a bitfield's scalar type: a `: 0` bitfield moves
    /// the next one to a multiple of it.
    fn pc_scalar_bytes(&self, ty: &Ty) -> u64 {
        match ty {
            Ty::Scalar(s) => self.scalar(*s).bytes(),
            _ => 1,
        }
    }

    /// clang-22's LLVM type of a push-constant field, and its size.
    fn clang22_type(
        &mut self,
        ty: &Ty,
        member: &str,
        done: &mut HashMap<String, PcRecordLayout>,
        depth: usize,
    ) -> Result<(TypeId, u64), PcRefusal> {
        Ok(match ty {
            Ty::Scalar(s) => {
                let p = self.scalar(*s);
                (self.table.prim(p), p.bytes())
            }
            Ty::Vector { scalar, len } => {
                // clang-22 sizes a vector as LLVM allocates it (a `float3`
                // is 16 bytes), aligned to its component.
                let v = self.table.vector(self.scalar(*scalar), *len);
                (v, self.table.alloc_size(v))
            }
            Ty::Matrix {
                scalar, rows, cols, ..
            } => {
                let p = self.scalar(*scalar);
                let n = u64::from(*rows) * u64::from(*cols);
                let e = self.table.prim(p);
                (self.table.array(e, n), p.bytes() * n)
            }
            Ty::Array { elem, len, .. } => {
                let (e, bytes) = self.clang22_type(elem, member, done, depth + 1)?;
                (self.table.array(e, *len), bytes.saturating_mul(*len))
            }
            Ty::Struct(s) => {
                let made = self.clang22_push_constant_struct(s, done, depth + 1)?;
                (made.id, made.size)
            }
            Ty::Resource(_) => {
                return Err(PcRefusal::new(
                    format!(
                        "member `{member}` is a resource, which a push-constant block cannot hold"
                    ),
                    RESOURCE_FIX,
                ))
            }
        })
    }
}

/// `sizeof(ty)` in clang-22 for `target`, by Clang's record layout: what
/// its "array is too large" check multiplies by an array's length. (Types
/// nested past the planner's limit count 0; the planner refuses them.)
pub fn clang22_sizeof(ty: &Ty, target: crate::Target, native_16bit: bool) -> u64 {
    let mut types = PlanTypes::new(target, super::Flavor::Clang22, native_16bit);
    types.clang22_object_size(ty, 0).unwrap_or(0)
}

/// Clang's access units for the run of bitfields `run` of `items` (see the
/// module documentation): each unit's byte offset, size, and whether it is
/// clipped to a byte array. `scissor` is where the last unit must end at
/// the latest (the non-virtual size), `record_align` the record's
/// alignment.
fn access_units(
    items: &[PcItem],
    run: std::ops::Range<usize>,
    scissor: u64,
    record_align: u64,
) -> Vec<(u64, u64, bool)> {
    let width_of = |i: usize| match items[i] {
        PcItem::Bits { width, .. } => width,
        _ => 0,
    };
    // The next byte with storage from field `from` on (or the scissor).
    let limit_from = |from: usize| {
        items[from..]
            .iter()
            .find_map(|it| it.storage_at())
            .unwrap_or(scissor)
    };
    let mut units = Vec::new();
    let mut field = run.start;
    // The span being gathered: its first field, first byte and bits so far.
    let mut begin: Option<usize> = None;
    let (mut begin_at, mut bits): (u64, u64) = (0, 0);
    // The best unit found for the span: the field after it, its end byte,
    // and whether it must be a byte array.
    let (mut best_end, mut best_end_at, mut best_clipped): (usize, u64, bool) = (0, 0, true);
    loop {
        let mut at_boundary = false;
        let mut barrier = false;
        if field < run.end {
            let PcItem::Bits { bit, width } = items[field] else {
                break;
            };
            match begin {
                None => {
                    begin = Some(field);
                    best_end = field;
                    begin_at = bit / 8;
                    bits = 0;
                }
                // Shares a byte with the previous bitfield: same span.
                Some(_) if bit % 8 != 0 => {}
                Some(_) => {
                    barrier = width == 0;
                    at_boundary = true;
                }
            }
        } else {
            if begin.is_none() {
                break;
            }
            barrier = true;
            at_boundary = true;
        }
        let mut install = false;
        if at_boundary {
            let access = bits.div_ceil(8);
            if Some(best_end) == begin {
                // The span's first unit: the best so far by definition.
                best_end = field;
                best_end_at = begin_at + access;
                best_clipped = true;
                install = bits == 0;
            } else if access > REGISTER_BYTES {
                install = true;
            }
            if !install {
                let (align, alloc) = int_align_and_alloc(access);
                if align > record_align || begin_at % align != 0 {
                    // Not naturally aligned in this record: keep the best.
                    install = true;
                    if best_end == field && alloc == access {
                        best_clipped = false;
                    }
                } else {
                    let limit = limit_from(field);
                    if begin_at + alloc <= limit {
                        best_end = field;
                        best_end_at = begin_at + alloc;
                        best_clipped = false;
                    }
                    if barrier {
                        install = true;
                    } else {
                        bits = (limit - begin_at) * 8;
                    }
                }
            }
        }
        if install {
            if best_end_at > begin_at {
                units.push((begin_at, best_end_at - begin_at, best_clipped));
            }
            field = best_end;
            begin = None;
        } else {
            bits += width_of(field);
            field += 1;
        }
    }
    units
}

/// LLVM's ABI alignment and alloc size of the integer of `bytes` bytes
/// under the SPIR-V data layout (integers up to `i64` specified; a width
/// between two takes the larger one's alignment, a wider one `i64`'s).
fn int_align_and_alloc(bytes: u64) -> (u64, u64) {
    let align = match bytes {
        0 | 1 => 1,
        2 => 2,
        3 | 4 => 4,
        _ => 8,
    };
    (align, bytes.next_multiple_of(align))
}

/// `i8` for one byte, `[N x i8]` for more: Clang's padding and clipped
/// bitfield storage.
fn pc_bytes(table: &mut TypeTable, bytes: u64) -> TypeId {
    let byte = table.prim(Prim::I8);
    if bytes == 1 {
        byte
    } else {
        table.array(byte, bytes)
    }
}

/// The integer of `bytes` bytes, an unclipped access unit; refused past
/// LLVM's widest integer (clang-22 makes it, but its IR cannot be read).
fn pc_int(table: &mut TypeTable, bytes: u64) -> Result<TypeId, PcRefusal> {
    let bits = bytes * 8;
    let prim = match bits {
        8 => Prim::I8,
        16 => Prim::I16,
        32 => Prim::I32,
        64 => Prim::I64,
        _ if bits > LLVM_MAX_INT_BITS => {
            return Err(PcRefusal::new(
                format!(
                    "clang-22 stores a run of its bitfields in an i{bits}, wider than LLVM's widest integer ({LLVM_MAX_INT_BITS} bits), so its IR cannot be read back"
                ),
                "give the bitfield fewer bits",
            ))
        }
        // Within the limit, so it fits.
        _ => Prim::WideInt(bits as u32),
    };
    Ok(table.prim(prim))
}

/// Whether `s` is an empty class in C++'s sense (what lets Clang give an
/// empty base no bytes, and a buffer drop a member of its type): its bases
/// are empty and its only fields are `: 0` bitfields. A struct whose fields
/// merely have no storage (a field of an empty struct) is not one: the
/// field takes a byte.
pub fn is_empty_class(s: &StructTy) -> bool {
    cpp_empty(s, 0)
}

fn cpp_empty(s: &StructTy, depth: usize) -> bool {
    depth < 64
        && s.base.as_ref().map_or(true, |b| cpp_empty(b, depth + 1))
        && s.fields
            .iter()
            .filter(|f| f.storage == Storage::Buffer)
            .all(|f| match &f.bitfields {
                Some(decls) => decls.iter().all(|d| d.bit_width == Some(0)),
                None => false,
            })
}

/// Whether `ty` is POD in C++03's sense, which decides whether Clang lets a
/// derived struct reuse a struct's tail padding: no base, and every field
/// (every array element) POD.
fn pod(ty: &Ty, depth: usize) -> bool {
    match ty {
        Ty::Array { elem, .. } => depth < 64 && pod(elem, depth + 1),
        Ty::Struct(s) => pod_struct(s, depth + 1),
        _ => true,
    }
}

/// [`pod`] for a struct.
fn pod_struct(s: &StructTy, depth: usize) -> bool {
    depth < 64 && s.base.is_none() && declarations(s).all(|d| pod(&d.ty, depth + 1))
}

/// The declarations of the fields of `s` stored in buffers, in order: a
/// unit of bitfields gives each bitfield.
fn declarations(s: &StructTy) -> impl Iterator<Item = &Field> {
    s.fields
        .iter()
        .filter(|f| f.storage == Storage::Buffer)
        .flat_map(|f| {
            f.bitfields
                .as_deref()
                .map_or(std::slice::from_ref(f), Vec::as_slice)
        })
}

/// The empty classes (by name) that a value of type `ty` holds at its
/// first byte: itself if empty, its base's, and its first field's when that
/// field is at offset 0 (an array's first element's).
fn empty_classes_at_zero(ty: &Ty, depth: usize) -> Vec<Arc<str>> {
    let mut found = Vec::new();
    let Some(s) = (match ty {
        Ty::Array { elem, len, .. } if *len > 0 => {
            return match depth < 64 {
                true => empty_classes_at_zero(elem, depth + 1),
                false => found,
            }
        }
        Ty::Struct(s) if depth < 64 => Some(s),
        _ => None,
    }) else {
        return found;
    };
    if cpp_empty(s, 0) {
        found.push(s.name.clone());
    }
    let base_is_empty = match &s.base {
        Some(b) => {
            found.extend(empty_classes_at_zero(&Ty::Struct(b.clone()), depth + 1));
            cpp_empty(b, 0)
        }
        None => true,
    };
    if base_is_empty {
        let first = declarations(s).find(|d| d.bit_width != Some(0));
        if let Some(d) = first.filter(|d| d.bit_width.is_none()) {
            found.extend(empty_classes_at_zero(&d.ty, depth + 1));
        }
    }
    found
}

/// Whether Clang gives a field of type `ty` no storage in a record: a
/// struct whose bases and fields are all such (arrays, even of empty
/// structs, and bitfields other than `: 0` are storage).
fn pc_empty(ty: &Ty, depth: usize) -> bool {
    let Ty::Struct(s) = ty else { return false };
    depth < 64
        && s.base
            .as_ref()
            .map_or(true, |b| pc_empty(&Ty::Struct(b.clone()), depth + 1))
        && s.fields
            .iter()
            .filter(|f| f.storage == Storage::Buffer)
            .all(|f| match &f.bitfields {
                Some(decls) => decls.iter().all(|d| match d.bit_width {
                    Some(w) => w == 0,
                    None => pc_empty(&d.ty, depth + 1),
                }),
                None => pc_empty(&f.ty, depth + 1),
            })
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;
    use std::sync::Arc;

    use cblower_layout::{Field, Scalar, StructTy, Ty};

    use super::super::types::PlanTypes;
    use super::super::Flavor;
    use crate::Target;

    /// The body, size and alignment clang-22 gives struct `s`, or why not.
    fn lower(s: &StructTy) -> Result<(String, u64, u64), String> {
        let mut types = PlanTypes::new(Target::SpirV, Flavor::Clang22, false);
        let made = types
            .clang22_push_constant_struct(s, &mut HashMap::new(), 0)
            .map_err(|e| e.reason)?;
        Ok((types.table.named_body(made.id), made.size, made.align))
    }

    fn make(fields: Vec<Field>) -> Result<(String, u64, u64), String> {
        lower(&StructTy::new("PC", fields))
    }

    fn f(name: &str) -> Field {
        Field::new(name, Ty::scalar(Scalar::Float))
    }

    /// A unit of bitfields as the front end records it: one field listing
    /// its declarations (name, type, width).
    fn bits(list: &[(&str, Scalar, u64)]) -> Field {
        let decls: Vec<Field> = list
            .iter()
            .map(|&(name, s, w)| {
                let mut d = Field::new(name, Ty::scalar(s));
                d.bit_width = Some(w);
                d
            })
            .collect();
        let mut unit = Field::new(list[0].0, Ty::scalar(list[0].1));
        unit.bitfields = Some(Arc::new(decls));
        unit
    }

    /// Plain when every field is at its LLVM alignment and the size a
    /// multiple of the largest, packed otherwise; bitfields, empty structs
    /// and zero-length arrays in a byte-aligned record. Each expectation
    /// is clang-22's output for the same struct.
    #[test]
    fn byte_aligned_records_pack_as_clang_does() {
        let f4 = Field::new("c", Ty::vector(Scalar::Float, 4));
        let f3 = || Field::new("a", Ty::vector(Scalar::Float, 3));
        assert_eq!(
            make(vec![f4, f3()]),
            Ok(("{ <4 x float>, <3 x float> }".to_owned(), 32, 1))
        );
        assert_eq!(
            make(vec![f3(), f("f")]),
            Ok(("<{ <3 x float>, float }>".to_owned(), 20, 1))
        );
        assert_eq!(
            make(vec![f("f"), Field::new("b", Ty::scalar(Scalar::Bool))]),
            Ok(("{ float, i32 }".to_owned(), 8, 1))
        );
        // `float f; uint x : 9; uint y : 3; uint : 0; uint z : 2;`: bit by
        // bit, each run sharing bytes one element, `: 0` aligning to 4.
        let u = Scalar::Uint;
        assert_eq!(
            make(vec![
                f("f"),
                bits(&[("x", u, 9), ("y", u, 3), ("", u, 0), ("z", u, 2)])
            ]),
            Ok(("<{ float, i16, [2 x i8], i8 }>".to_owned(), 9, 1))
        );
        // An empty struct member takes a byte and no element; a
        // zero-length array is an element of size 0.
        let empty = Field::new("e", Ty::Struct(Arc::new(StructTy::new("E", vec![]))));
        let none = Field::new("z", Ty::array(Ty::scalar(Scalar::Float), 0));
        assert_eq!(
            make(vec![f("f"), empty, none, f("g")]),
            Ok(("<{ float, i8, [0 x float], float }>".to_owned(), 9, 1))
        );
        assert_eq!(make(vec![]), Ok(("{ i8 }".to_owned(), 1, 1)));
    }

    /// Over-wide bitfields align the record, and Clang's access units then
    /// widen into padding and merge up to a register
    /// (`lit-tests/emit/vk-push-constant-wide-bitfields.hlsl` checks the
    /// same shapes against clang-22 itself).
    #[test]
    fn over_wide_bitfields_align_and_widen_units() {
        let u = Scalar::Uint;
        // Aligned to 4 after a byte of `x`; 5 bytes clipped; `b` at 9.
        assert_eq!(
            make(vec![bits(&[("x", u, 3), ("a", u, 33)]), f("b")]),
            Ok((
                "<{ i8, [3 x i8], [5 x i8], float, [3 x i8] }>".to_owned(),
                16,
                4
            ))
        );
        // 13 bytes widen to i128 in the record's 16.
        assert_eq!(
            make(vec![bits(&[("a", u, 100)])]),
            Ok(("{ i128 }".to_owned(), 16, 8))
        );
        // Two 2-byte units and a 4-byte one merge into one register.
        assert_eq!(
            make(vec![bits(&[
                ("a", u, 64),
                ("b", u, 16),
                ("c", u, 16),
                ("d", u, 32)
            ])]),
            Ok(("{ i64, i64 }".to_owned(), 16, 8))
        );
        // 3 bytes at 8 widen to i32 up to the end of the record.
        assert_eq!(
            make(vec![bits(&[("a", u, 64), ("b", u, 20)])]),
            Ok(("{ i64, i32 }".to_owned(), 16, 8))
        );
        // Not past LLVM's widest integer.
        assert!(make(vec![bits(&[("a", u, 10_000_000)])])
            .is_err_and(|e| e.contains("i10000000, wider than LLVM's widest integer")));
    }

    /// A struct with a base is not POD: a derived struct's fields start in
    /// its tail padding, and it is held as `%struct.B.base` when that
    /// lowering differs from the complete type.
    #[test]
    fn bases_use_their_non_virtual_size() {
        let u = Scalar::Uint;
        let a = Arc::new(StructTy::new("A", vec![f("z")]));
        let mut b = StructTy::new("B", vec![bits(&[("a", u, 33)])]);
        b.base = Some(a);
        let mut p = StructTy::new("P", vec![bits(&[("c", u, 3)])]);
        p.base = Some(Arc::new(b));
        assert_eq!(
            lower(&p),
            Ok(("{ %struct.B.base, i8, [2 x i8] }".to_owned(), 12, 4))
        );
        let b = StructTy::new("B", vec![bits(&[("a", u, 33)])]);
        let mut p = StructTy::new("P", vec![bits(&[("c", u, 20)])]);
        p.base = Some(Arc::new(b));
        assert_eq!(
            lower(&p),
            Ok(("{ %struct.B, [3 x i8], i8 }".to_owned(), 12, 4))
        );
    }
}
