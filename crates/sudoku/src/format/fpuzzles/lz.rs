//! lz-string's `compressToBase64` and `decompressFromBase64`, the packing
//! f-puzzles and SudokuPad use for puzzles in links.
//!
//! The text is taken as UTF-16 code units, as JavaScript does, and built
//! into an LZW dictionary; codes are written with a width that grows as
//! the dictionary does, least significant bit first, six bits to a
//! character of `A–Z a–z 0–9 + /`, most significant bit first, padded
//! with `=` to a multiple of four. The output is byte for byte what
//! lz-string 1.4 writes, so a puzzle written here opens as the same link.
//!
//! ```
//! use fdoku_sudoku::format::fpuzzles::lz;
//!
//! let packed = lz::compress_to_base64("{\"size\":9}");
//! assert_eq!(lz::decompress_from_base64(&packed).unwrap(), "{\"size\":9}");
//! assert!(lz::decompress_from_base64("N4Ig!").is_err());
//! ```

use std::collections::{HashMap, HashSet};

/// The 64 characters of the packing, by value.
const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// Why a payload does not unpack.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LzError {
    /// A character outside `A–Z a–z 0–9 + / =`, at a 1-based position.
    Character {
        /// 1-based position in the payload.
        position: usize,
        /// The character.
        found: char,
    },
    /// The payload ends before its end mark.
    Truncated,
    /// A code that names no dictionary entry: the payload is damaged.
    Corrupted {
        /// 1-based position of the character holding the code's last bit.
        position: usize,
    },
    /// The unpacked code units are not text (a lone surrogate).
    NotText,
    /// Nothing to unpack.
    Empty,
}

impl std::fmt::Display for LzError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LzError::Character { position, found } => write!(
                f,
                "character {position} of the payload, {found:?}, is not one of A-Z a-z 0-9 + / ="
            ),
            LzError::Truncated => f.write_str("the payload ends early: it is cut short"),
            LzError::Corrupted { position } => write!(
                f,
                "the payload is damaged: the code ending at character {position} names nothing"
            ),
            LzError::NotText => f.write_str("the payload unpacks to something that is not text"),
            LzError::Empty => f.write_str("the payload is empty"),
        }
    }
}

/// Packs `text` as lz-string's `compressToBase64` does.
pub fn compress_to_base64(text: &str) -> String {
    let units: Vec<u16> = text.encode_utf16().collect();
    let mut out = BitWriter::default();
    let mut dict: HashMap<Vec<u16>, u32> = HashMap::new();
    let mut fresh: HashSet<u16> = HashSet::new();
    let mut width = Width::new(2, 2);
    let mut size = 3u32;
    let mut w: Vec<u16> = Vec::new();
    for &c in &units {
        if !dict.contains_key(&[c][..]) {
            dict.insert(vec![c], size);
            size += 1;
            fresh.insert(c);
        }
        let mut wc = w.clone();
        wc.push(c);
        if dict.contains_key(&wc) {
            w = wc;
        } else {
            emit(&w, &dict, &mut fresh, &mut width, &mut out);
            dict.insert(wc, size);
            size += 1;
            w = vec![c];
        }
    }
    if !w.is_empty() {
        emit(&w, &dict, &mut fresh, &mut width, &mut out);
    }
    out.write(2, width.bits);
    out.finish()
}

/// Writes the code of `w`, introducing its character first when it is new.
fn emit(
    w: &[u16],
    dict: &HashMap<Vec<u16>, u32>,
    fresh: &mut HashSet<u16>,
    width: &mut Width,
    out: &mut BitWriter,
) {
    if w.len() == 1 && fresh.remove(&w[0]) {
        let unit = w[0];
        if unit < 256 {
            out.write(0, width.bits);
            out.write(u32::from(unit), 8);
        } else {
            out.write(1, width.bits);
            out.write(u32::from(unit), 16);
        }
        width.count_down();
    } else {
        out.write(dict[w], width.bits);
    }
    width.count_down();
}

/// The code width and how many codes remain before it grows.
struct Width {
    bits: u32,
    enlarge_in: u32,
}

impl Width {
    fn new(bits: u32, enlarge_in: u32) -> Self {
        Width { bits, enlarge_in }
    }

    fn count_down(&mut self) {
        self.enlarge_in -= 1;
        if self.enlarge_in == 0 {
            self.enlarge_in = 1 << self.bits;
            self.bits += 1;
        }
    }
}

/// Six bits to a character, most significant first.
#[derive(Default)]
struct BitWriter {
    out: String,
    value: u8,
    filled: u8,
}

impl BitWriter {
    fn bit(&mut self, b: u32) {
        self.value = (self.value << 1) | (b & 1) as u8;
        self.filled += 1;
        if self.filled == 6 {
            self.out.push(char::from(ALPHABET[usize::from(self.value)]));
            self.value = 0;
            self.filled = 0;
        }
    }

    /// `bits` bits of `value`, least significant first.
    fn write(&mut self, mut value: u32, bits: u32) {
        for _ in 0..bits {
            self.bit(value & 1);
            value >>= 1;
        }
    }

    /// The last character, always one more (lz-string's flush), and the padding.
    fn finish(mut self) -> String {
        loop {
            self.value <<= 1;
            self.filled += 1;
            if self.filled == 6 {
                self.out.push(char::from(ALPHABET[usize::from(self.value)]));
                break;
            }
        }
        while !self.out.len().is_multiple_of(4) {
            self.out.push('=');
        }
        self.out
    }
}

/// Reads bits from the payload's characters.
struct BitReader {
    values: Vec<u8>,
    /// The next bit, counted from the payload's start.
    at: usize,
}

impl BitReader {
    /// The payload's values; `=` only pads its end.
    fn new(payload: &str) -> Result<Self, LzError> {
        let mut values = Vec::with_capacity(payload.len());
        for (i, ch) in payload.trim_end_matches('=').chars().enumerate() {
            let value = u8::try_from(ch)
                .ok()
                .and_then(|b| ALPHABET.iter().position(|&a| a == b))
                .ok_or(LzError::Character {
                    position: i + 1,
                    found: ch,
                })?;
            values.push(value as u8);
        }
        Ok(BitReader { values, at: 0 })
    }

    /// `bits` bits, least significant first.
    fn read(&mut self, bits: u32) -> Result<u32, LzError> {
        let mut value = 0;
        for i in 0..bits {
            let byte = self.values.get(self.at / 6).ok_or(LzError::Truncated)?;
            let bit = (byte >> (5 - self.at % 6)) & 1;
            value |= u32::from(bit) << i;
            self.at += 1;
        }
        Ok(value)
    }

    /// The 1-based character that held the last bit read.
    fn position(&self) -> usize {
        self.at.div_ceil(6)
    }
}

/// Unpacks a payload written by `compressToBase64`.
pub fn decompress_from_base64(payload: &str) -> Result<String, LzError> {
    if payload.trim_end_matches('=').is_empty() {
        return Err(LzError::Empty);
    }
    let mut input = BitReader::new(payload)?;
    // Codes 0 to 2 are the three markers; entries start at 3.
    let mut dict: Vec<Vec<u16>> = vec![Vec::new(); 3];
    let mut width = Width::new(3, 4);
    let first = match input.read(2)? {
        0 => input.read(8)?,
        1 => input.read(16)?,
        2 => return Ok(String::new()),
        _ => return Err(LzError::Corrupted { position: 1 }),
    };
    let mut w = vec![first as u16];
    dict.push(w.clone());
    let mut out = w.clone();
    loop {
        let mut code = input.read(width.bits)? as usize;
        match code {
            0 | 1 => {
                let unit = input.read(if code == 0 { 8 } else { 16 })?;
                dict.push(vec![unit as u16]);
                code = dict.len() - 1;
                width.count_down();
            }
            2 => return String::from_utf16(&out).map_err(|_| LzError::NotText),
            _ => {}
        }
        let entry = match dict.get(code) {
            Some(entry) if code >= 3 => entry.clone(),
            None if code == dict.len() => {
                let mut e = w.clone();
                e.push(w[0]);
                e
            }
            _ => {
                return Err(LzError::Corrupted {
                    position: input.position(),
                });
            }
        };
        out.extend_from_slice(&entry);
        let mut next = w;
        next.push(entry[0]);
        dict.push(next);
        width.count_down();
        w = entry;
    }
}
