//! The common line of a one-per-line text, read without detours: exactly
//! N² single-character cells, every one a digit of the grid or a blank
//! (`.` `0` `_` `-` `*`). Anything else goes to the general reader, which
//! also explains what is wrong.

use super::size_of_cells;
use crate::puzzle::char_digit;

/// Reads `line` into `givens` (resized to fit) when it is a plain row of
/// N² cells; returns N, or `None` when the line is anything else.
pub(super) fn plain_givens(line: &[u8], givens: &mut Vec<u8>) -> Option<usize> {
    let size = size_of_cells(line.len())?;
    givens.resize(line.len(), 0);
    let nine = (
        <&[u8; 81]>::try_from(line),
        <&mut [u8; 81]>::try_from(&mut givens[..]),
    );
    let fits = match (u8::try_from(size), nine) {
        // The common size, at a length known in advance: whole vectors.
        (_, (Ok(line), Ok(givens))) => decimal_digits(line, givens, 9),
        (Ok(top @ 0..=9), _) => decimal_digits(line, givens, top),
        _ => lettered_digits(line, givens, size),
    };
    fits.then_some(size)
}

/// Whether `line` is a plain row of N² cells, as [`plain_givens`] reads
/// them.
pub(super) fn is_plain(line: &str) -> bool {
    plain_givens(line.as_bytes(), &mut Vec::new()).is_some()
}

/// Cells written `1` to `top` (at most 9) or as blanks, read without a
/// branch per cell so that the loop runs on vectors; `false` on any other
/// character.
#[inline(always)]
fn decimal_digits(line: &[u8], givens: &mut [u8], top: u8) -> bool {
    let mut bad = 0u8;
    for (given, &b) in givens.iter_mut().zip(line) {
        // `0` is a blank: it reads as 0 like the other blanks.
        let digit = b.wrapping_sub(b'0');
        let is_digit = digit <= top;
        let is_blank = (b == b'.') | (b == b'_') | (b == b'-') | (b == b'*');
        bad |= u8::from(!(is_digit | is_blank));
        *given = if is_digit { digit } else { 0 };
    }
    bad == 0
}

/// Cells of grids above 9×9, whose digits go on to letters (`A`–`W` in
/// either case); `false` at the first character that is neither a digit
/// of the grid nor a blank.
fn lettered_digits(line: &[u8], givens: &mut [u8], size: usize) -> bool {
    for (given, &b) in givens.iter_mut().zip(line) {
        *given = match b {
            b'.' | b'0' | b'_' | b'-' | b'*' => 0,
            _ => match char_digit(char::from(b)) {
                Some(digit) if usize::from(digit) <= size => digit,
                _ => return false,
            },
        };
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(line: &str) -> Option<(usize, Vec<u8>)> {
        let mut givens = vec![7; 3];
        plain_givens(line.as_bytes(), &mut givens).map(|size| (size, givens))
    }

    #[test]
    fn every_blank_reads_as_zero() {
        let (size, givens) = read("1.3_-*04.2..3..4").unwrap();
        assert_eq!(size, 4);
        assert_eq!(givens, [1, 0, 3, 0, 0, 0, 0, 4, 0, 2, 0, 0, 3, 0, 0, 4]);
    }

    #[test]
    fn digits_past_the_grid_or_foreign_characters_are_not_plain() {
        assert_eq!(read("5..............."), None);
        assert_eq!(read("1.......x......."), None);
        assert_eq!(read("1......\n........"), None);
        assert_eq!(read("1........"), None);
        let mut nine = ".".repeat(81);
        nine.replace_range(80..81, "9");
        assert_eq!(read(&nine).map(|(_, g)| g[80]), Some(9));
        nine.replace_range(80..81, "A");
        assert_eq!(read(&nine), None);
    }

    #[test]
    fn letters_in_either_case_above_nine() {
        let mut line = ".".repeat(256);
        line.replace_range(0..2, "Gg");
        let (size, givens) = read(&line).unwrap();
        assert_eq!((size, givens[0], givens[1]), (16, 16, 16));
        line.replace_range(0..1, "H");
        assert_eq!(read(&line), None);
    }
}
