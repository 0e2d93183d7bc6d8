//! The PGN layer below moves: characters read from a byte stream with their place, and
//! the lexemes of movetext (tag pairs and words), with comments, `%` escape lines and
//! variations skipped. Nothing is kept but the lexeme at hand, so a file of any size is
//! read in constant memory.

use std::io::{self, BufRead};

use super::MovetextError;

/// The longest word or tag pair read; a longer one is an error, skipped without being kept.
pub(super) const MAX_LEXEME_BYTES: usize = 4096;

/// Where something stands in the input: a byte offset, and its line and column (1-based,
/// the column in characters).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Place {
    /// Bytes before it.
    pub offset: usize,
    /// From 1.
    pub line: usize,
    /// From 1, in characters.
    pub column: usize,
}

impl Place {
    pub(super) fn fail<T>(self, message: impl Into<String>) -> Result<T, MovetextError> {
        Err(MovetextError { offset: self.offset, line: self.line, column: self.column, message: message.into() })
    }
}

/// What movetext is made of, once comments and variations are skipped.
#[derive(Debug)]
pub(super) enum Lexeme {
    /// `[Name "value"]`.
    Tag { name: String, value: String },
    /// Anything else between separators: a move, a move number, a NAG, a result.
    Word(String),
}

/// Characters of a UTF-8 byte stream, one ahead, with their places.
struct Chars<R> {
    src: R,
    place: Place,
    peeked: Option<char>,
}

impl<R: BufRead> Chars<R> {
    fn peek(&mut self) -> Result<Option<char>, MovetextError> {
        if self.peeked.is_none() {
            self.peeked = self.decode().map_err(|e| MovetextError {
                offset: self.place.offset,
                line: self.place.line,
                column: self.place.column,
                message: e,
            })?;
        }
        Ok(self.peeked)
    }

    /// Consumes the peeked character.
    fn bump(&mut self) {
        if let Some(c) = self.peeked.take() {
            self.place.offset += c.len_utf8();
            if c == '\n' {
                self.place.line += 1;
                self.place.column = 1;
            } else {
                self.place.column += 1;
            }
        }
    }

    fn next(&mut self) -> Result<Option<char>, MovetextError> {
        let c = self.peek()?;
        self.bump();
        Ok(c)
    }

    fn byte(&mut self) -> Result<Option<u8>, String> {
        let buf = loop {
            match self.src.fill_buf() {
                Ok(buf) => break buf,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(format!("cannot read the input: {e}")),
            }
        };
        let Some(&b) = buf.first() else { return Ok(None) };
        self.src.consume(1);
        Ok(Some(b))
    }

    fn decode(&mut self) -> Result<Option<char>, String> {
        let Some(first) = self.byte()? else { return Ok(None) };
        let width = match first {
            0x00..=0x7f => return Ok(Some(first as char)),
            0xc2..=0xdf => 2,
            0xe0..=0xef => 3,
            0xf0..=0xf4 => 4,
            _ => return Err("not UTF-8 text".into()),
        };
        let mut bytes = [first, 0, 0, 0];
        for b in &mut bytes[1..width] {
            *b = self.byte()?.ok_or("not UTF-8 text (cut off inside a character)")?;
        }
        std::str::from_utf8(&bytes[..width]).map(|s| s.chars().next()).map_err(|_| "not UTF-8 text".into())
    }
}

/// Characters that end a word even when glued to it.
fn ends_word(c: char) -> bool {
    c.is_whitespace() || c == '\u{feff}' || matches!(c, '{' | '}' | ';')
}

/// The lexemes of a byte stream, read as they are asked for.
pub(super) struct Scanner<R> {
    chars: Chars<R>,
    /// No character but spaces since the last newline (for `%` and `#` lines).
    line_start: bool,
}

impl<R: BufRead> Scanner<R> {
    pub(super) fn new(src: R) -> Scanner<R> {
        Scanner { chars: Chars { src, place: Place { offset: 0, line: 1, column: 1 }, peeked: None }, line_start: true }
    }

    /// Where the next character stands.
    pub(super) fn place(&self) -> Place {
        self.chars.place
    }

    /// The next lexeme and where it starts; `None` at the end of the input. After an
    /// error the scanner stands after the offending character, and reading may go on.
    pub(super) fn next(&mut self) -> Option<Result<(Place, Lexeme), MovetextError>> {
        self.step().transpose()
    }

    fn step(&mut self) -> Result<Option<(Place, Lexeme)>, MovetextError> {
        loop {
            let at = self.place();
            let Some(c) = self.chars.peek()? else { return Ok(None) };
            let at_line_start = self.line_start;
            if c.is_whitespace() || c == '\u{feff}' {
                self.line_start |= c == '\n';
                self.chars.bump();
                continue;
            }
            self.line_start = false;
            match c {
                '{' => self.skip_comment(at)?,
                '}' => {
                    self.chars.bump();
                    return at.fail("`}` without `{`");
                }
                ';' => self.skip_line()?,
                // `%` escape lines (PGN) and `#` comment lines (as in game files with a
                // header): a `#` elsewhere is a mate mark and stays on its move.
                '%' | '#' if at_line_start => self.skip_line()?,
                '[' => return self.tag(at).map(Some),
                '(' => self.skip_variation(at)?,
                ')' => {
                    self.chars.bump();
                    return at.fail("`)` without `(`");
                }
                _ => return self.word(at).map(Some),
            }
        }
    }

    fn skip_comment(&mut self, at: Place) -> Result<(), MovetextError> {
        self.chars.bump();
        loop {
            match self.chars.next()? {
                Some('}') => return Ok(()),
                Some(_) => {}
                None => return at.fail("unterminated comment: `{` without `}`"),
            }
        }
    }

    /// Skips to the end of the line (the newline is left, so the next line starts fresh).
    fn skip_line(&mut self) -> Result<(), MovetextError> {
        while let Some(c) = self.chars.peek()? {
            if c == '\n' {
                break;
            }
            self.chars.bump();
        }
        Ok(())
    }

    /// Skips a variation `( … )`, nested ones and comments inside included.
    fn skip_variation(&mut self, at: Place) -> Result<(), MovetextError> {
        let mut depth = 0usize;
        loop {
            let here = self.place();
            match self.chars.peek()? {
                None => return at.fail("unterminated variation: `(` without `)`"),
                Some('(') => depth += 1,
                Some(')') => {
                    depth -= 1;
                    if depth == 0 {
                        self.chars.bump();
                        return Ok(());
                    }
                }
                Some('{') => {
                    self.skip_comment(here)?;
                    continue;
                }
                Some(';') => {
                    self.skip_line()?;
                    continue;
                }
                Some(_) => {}
            }
            self.chars.bump();
        }
    }

    /// A tag pair `[Name "value"]`, escapes in the value undone.
    fn tag(&mut self, at: Place) -> Result<(Place, Lexeme), MovetextError> {
        self.chars.bump();
        let mut text = String::new();
        let (mut in_string, mut escaped) = (false, false);
        while let Some(c) = self.chars.peek()? {
            if c == '\n' && !in_string {
                break;
            }
            self.chars.bump();
            match c {
                _ if escaped => escaped = false,
                '\\' if in_string => escaped = true,
                '"' => in_string = !in_string,
                ']' if !in_string => {
                    return match parse_tag(&text) {
                        Some((name, value)) => Ok((at, Lexeme::Tag { name, value })),
                        None => at.fail("a tag pair is written `[Name \"value\"]`"),
                    }
                }
                _ => {}
            }
            if text.len() >= MAX_LEXEME_BYTES {
                self.skip_line()?;
                return at.fail(format!("a tag pair longer than {MAX_LEXEME_BYTES} bytes"));
            }
            text.push(c);
        }
        at.fail("unterminated tag pair: `[` without `]`")
    }

    fn word(&mut self, at: Place) -> Result<(Place, Lexeme), MovetextError> {
        let mut word = String::new();
        while let Some(c) = self.chars.peek()? {
            if ends_word(c) {
                break;
            }
            self.chars.bump();
            if word.len() < MAX_LEXEME_BYTES {
                word.push(c);
            }
        }
        if word.len() >= MAX_LEXEME_BYTES {
            return at.fail(format!("a word longer than {MAX_LEXEME_BYTES} bytes"));
        }
        Ok((at, Lexeme::Word(word)))
    }
}

/// `Name "value"` (the text between the brackets) into its name and unescaped value.
fn parse_tag(text: &str) -> Option<(String, String)> {
    let text = text.trim();
    let name_len = text.find(|c: char| !(c.is_alphanumeric() || c == '_'))?;
    let (name, rest) = text.split_at(name_len);
    let quoted = rest.trim().strip_prefix('"')?.strip_suffix('"')?;
    let mut value = String::new();
    let mut chars = quoted.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => value.push(chars.next()?),
            '"' => return None,
            c => value.push(c),
        }
    }
    (!name.is_empty()).then(|| (name.to_string(), value))
}
