//! Reading game movetext (move numbers, comments, marks and result tokens around the moves).
//!
//! [`read`] turns text such as
//!
//! ```text
//! [Event "Casual game"]
//! 1. e4 e5 2.Nf3 {a comment} Nc6 $1 3. Bb5 a6?! ; to the end of the line
//! 1-0
//! ```
//!
//! into the moves as written (`e4`, `e5`, `Nf3`, …, each with its ply and byte
//! offset) and the result token. It knows nothing of any variant: whether a move
//! can be read, and whether it is legal, is for [`crate::Position::parse_move`] to
//! say. Check and annotation marks (`+ # ! ?`) stay on the move. Lines that begin
//! with `%` (PGN escapes) or `#` (comment headers) are skipped.
//!
//! ```
//! use chimera_engine::movetext::{read, Token};
//! let tokens = read("1.e4 e5 2. O-O-O+ {!} 0-1").unwrap();
//! let moves: Vec<&str> = tokens.iter().filter_map(Token::move_text).collect();
//! assert_eq!(moves, ["e4", "e5", "O-O-O+"]);
//! assert!(matches!(tokens.last(), Some(Token::Result(r)) if r.result.score() == "0-1"));
//! ```

use std::fmt;

/// One thing read from movetext: a move, or the result that ends the game text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Token {
    /// A move, as written.
    Move(MoveToken),
    /// The result token (`1-0`, `*`, ...); always the last token when present.
    Result(ResultToken),
}

impl Token {
    /// The move as written, if this is a move.
    pub fn move_text(&self) -> Option<&str> {
        match self {
            Token::Move(m) => Some(&m.text),
            Token::Result(_) => None,
        }
    }
    /// Where the token starts in the text (bytes).
    pub fn offset(&self) -> usize {
        match self {
            Token::Move(m) => m.offset,
            Token::Result(r) => r.offset,
        }
    }
}

/// A move as written, marks included (`Nf3+`, `e8=Q#`, `@d2`, `O-O`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveToken {
    /// The move's text, without move number or surrounding comments; give it to
    /// [`crate::Position::parse_move`].
    pub text: String,
    /// Its place among the moves of the text, from 1 (not read from the move numbers).
    pub ply: usize,
    /// The move number as the text gives it (`27.` or `27...`), where it gives one.
    pub written: Option<String>,
    /// Byte offset of its first character in the text.
    pub offset: usize,
}

/// A result token, and where it stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ResultToken {
    /// The result it stands for.
    pub result: GameResult,
    /// As written (`½-½` stays `½-½`).
    pub text: String,
    /// Byte offset of its first character in the text.
    pub offset: usize,
}

/// A game result as movetext writes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameResult {
    /// `1-0`.
    WhiteWins,
    /// `0-1`.
    BlackWins,
    /// `1/2-1/2` (or `½-½`).
    Draw,
    /// `*`: unfinished, or unknown.
    Unknown,
}

impl GameResult {
    /// The PGN spelling: `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub fn score(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::Unknown => "*",
        }
    }

    /// Reads a result token (`1-0`, `0-1`, `1/2-1/2`, `½-½`, `*`).
    pub fn parse(s: &str) -> Option<GameResult> {
        match s {
            "1-0" => Some(GameResult::WhiteWins),
            "0-1" => Some(GameResult::BlackWins),
            "1/2-1/2" | "½-½" => Some(GameResult::Draw),
            "*" => Some(GameResult::Unknown),
            _ => None,
        }
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.score())
    }
}

/// Movetext that cannot be read: where (a byte offset) and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MovetextError {
    /// Byte offset in the text where reading failed; [`line_column`] turns it into a
    /// line and column for people.
    pub offset: usize,
    /// What is wrong there, as a sentence.
    pub message: String,
}

impl fmt::Display for MovetextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} (at byte {})", self.message, self.offset)
    }
}

impl std::error::Error for MovetextError {}

/// The 1-based line and column (in characters) of a byte offset in `text`.
pub fn line_column(text: &str, offset: usize) -> (usize, usize) {
    let mut offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    let before = &text[..offset];
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, column)
}

fn fail<T>(offset: usize, message: impl Into<String>) -> Result<T, MovetextError> {
    Err(MovetextError { offset, message: message.into() })
}

/// Characters that end a word even when glued to it.
fn ends_word(c: char) -> bool {
    c.is_whitespace() || c == '\u{feff}' || matches!(c, '{' | '}' | ';')
}

/// Reads movetext into its moves, in order, and the result token if there is one
/// (always last: a result ends the game text, and whatever follows it is not read).
///
/// Skipped: PGN tag pairs (`[Event "…"]`) before the first move, move numbers
/// (`12.`, `12...`, `12…`, glued to the move or not), comments (`{…}` and `;` to the
/// end of the line), NAGs (`$12`), `%` escape lines, variations in parentheses, and
/// an `e.p.` written as its own word after an en-passant capture.
pub fn read(text: &str) -> Result<Vec<Token>, MovetextError> {
    tokens(text).collect()
}

/// [`read`], one token at a time: a caller that stops at the first move it cannot play
/// reads no further, and holds no list of the moves.
pub fn tokens(text: &str) -> Tokens<'_> {
    Tokens { text, i: 0, ply: 0, number: None, line_start: true, done: false }
}

/// The tokens of movetext, read as they are asked for (see [`tokens`]). After an error or
/// the result token there are no more.
#[derive(Clone, Debug)]
pub struct Tokens<'a> {
    text: &'a str,
    /// Where reading goes on.
    i: usize,
    ply: usize,
    /// The last move number read, and how many moves have followed it (0, 1, 2+).
    number: Option<(String, u8)>,
    line_start: bool,
    done: bool,
}

impl Iterator for Tokens<'_> {
    type Item = Result<Token, MovetextError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        let next = self.step();
        // An error or a result ends the game text.
        self.done = !matches!(next, Some(Ok(Token::Move(_))));
        next
    }
}

impl Tokens<'_> {
    /// Reads on to the next token; `None` at the end of the text.
    fn step(&mut self) -> Option<Result<Token, MovetextError>> {
        let text = self.text;
        while let Some(c) = text[self.i..].chars().next() {
            let i = self.i;
            let at_line_start = self.line_start;
            if c == '\n' {
                self.line_start = true;
                self.i += 1;
                continue;
            }
            if c.is_whitespace() || c == '\u{feff}' {
                self.i += c.len_utf8();
                continue;
            }
            self.line_start = false;
            match c {
                '{' => {
                    let Some(end) = text[i..].find('}') else {
                        return Some(fail(i, "unterminated comment: `{` without `}`"));
                    };
                    self.i += end + 1;
                }
                '}' => return Some(fail(i, "`}` without `{`")),
                ';' => {
                    self.i = text[i..].find('\n').map_or(text.len(), |n| i + n);
                }
                // `%` escape lines (PGN) and `#` comment lines (as in game files with a
                // header): a `#` elsewhere is a mate mark and stays on its move.
                '%' | '#' if at_line_start => {
                    self.i = text[i..].find('\n').map_or(text.len(), |n| i + n);
                }
                '[' => {
                    if self.ply > 0 {
                        return Some(fail(i, "a tag pair after the moves (is the result token of the game missing?)"));
                    }
                    match skip_tag(text, i) {
                        Ok(after) => self.i = after,
                        Err(e) => return Some(Err(e)),
                    }
                }
                '(' => match skip_variation(text, i) {
                    Ok(after) => self.i = after,
                    Err(e) => return Some(Err(e)),
                },
                ')' => return Some(fail(i, "`)` without `(`")),
                _ => {
                    let len = text[i..].find(ends_word).unwrap_or(text.len() - i);
                    self.i += len;
                    if let Some(token) = self.word(&text[i..i + len], i) {
                        return Some(token);
                    }
                }
            }
        }
        None
    }

    /// The token a word stands for, if any (move numbers, NAGs and `e.p.` stand for none).
    fn word(&mut self, word: &str, start: usize) -> Option<Result<Token, MovetextError>> {
        if let Some(result) = GameResult::parse(word) {
            return Some(Ok(Token::Result(ResultToken { result, text: word.to_string(), offset: start })));
        }
        // A move number, perhaps with the move glued on (`1.e4`, `12...Nf6`).
        let (skip, rest) = split_move_number(word);
        if skip > 0 {
            let digits: String = word.chars().take_while(char::is_ascii_digit).collect();
            let black = word[..skip].contains("..") || word[..skip].contains('…');
            self.number = Some((digits, if black { 1 } else { 0 }));
        }
        let (word, start) = (rest, start + skip);
        if word.is_empty() || is_nag(word) || word.chars().all(|c| c == '.' || c == '…') {
            return None;
        }
        if word == "e.p." {
            // Belongs to the move before it, whose parser would strip it anyway.
            return (self.ply == 0).then(|| fail(start, "`e.p.` before any move"));
        }
        // A NAG glued to the move (`e4$1`).
        let word = match word.find('$') {
            Some(d) if d > 0 && is_nag(&word[d..]) => &word[..d],
            _ => word,
        };
        self.ply += 1;
        // The first move after `27.` is 27. (White's), the next 27... (Black's).
        let written = match &mut self.number {
            Some((n, seen @ 0)) => {
                *seen = 1;
                Some(format!("{n}."))
            }
            Some((n, seen @ 1)) => {
                *seen = 2;
                Some(format!("{n}..."))
            }
            _ => None,
        };
        Some(Ok(Token::Move(MoveToken { text: word.to_string(), ply: self.ply, written, offset: start })))
    }
}

/// `$` and digits.
fn is_nag(s: &str) -> bool {
    s.len() > 1 && s.starts_with('$') && s[1..].bytes().all(|b| b.is_ascii_digit())
}

/// Splits a leading move number off a word: `12.` / `12...` / `12…` / a bare `12`.
/// Returns the bytes skipped and what is left. Castling written with zeros (`0-0`)
/// has no dot after its digit, so it is never taken for a number.
fn split_move_number(word: &str) -> (usize, &str) {
    let digits = word.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 {
        return (0, word);
    }
    let rest = &word[digits..];
    if rest.is_empty() {
        return (word.len(), "");
    }
    let dots = rest.len() - rest.trim_start_matches(['.', '…']).len();
    if dots == 0 {
        return (0, word);
    }
    (digits + dots, &rest[dots..])
}

/// Skips a tag pair `[Name "value"]` starting at `start`; returns the offset after it.
fn skip_tag(text: &str, start: usize) -> Result<usize, MovetextError> {
    let mut in_string = false;
    let mut escaped = false;
    for (k, c) in text[start + 1..].char_indices() {
        let at = start + 1 + k;
        match c {
            _ if escaped => escaped = false,
            '\\' if in_string => escaped = true,
            '"' => in_string = !in_string,
            ']' if !in_string => return Ok(at + 1),
            '\n' if !in_string => break,
            _ => {}
        }
    }
    fail(start, "unterminated tag pair: `[` without `]`")
}

/// Skips a variation `( … )`, nested ones and comments inside included.
fn skip_variation(text: &str, start: usize) -> Result<usize, MovetextError> {
    let mut depth = 0usize;
    let mut i = start;
    while let Some(c) = text[i..].chars().next() {
        match c {
            '(' => depth += 1,
            ')' => {
                depth -= 1;
                if depth == 0 {
                    return Ok(i + 1);
                }
            }
            '{' => {
                let Some(end) = text[i..].find('}') else {
                    return fail(i, "unterminated comment: `{` without `}`");
                };
                i += end;
            }
            ';' => {
                i = text[i..].find('\n').map_or(text.len(), |n| i + n);
                continue;
            }
            _ => {}
        }
        i += c.len_utf8();
    }
    fail(start, "unterminated variation: `(` without `)`")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn moves(text: &str) -> Vec<String> {
        read(text).unwrap().iter().filter_map(Token::move_text).map(str::to_string).collect()
    }

    fn result(text: &str) -> Option<GameResult> {
        read(text).unwrap().iter().find_map(|t| match t {
            Token::Result(r) => Some(r.result),
            Token::Move(_) => None,
        })
    }

    #[test]
    fn move_numbers_separate_glued_and_skipping() {
        assert_eq!(moves("1. e4 e5 2. Nf3 Nc6"), ["e4", "e5", "Nf3", "Nc6"]);
        assert_eq!(moves("1.e4 e5 2.Nf3 2...Nc6"), ["e4", "e5", "Nf3", "Nc6"]);
        assert_eq!(moves("1...e5 7. Nf3 12... Nc6"), ["e5", "Nf3", "Nc6"]);
        assert_eq!(moves("1. ... e5"), ["e5"]);
        assert_eq!(moves("1… e5 2…Nc6"), ["e5", "Nc6"]);
        assert_eq!(moves("1 e4 e5 2 Nf3"), ["e4", "e5", "Nf3"]);
        assert_eq!(moves("1.@d2 P@e4 2.B@e2+"), ["@d2", "P@e4", "B@e2+"]);
    }

    #[test]
    fn plies_and_offsets() {
        let t = read("1. e4 {x} e5\n2.Nf3").unwrap();
        let m: Vec<(&str, usize, usize)> = t
            .iter()
            .map(|t| match t {
                Token::Move(m) => (m.text.as_str(), m.ply, m.offset),
                Token::Result(_) => unreachable!(),
            })
            .collect();
        assert_eq!(m, [("e4", 1, 3), ("e5", 2, 10), ("Nf3", 3, 15)]);
    }

    #[test]
    fn castling_is_a_move_not_a_result_or_number() {
        assert_eq!(moves("1. O-O 0-0 2. 0-0-0 O-O-O+ 3.0-0 3...0-0-0#"), ["O-O", "0-0", "0-0-0", "O-O-O+", "0-0", "0-0-0#"]);
        assert_eq!(result("1. 0-0 0-0"), None);
        assert_eq!(result("1. 0-0 0-1"), Some(GameResult::BlackWins));
    }

    #[test]
    fn marks_stay_on_the_move() {
        assert_eq!(moves("1. e4! e5? 2. Qh5!? Nc6?? 3. Qxf7#"), ["e4!", "e5?", "Qh5!?", "Nc6??", "Qxf7#"]);
    }

    #[test]
    fn long_algebraic_pocket_and_promotion_moves() {
        assert_eq!(moves("e2e4 e7e5 g1f3 1. e7e8q Rh1^I e8=Q+ e8(Q)"), ["e2e4", "e7e5", "g1f3", "e7e8q", "Rh1^I", "e8=Q+", "e8(Q)"]);
    }

    #[test]
    fn comments_nags_and_escapes() {
        let text = "{opening\ncomment} 1. e4 $1 e5 $14 ; rest of line 2. Nf3\n2. Nf3{glued}Nc6;x\n% escaped line\n3. Bb5$2";
        assert_eq!(moves(text), ["e4", "e5", "Nf3", "Nc6", "Bb5"]);
    }

    #[test]
    fn variations_are_skipped() {
        assert_eq!(moves("1. e4 (1. d4 d5 (1... Nf6) {a (comment}) e5"), ["e4", "e5"]);
        assert!(read("1. e4 (1. d4").is_err());
    }

    #[test]
    fn tag_pairs_at_the_top() {
        let text = "[Event \"Casual [blitz] game\"]\n[White \"A \\\"B\\\" C\"]\n\n1. e4 e5 1/2-1/2\n";
        assert_eq!(moves(text), ["e4", "e5"]);
        assert_eq!(result(text), Some(GameResult::Draw));
        assert!(read("[Event \"x\"").is_err());
        let e = read("1. e4 [Event \"x\"]").unwrap_err();
        assert_eq!(e.offset, 6);
    }

    #[test]
    fn en_passant_suffix_is_glued_away() {
        assert_eq!(moves("1. e4 a6 2. e5 d5 3. exd6 e.p. Qxd6 4. exd6e.p."), ["e4", "a6", "e5", "d5", "exd6", "Qxd6", "exd6e.p."]);
        let t = read("1. e4 e.p. e5").unwrap();
        assert_eq!(t.len(), 2);
        assert!(read("e.p. e4").is_err());
    }

    #[test]
    fn result_tokens_end_the_game() {
        for (text, r) in [
            ("1. e4 1-0", GameResult::WhiteWins),
            ("1. e4 0-1", GameResult::BlackWins),
            ("1. e4 1/2-1/2", GameResult::Draw),
            ("1. e4 ½-½", GameResult::Draw),
            ("1. e4 *", GameResult::Unknown),
        ] {
            assert_eq!(result(text), Some(r), "{text}");
            assert_eq!(moves(text), ["e4"]);
        }
        let t = read("1. e4 1-0 [Event \"next\"] 1. d4").unwrap();
        assert_eq!(t.len(), 2);
        assert_eq!(t[1], Token::Result(ResultToken { result: GameResult::WhiteWins, text: "1-0".into(), offset: 6 }));
        assert_eq!(read("½-½").unwrap()[0].offset(), 0);
        assert_eq!(result("1. e4 e5"), None);
    }

    #[test]
    fn unterminated_comment_is_an_error_with_its_offset() {
        let e = read("1. e4 {never closed\n e5").unwrap_err();
        assert_eq!(e.offset, 6);
        assert!(e.message.contains("unterminated comment"));
        assert_eq!(line_column("1. e4 {never closed\n e5", 6), (1, 7));
        assert_eq!(line_column("ab\ncd", 4), (2, 2));
        assert!(read("1. e4 } e5").is_err());
    }

    #[test]
    fn empty_and_odd_input() {
        assert!(read("").unwrap().is_empty());
        assert!(read("  \n\t ").unwrap().is_empty());
        assert!(read("\u{feff}1. e4").unwrap().len() == 1);
        assert_eq!(moves("1. 2. 3."), Vec::<String>::new());
        // Non-ASCII is passed through to the move parser, not split mid-character.
        assert_eq!(moves("1. é4 Ж"), ["é4", "Ж"]);
    }
}
