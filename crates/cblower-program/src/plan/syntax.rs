//! How LLVM's assembly writer spells names and strings.
//!
//! A name is written bare when it starts with a non-digit and has only ASCII
//! letters, digits, `-`, `.` and `_` (so `$Globals` and `NS::CB` are quoted);
//! otherwise it is quoted, with `\`, `"` and every byte outside printable
//! ASCII written as `\XX` (two upper-case hex digits, `\\` for a backslash).
//! String constants and metadata strings use the same escaping.

/// The bytes a bare name may hold (ASCII letters, digits, `-`, `.`, `_`), as
/// a table: one load per byte, and every member global's name is checked
/// twice on the text path.
const BARE: [bool; 256] = {
    let mut t = [false; 256];
    let mut c = 0;
    while c < 256 {
        let b = c as u8;
        t[c] = b.is_ascii_alphanumeric() || b == b'-' || b == b'.' || b == b'_';
        c += 1;
    }
    t
};

/// Appends `prefix` (`@`, `%`) and `name`, quoted when LLVM would quote it.
pub fn push_name(out: &mut String, prefix: char, name: &str) {
    out.push(prefix);
    let bare = !name.as_bytes().first().is_some_and(u8::is_ascii_digit)
        && name.bytes().all(|c| BARE[usize::from(c)]);
    if bare {
        out.push_str(name);
    } else {
        out.push('"');
        push_escaped(out, name.as_bytes());
        out.push('"');
    }
}

/// `name` with its prefix, as a new string.
pub fn name(prefix: char, name: &str) -> String {
    let mut s = String::with_capacity(name.len() + 3);
    push_name(&mut s, prefix, name);
    s
}

/// Appends `bytes` escaped as inside `"..."`.
pub fn push_escaped(out: &mut String, bytes: &[u8]) {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    for &c in bytes {
        if c == b'\\' {
            out.push_str("\\\\");
        } else if (0x20..0x7f).contains(&c) && c != b'"' {
            out.push(char::from(c));
        } else {
            out.push('\\');
            out.push(char::from(HEX[usize::from(c >> 4)]));
            out.push(char::from(HEX[usize::from(c & 15)]));
        }
    }
}

/// An `i32` operand: LLVM prints the value as signed.
pub fn i32_operand(v: u32) -> i32 {
    v as i32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quoting_follows_llvm() {
        assert_eq!(name('%', "__cblayout_CB"), "%__cblayout_CB");
        assert_eq!(name('%', "anon.0"), "%anon.0");
        assert_eq!(name('@', "$Globals.cb"), "@\"$Globals.cb\"");
        assert_eq!(name('%', "NS::Inner"), "%\"NS::Inner\"");
        assert_eq!(name('@', "1x"), "@\"1x\"");
        assert_eq!(name('@', "a-b"), "@a-b");
        assert_eq!(name('@', "q\"\\é"), "@\"q\\22\\\\\\C3\\A9\"");
        assert_eq!(i32_operand(u32::MAX), -1);
    }
}
