//! Reading game movetext (move numbers, comments, marks and result tokens around the moves).
//!
//! [`Games`] reads the games of a PGN file (or any byte stream) one at a time: each
//! game's tag pairs, then its moves as they are asked for, in memory that does not grow
//! with the file. [`read`] and [`tokens`] read the first game of a text. They turn
//! text such as
//!
//! ```text
//! [Event "Casual game"]
//! 1. e4 e5 2.Nf3 {a comment} Nc6 $1 3. Bb5 a6?! ; to the end of the line
//! 1-0
//! ```
//!
//! into the moves as written (`e4`, `e5`, `Nf3`, …, each with its ply and its place:
//! byte offset, line and column) and the result token. It knows nothing of any variant: whether a move
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

use std::collections::VecDeque;
use std::fmt;
use std::io::BufRead;

mod scan;

pub use scan::Place;
use scan::{Lexeme, Scanner};
// The scanner's limits, which the tests reach through `crate::testing`.
pub(crate) use scan::{MAX_COMMENT_BYTES, MAX_LEXEME_BYTES};

/// One thing read from movetext: a move, or the result that ends the game text; and when
/// the annotations are read ([`Games::with_annotations`]), comments, NAGs and the start
/// and end of variations.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Token {
    /// A move, as written.
    Move(MoveToken),
    /// The result token (`1-0`, `*`, ...); always the last token when present.
    Result(ResultToken),
    /// A comment, `{text}` or `; text` (annotations only).
    Comment(CommentToken),
    /// A numeric annotation glyph: `$14`, or a move's `!`, `?`, `!!`, `??`, `!?`, `?!`
    /// as the NAG it stands for (annotations only). It follows the move it annotates.
    Nag(NagToken),
    /// `(`: a variation begins, an alternative to the move just read (annotations only).
    /// The moves that follow are numbered from that move's ply.
    StartVariation(Place),
    /// `)`: the variation ends, and the line it left goes on (annotations only).
    EndVariation(Place),
}

impl Token {
    /// The move as written, if this is a move.
    pub fn move_text(&self) -> Option<&str> {
        match self {
            Token::Move(m) => Some(&m.text),
            _ => None,
        }
    }
    /// Where the token starts in the text (bytes).
    pub fn offset(&self) -> usize {
        self.place().offset
    }
    /// Where the token starts in the text.
    pub fn place(&self) -> Place {
        match self {
            Token::Move(m) => m.place,
            Token::Result(r) => r.place,
            Token::Comment(c) => c.place,
            Token::Nag(n) => n.place,
            Token::StartVariation(at) | Token::EndVariation(at) => *at,
        }
    }
}

/// A comment's text (without its braces, or its `;`), and where it stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CommentToken {
    /// As written, spaces included.
    pub text: String,
    /// Written `; text` (to the end of its line), not `{text}`.
    pub to_line_end: bool,
    /// Where its `{` or `;` stands.
    pub place: Place,
}

/// A numeric annotation glyph, and where it stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NagToken {
    /// `1` for `$1` or `!`, `2` for `?`, ... (0 to 255, as PGN defines them).
    pub nag: u8,
    /// Where it (or the move it is glued to) stands.
    pub place: Place,
}

/// A move as written, marks included (`Nf3+`, `e8=Q#`, `@d2`, `O-O`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveToken {
    /// The move's text, without move number or surrounding comments; give it to
    /// [`crate::Position::parse_move`].
    pub text: String,
    /// Its place among the moves of the game, from 1 (not read from the move numbers).
    pub ply: usize,
    /// The move number as the text gives it (`27.` or `27...`), where it gives one.
    pub written: Option<String>,
    /// Where its first character stands in the input.
    pub place: Place,
}

impl MoveToken {
    /// The move borrowed, as [`Games::next_token_ref`] gives moves.
    pub fn borrowed(&self) -> MoveRef<'_> {
        MoveRef { text: &self.text, ply: self.ply, written: self.written.as_deref(), place: self.place }
    }
}

/// A move as [`Games::next_token_ref`] gives it ([`MoveToken`], borrowed): its text and
/// move number lie in the reader's buffers, which it reuses for every word of a file,
/// so that a move costs no allocation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveRef<'a> {
    /// The move's text, as [`MoveToken::text`].
    pub text: &'a str,
    /// Its place among the moves of the game, from 1.
    pub ply: usize,
    /// The move number as the text gives it (`27.` or `27...`), where it gives one.
    pub written: Option<&'a str>,
    /// Where its first character stands in the input.
    pub place: Place,
}

impl MoveRef<'_> {
    /// The move, owned.
    pub fn to_token(&self) -> MoveToken {
        MoveToken { text: self.text.to_string(), ply: self.ply, written: self.written.map(str::to_string), place: self.place }
    }
}

/// A token as [`Games::next_token_ref`] gives it: a move borrowed ([`MoveRef`]), anything
/// else (far rarer) as its [`Token`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TokenRef<'a> {
    /// A move.
    Move(MoveRef<'a>),
    /// Any other token (never a [`Token::Move`] from [`Games`]).
    Other(Token),
}

impl TokenRef<'_> {
    /// The token, owned.
    pub fn into_token(self) -> Token {
        match self {
            TokenRef::Move(m) => Token::Move(m.to_token()),
            TokenRef::Other(t) => t,
        }
    }
}

/// What a word of movetext stands for ([`Games::word`]): a move (its text a range of the
/// word) or another token.
enum WordToken {
    Move { text: std::ops::Range<usize>, ply: usize, written: bool, place: Place },
    Other(Token),
}

/// A result token, and where it stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ResultToken {
    /// The result it stands for.
    pub result: GameResult,
    /// As written (`½-½` stays `½-½`).
    pub text: String,
    /// Where its first character stands in the input.
    pub place: Place,
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

/// Movetext that cannot be read: where and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MovetextError {
    /// Byte offset in the input where reading failed.
    pub offset: usize,
    /// Its line, from 1.
    pub line: usize,
    /// Its column, from 1, in characters.
    pub column: usize,
    /// What is wrong there, as a sentence.
    pub message: String,
}

impl fmt::Display for MovetextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.line, self.column, self.message)
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

/// Reads the first game of movetext into its moves, in order, and the result token if
/// there is one (always last: a result ends the game text, and whatever follows it is
/// not read).
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
    Tokens { games: Games::new(text.as_bytes()), started: false }
}

/// The tokens of the first game of a text, read as they are asked for (see [`tokens`]).
/// After an error or the result token there are no more.
pub struct Tokens<'a> {
    games: Games<&'a [u8]>,
    started: bool,
}

impl Iterator for Tokens<'_> {
    type Item = Result<Token, MovetextError>;

    fn next(&mut self) -> Option<Self::Item> {
        if !self.started {
            self.started = true;
            self.games.next_game()?;
        }
        self.games.next_token()
    }
}

/// The most tag pairs a game may have (a bound on the memory one game holds).
pub const MAX_TAGS: usize = 256;

/// The deepest variations may nest when annotations are read (a bound for the readers that
/// walk a game's tree; published games nest a few deep).
pub const MAX_VARIATION_DEPTH: usize = 100;

/// The most bytes one game may span, from its first tag pair or word (comments
/// included): far above any real game (a long game annotated move by move is some tens
/// of kilobytes), low enough that a game is held, cut out ([`GameTexts`]) or played
/// without memory running out. A longer game is an error where it passes the mark, and
/// reading goes on at the next game's tag pairs.
pub const MAX_GAME_BYTES: usize = 4 << 20;

/// A game's heading: its number in the file, where it starts, its tag pairs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameStart {
    /// From 1.
    pub number: usize,
    /// Where its first tag pair, or its first word, stands.
    pub place: Place,
    /// Its tag pairs, in the order written.
    pub tags: Vec<Tag>,
}

impl GameStart {
    /// The value of the first tag pair named `name` (PGN names are case-sensitive).
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|t| t.name == name).map(|t| t.value.as_str())
    }
}

/// A tag pair, `[Name "value"]`, its value's escapes undone.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tag {
    /// `Event`, `FEN`, `Variant`, …
    pub name: String,
    /// The value, unquoted and unescaped.
    pub value: String,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    /// Before the first game, or between games.
    Between,
    /// In a game's moves.
    Playing,
    /// A game ended by its result token: what follows belongs to the next game.
    Finished,
    /// A game ended by an error: the rest of it, to the next tag pair, is skipped.
    Broken,
}

/// The games of a PGN file or any byte stream, read one at a time: [`Games::next_game`]
/// reads a game's tag pairs, then [`Games::next_token`] its moves and result as they are
/// asked for. Memory does not grow with the file or with a game's length (words and tag
/// pairs are bounded, and at most [`MAX_TAGS`] tag pairs are kept).
///
/// A game ends at its result token, at a tag pair after its moves (an error: its result
/// token is missing), or at the end of the input. After a result token, the next game
/// begins with its tag pairs or with move 1: anything else is taken for moves written
/// after the result, an error of that game.
///
/// ```
/// use chimera_engine::movetext::{Games, Token};
/// let pgn = "[Event \"a\"]\n1. e4 e5 1-0\n\n[Event \"b\"]\n[FEN \"8/8/8/8/8/8/8/K1k5 w - - 0 1\"]\n1. Kb1 *\n";
/// let mut games = Games::new(pgn.as_bytes());
/// let first = games.next_game().unwrap();
/// assert_eq!(first.tag("Event"), Some("a"));
/// let moves: Vec<String> = std::iter::from_fn(|| games.next_token())
///     .filter_map(|t| t.ok()?.move_text().map(str::to_string))
///     .collect();
/// assert_eq!(moves, ["e4", "e5"]);
/// let second = games.next_game().unwrap();
/// assert_eq!((second.number, second.place.line), (2, 4));
/// assert!(second.tag("FEN").is_some());
/// assert!(games.next_game().is_none());
/// ```
pub struct Games<R> {
    scan: Scanner<R>,
    /// A lexeme read ahead: a game's first word, or the tag pair that ended the game before.
    ahead: Option<(Place, Lexeme)>,
    /// An error found while reading a game's tag pairs, given as its first token.
    deferred: Option<MovetextError>,
    state: State,
    games: usize,
    ply: usize,
    /// The last move number read, and how many moves have followed it (0, 1, 2+).
    number: Option<(String, u8)>,
    /// The result token that ended the game before, as written.
    last_result: Option<String>,
    /// The result token the current game follows (its game ended by it), as written.
    follows_result: Option<String>,
    /// The current game's first lexeme is a tag pair.
    starts_with_tag: bool,
    /// The text ends where the next game's tag pairs began (a [`GameText`] whose game
    /// ended there): its end, in a game still being played, is the error that tag
    /// pair would have been.
    tag_follows: bool,
    /// The variations open (annotations only), innermost last: where each began, and
    /// the ply and move number of the line it left, taken up again at its end.
    variations: Vec<(Place, usize, Option<(String, u8)>)>,
    /// A NAG glued to the move just given (`e4!`, `e4$1`), given next.
    glued_nag: Option<NagToken>,
    /// The comments read among a game's tag pairs (annotations only), given first.
    heading_comments: VecDeque<CommentToken>,
    /// Where the current game begins, and the most bytes it may span.
    game_start: usize,
    max_game_bytes: usize,
    /// The move number the last move followed as written (`27.`), when it did: one
    /// buffer for every move ([`MoveRef::written`]).
    written: String,
}

impl<R: BufRead> Games<R> {
    /// The games of `src`, none read yet.
    pub fn new(src: R) -> Games<R> {
        Games {
            scan: Scanner::new(src),
            ahead: None,
            deferred: None,
            state: State::Between,
            games: 0,
            ply: 0,
            number: None,
            last_result: None,
            follows_result: None,
            starts_with_tag: false,
            tag_follows: false,
            variations: Vec::new(),
            glued_nag: None,
            heading_comments: VecDeque::new(),
            game_start: 0,
            max_game_bytes: MAX_GAME_BYTES,
            written: String::new(),
        }
    }

    /// Gives the games' annotations too: comments, NAGs (a move's `!` and `?` marks
    /// among them, taken off the move) and variations, as [`Token`]s in the order
    /// written. A variation's moves are played from the position before the move it
    /// replaces; the reader checks only that its brackets match. The games end where
    /// they end without annotations.
    ///
    /// ```
    /// use chimera_engine::movetext::{Games, Token};
    /// let mut games = Games::new(&b"1. e4 {best} (1. d4 $1) e5!? *"[..]).with_annotations();
    /// games.next_game().unwrap();
    /// let tokens: Vec<Token> = std::iter::from_fn(|| games.next_token()).map(Result::unwrap).collect();
    /// let shown: Vec<String> = tokens.iter().map(|t| match t {
    ///     Token::Move(m) => format!("{}@{}", m.text, m.ply),
    ///     Token::Comment(c) => format!("{{{}}}", c.text),
    ///     Token::Nag(n) => format!("${}", n.nag),
    ///     Token::StartVariation(_) => "(".into(),
    ///     Token::EndVariation(_) => ")".into(),
    ///     Token::Result(r) => r.text.clone(),
    /// }).collect();
    /// assert_eq!(shown, ["e4@1", "{best}", "(", "d4@1", "$1", ")", "e5@2", "$5", "*"]);
    /// ```
    pub fn with_annotations(mut self) -> Games<R> {
        self.scan.annotations = true;
        self
    }

    fn lexeme(&mut self) -> Option<Result<(Place, Lexeme), MovetextError>> {
        self.ahead.take().map(Ok).or_else(|| self.scan.next())
    }

    /// Reads on to the next game, past whatever of the current one was not read, and
    /// returns its heading; `None` when no game is left.
    pub fn next_game(&mut self) -> Option<GameStart> {
        while self.state == State::Playing {
            self.next_token();
        }
        if self.state == State::Broken {
            // The rest of a broken game is skipped to the next tag pair. Of what is
            // skipped, a cut-out text keeps the game's first bytes alone, and one comment
            // may span no more than a game: memory stays bounded however long the rest.
            // (Three bytes more: a character across the mark is kept whole, so that the
            // text read alone fails at the mark as the file did.)
            let keep = self.game_start.saturating_add(self.max_game_bytes + 3);
            loop {
                self.scan.set_limit(self.scan.place().offset, self.max_game_bytes);
                if let Ok((at, tag @ Lexeme::Tag { .. })) = self.lexeme()? {
                    self.scan.trim_captured(keep, at.offset);
                    self.ahead = Some((at, tag));
                    break;
                }
                self.scan.trim_captured(keep, self.scan.place().offset);
            }
        }
        let after_result = (self.state == State::Finished).then(|| self.last_result.take()).flatten();
        let mut tags = Vec::new();
        let mut start = None;
        self.starts_with_tag = false;
        self.heading_comments.clear();
        // Errors among the tag pairs (a tag pair not closed on its line, a stray `}`):
        // the first is the game's, and its other tag pairs are read on, so that the game
        // ends where it would have ended (a bad tag pair costs its own game alone).
        let mut errors = 0;
        // What precedes the game's first tag pair or word is bounded too (a comment between
        // games), then the game from its first byte.
        self.scan.set_limit(self.ahead.as_ref().map_or(self.scan.place().offset, |(at, _)| at.offset), self.max_game_bytes);
        loop {
            let first = start.is_none();
            let item = self.lexeme();
            if let (true, Some(Ok((at, _)))) = (first, &item) {
                self.scan.set_limit(at.offset, self.max_game_bytes);
            }
            match item {
                None if start.is_none() => return None,
                None => break,
                Some(Err(e)) => {
                    start.get_or_insert(Place { offset: e.offset, line: e.line, column: e.column });
                    errors += 1;
                    if self.deferred.is_none() {
                        self.deferred = Some(e);
                    }
                    // Past the cap the game is broken: the rest is skipped, bounded.
                    if errors > MAX_TAGS || self.scan.hit_limit() {
                        break;
                    }
                }
                Some(Ok((at, Lexeme::Comment { text, to_line_end }))) => {
                    // A comment before the moves (annotations only), given first.
                    if self.heading_comments.len() == MAX_TAGS {
                        if self.deferred.is_none() {
                            self.deferred = at.fail::<()>(format!("more than {MAX_TAGS} comments before the moves")).err();
                        }
                        continue;
                    }
                    self.heading_comments.push_back(CommentToken { text, to_line_end, place: at });
                }
                Some(Ok((at, Lexeme::Tag { name, value }))) => {
                    if start.is_none() {
                        start = Some(at);
                        self.starts_with_tag = true;
                    }
                    if tags.len() == MAX_TAGS {
                        if self.deferred.is_none() {
                            self.deferred = at.fail::<()>(format!("more than {MAX_TAGS} tag pairs")).err();
                        }
                        continue;
                    }
                    tags.push(Tag { name, value });
                }
                Some(Ok((at, lexeme @ (Lexeme::Open | Lexeme::Close)))) => {
                    start.get_or_insert(at);
                    self.ahead = Some((at, lexeme));
                    break;
                }
                Some(Ok((at, Lexeme::Word))) => {
                    start.get_or_insert(at);
                    let word = self.scan.word();
                    if let (Some(result), true) = (&after_result, tags.is_empty()) {
                        let (skip, _) = split_move_number(word);
                        let first_move = skip > 0 && word[..skip].trim_end_matches(['.', '…']) == "1";
                        if !first_move && self.deferred.is_none() {
                            self.deferred = at
                                .fail::<()>(format!(
                                    "`{word}` follows the result `{result}` of game {}: a new game begins with its tag pairs, or with move 1",
                                    self.games
                                ))
                                .err();
                        }
                    }
                    self.ahead = Some((at, Lexeme::Word));
                    break;
                }
            }
        }
        self.games += 1;
        self.follows_result = after_result;
        (self.state, self.ply, self.number) = (State::Playing, 0, None);
        self.variations.clear();
        self.glued_nag = None;
        let place = start.unwrap_or(self.scan.place());
        self.game_start = place.offset;
        Some(GameStart { number: self.games, place, tags })
    }

    /// The current game's next move or result token; `None` at its end. After an error
    /// or the result token there are no more in this game.
    pub fn next_token(&mut self) -> Option<Result<Token, MovetextError>> {
        self.next_token_ref().map(|token| token.map(TokenRef::into_token))
    }

    /// [`Games::next_token`] with its move borrowed from the reader ([`MoveRef`]): for a
    /// caller that reads a move and is done with it, no allocation a move.
    pub fn next_token_ref(&mut self) -> Option<Result<TokenRef<'_>, MovetextError>> {
        let other = |token: Token| Some(Ok(TokenRef::Other(token)));
        if self.state != State::Playing {
            return None;
        }
        if let Some(e) = self.deferred.take() {
            self.state = State::Broken;
            return Some(Err(e));
        }
        if let Some(nag) = self.glued_nag.take() {
            return other(Token::Nag(nag));
        }
        if let Some(comment) = self.heading_comments.pop_front() {
            return other(Token::Comment(comment));
        }
        loop {
            let (at, lexeme) = match self.lexeme() {
                None if !self.variations.is_empty() => {
                    self.state = State::Broken;
                    return Some(self.variations[0].0.fail(UNTERMINATED_VARIATION));
                }
                None if self.tag_follows && self.ply > 0 => {
                    // The tag pair that ended this game's text in its file.
                    self.state = State::Broken;
                    return Some(self.scan.place().fail(TAG_AFTER_MOVES));
                }
                None => {
                    self.state = State::Between;
                    return None;
                }
                Some(Err(e)) => {
                    self.state = State::Broken;
                    return Some(Err(e));
                }
                Some(Ok(item)) => item,
            };
            match lexeme {
                Lexeme::Tag { .. } if !self.variations.is_empty() => {
                    self.ahead = Some((at, lexeme));
                    self.state = State::Broken;
                    return Some(self.variations[0].0.fail(UNTERMINATED_VARIATION));
                }
                Lexeme::Tag { .. } if self.ply > 0 => {
                    // The tag pair begins the next game.
                    self.ahead = Some((at, lexeme));
                    self.state = State::Broken;
                    return Some(at.fail(TAG_AFTER_MOVES));
                }
                Lexeme::Tag { .. } => {}
                Lexeme::Comment { text, to_line_end } => return other(Token::Comment(CommentToken { text, to_line_end, place: at })),
                Lexeme::Open | Lexeme::Close => {
                    let token = self.bracket(matches!(lexeme, Lexeme::Open), at);
                    if token.is_err() {
                        self.state = State::Broken;
                    }
                    return Some(token.map(TokenRef::Other));
                }
                Lexeme::Word => match self.word(at) {
                    None => {}
                    Some(Err(e)) => {
                        self.state = State::Broken;
                        return Some(Err(e));
                    }
                    Some(Ok(WordToken::Other(token))) => {
                        if let Token::Result(r) = &token {
                            self.last_result = Some(r.text.clone());
                            self.state = State::Finished;
                        }
                        return other(token);
                    }
                    Some(Ok(WordToken::Move { text, ply, written, place })) => {
                        let (text, written) = (&self.scan.word()[text], written.then_some(self.written.as_str()));
                        return Some(Ok(TokenRef::Move(MoveRef { text, ply, written, place })));
                    }
                },
            }
        }
    }

    /// A variation's bracket (annotations only): where a variation begins, the line it
    /// left is put aside, to be taken up again where it ends.
    fn bracket(&mut self, open: bool, at: Place) -> Result<Token, MovetextError> {
        if open {
            if self.ply == 0 {
                return at.fail("a variation before the first move: `(` stands after the move it is an alternative to");
            }
            if self.variations.len() == MAX_VARIATION_DEPTH {
                return at.fail(format!("variations nested more than {MAX_VARIATION_DEPTH} deep"));
            }
            self.variations.push((at, self.ply, self.number.take()));
            // The variation replaces the move just read: its first move has that ply.
            self.ply -= 1;
            return Ok(Token::StartVariation(at));
        }
        let Some((_, ply, number)) = self.variations.pop() else { return at.fail("`)` without `(`") };
        (self.ply, self.number) = (ply, number);
        Ok(Token::EndVariation(at))
    }

    /// The token the word just read ([`Scanner::word`]) stands for, if any (move numbers
    /// and `e.p.` stand for none, nor do NAGs unless the annotations are read).
    fn word(&mut self, at: Place) -> Option<Result<WordToken, MovetextError>> {
        let annotations = self.scan.annotations;
        let word = self.scan.word();
        if let Some(result) = GameResult::parse(word) {
            if !self.variations.is_empty() {
                // A result inside a variation ends neither it nor the game.
                return None;
            }
            return Some(Ok(WordToken::Other(Token::Result(ResultToken { result, text: word.to_string(), place: at }))));
        }
        if annotations {
            if let Some(nag) = nag_of(word) {
                return Some(match nag {
                    Some(nag) => Ok(WordToken::Other(Token::Nag(NagToken { nag, place: at }))),
                    None => at.fail(format!("`{word}`: a NAG is from $0 to $255")),
                });
            }
        }
        // A move number, perhaps with the move glued on (`1.e4`, `12...Nf6`).
        let (skip, rest) = split_move_number(word);
        if skip > 0 {
            let digits = &word[..word.bytes().take_while(u8::is_ascii_digit).count()];
            let black = u8::from(word[..skip].contains("..") || word[..skip].contains('…'));
            // The number's buffer is kept from one number to the next.
            match &mut self.number {
                Some((n, seen)) => {
                    n.clear();
                    n.push_str(digits);
                    *seen = black;
                }
                None => self.number = Some((digits.to_string(), black)),
            }
        }
        let at = Place { offset: at.offset + skip, line: at.line, column: at.column + word[..skip].chars().count() };
        let word = rest;
        if word.is_empty() || is_nag(word) || word.chars().all(|c| c == '.' || c == '…') {
            return None;
        }
        if word == "e.p." {
            // Belongs to the move before it, whose parser would strip it anyway.
            return (self.ply == 0).then(|| at.fail("`e.p.` before any move"));
        }
        // A NAG glued to the move (`e4$1`), and when annotations are read, the marks
        // that stand for one (`e4!?`): given after the move.
        let (word, glued) = match word.bytes().position(|b| b == b'$') {
            Some(d) if d > 0 && is_nag(&word[d..]) => (&word[..d], &word[d..]),
            _ => {
                let marks = word.len() - word.trim_end_matches(['!', '?']).len();
                match marks {
                    1 | 2 if annotations && marks < word.len() => word.split_at(word.len() - marks),
                    _ => (word, ""),
                }
            }
        };
        if annotations {
            self.glued_nag = nag_of(glued).flatten().map(|nag| NagToken { nag, place: at });
        }
        self.ply += 1;
        // The first move after `27.` is 27. (White's), the next 27... (Black's).
        let dots = match &mut self.number {
            Some((_, seen @ 0)) => {
                *seen = 1;
                Some(".")
            }
            Some((_, seen @ 1)) => {
                *seen = 2;
                Some("...")
            }
            _ => None,
        };
        if let (Some(dots), Some((n, _))) = (dots, &self.number) {
            self.written.clear();
            self.written.push_str(n);
            self.written.push_str(dots);
        }
        let text = skip..skip + word.len();
        Some(Ok(WordToken::Move { text, ply: self.ply, written: dots.is_some(), place: at }))
    }
}

/// The error of a game that ends inside a variation.
const UNTERMINATED_VARIATION: &str = "unterminated variation: `(` without `)`";

/// The NAG a word stands for: `$14`, or a move's marks alone (`!`, `?!`...); `Some(None)`
/// for a `$` number past 255.
fn nag_of(word: &str) -> Option<Option<u8>> {
    let mark = match word {
        "!" => 1,
        "?" => 2,
        "!!" => 3,
        "??" => 4,
        "!?" => 5,
        "?!" => 6,
        _ if is_nag(word) => return Some(word[1..].parse().ok()),
        _ => return None,
    };
    Some(Some(mark))
}

/// The error of a game whose moves the next game's tag pairs follow.
const TAG_AFTER_MOVES: &str = "a tag pair after the moves (is the result token of the game missing?)";

/// One game's text, cut from its file where [`Games`] ends it ([`GameTexts`]), with what
/// reading it again needs to read it as it was read in the file: its number, its place
/// there, and what came before it. [`GameText::games`] reads it again, with the same
/// tags, moves, errors and places as in the file; a batch of them can be handed to
/// other threads or processes and each checked alone.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameText {
    /// Its number in the file, from 1.
    pub number: usize,
    /// Where it begins in the file: its first tag pair or word (or the error there).
    pub place: Place,
    /// The result token of the game before it, when that game ended with it (then a
    /// game must begin with its tag pairs or with move 1).
    pub follows_result: Option<String>,
    /// Its text ended where the next game's tag pairs begin.
    pub tag_follows: bool,
    /// Its bytes, from its first tag pair or word to the next game's (trailing
    /// comments and spaces included); not always UTF-8, as the file was not.
    pub text: Vec<u8>,
}

impl GameText {
    /// A text holding a game of its own (or the first of several): game 1, at line 1.
    pub fn of(text: impl Into<Vec<u8>>) -> GameText {
        GameText { number: 1, place: Place { offset: 0, line: 1, column: 1 }, follows_result: None, tag_follows: false, text: text.into() }
    }

    /// Its game, read as [`Games`] read it in the file: [`Games::next_game`] gives its
    /// heading (with its number), then [`Games::next_token`] its moves.
    pub fn games(&self) -> Games<&[u8]> {
        let mut games = Games::new(&self.text[..]);
        // Its first character is no space: whether a line began there matters only for
        // `%` and `#`, which begin no game at a line's start.
        games.scan = Scanner::at(&self.text[..], self.place, false);
        games.games = self.number.saturating_sub(1);
        games.tag_follows = self.tag_follows;
        if let Some(result) = &self.follows_result {
            (games.state, games.last_result) = (State::Finished, Some(result.clone()));
        }
        games
    }
}

/// The games of a PGN file or byte stream as texts, each cut where [`Games`] ends it
/// (the one reader of games: the CLI reads them in place, the Python package as these
/// texts, checked on other threads). A game ended by its result token is cut there, with
/// nothing of the next game read; one that ends otherwise (at the next game's tag pairs,
/// or broken) is cut where the next begins, which is read to know it.
///
/// ```
/// use chimera_engine::movetext::GameTexts;
/// let pgn = "[Event \"a\"]\n1. e4 e5 1-0\n[Event \"b\"]\n[White \"x]\n1. d4 *\n[Event \"c\"]\n1. c4 *\n";
/// let texts: Vec<_> = GameTexts::new(pgn.as_bytes()).collect();
/// assert_eq!(texts.len(), 3);
/// assert_eq!(texts[1].text, b"[Event \"b\"]\n[White \"x]\n1. d4 *\n");
/// assert_eq!(texts[0].text, b"[Event \"a\"]\n1. e4 e5 1-0");
/// assert_eq!((texts[2].number, texts[2].place.line), (3, 6));
/// let mut second = texts[1].games();
/// assert_eq!(second.next_game().unwrap().number, 2);
/// assert!(second.next_token().unwrap().unwrap_err().message.contains("unterminated tag pair"));
/// ```
pub struct GameTexts<R> {
    games: Games<R>,
    /// The game begun and not yet cut.
    current: Option<(usize, Place, Option<String>)>,
}

impl<R: BufRead> GameTexts<R> {
    /// The games of `src`, none read yet.
    pub fn new(src: R) -> GameTexts<R> {
        let mut games = Games::new(src);
        games.scan.capture();
        GameTexts { games, current: None }
    }

    fn begin(&mut self) -> bool {
        match self.games.next_game() {
            Some(start) => {
                self.current = Some((start.number, start.place, self.games.follows_result.clone()));
                true
            }
            None => false,
        }
    }
}

impl<R: BufRead> Iterator for GameTexts<R> {
    type Item = GameText;

    fn next(&mut self) -> Option<GameText> {
        if self.current.is_none() && !self.begin() {
            return None;
        }
        let (number, place, follows_result) = self.current.take()?;
        while self.games.next_token().is_some() {}
        if self.games.state == State::Finished {
            // Ended by its result token: cut there, reading nothing of the next game (what
            // lies between the two, spaces and comments, belongs to neither).
            let text = self.games.scan.take_captured(place.offset, Some(self.games.scan.place().offset));
            return Some(GameText { number, place, follows_result, tag_follows: false, text });
        }
        // Reading the next game's heading reads this one to its end.
        let next = self.begin().then(|| self.current.as_ref().map(|c| c.1.offset)).flatten();
        let text = self.games.scan.take_captured(place.offset, next);
        let tag_follows = next.is_some() && self.games.starts_with_tag;
        Some(GameText { number, place, follows_result, tag_follows, text })
    }
}

// What the tests set and read of the insides, through `crate::testing`: a smaller cap on
// a game's bytes, and what a cutter's capture holds.
impl<R> Games<R> {
    pub(crate) fn set_max_game_bytes(&mut self, bytes: usize) {
        self.max_game_bytes = bytes;
    }
}

impl<R: BufRead> GameTexts<R> {
    pub(crate) fn games_mut(&mut self) -> &mut Games<R> {
        &mut self.games
    }

    pub(crate) fn captured_len(&self) -> usize {
        self.games.scan.captured_len()
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
