//! An independent packer for DXC's constant-buffer rules (seed 000), written
//! from the rules' text and sharing nothing with cblower's layout engine:
//!
//! 1. scalars and vectors are aligned to their component size;
//! 2. a member that would straddle a 16-byte row starts the next row;
//! 3. every array element starts a row; a matrix is an array of its column
//!    vectors, except that a one-column matrix is just a vector;
//! 4. a struct starts a row and lays its fields out with the same rules;
//!
//! and nothing is padded at the end of an array, a struct or the buffer.

use super::model::{Buffer, Case, Storage, Ty, VkGlobal};

/// The unit the rules place: size, component alignment, and whether the
/// thing is an aggregate that must start a row.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Placement {
    pub size: u64,
    pub align: u64,
    pub starts_row: bool,
}

/// One scalar component at its byte offset from the start of the buffer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Leaf {
    pub offset: u64,
    pub size: u64,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PackedMember {
    pub name: String,
    pub offset: u64,
    pub leaves: Vec<Leaf>,
}

pub const ROW: u64 = 16;

pub fn round_up(value: u64, to: u64) -> u64 {
    value.div_ceil(to) * to
}

pub fn placement(case: &Case, ty: &Ty) -> Placement {
    let n16 = case.native16;
    match ty {
        Ty::Scalar(s) => Placement {
            size: s.size(n16),
            align: s.size(n16),
            starts_row: false,
        },
        Ty::Vector(s, n) => Placement {
            size: s.size(n16) * u64::from(*n),
            align: s.size(n16),
            starts_row: false,
        },
        Ty::Matrix(s, rows, 1) => placement(case, &Ty::Vector(*s, *rows)),
        Ty::Matrix(s, rows, cols) => {
            placement(case, &Ty::Array(Box::new(Ty::Vector(*s, *rows)), *cols))
        }
        Ty::Array(elem, n) => {
            let e = placement(case, elem);
            let n = u64::from(*n);
            let size = if n == 0 {
                0
            } else {
                (n - 1) * round_up(e.size, ROW) + e.size
            };
            Placement {
                size,
                align: ROW,
                starts_row: true,
            }
        }
        Ty::Struct(index) => {
            let mut cursor = 0;
            for (_, field) in case.stored_fields(*index) {
                let p = placement(case, &field);
                cursor = place(cursor, p) + p.size;
            }
            Placement {
                size: cursor,
                align: ROW,
                starts_row: true,
            }
        }
        Ty::Bitfield(s, _) => placement(case, &Ty::Scalar(*s)),
        Ty::Empty | Ty::Resource | Ty::Res(_) => Placement {
            size: 0,
            align: 1,
            starts_row: false,
        },
    }
}

/// Where the rules put something of placement `p` when the previous member
/// ended at `cursor`.
pub fn place(cursor: u64, p: Placement) -> u64 {
    if p.starts_row {
        return round_up(cursor, ROW);
    }
    let offset = round_up(cursor, p.align);
    let straddles = p.size > 0 && offset / ROW != (offset + p.size - 1) / ROW;
    if straddles {
        round_up(offset, ROW)
    } else {
        offset
    }
}

/// The scalar components of `ty` placed at `offset`, in memory order.
pub fn leaves(case: &Case, ty: &Ty, offset: u64, out: &mut Vec<Leaf>) {
    let n16 = case.native16;
    match ty {
        Ty::Scalar(s) => out.push(Leaf {
            offset,
            size: s.size(n16),
        }),
        Ty::Vector(s, n) => {
            for i in 0..u64::from(*n) {
                out.push(Leaf {
                    offset: offset + i * s.size(n16),
                    size: s.size(n16),
                });
            }
        }
        Ty::Matrix(s, rows, 1) => leaves(case, &Ty::Vector(*s, *rows), offset, out),
        Ty::Matrix(s, rows, cols) => leaves(
            case,
            &Ty::Array(Box::new(Ty::Vector(*s, *rows)), *cols),
            offset,
            out,
        ),
        Ty::Array(elem, n) => {
            let stride = round_up(placement(case, elem).size, ROW);
            for i in 0..u64::from(*n) {
                leaves(case, elem, offset + i * stride, out);
            }
        }
        Ty::Struct(index) => {
            let mut cursor = 0;
            for (_, field) in case.stored_fields(*index) {
                let p = placement(case, &field);
                let at = place(cursor, p);
                leaves(case, &field, offset + at, out);
                cursor = at + p.size;
            }
        }
        Ty::Bitfield(s, _) => leaves(case, &Ty::Scalar(*s), offset, out),
        Ty::Empty | Ty::Resource | Ty::Res(_) => {}
    }
}

/// Every stored member of `buffer` with its DXC offset and components, in
/// declaration order. Members with `packoffset` sit where it says; the
/// generator only writes all-or-none packoffset buffers.
pub fn pack_buffer(case: &Case, buffer: &Buffer) -> Vec<PackedMember> {
    pack_buffer_for(case, buffer, false)
}

/// [`pack_buffer`] for a target: on SPIR-V a `[[vk::offset(N)]]` member
/// sits at byte `N` (DXC's SPIR-V rule: the offset replaces the running
/// one, declaration order kept); on DXIL the attribute is ignored.
pub fn pack_buffer_for(case: &Case, buffer: &Buffer, spirv: bool) -> Vec<PackedMember> {
    let mut cursor = 0;
    let mut packed = Vec::new();
    for member in &buffer.members {
        if member.storage != Storage::Stored || case.is_filtered(&member.ty) {
            continue;
        }
        let p = placement(case, &member.ty);
        let offset = match (member.packoffset, member.vk_offset) {
            (Some(at), _) => at,
            (None, Some(at)) if spirv => at,
            _ => place(cursor, p),
        };
        cursor = offset + p.size;
        let mut out = Vec::new();
        leaves(case, &member.ty, offset, &mut out);
        // A `const` global's symbol is mangled (internal linkage).
        let name = match member.vk_global {
            Some(VkGlobal::SpecConstant(_)) => format!("_ZL{}{}", member.name.len(), member.name),
            _ => member.name.clone(),
        };
        packed.push(PackedMember {
            name,
            offset,
            leaves: out,
        });
    }
    packed
}
