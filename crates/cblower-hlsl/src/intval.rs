//! Integer constants with HLSL's semantics: `int` and `uint` are 32 bits
//! and wrap, `int64_t`/`uint64_t` are 64 bits, and the usual arithmetic
//! conversions pick the type of a binary operation (the wider operand's;
//! unsigned when both are as wide and either is unsigned). Array sizes,
//! enum values, `static const` initialisers and template arguments are all
//! evaluated with these.

/// An integer constant and its type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IntVal {
    /// The value, already wrapped to its type (a 64-bit unsigned value above
    /// `i64::MAX` is stored as its two's-complement bits).
    pub value: i64,
    /// Whether the type is unsigned (`uint`, `4u`); decides wrapping,
    /// comparison and division.
    pub unsigned: bool,
    /// 64 bits instead of 32.
    pub wide: bool,
}

impl IntVal {
    /// A value of the given type, wrapped to it.
    pub fn new(value: i64, unsigned: bool, wide: bool) -> IntVal {
        let value = match (wide, unsigned) {
            (false, false) => i64::from(value as i32),
            (false, true) => i64::from(value as u32),
            (true, _) => value,
        };
        IntVal {
            value,
            unsigned,
            wide,
        }
    }

    /// An `int`.
    pub fn int(value: i64) -> IntVal {
        IntVal::new(value, false, false)
    }

    /// An unsigned literal: `uint` if it fits in 32 bits, else `uint64_t`.
    pub fn unsigned_literal(value: i64) -> IntVal {
        let wide = u32::try_from(value).is_err();
        IntVal::new(value, true, wide)
    }

    /// The value converted to the scalar type `name` (`uint`, `int16_t`,
    /// `bool`, ...); floating-point casts keep it, other names too.
    pub fn cast(self, name: &str) -> IntVal {
        match name {
            "int" | "int32_t" => IntVal::new(self.value, false, false),
            "uint" | "dword" | "uint32_t" => IntVal::new(self.value, true, false),
            "int64_t" => IntVal::new(self.value, false, true),
            "uint64_t" => IntVal::new(self.value, true, true),
            // 16-bit values are promoted to `int` when used.
            "int16_t" => IntVal::int(i64::from(self.value as i16)),
            "uint16_t" => IntVal::int(i64::from(self.value as u16)),
            "bool" => IntVal::int(i64::from(self.value != 0)),
            _ => self,
        }
    }

    fn as_u64(self) -> u64 {
        self.value as u64
    }

    fn is_true(self) -> bool {
        self.value != 0
    }

    /// A unary operator: `-`, `~`, `!`, `+`.
    pub fn unary(self, op: &str) -> IntVal {
        match op {
            "-" => IntVal::new(self.value.wrapping_neg(), self.unsigned, self.wide),
            "~" => IntVal::new(!self.value, self.unsigned, self.wide),
            "!" => IntVal::int(i64::from(!self.is_true())),
            _ => self,
        }
    }

    /// A binary operator; `None` for a division or remainder by zero.
    pub fn binary(self, op: &str, rhs: IntVal) -> Option<IntVal> {
        let cmp = |b: bool| Some(IntVal::int(i64::from(b)));
        match op {
            "&&" => return cmp(self.is_true() && rhs.is_true()),
            "||" => return cmp(self.is_true() || rhs.is_true()),
            "<<" | ">>" => {
                let bits = if self.wide { 64 } else { 32 };
                let n = (rhs.as_u64() % bits) as u32;
                let v = if op == "<<" {
                    self.value.wrapping_shl(n)
                } else if self.unsigned {
                    let u = if self.wide {
                        self.as_u64()
                    } else {
                        self.as_u64() & 0xffff_ffff
                    };
                    (u >> n) as i64
                } else {
                    self.value >> n
                };
                return Some(IntVal::new(v, self.unsigned, self.wide));
            }
            _ => {}
        }
        // The usual arithmetic conversions.
        let wide = self.wide || rhs.wide;
        let unsigned = if self.wide == rhs.wide {
            self.unsigned || rhs.unsigned
        } else if self.wide {
            self.unsigned
        } else {
            rhs.unsigned
        };
        let a = IntVal::new(self.value, unsigned, wide);
        let b = IntVal::new(rhs.value, unsigned, wide);
        let (x, y) = (a.value, b.value);
        let (ux, uy) = (a.as_u64(), b.as_u64());
        let v = match op {
            "+" => x.wrapping_add(y),
            "-" => x.wrapping_sub(y),
            "*" => x.wrapping_mul(y),
            "/" | "%" if y == 0 => return None,
            "/" if unsigned => (ux / uy) as i64,
            "%" if unsigned => (ux % uy) as i64,
            "/" => x.wrapping_div(y),
            "%" => x.wrapping_rem(y),
            "&" => x & y,
            "|" => x | y,
            "^" => x ^ y,
            "==" => return cmp(x == y),
            "!=" => return cmp(x != y),
            "<" if unsigned => return cmp(ux < uy),
            ">" if unsigned => return cmp(ux > uy),
            "<=" if unsigned => return cmp(ux <= uy),
            ">=" if unsigned => return cmp(ux >= uy),
            "<" => return cmp(x < y),
            ">" => return cmp(x > y),
            "<=" => return cmp(x <= y),
            ">=" => return cmp(x >= y),
            _ => return Some(IntVal::int(0)),
        };
        Some(IntVal::new(v, unsigned, wide))
    }
}

#[cfg(test)]
mod tests {
    use super::IntVal;

    fn u(v: i64) -> IntVal {
        IntVal::unsigned_literal(v)
    }

    #[test]
    fn uint_arithmetic_wraps_at_32_bits() {
        let r = u(0xFFFF_FFFF).binary("+", IntVal::int(2)).unwrap();
        assert_eq!(r, IntVal::new(1, true, false));
        assert_eq!(IntVal::int(0).binary("-", u(1)).unwrap().value, 0xFFFF_FFFF);
    }

    #[test]
    fn int_arithmetic_wraps_at_32_bits() {
        let r = IntVal::int(i64::from(i32::MAX))
            .binary("+", IntVal::int(1))
            .unwrap();
        assert_eq!(r.value, i64::from(i32::MIN));
        assert_eq!(
            IntVal::int(-7).binary("/", IntVal::int(2)).unwrap().value,
            -3
        );
    }

    #[test]
    fn signed_and_unsigned_compare_as_unsigned() {
        // -1 converts to 0xFFFFFFFF when compared with a uint.
        assert_eq!(IntVal::int(-1).binary("<", u(1)).unwrap().value, 0);
        assert_eq!(
            IntVal::int(-1).binary("<", IntVal::int(1)).unwrap().value,
            1
        );
    }

    #[test]
    fn shifts_keep_the_left_type() {
        assert_eq!(
            u(0x8000_0000).binary(">>", IntVal::int(31)).unwrap().value,
            1
        );
        assert_eq!(
            IntVal::int(-8).binary(">>", IntVal::int(1)).unwrap().value,
            -4
        );
        assert_eq!(
            IntVal::int(1).binary("<<", IntVal::int(31)).unwrap().value,
            i64::from(i32::MIN)
        );
    }

    #[test]
    fn casts_and_64_bit_values() {
        assert_eq!(IntVal::int(-1).cast("uint").value, 0xFFFF_FFFF);
        assert_eq!(IntVal::int(70000).cast("uint16_t").value, 70000 - 65536);
        let big = IntVal::int(1)
            .cast("uint64_t")
            .binary("<<", IntVal::int(40))
            .unwrap();
        assert_eq!(big.value, 1 << 40);
        assert!(IntVal::int(1).binary("/", IntVal::int(0)).is_none());
    }
}
