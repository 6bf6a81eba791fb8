//! SudokuPad's compact JSON: the text inside an `scl` link.
//!
//! SudokuPad shortens a puzzle's JSON before packing it: long keys become
//! short ones (`cells` → `ce`, `wayPoints` → `wp`, …), keys lose their
//! quotes, strings are quoted with `'` (a `'` inside one is written `\'`),
//! empty lists are dropped, an empty object in a list is left out
//! (`[,,]`), texts that are whole numbers become numbers, and in an
//! object's values `true`/`false` become `t`/`f` and a colour `#RRGGBB`
//! becomes `RRGGBB` (`#0` for black, `#F` for white).
//!
//! [`zip`] writes that form; [`unzip`] reads it back into JSON, and reads
//! plain JSON too. An error names the character where reading stopped.
//!
//! ```text
//! {"cellSize":50,"cells":[[{},{"value":"5"}]],"lines":[{"color":"#CFCFCF"}]}
//! {cs:50,ce:[[,{v:5}]],l:[{c:CFCFCF}]}
//! ```

use serde_json::{Map, Number, Value};

/// SudokuPad's short names for keys.
const SHORT_KEYS: [(&str, &str); 25] = [
    ("color", "c"),
    ("cages", "ca"),
    ("center", "ct"),
    ("borderColor", "c1"),
    ("backgroundColor", "c2"),
    ("cells", "ce"),
    ("cellSize", "cs"),
    ("arrows", "a"),
    ("overlays", "o"),
    ("underlays", "u"),
    ("width", "w"),
    ("height", "h"),
    ("value", "v"),
    ("videos", "vd"),
    ("lines", "l"),
    ("rounded", "r"),
    ("regions", "re"),
    ("fontSize", "fs"),
    ("thickness", "th"),
    ("headLength", "hl"),
    ("wayPoints", "wp"),
    ("title", "t"),
    ("text", "te"),
    ("duration", "d"),
    ("d", "d2"),
];

fn short_key(key: &str) -> &str {
    SHORT_KEYS
        .iter()
        .find(|(long, _)| *long == key)
        .map_or(key, |(_, short)| short)
}

fn long_key(key: &str) -> &str {
    SHORT_KEYS
        .iter()
        .find(|(_, short)| *short == key)
        .map_or(key, |(long, _)| long)
}

/// The compact text of a puzzle's JSON.
pub fn zip(value: &Value) -> String {
    let mut out = String::new();
    write_value(value, &mut out);
    out
}

fn write_value(value: &Value, out: &mut String) {
    match value {
        Value::Object(object) => {
            out.push('{');
            let mut first = true;
            for (key, v) in object {
                if v.as_array().is_some_and(Vec::is_empty) {
                    continue;
                }
                if !first {
                    out.push(',');
                }
                first = false;
                let key = short_key(key);
                if !key.is_empty() && key.chars().all(|c| c.is_ascii_alphanumeric()) {
                    out.push_str(key);
                } else {
                    write_string(key, out);
                }
                out.push(':');
                write_field(v, out);
            }
            out.push('}');
        }
        Value::Array(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                if item.as_object().is_some_and(Map::is_empty) {
                    continue;
                }
                write_value(item, out);
            }
            out.push(']');
        }
        Value::String(s) => match whole_number(s) {
            Some(n) => out.push_str(&n.to_string()),
            None => write_string(s, out),
        },
        other => out.push_str(&other.to_string()),
    }
}

/// An object's value: booleans and colours shortened.
fn write_field(value: &Value, out: &mut String) {
    match value {
        Value::Bool(b) => out.push(if *b { 't' } else { 'f' }),
        Value::String(s) if s == "#000000" => out.push_str("#0"),
        Value::String(s) if s == "#FFFFFF" => out.push_str("#F"),
        Value::String(s) if hex_colour(s.strip_prefix('#').unwrap_or("")) => out.push_str(&s[1..]),
        other => write_value(other, out),
    }
}

/// A text that JavaScript's `String(parseInt(s)) === s` keeps.
fn whole_number(s: &str) -> Option<i64> {
    let n: i64 = s.parse().ok()?;
    (n.to_string() == s).then_some(n)
}

fn hex_colour(s: &str) -> bool {
    s.len() == 6 && s.chars().all(|c| c.is_ascii_hexdigit())
}

/// A string quoted with `'`: JSON's escapes, `'` as `\'` and `"` as
/// `\u0022` (SudokuPad reads any `"` as the sign of plain JSON).
fn write_string(s: &str, out: &mut String) {
    let json = Value::String(s.to_owned()).to_string();
    let inner = &json[1..json.len() - 1];
    out.push('\'');
    out.push_str(&inner.replace('\'', "\\'").replace("\\\"", "\\u0022"));
    out.push('\'');
}

/// Reads the compact text (or plain JSON) into JSON with the long keys.
pub fn unzip(text: &str) -> Result<Value, String> {
    let mut reader = Reader {
        chars: text.chars().collect(),
        at: 0,
        depth: 0,
    };
    let value = reader.value(false)?;
    reader.space();
    if reader.at < reader.chars.len() {
        return Err(reader.error("the end of the puzzle"));
    }
    Ok(value)
}

/// How deeply lists and objects may nest (as serde_json allows).
const MAX_DEPTH: usize = 128;

struct Reader {
    chars: Vec<char>,
    at: usize,
    depth: usize,
}

impl Reader {
    fn nested(&mut self, read: fn(&mut Self) -> Result<Value, String>) -> Result<Value, String> {
        self.depth += 1;
        let value = read(self);
        self.depth -= 1;
        value
    }

    fn peek(&self) -> Option<char> {
        self.chars.get(self.at).copied()
    }

    fn space(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.at += 1;
        }
    }

    fn error(&self, expected: &str) -> String {
        let found = self
            .peek()
            .map_or("the end".to_owned(), |c| format!("{c:?}"));
        format!(
            "character {} of the puzzle's text: found {found}, expected {expected}",
            self.at + 1
        )
    }

    fn expect(&mut self, c: char) -> Result<(), String> {
        self.space();
        if self.peek() == Some(c) {
            self.at += 1;
            Ok(())
        } else {
            Err(self.error(&format!("{c:?}")))
        }
    }

    /// A value; `field` when it is an object's value (where `t`, `f` and
    /// bare colours stand).
    fn value(&mut self, field: bool) -> Result<Value, String> {
        self.space();
        match self.peek() {
            Some('{' | '[') if self.depth >= MAX_DEPTH => Err(self.error(&format!(
                "no more than {MAX_DEPTH} nested lists and objects"
            ))),
            Some('{') => self.nested(Self::object),
            Some('[') => self.nested(Self::array),
            Some(q @ ('\'' | '"')) => self.string(q).map(Value::String),
            Some(_) => self.token(field),
            None => Err(self.error("a value")),
        }
    }

    fn object(&mut self) -> Result<Value, String> {
        self.at += 1;
        let mut object = Map::new();
        self.space();
        if self.peek() == Some('}') {
            self.at += 1;
            return Ok(Value::Object(object));
        }
        loop {
            self.space();
            let key = match self.peek() {
                Some(q @ ('\'' | '"')) => self.string(q)?,
                _ => {
                    let start = self.at;
                    while self
                        .peek()
                        .is_some_and(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$')
                    {
                        self.at += 1;
                    }
                    if start == self.at {
                        return Err(self.error("a key"));
                    }
                    self.chars[start..self.at].iter().collect()
                }
            };
            self.expect(':')?;
            let value = self.value(true)?;
            object.insert(long_key(&key).to_owned(), value);
            self.space();
            match self.peek() {
                Some(',') => self.at += 1,
                Some('}') => {
                    self.at += 1;
                    return Ok(Value::Object(object));
                }
                _ => return Err(self.error("',' or '}'")),
            }
        }
    }

    fn array(&mut self) -> Result<Value, String> {
        self.at += 1;
        let mut items = Vec::new();
        self.space();
        if self.peek() == Some(']') {
            self.at += 1;
            return Ok(Value::Array(items));
        }
        loop {
            self.space();
            // A left-out item is an empty object.
            if matches!(self.peek(), Some(',' | ']')) {
                items.push(Value::Object(Map::new()));
            } else {
                items.push(self.value(false)?);
            }
            self.space();
            match self.peek() {
                Some(',') => self.at += 1,
                Some(']') => {
                    self.at += 1;
                    return Ok(Value::Array(items));
                }
                _ => return Err(self.error("',' or ']'")),
            }
        }
    }

    fn string(&mut self, quote: char) -> Result<String, String> {
        let start = self.at;
        self.at += 1;
        let mut json = String::from('"');
        loop {
            match self.peek() {
                None => {
                    self.at = start;
                    return Err(self.error("a closing quote for this text"));
                }
                Some(c) if c == quote => {
                    self.at += 1;
                    break;
                }
                Some('\\') => {
                    self.at += 1;
                    match self.peek() {
                        Some('\'') => json.push('\''),
                        Some(c) => {
                            json.push('\\');
                            json.push(c);
                        }
                        None => return Err(self.error("an escaped character")),
                    }
                    self.at += 1;
                }
                Some('"') => {
                    json.push_str("\\\"");
                    self.at += 1;
                }
                Some(c) => {
                    json.push(c);
                    self.at += 1;
                }
            }
        }
        json.push('"');
        serde_json::from_str(&json).map_err(|e| {
            self.at = start;
            self.error(&format!("a text with valid escapes ({e})"))
        })
    }

    fn token(&mut self, field: bool) -> Result<Value, String> {
        let start = self.at;
        while self
            .peek()
            .is_some_and(|c| c.is_ascii_alphanumeric() || matches!(c, '#' | '.' | '-' | '+'))
        {
            self.at += 1;
        }
        let token: String = self.chars[start..self.at].iter().collect();
        let colour = match token.as_str() {
            "#0" => Some("#000000".to_owned()),
            "#F" => Some("#FFFFFF".to_owned()),
            t if hex_colour(t) => Some(format!("#{t}")),
            _ => None,
        };
        let value = match (token.as_str(), colour) {
            (_, Some(colour)) if field => Value::String(colour),
            ("t", _) if field => Value::Bool(true),
            ("f", _) if field => Value::Bool(false),
            ("true", _) => Value::Bool(true),
            ("false", _) => Value::Bool(false),
            ("null", _) => Value::Null,
            (t, _) => match t.parse::<f64>().ok().and_then(Number::from_f64) {
                Some(n) if !t.is_empty() => t.parse::<i64>().map_or(Value::Number(n), Value::from),
                _ => {
                    self.at = start;
                    return Err(self.error("a value (a number, a text, a list or an object)"));
                }
            },
        };
        Ok(value)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn the_compact_form_reads_back_as_the_json() {
        let puzzle = json!({
            "cellSize": 50,
            "cells": [[{}, {"value": "5"}], [{}, {}]],
            "regions": [],
            "lines": [{"color": "#CFCFCF", "thickness": 21, "wayPoints": [[0.5, 0.5], [1.5, 0.5]]}],
            "overlays": [{"rounded": true, "borderColor": "#000000", "backgroundColor": "#FFFFFF", "text": "it's \"X\""}],
        });
        let zipped = zip(&puzzle);
        assert_eq!(
            zipped,
            "{cs:50,ce:[[,{v:5}],[,]],l:[{c:CFCFCF,th:21,wp:[[0.5,0.5],[1.5,0.5]]}],\
             o:[{c2:#F,c1:#0,r:t,te:'it\\'s \\u0022X\\u0022'}]}"
        );
        let back = unzip(&zipped).unwrap();
        assert_eq!(back["cells"], json!([[{}, {"value": 5}], [{}, {}]]));
        assert_eq!(back["lines"], puzzle["lines"]);
        assert_eq!(back["overlays"][0]["text"], "it's \"X\"");
        assert_eq!(back["overlays"][0]["borderColor"], "#000000");
        assert_eq!(back["overlays"][0]["rounded"], true);
        assert_eq!(
            unzip("{\"cells\": [[{}]]}").unwrap(),
            json!({"cells": [[{}]]})
        );
    }

    #[test]
    fn damaged_text_names_the_character() {
        assert_eq!(
            unzip("{ce:[[,{v:5}],}").unwrap_err(),
            "character 15 of the puzzle's text: found '}', expected a value (a number, a text, a list or an object)"
        );
        assert!(unzip("{te:'open}").unwrap_err().contains("closing quote"));
    }
}
