//! The PGN layer below moves: characters read from a byte stream with their place, and
//! the lexemes of movetext (tag pairs and words), with `%` escape lines skipped, and
//! comments and variations skipped too unless the annotations are asked for. Nothing is
//! kept but the lexeme at hand, so a file of any size is read in constant memory.

use std::io::{self, BufRead};

use super::MovetextError;

/// The longest word or tag pair read; a longer one is an error, skipped without being kept.
pub(crate) const MAX_LEXEME_BYTES: usize = 4096;

/// The longest comment kept when annotations are read (a clock, an evaluation and a few
/// sentences take well under a kilobyte); a longer one is an error, read to its end
/// without being kept.
pub const MAX_COMMENT_BYTES: usize = 1 << 16;

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

/// What movetext is made of: tag pairs and words, and when annotations are read,
/// comments and the brackets of variations.
#[derive(Debug)]
pub(super) enum Lexeme {
    /// `[Name "value"]`.
    Tag { name: String, value: String },
    /// Anything else between separators: a move, a move number, a NAG, a result. Its
    /// text is [`Scanner::word`] until the next lexeme is read (one buffer for all the
    /// words of a file, not a string a word).
    Word,
    /// `{text}` or `; text` (annotations only).
    Comment { text: String, to_line_end: bool },
    /// `(` (annotations only).
    Open,
    /// `)` (annotations only).
    Close,
}

/// Characters of a UTF-8 byte stream, one ahead, with their places.
struct Chars<R> {
    src: R,
    place: Place,
    peeked: Option<char>,
    /// Bytes taken from `src` so far (a peeked character's included).
    consumed: usize,
    /// The bytes taken from `src` since offset `captured_from`, when the text is kept
    /// ([`Scanner::capture`]).
    capture: Option<Vec<u8>>,
    captured_from: usize,
    /// Bytes dropped from the middle of the capture ([`Scanner::trim_captured`]): the
    /// offset where they began, and how many.
    gap: (usize, usize),
    /// The offset no character may be read at: the end of the bytes one game may hold
    /// ([`Scanner::set_limit`]), and that many bytes, for the message.
    limit: usize,
    cap: usize,
    /// The limit was reached since it was set.
    hit: bool,
}

impl<R: BufRead> Chars<R> {
    #[inline]
    fn peek(&mut self) -> Result<Option<char>, MovetextError> {
        if self.peeked.is_none() && self.place.offset < self.limit {
            // An ASCII byte at hand, the usual character, taken without decoding (an
            // error of `src`, too, is left to `peek_slowly`).
            if let Ok(&[b, ..]) = self.src.fill_buf() {
                if b.is_ascii() {
                    self.src.consume(1);
                    self.consumed += 1;
                    if let Some(kept) = &mut self.capture {
                        kept.push(b);
                    }
                    self.peeked = Some(char::from(b));
                }
            }
        }
        match self.peeked {
            Some(c) => Ok(Some(c)),
            None => self.peek_slowly(),
        }
    }

    #[cold]
    fn peek_slowly(&mut self) -> Result<Option<char>, MovetextError> {
        if self.peeked.is_none() && self.place.offset >= self.limit {
            // Once: the reader that asked for the limit decides how to read on.
            (self.limit, self.hit) = (usize::MAX, true);
            let message = format!("a game longer than {} bytes (the most one game may be): read on from the next game", self.cap);
            return self.place.fail(message);
        }
        if self.peeked.is_none() {
            let before = self.consumed;
            self.peeked = self.decode().map_err(|e| {
                let error = MovetextError { offset: self.place.offset, line: self.place.line, column: self.place.column, message: e };
                // The bytes that are no character still count: offsets stay byte offsets.
                self.place.offset += self.consumed - before;
                self.place.column += 1;
                error
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

    /// Consumes the ASCII bytes at hand in `src` for which `keep` holds, at most `most`
    /// of them and none at or past the limit, appending them to `out` if given: the bulk
    /// of a word or of a run of spaces at once, not a character at a time. Reads nothing
    /// while a character is peeked; anything else (an error of `src` included) is left
    /// to [`Chars::peek`].
    fn run(&mut self, keep: impl Fn(u8) -> bool, mut out: Option<&mut String>, most: usize) {
        let mut left = most;
        while self.peeked.is_none() && left > 0 {
            let Ok(buf) = self.src.fill_buf() else { return };
            let room = self.limit.saturating_sub(self.place.offset).min(left);
            let n = buf.iter().take(room).take_while(|&&b| b.is_ascii() && keep(b)).count();
            if n == 0 {
                return;
            }
            let taken = &buf[..n];
            if let Some(out) = out.as_deref_mut() {
                // ASCII bytes, each its character (no UTF-8 check for a few bytes).
                out.extend(taken.iter().map(|&b| char::from(b)));
            }
            if let Some(kept) = &mut self.capture {
                kept.extend_from_slice(taken);
            }
            let ended_inside = n < buf.len();
            self.src.consume(n);
            self.consumed += n;
            // No newline among them (`keep` takes none): the line stays.
            self.place.offset += n;
            self.place.column += n;
            left -= n;
            if ended_inside {
                return;
            }
        }
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
        self.consumed += 1;
        if let Some(kept) = &mut self.capture {
            kept.push(b);
        }
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
#[inline]
fn ends_word(c: char) -> bool {
    c.is_whitespace() || c == '\u{feff}' || matches!(c, '{' | '}' | ';')
}

/// [`ends_word`] of an ASCII byte (the bulk of a word is read a byte at a time).
#[inline]
fn byte_ends_word(b: u8) -> bool {
    // ASCII's white space by `char::is_whitespace`: tab, newline, vertical tab, form
    // feed, carriage return and space.
    matches!(b, b'\t'..=b'\r' | b' ' | b'{' | b'}' | b';')
}

/// The lexemes of a byte stream, read as they are asked for.
pub(super) struct Scanner<R> {
    chars: Chars<R>,
    /// No character but spaces since the last newline (for `%` and `#` lines).
    line_start: bool,
    /// Comments and variations are read as lexemes, not skipped.
    pub(super) annotations: bool,
    /// The text of the last [`Lexeme::Word`] read.
    word: String,
}

impl<R: BufRead> Scanner<R> {
    pub(super) fn new(src: R) -> Scanner<R> {
        Scanner::at(src, Place { offset: 0, line: 1, column: 1 }, true)
    }

    /// A scanner of text that stands at `place` of a larger input (a game's text cut
    /// from its file), `line_start` if only spaces precede it on its line.
    pub(super) fn at(src: R, place: Place, line_start: bool) -> Scanner<R> {
        let chars = Chars {
            src,
            place,
            peeked: None,
            consumed: place.offset,
            capture: None,
            captured_from: place.offset,
            gap: (0, 0),
            limit: usize::MAX,
            cap: 0,
            hit: false,
        };
        Scanner { chars, line_start, annotations: false, word: String::new() }
    }

    /// Keeps the bytes read from now on, for [`Scanner::take_captured`].
    pub(super) fn capture(&mut self) {
        self.chars.capture = Some(Vec::new());
        self.chars.captured_from = self.chars.consumed;
    }

    /// The kept bytes from offset `from` to offset `to` (to the last byte read if
    /// `None`), less any dropped by [`Scanner::trim_captured`]; those before `to` are
    /// dropped.
    pub(super) fn take_captured(&mut self, from: usize, to: Option<usize>) -> Vec<u8> {
        if self.chars.capture.is_none() {
            return Vec::new();
        }
        let end = self.chars.consumed;
        let to = self.captured_index(to.unwrap_or(end).min(end));
        let from = self.captured_index(from).min(to);
        let kept = self.chars.capture.as_mut().expect("captured");
        let text = kept[from..to].to_vec();
        kept.drain(..to);
        // The kept bytes now begin at what stood at index `to`.
        let (gap_at, gap_len) = self.chars.gap;
        let base = self.chars.captured_from;
        if gap_len > 0 && base + to >= gap_at {
            (self.chars.captured_from, self.chars.gap) = (base + to + gap_len, (0, 0));
        } else {
            self.chars.captured_from = base + to;
        }
        text
    }

    /// Where the byte at `offset` stands in the capture (a dropped byte: where the bytes
    /// after the gap begin).
    fn captured_index(&self, offset: usize) -> usize {
        let (base, (gap_at, gap_len)) = (self.chars.captured_from, self.chars.gap);
        let offset = offset.max(base);
        if gap_len == 0 || offset <= gap_at {
            offset - base
        } else {
            offset.saturating_sub(gap_len).max(gap_at) - base
        }
    }

    /// Drops the kept bytes at offsets `from` to `to` (the overlong rest of a game being
    /// skipped, so that the capture holds a bounded head of it); those from a drop before
    /// are dropped with them.
    pub(super) fn trim_captured(&mut self, from: usize, to: usize) {
        if self.chars.capture.is_none() {
            return;
        }
        let (gap_at, gap_len) = self.chars.gap;
        let from = if gap_len > 0 { gap_at } else { from.max(self.chars.captured_from) };
        if to <= from + gap_len {
            return;
        }
        let (i, j) = (self.captured_index(from), self.captured_index(to));
        self.chars.capture.as_mut().expect("captured").drain(i..j);
        self.chars.gap = (from, to - from);
    }

    /// No character is read at `offset` or after (an error instead, once): the end of
    /// the `cap` bytes one game may hold.
    pub(super) fn set_limit(&mut self, offset: usize, cap: usize) {
        (self.chars.limit, self.chars.cap, self.chars.hit) = (offset.saturating_add(cap), cap, false);
    }

    /// Whether the limit was reached since it was set.
    pub(super) fn hit_limit(&self) -> bool {
        self.chars.hit
    }

    /// How many bytes the capture holds (for the tests, through [`crate::testing`]).
    pub(super) fn captured_len(&self) -> usize {
        self.chars.capture.as_ref().map_or(0, Vec::len)
    }

    /// The text of the last word read ([`Lexeme::Word`]).
    pub(super) fn word(&self) -> &str {
        &self.word
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
                // The spaces after it at once (a newline is left to the line's count).
                self.chars.run(|b| b == b' ', None, usize::MAX);
                continue;
            }
            self.line_start = false;
            let keep = self.annotations;
            match c {
                '{' if keep => return self.comment(at, true).map(|text| Some((at, Lexeme::Comment { text, to_line_end: false }))),
                '{' => _ = self.comment(at, false)?,
                '}' => {
                    self.chars.bump();
                    return at.fail("`}` without `{`");
                }
                // `%` escape lines (PGN) and `#` comment lines (as in game files with a
                // header): a `#` elsewhere is a mate mark and stays on its move.
                '%' | '#' if at_line_start => _ = self.rest_of_line(false)?,
                ';' if keep => {
                    self.chars.bump();
                    return self.rest_of_line(true).map(|text| Some((at, Lexeme::Comment { text, to_line_end: true })));
                }
                ';' => _ = self.rest_of_line(false)?,
                '[' => return self.tag(at).map(Some),
                '(' | ')' if keep => {
                    self.chars.bump();
                    return Ok(Some((at, if c == '(' { Lexeme::Open } else { Lexeme::Close })));
                }
                '(' => self.skip_variation(at)?,
                ')' => {
                    self.chars.bump();
                    return at.fail("`)` without `(`");
                }
                _ => return self.read_word(at).map(Some),
            }
        }
    }

    /// Reads a comment `{…}` to its end, and its text if `keep`.
    fn comment(&mut self, at: Place, keep: bool) -> Result<String, MovetextError> {
        self.chars.bump();
        let mut blank = BlankLines::default();
        let mut text = String::new();
        loop {
            let c = self.chars.peek()?;
            if blank.tag_after_blank_line(c) {
                // A comment left open ends before the next game's tag pairs: one stray
                // `{` costs its own game, not the rest of the file.
                return at.fail("unterminated comment: `{` without `}`");
            }
            self.chars.bump();
            match c {
                Some('}') if text.len() > MAX_COMMENT_BYTES => return at.fail(format!("a comment longer than {MAX_COMMENT_BYTES} bytes")),
                Some('}') => return Ok(text),
                Some(c) if keep && text.len() <= MAX_COMMENT_BYTES => text.push(c),
                Some(_) => {}
                None => return at.fail("unterminated comment: `{` without `}`"),
            }
        }
    }

    /// Reads to the end of the line (the newline is left, so the next line starts fresh),
    /// and returns what it read if `keep` (as much of it as a comment may hold).
    fn rest_of_line(&mut self, keep: bool) -> Result<String, MovetextError> {
        let mut text = String::new();
        while let Some(c) = self.chars.peek()? {
            if c == '\n' {
                break;
            }
            self.chars.bump();
            if keep && text.len() < MAX_COMMENT_BYTES {
                text.push(c);
            }
        }
        Ok(text.trim_end_matches('\r').to_string())
    }

    /// Skips a variation `( … )`, nested ones and comments inside included.
    fn skip_variation(&mut self, at: Place) -> Result<(), MovetextError> {
        let mut depth = 0usize;
        let mut blank = BlankLines::default();
        loop {
            let here = self.place();
            let c = self.chars.peek()?;
            if blank.tag_after_blank_line(c) {
                return at.fail("unterminated variation: `(` without `)`");
            }
            match c {
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
                    self.comment(here, false)?;
                    continue;
                }
                Some(';') => {
                    self.rest_of_line(false)?;
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
            if c == '\n' && in_string {
                // A tag pair is one line: an unclosed quote ends with it, an error of
                // this tag pair alone (the next line is read afresh).
                return at.fail("unterminated tag pair: its value's `\"` is not closed on its line");
            }
            if c == '\n' {
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
                self.rest_of_line(false)?;
                return at.fail(format!("a tag pair longer than {MAX_LEXEME_BYTES} bytes"));
            }
            text.push(c);
            if !escaped {
                // The characters after it that change nothing here, at once.
                let room = MAX_LEXEME_BYTES.saturating_sub(text.len());
                self.chars.run(|b| !matches!(b, b'"' | b'\\' | b']' | b'\n'), Some(&mut text), room);
            }
        }
        at.fail("unterminated tag pair: `[` without `]`")
    }

    fn read_word(&mut self, at: Place) -> Result<(Place, Lexeme), MovetextError> {
        let mut word = std::mem::take(&mut self.word);
        word.clear();
        let annotations = self.annotations;
        // The bytes the bulk of a word is read in: ASCII that ends no word, and with
        // annotations no bracket (the rule for `)` below is the character loop's).
        let inside = |b: u8| !byte_ends_word(b) && !(annotations && matches!(b, b'(' | b')'));
        let read = loop {
            let c = match self.chars.peek() {
                Ok(Some(c)) => c,
                Ok(None) => break Ok(()),
                Err(e) => break Err(e),
            };
            // A variation's `)` glued to its last move (`2. c3)`) ends it, unless the word
            // opened a bracket of its own (a promotion written `e8(Q)`).
            if ends_word(c) || (c == ')' && annotations && !word.contains('(')) {
                break Ok(());
            }
            self.chars.bump();
            if word.len() < MAX_LEXEME_BYTES {
                word.push(c);
                let room = MAX_LEXEME_BYTES.saturating_sub(word.len());
                self.chars.run(inside, Some(&mut word), room);
            }
        };
        let long = word.len() >= MAX_LEXEME_BYTES;
        self.word = word;
        read?;
        if long {
            return at.fail(format!("a word longer than {MAX_LEXEME_BYTES} bytes"));
        }
        Ok((at, Lexeme::Word))
    }
}

/// Watches the characters of a comment or variation for a tag pair that begins a line
/// after a blank line: there, one left open is taken to have ended.
#[derive(Default)]
struct BlankLines {
    /// Newlines since the last character other than a space.
    newlines: u32,
    /// The last character was a newline.
    line_start: bool,
}

impl BlankLines {
    /// Whether `c` is `[` at the start of a line after a blank line; notes `c` otherwise.
    fn tag_after_blank_line(&mut self, c: Option<char>) -> bool {
        match c {
            Some('[') if self.line_start && self.newlines >= 2 => return true,
            Some('\n') => self.newlines += 1,
            Some(c) if c.is_whitespace() => {}
            _ => self.newlines = 0,
        }
        self.line_start = c == Some('\n');
        false
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
