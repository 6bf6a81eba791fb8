//! The tokens of FlatZinc: names, integers, floats, strings, punctuation;
//! `%` starts a comment that runs to the end of the line.

use crate::error::{Error, Pos};

/// One token.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Token {
    /// A name or keyword.
    Ident(String),
    /// An integer literal.
    Int(i64),
    /// A float literal, as written (refused except in annotations).
    Float(String),
    /// A string literal (only in annotations).
    Str(String),
    /// Punctuation: `; : :: , [ ] ( ) { } .. =`.
    Punct(&'static str),
    /// The end of the text.
    End,
}

impl Token {
    /// How the token is named in an error message.
    pub(crate) fn describe(&self) -> String {
        match self {
            Token::Ident(name) => format!("'{name}'"),
            Token::Int(v) => format!("the integer {v}"),
            Token::Float(_) => "a float".to_owned(),
            Token::Str(_) => "a string".to_owned(),
            Token::Punct(p) => format!("'{p}'"),
            Token::End => "the end of the file".to_owned(),
        }
    }
}

const PUNCTUATION: [&str; 12] = ["::", "..", ";", ":", ",", "[", "]", "(", ")", "{", "}", "="];

/// Splits `text` into tokens with their positions; the last is [`Token::End`].
pub(crate) fn tokens(text: &str) -> Result<Vec<(Token, Pos)>, Error> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let (mut i, mut line, mut line_start) = (0, 1, 0);
    while i < chars.len() {
        let pos = Pos {
            line,
            column: i - line_start + 1,
        };
        let c = chars[i];
        if c == '\n' {
            i += 1;
            line += 1;
            line_start = i;
        } else if c.is_whitespace() {
            i += 1;
        } else if c == '%' {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c.is_ascii_alphabetic() || c == '_' {
            let start = i;
            while i < chars.len() && (chars[i].is_ascii_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
            out.push((Token::Ident(chars[start..i].iter().collect()), pos));
        } else if c.is_ascii_digit()
            || (c == '-' && chars.get(i + 1).is_some_and(char::is_ascii_digit))
        {
            let (token, next) = number(&chars, i, pos)?;
            out.push((token, pos));
            i = next;
        } else if c == '"' {
            let start = i + 1;
            i = start;
            while i < chars.len() && chars[i] != '"' && chars[i] != '\n' {
                i += usize::from(chars[i] == '\\') + 1;
            }
            if chars.get(i) != Some(&'"') {
                return Err(Error::syntax(pos, "unterminated string: expected '\"'"));
            }
            out.push((Token::Str(chars[start..i].iter().collect()), pos));
            i += 1;
        } else {
            let rest: String = chars[i..chars.len().min(i + 2)].iter().collect();
            let Some(p) = PUNCTUATION.iter().find(|p| rest.starts_with(**p)) else {
                return Err(Error::syntax(pos, format!("unexpected character '{c}'")));
            };
            out.push((Token::Punct(p), pos));
            i += p.len();
        }
    }
    let end = Pos {
        line,
        column: i - line_start + 1,
    };
    out.push((Token::End, end));
    Ok(out)
}

/// The number starting at `i`: decimal, `0x` hex, `0o` octal, or a float.
fn number(chars: &[char], start: usize, pos: Pos) -> Result<(Token, usize), Error> {
    let mut i = start + usize::from(chars[start] == '-');
    let negative = i > start;
    let digits_from = |i: usize, ok: fn(&char) -> bool| {
        let mut j = i;
        while j < chars.len() && ok(&chars[j]) {
            j += 1;
        }
        j
    };
    let (radix, from) = match (chars.get(i), chars.get(i + 1)) {
        (Some('0'), Some('x')) => (16, i + 2),
        (Some('0'), Some('o')) => (8, i + 2),
        _ => (10, i),
    };
    let end = match radix {
        16 => digits_from(from, char::is_ascii_hexdigit),
        8 => digits_from(from, |c| ('0'..='7').contains(c)),
        _ => digits_from(from, char::is_ascii_digit),
    };
    i = end;
    // A float: digits '.' digit (not '..'), or an exponent.
    if radix == 10 {
        let fraction =
            chars.get(i) == Some(&'.') && chars.get(i + 1).is_some_and(char::is_ascii_digit);
        let exponent = matches!(chars.get(i), Some('e' | 'E'));
        if fraction || exponent {
            if fraction {
                i = digits_from(i + 1, char::is_ascii_digit);
            }
            if matches!(chars.get(i), Some('e' | 'E')) {
                i += 1 + usize::from(matches!(chars.get(i + 1), Some('-' | '+')));
                i = digits_from(i, char::is_ascii_digit);
            }
            let literal: String = chars[start..i].iter().collect();
            if literal.parse::<f64>().is_err() {
                return Err(Error::syntax(pos, format!("malformed float '{literal}'")));
            }
            return Ok((Token::Float(literal), i));
        }
    }
    let digits: String = chars[from..end].iter().collect();
    let magnitude = i64::from_str_radix(&digits, radix)
        .map_err(|_| Error::syntax(pos, format!("integer '{digits}' out of range or malformed")))?;
    Ok((Token::Int(if negative { -magnitude } else { magnitude }), i))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_carry_their_positions() {
        let toks = tokens("var 1..3: x; % note\n constraint int_le(x,-2);").unwrap();
        let kinds: Vec<&Token> = toks.iter().map(|(t, _)| t).collect();
        assert_eq!(kinds[1], &Token::Int(1));
        assert_eq!(kinds[2], &Token::Punct(".."));
        assert_eq!(kinds[3], &Token::Int(3));
        let (minus_two, pos) = &toks[12];
        assert_eq!(minus_two, &Token::Int(-2));
        assert_eq!((pos.line, pos.column), (2, 22));
        assert_eq!(toks.last().unwrap().0, Token::End);
        assert_eq!(tokens("1.5e3").unwrap()[0].0, Token::Float("1.5e3".into()));
        assert!(tokens("1.5e").is_err());
        let range: Vec<Token> = tokens("0.5..1.5e-2")
            .unwrap()
            .into_iter()
            .map(|t| t.0)
            .collect();
        assert_eq!(
            range[..3],
            [
                Token::Float("0.5".into()),
                Token::Punct(".."),
                Token::Float("1.5e-2".into())
            ]
        );
        assert_eq!(tokens("0x1F").unwrap()[0].0, Token::Int(31));
    }

    #[test]
    fn a_stray_character_is_an_error_at_its_place() {
        let err = tokens("var int: x;\n  @").unwrap_err();
        assert_eq!(
            err.to_string(),
            "line 2, column 3: unexpected character '@'"
        );
    }
}
