//! Byte quantities as newtypes, so sizes, offsets and alignments cannot be
//! mixed up with counts or with each other.

use std::fmt;

/// A size or an offset in bytes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize)]
#[serde(transparent)]
pub struct Size(u64);

impl Size {
    /// Zero bytes.
    pub const ZERO: Size = Size(0);
    /// One constant-buffer row: 16 bytes.
    pub const ROW: Size = Size(16);

    /// `n` bytes.
    pub const fn bytes(n: u64) -> Size {
        Size(n)
    }

    /// The number of bytes.
    pub const fn get(self) -> u64 {
        self.0
    }

    /// `self + rhs`, or `None` on overflow.
    pub fn checked_add(self, rhs: Size) -> Option<Size> {
        self.0.checked_add(rhs.0).map(Size)
    }

    /// `self * n`, or `None` on overflow.
    pub fn checked_mul(self, n: u64) -> Option<Size> {
        self.0.checked_mul(n).map(Size)
    }

    /// The smallest multiple of `align` that is `>= self`, or `None` on overflow.
    pub fn align_to(self, align: Alignment) -> Option<Size> {
        let mask = align.bytes() - 1;
        self.0.checked_add(mask).map(|v| Size(v & !mask))
    }

    /// True if `self` is a multiple of `align`.
    pub fn is_aligned(self, align: Alignment) -> bool {
        self.0 & (align.bytes() - 1) == 0
    }

    /// Position inside its 16-byte row.
    pub const fn row_offset(self) -> u64 {
        self.0 % 16
    }

    /// Index of the 16-byte row that holds this byte.
    pub const fn row(self) -> u64 {
        self.0 / 16
    }

    /// `self - rhs`, or zero when `rhs` is larger.
    pub fn saturating_sub(self, rhs: Size) -> Size {
        Size(self.0.saturating_sub(rhs.0))
    }
}

impl fmt::Display for Size {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// An alignment in bytes; always a power of two, at least 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Alignment {
    log2: u8,
}

impl Alignment {
    /// 1 byte (no alignment).
    pub const ONE: Alignment = Alignment { log2: 0 };
    /// 2 bytes.
    pub const TWO: Alignment = Alignment { log2: 1 };
    /// 4 bytes.
    pub const FOUR: Alignment = Alignment { log2: 2 };
    /// 8 bytes.
    pub const EIGHT: Alignment = Alignment { log2: 3 };
    /// 16 bytes: one constant-buffer row.
    pub const SIXTEEN: Alignment = Alignment { log2: 4 };

    /// `Some` for powers of two, `None` otherwise.
    pub const fn from_bytes(bytes: u64) -> Option<Alignment> {
        if bytes == 0 || !bytes.is_power_of_two() {
            None
        } else {
            Some(Alignment {
                log2: bytes.trailing_zeros() as u8,
            })
        }
    }

    /// The alignment in bytes.
    pub const fn bytes(self) -> u64 {
        1u64 << self.log2
    }

    /// The larger of two alignments.
    pub fn max(self, other: Alignment) -> Alignment {
        if other.log2 > self.log2 {
            other
        } else {
            self
        }
    }

    /// The smallest power of two `>= size` (the std140 rule for vectors).
    pub fn ceil_pow2(size: Size) -> Alignment {
        let b = size.get().max(1).next_power_of_two();
        Alignment {
            log2: b.trailing_zeros() as u8,
        }
    }
}

impl fmt::Display for Alignment {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.bytes().fmt(f)
    }
}

impl serde::Serialize for Alignment {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u64(self.bytes())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn alignment_is_always_a_power_of_two() {
        assert_eq!(Alignment::from_bytes(0), None);
        assert_eq!(Alignment::from_bytes(12), None);
        assert_eq!(Alignment::from_bytes(16), Some(Alignment::SIXTEEN));
        assert_eq!(Alignment::ceil_pow2(Size::bytes(12)).bytes(), 16);
        assert_eq!(Alignment::ceil_pow2(Size::bytes(8)).bytes(), 8);
        assert_eq!(Alignment::ceil_pow2(Size::ZERO).bytes(), 1);
    }

    #[test]
    fn align_to_rounds_up_and_reports_overflow() {
        assert_eq!(
            Size::bytes(13).align_to(Alignment::FOUR),
            Some(Size::bytes(16))
        );
        assert_eq!(
            Size::bytes(16).align_to(Alignment::SIXTEEN),
            Some(Size::bytes(16))
        );
        assert_eq!(Size::bytes(u64::MAX).align_to(Alignment::SIXTEEN), None);
        assert!(Size::bytes(24).is_aligned(Alignment::EIGHT));
        assert!(!Size::bytes(20).is_aligned(Alignment::EIGHT));
    }
}
