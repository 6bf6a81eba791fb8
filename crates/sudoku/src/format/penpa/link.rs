//! A Penpa+ link unpacked: the parameters after `?` or `#`, the `p=`
//! payload in base64 of raw DEFLATE, the key words Penpa shortens put
//! back, and the lines of the text split into the header, the board and
//! the problem layer.

use serde_json::Value;

/// Penpa's shortenings (`"pu_q"` → `zQ`, …), applied in this order when a
/// link is written and undone in the reverse order when it is read; the
/// first escapes every `z` of the text itself.
const SHORTENED: [(&str, &str); 31] = [
    ("z", "zZ"),
    ("\"qa\"", "z9"),
    ("\"pu_q\"", "zQ"),
    ("\"pu_a\"", "zA"),
    ("\"grid\"", "zG"),
    ("\"edit_mode\"", "zM"),
    ("\"surface\"", "zS"),
    ("\"line\"", "zL"),
    ("\"lineE\"", "zE"),
    ("\"wall\"", "zW"),
    ("\"cage\"", "zC"),
    ("\"number\"", "zN"),
    ("\"symbol\"", "zY"),
    ("\"special\"", "zP"),
    ("\"board\"", "zB"),
    ("\"command_redo\"", "zR"),
    ("\"command_undo\"", "zU"),
    ("\"command_replay\"", "z8"),
    ("\"numberS\"", "z1"),
    ("\"freeline\"", "zF"),
    ("\"freelineE\"", "z2"),
    ("\"thermo\"", "zT"),
    ("\"arrows\"", "z3"),
    ("\"direction\"", "zD"),
    ("\"squareframe\"", "z0"),
    ("\"polygon\"", "z5"),
    ("\"deletelineE\"", "z4"),
    ("\"killercages\"", "z6"),
    ("\"nobulbthermo\"", "z7"),
    ("\"__a\"", "z_"),
    ("null", "zO"),
];

/// The widest and highest drawing area read: far beyond any Sudoku.
const MAX_AREA: usize = 1000;

/// What a Penpa+ link says about its puzzle.
#[derive(Clone, Debug)]
pub(super) struct Unpacked {
    /// The grid's kind: `square` and `sudoku` are read.
    pub gridtype: String,
    /// Columns and rows of the drawing area.
    pub nx: usize,
    pub ny: usize,
    /// Rows and columns left out at the top, bottom, left and right.
    pub space: [usize; 4],
    /// The board's cells (point numbers); empty: the area less `space`.
    pub centerlist: Vec<usize>,
    /// The problem layer: the setter's numbers, symbols, lines, …
    pub problem: Value,
    /// The title, the author and the rules in words.
    pub title: String,
    pub author: String,
    pub rules: String,
}

/// The `p=` payload of a link (its byte offset in `link`), or of a line
/// that is the payload alone.
pub(super) fn payload(link: &str) -> Option<(usize, &str)> {
    let query = link.find(['?', '#']).map_or(0, |q| q + 1);
    let mut at = query;
    for param in link[query..].split(['&', '#', '?']) {
        if let Some(value) = param.strip_prefix("p=") {
            return Some((at + 2, value.trim_end()));
        }
        at += param.len() + 1;
    }
    None
}

/// The payload unpacked; errors say what is wrong (the caller places them
/// at the payload).
pub(super) fn unpack(payload: &str) -> Result<Unpacked, String> {
    if payload.starts_with("http") {
        return Err(
            "this Penpa+ link imports a puzz.link address, which fdoku does not fetch; open it \
             in Penpa+ and copy the link Penpa+ makes of it"
                .to_owned(),
        );
    }
    let bytes = base64(payload)?;
    let inflated = miniz_oxide::inflate::decompress_to_vec(&bytes)
        .map_err(|e| format!("the payload does not unpack (raw DEFLATE): {e}"))?;
    let mut text =
        String::from_utf8(inflated).map_err(|_| "the payload unpacks to text that is not UTF-8")?;
    for (long, short) in SHORTENED.iter().rev() {
        text = text.replace(short, long);
    }
    let lines: Vec<&str> = text.split('\n').collect();
    let header: Vec<&str> = lines[0].split(',').collect();
    if header[0].starts_with(|c: char| c.is_ascii_digit()) {
        return Err("a link of Penpa's first version, which fdoku does not read".to_owned());
    }
    let number = |i: usize, what: &str| -> Result<usize, String> {
        header
            .get(i)
            .and_then(|v| v.trim().parse().ok())
            .filter(|&v| v <= MAX_AREA)
            .ok_or_else(|| format!("the header's {what} is not a number from 0 to {MAX_AREA}"))
    };
    let json = |i: usize, what: &str| -> Result<Value, String> {
        let line = lines.get(i).copied().unwrap_or("");
        serde_json::from_str(line).map_err(|e| format!("line {} ({what}): {e}", i + 1))
    };
    let space = json(1, "the margins")?;
    let space: Vec<usize> = space
        .as_array()
        .map(|s| {
            s.iter()
                .filter_map(Value::as_u64)
                .map(|v| v as usize)
                .collect()
        })
        .unwrap_or_default();
    let centerlist = match json(5, "the board's cells")? {
        Value::Array(steps) if steps.first().is_some_and(|s| !s.is_null()) => {
            let mut at = 0i64;
            steps
                .iter()
                .map(|s| {
                    at += s.as_i64().ok_or("the board's cells are not numbers")?;
                    usize::try_from(at).map_err(|_| "a board cell below 0".to_owned())
                })
                .collect::<Result<Vec<usize>, String>>()?
        }
        _ => Vec::new(),
    };
    let field = |i: usize| {
        header
            .get(i)
            .map(|t| {
                t.replace("%2C", ",")
                    .replace("%2D", "\n")
                    .replace("%2E", "&")
                    .replace("%2F", "=")
            })
            .unwrap_or_default()
    };
    Ok(Unpacked {
        gridtype: header[0].to_owned(),
        nx: number(1, "width")?,
        ny: number(2, "height")?,
        space: [0, 1, 2, 3].map(|i| space.get(i).copied().unwrap_or(0)),
        centerlist,
        problem: json(3, "the problem")?,
        title: field(15).trim_start_matches("Title:").trim().to_owned(),
        author: field(16).trim_start_matches("Author:").trim().to_owned(),
        rules: field(18),
    })
}

/// Standard base64 (`+/`, `=` padding optional); a `%2B`, `%2F`, `%3D` or
/// a space for a `+` from a copied link is taken as meant.
fn base64(text: &str) -> Result<Vec<u8>, String> {
    let text = text
        .replace("%2B", "+")
        .replace("%2F", "/")
        .replace("%3D", "=")
        .replace(' ', "+");
    let mut out = Vec::with_capacity(text.len() * 3 / 4);
    let (mut bits, mut count) = (0u32, 0);
    for (i, c) in text.trim_end_matches('=').chars().enumerate() {
        let value = match c {
            'A'..='Z' => c as u32 - 'A' as u32,
            'a'..='z' => c as u32 - 'a' as u32 + 26,
            '0'..='9' => c as u32 - '0' as u32 + 52,
            '+' | '-' => 62,
            '/' | '_' => 63,
            _ => {
                return Err(format!(
                    "character {} of the payload, {c:?}, is not one of A-Z a-z 0-9 + / =",
                    i + 1
                ));
            }
        };
        bits = bits << 6 | value;
        count += 6;
        if count >= 8 {
            count -= 8;
            out.push((bits >> count) as u8);
            bits &= (1 << count) - 1;
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64_reads_the_standard_alphabet_with_or_without_padding() {
        assert_eq!(base64("TWFu").unwrap(), b"Man");
        assert_eq!(base64("TWE=").unwrap(), b"Ma");
        assert_eq!(base64("TQ").unwrap(), b"M");
        assert!(base64("TW!u").unwrap_err().contains("character 3"));
    }

    #[test]
    fn the_payload_is_found_in_either_part_of_the_link() {
        let link = "https://swaroopg92.github.io/penpa-edit/#m=solve&p=ABC&a=x";
        let (at, p) = payload(link).unwrap();
        assert_eq!((p, &link[at..at + 3]), ("ABC", "ABC"));
        assert_eq!(
            payload("https://x/penpa-edit/?m=edit&p=Q1").unwrap().1,
            "Q1"
        );
        assert!(payload("https://x/penpa-edit/?m=edit").is_none());
    }
}
