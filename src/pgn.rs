//! Checking the games of a PGN file, one verdict per game: each game is played in its
//! variant (its `[Variant]` tag, or the one given), from its start (`[FEN]`, unless
//! `[SetUp "0"]`), move by move as it is read, and its result token is compared with
//! the result the rules give. Games are read one at a time from any byte stream
//! ([`movetext::Games`]), so a database of any size is checked in the memory of one game.
//!
//! ```
//! use chimera::pgn::{Checker, Problem};
//! let chess = chimera::variants::load("chess")?;
//! let pgn = "1. f3 e5 2. g4 Qh4# 0-1\n\n[Event \"b\"]\n1. e4 e5 2. Ke3 *\n";
//! let verdicts: Vec<_> = Checker::new(&chess).games(pgn.as_bytes()).collect();
//! assert!(verdicts[0].problem.is_none());
//! assert_eq!(verdicts[0].end.as_deref(), Some("0-1 (black wins by checkmate)"));
//! let Some(Problem::Illegal { refused, .. }) = &verdicts[1].problem else { panic!() };
//! assert_eq!((refused.ply, refused.error.code.as_str()), (3, "piece-cannot-move-there"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::collections::HashMap;
use std::io::BufRead;

use chimera_engine::movetext::{self, GameResult, GameStart, GameText, MoveRef, MovetextError, ResultToken, Token, TokenRef};
use chimera_engine::{CastlingMode, Color, Outcome, Position, Rules, Variant};

use crate::game::{describe_outcome, move_label, play_move, Refused};
use crate::two_boards::{self, BoardId, Match, MatchError, Tag};

/// What became of one game.
#[derive(Clone, Debug)]
pub struct Verdict {
    /// Its number in the file, from 1.
    pub game: usize,
    /// The line its first tag pair (or word) stands on.
    pub line: usize,
    /// The variant it was played in (the ruleset's name).
    pub variant: String,
    /// The moves played: all of them, or those before the problem.
    pub plies: usize,
    /// The position reached: the last, or the one the problem stands in.
    pub fen: String,
    /// How the rules ended the game, if they did.
    pub outcome: Option<Outcome>,
    /// The same in words: `1-0 (white wins by checkmate)`.
    pub end: Option<String>,
    /// The result token the text gives, if any (read even after an illegal move).
    pub claimed: Option<ResultToken>,
    /// A draw the final position lets either player claim, in words (`1/2-1/2 (draw by
    /// 3-fold repetition)`); the game goes on past it unless a player claims it.
    pub claimable: Option<String>,
    /// How the text's result stands with the rules: `agrees`, `agrees: a draw claimed …`,
    /// or a result decided off the board. A result the board contradicts is a
    /// [`Problem::Result`] instead.
    pub agreement: Option<String>,
    /// Why the game is not a legal game of its variant; `None` when it is.
    pub problem: Option<Problem>,
}

impl Verdict {
    /// A legal game, every move read and played.
    pub fn ok(&self) -> bool {
        self.problem.is_none()
    }
}

/// One game read off a stream ([`GameTokens::read`]): its heading and every token
/// [`movetext::Games::next_token`] gave for it. Checked on any thread
/// ([`Checker::game_tokens`]), it gets the verdict [`Checker::games`] gives it in its
/// stream: the reading of a file stays on one thread, the playing of its games goes to
/// others, and no game is read twice.
#[derive(Clone, Debug)]
pub struct GameTokens {
    /// Its number, place and tag pairs.
    pub start: GameStart,
    /// The texts of its moves and of their move numbers, end to end: one string a game,
    /// not two a move.
    text: String,
    /// Its moves and result token, as read; an error is the last.
    tokens: Vec<StoredToken>,
}

/// A token of a [`GameTokens`]: a move, its texts ranges of the game's `text`; anything
/// else (a game's result token, an error: one or two a game) boxed, to keep the moves'
/// list small.
#[derive(Clone, Debug)]
enum StoredToken {
    Move { text: (u32, u32), written: Option<(u32, u32)>, ply: usize, place: movetext::Place },
    Other(Box<Result<Token, MovetextError>>),
}

impl GameTokens {
    /// The next game of `games`, read to its end; `None` when no game is left.
    pub fn read<R: BufRead>(games: &mut movetext::Games<R>) -> Option<GameTokens> {
        let start = games.next_game()?;
        let (mut text, mut tokens) = (String::new(), Vec::new());
        // A game's text is at most `MAX_GAME_BYTES`: its ranges fit in `u32`.
        let mut keep = |part: &str| {
            let from = text.len();
            text.push_str(part);
            (from as u32, text.len() as u32)
        };
        while let Some(token) = games.next_token_ref() {
            tokens.push(match token {
                Ok(TokenRef::Move(m)) => {
                    StoredToken::Move { text: keep(m.text), written: m.written.map(&mut keep), ply: m.ply, place: m.place }
                }
                other => StoredToken::Other(Box::new(other.map(TokenRef::into_token))),
            });
        }
        Some(GameTokens { start, text, tokens })
    }
}

/// Where [`Checker`] takes a game's tokens from: a reader of games, or a game's tokens
/// read before ([`GameTokens`]). Moves come borrowed ([`MoveRef`]).
trait TokenSource {
    fn next_token(&mut self) -> Option<Result<TokenRef<'_>, MovetextError>>;
}

impl<R: BufRead> TokenSource for movetext::Games<R> {
    fn next_token(&mut self) -> Option<Result<TokenRef<'_>, MovetextError>> {
        self.next_token_ref()
    }
}

/// The tokens of a [`GameTokens`], given in order.
struct StoredTokens {
    text: String,
    tokens: std::vec::IntoIter<StoredToken>,
}

impl TokenSource for StoredTokens {
    fn next_token(&mut self) -> Option<Result<TokenRef<'_>, MovetextError>> {
        let text = |(from, to): (u32, u32)| &self.text[from as usize..to as usize];
        Some(match self.tokens.next()? {
            StoredToken::Move { text: t, written, ply, place } => {
                Ok(TokenRef::Move(MoveRef { text: text(t), ply, written: written.map(text), place }))
            }
            StoredToken::Other(token) => (*token).map(TokenRef::Other),
        })
    }
}

/// Why a game fails.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    /// Its `[Variant]` or `[FEN]` tag names no variant or no position of it.
    Setup {
        /// Which: [`UNKNOWN_VARIANT`], [`BAD_FEN`] or [`BAD_RULESET`].
        code: &'static str,
        /// What is wrong, as a sentence.
        message: String,
    },
    /// The text cannot be read as movetext at a place.
    Unreadable {
        /// The error, with its line and column in the input.
        error: movetext::MovetextError,
    },
    /// The text's result contradicts the end on the board (a win for the mated side, a
    /// draw after a mate), or the `[Result]` tag contradicts the result token.
    Result {
        /// Which: [`RESULT_CONTRADICTS_BOARD`] or [`RESULT_TAG_CONTRADICTS_TOKEN`].
        code: &'static str,
        /// What contradicts what, as a sentence.
        message: String,
    },
    /// A move that cannot be played: unreadable as a move, illegal, or after the end.
    Illegal {
        /// The move, its ply, where the game stood and why (its reason code included).
        refused: Refused,
        /// Where it stands in the input (line, column).
        place: movetext::Place,
    },
}

/// The code of a game whose `[Variant]` tag names no built-in variant (nor the one given).
pub const UNKNOWN_VARIANT: &str = "unknown-variant";
/// The code of a game whose `[FEN]` tag is no position of its variant.
pub const BAD_FEN: &str = "bad-fen";
/// The code of a game whose variant's ruleset cannot be loaded.
pub const BAD_RULESET: &str = "bad-ruleset";
/// The code of a game whose text cannot be read as PGN (an unclosed comment or tag
/// pair, a stray character, a missing result token before the next game's tags).
pub const UNREADABLE_MOVETEXT: &str = "unreadable-movetext";
/// The code of a game whose result contradicts the end on the board.
pub const RESULT_CONTRADICTS_BOARD: &str = "result-contradicts-board";
/// The code of a game whose `[Result]` tag contradicts its result token.
pub const RESULT_TAG_CONTRADICTS_TOKEN: &str = "result-tag-contradicts-token";

impl Problem {
    /// Its code, stable and kebab-case: a refused move's own ([`chimera_engine::IllegalCode`]:
    /// `piece-cannot-move-there`, `ambiguous`...), or [`UNKNOWN_VARIANT`], [`BAD_FEN`],
    /// [`BAD_RULESET`], [`UNREADABLE_MOVETEXT`], [`RESULT_CONTRADICTS_BOARD`],
    /// [`RESULT_TAG_CONTRADICTS_TOKEN`]. Every front end (the CLI, the Python package)
    /// reports it.
    pub fn code(&self) -> &'static str {
        match self {
            Problem::Setup { code, .. } | Problem::Result { code, .. } => code,
            Problem::Unreadable { .. } => UNREADABLE_MOVETEXT,
            Problem::Illegal { refused, .. } => refused.error.code.as_str(),
        }
    }
}

impl std::fmt::Display for Problem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Problem::Setup { message, .. } | Problem::Result { message, .. } => f.write_str(message),
            Problem::Illegal { refused, .. } => refused.fmt(f),
            Problem::Unreadable { error } => write!(f, "line {}, column {}: {}", error.line, error.column, error.message),
        }
    }
}

/// Checks games against a default variant and start position, resolving `[Variant]` tags
/// to built-ins (each compiled once).
pub struct Checker<'a> {
    default: &'a Variant,
    fen: Option<String>,
    builtins: HashMap<&'static str, Variant>,
    /// The default variant's name, normalised ([`normalise`]).
    default_name: String,
    /// The built-in variant each normalised `[Variant]` tag named, looked up once, not
    /// once a game (the names that name none are not kept: a file may hold any number).
    named: HashMap<String, &'static chimera_variants::Builtin>,
    /// The start position of each variant played (by its rules' address: the checker
    /// holds every variant it plays), read from its FEN once, not once a game.
    starts: HashMap<*const Rules, Position>,
}

impl<'a> Checker<'a> {
    /// Games without a `[Variant]` tag (or whose tag names this variant) are played in `default`.
    pub fn new(default: &'a Variant) -> Checker<'a> {
        let default_name = normalise(&default.rules().name);
        Checker { default, fen: None, builtins: HashMap::new(), default_name, named: HashMap::new(), starts: HashMap::new() }
    }

    /// Games without a `[FEN]` tag start from this position instead of the variant's start.
    pub fn with_fen(mut self, fen: Option<&str>) -> Checker<'a> {
        self.fen = fen.map(str::to_string);
        self
    }

    /// The verdict of every game of `src`, each as it is read.
    pub fn games<R: BufRead>(mut self, src: R) -> impl Iterator<Item = Verdict> + use<'a, R> {
        let mut games = movetext::Games::new(src);
        std::iter::from_fn(move || {
            let start = games.next_game()?;
            Some(self.check(&start, &mut games))
        })
    }

    /// The verdict of the game of a text cut from its file ([`movetext::GameTexts`]), as
    /// [`Checker::games`] gives it there: its number, places and errors are the file's.
    /// `None` if the text holds no game.
    pub fn game_text(&mut self, text: &GameText) -> Option<Verdict> {
        let mut games = text.games();
        let start = games.next_game()?;
        Some(self.check(&start, &mut games))
    }

    /// The verdict of a game read off its stream ([`GameTokens::read`]), as
    /// [`Checker::games`] gives it there.
    pub fn game_tokens(&mut self, game: GameTokens) -> Verdict {
        self.check(&game.start, &mut StoredTokens { text: game.text, tokens: game.tokens.into_iter() })
    }

    /// The start position of `variant`.
    fn start(&mut self, variant: &Variant) -> Position {
        self.starts.entry(std::ptr::from_ref(variant.rules())).or_insert_with(|| variant.start()).clone()
    }

    /// The variant a game is played in, and whether its tag asks for Chess960 castling
    /// (`Chess960`, `Fischerandom`, or a variant's name with the suffix `960`, as
    /// pychess-variants writes `Seirawan960`).
    fn variant(&mut self, start: &GameStart) -> Result<(Variant, CastlingMode), Problem> {
        let Some(tag) = start.tag("Variant") else { return Ok((self.default.clone(), CastlingMode::Standard)) };
        let (wanted, mode) = read_variant_tag(tag, &self.default_name);
        if wanted == self.default_name {
            return Ok((self.default.clone(), mode));
        }
        let found = self.named.get(&wanted).copied().or_else(|| {
            let b = builtin_by_normalised_name(&wanted)?;
            self.named.insert(wanted.clone(), b);
            Some(b)
        });
        let Some(b) = found else {
            let message = format!(
                "the [Variant \"{tag}\"] tag names no built-in variant, nor `{}` given to check the games in",
                self.default.rules().name
            );
            return Err(Problem::Setup { code: UNKNOWN_VARIANT, message });
        };
        if let Some(v) = self.builtins.get(b.id) {
            return Ok((v.clone(), mode));
        }
        let v = b.variant().map_err(|e| Problem::Setup { code: BAD_RULESET, message: e.to_string() })?;
        self.builtins.insert(b.id, v.clone());
        Ok((v, mode))
    }

    fn check(&mut self, start: &GameStart, games: &mut impl TokenSource) -> Verdict {
        let mut verdict = Verdict {
            game: start.number,
            line: start.place.line,
            variant: self.default.rules().name.clone(),
            plies: 0,
            fen: String::new(),
            outcome: None,
            end: None,
            claimed: None,
            claimable: None,
            agreement: None,
            problem: None,
        };
        let (variant, mode) = match self.variant(start) {
            Ok(v) => v,
            Err(problem) => {
                verdict.problem = Some(problem);
                return verdict;
            }
        };
        verdict.variant = variant.rules().name.clone();
        let fen = setup_fen(start).map(str::to_string).or_else(|| self.fen.clone());
        // A two-board variant's game with BPGN's board tags (`1A. e4`) or a match's FEN
        // (two boards joined by `|`) is a match on both boards; its first move decides.
        // Owned: the tokens after it are read meanwhile.
        let first = games.next_token().map(|token| token.map(TokenRef::into_token));
        let tagged = matches!(&first, Some(Ok(Token::Move(m))) if two_boards::is_tagged(&m.text));
        if Match::plays(&variant) && (tagged || fen.as_deref().is_some_and(|f| f.contains('|'))) {
            return check_match(verdict, start, &variant, fen.as_deref(), first, games);
        }
        let started = match fen {
            None => Ok(self.start(&variant)),
            Some(fen) => variant.position_in(&fen, mode).map_err(|e| format!("the [FEN] tag: {e}")),
        };
        let mut pos = match started {
            Ok(pos) => pos,
            Err(message) => {
                verdict.problem = Some(Problem::Setup { code: BAD_FEN, message });
                return verdict;
            }
        };
        read_game(&mut verdict, first, games, |m| {
            play_move(&mut pos, m).map(|()| true).map_err(|refused| Problem::Illegal { refused, place: m.place })
        });
        verdict.fen = pos.fen();
        let outcome = pos.outcome();
        verdict.outcome = outcome;
        verdict.end = outcome.map(|o| describe_outcome(o, &pos));
        // Either player may claim at the end of the text: the claimant's move, if any,
        // is the last one written.
        verdict.claimable = pos.claims().into_iter().find(|c| c.by.is_none()).map(|c| describe_outcome(c.outcome, &pos));
        if verdict.problem.is_none() {
            match judge_result(start.tag("Result"), verdict.claimed.as_ref(), outcome, verdict.claimable.is_some()) {
                Ok(agreement) => verdict.agreement = agreement,
                Err(problem) => verdict.problem = Some(problem),
            }
        }
        verdict
    }
}

/// Reads a game's tokens to its end (`first`, read already, then the rest), passing
/// each move to `play` (whether it played one: a BPGN board tag is a word of its own):
/// the plies played, the text's result token, and the first problem, after which the
/// rest is read, not played, for the result token the text claims.
fn read_game(
    verdict: &mut Verdict,
    first: Option<Result<Token, MovetextError>>,
    games: &mut impl TokenSource,
    mut play: impl FnMut(MoveRef<'_>) -> Result<bool, Problem>,
) {
    let Some(first) = first else { return };
    let mut step = take_token(verdict, first.map(TokenRef::Other), &mut play);
    while let Step::On = step {
        let Some(token) = games.next_token() else { return };
        step = take_token(verdict, token, &mut play);
    }
    if let Step::Failed = step {
        while let Some(Ok(token)) = games.next_token() {
            if let TokenRef::Other(Token::Result(r)) = token {
                verdict.claimed = Some(r);
            }
        }
    }
}

/// Where a game's reading stands after a token ([`take_token`]).
enum Step {
    /// Read on.
    On,
    /// The text cannot be read on.
    Unreadable,
    /// A move could not be played: the rest is read for the result token alone.
    Failed,
}

/// One token of a game taken into its verdict: a move played, the result token noted.
fn take_token(
    verdict: &mut Verdict,
    token: Result<TokenRef<'_>, MovetextError>,
    play: &mut impl FnMut(MoveRef<'_>) -> Result<bool, Problem>,
) -> Step {
    let m = match token {
        Err(error) => {
            verdict.problem = Some(Problem::Unreadable { error });
            return Step::Unreadable;
        }
        Ok(TokenRef::Move(m)) => m,
        Ok(TokenRef::Other(Token::Move(m))) => return take_token(verdict, Ok(TokenRef::Move(m.borrowed())), play),
        Ok(TokenRef::Other(Token::Result(r))) => {
            verdict.claimed = Some(r);
            return Step::On;
        }
        // Annotations are not asked for here.
        Ok(TokenRef::Other(Token::Comment(_) | Token::Nag(_) | Token::StartVariation(_) | Token::EndVariation(_))) => return Step::On,
    };
    match play(m) {
        Ok(played) => {
            verdict.plies += usize::from(played);
            Step::On
        }
        Err(problem) => {
            verdict.problem = Some(problem);
            Step::Failed
        }
    }
}

/// A bughouse game (BPGN) checked as a match on both boards ([`Match`]): each move after
/// its board tag, the text's result read as BPGN's (`1-0`: board A's White and board B's
/// Black win).
fn check_match(
    mut verdict: Verdict,
    start: &GameStart,
    variant: &Variant,
    fen: Option<&str>,
    first: Option<Result<Token, MovetextError>>,
    games: &mut impl TokenSource,
) -> Verdict {
    let set_up = match fen {
        None => Match::new(variant),
        Some(fen) => Match::from_fen(variant, fen),
    };
    let mut game = match set_up {
        Ok(game) => game,
        Err(e) => {
            verdict.problem = Some(Problem::Setup { code: BAD_FEN, message: format!("the [FEN] tag: {e}") });
            return verdict;
        }
    };
    let mut tag = Tag::default();
    read_game(&mut verdict, first, games, |m| match game.play_word(&mut tag, m.text) {
        Ok(played) => Ok(played.is_some()),
        Err(MatchError::Move { board, error }) => {
            let at = format!("board {board}, {}", move_label(game.board(board)));
            Err(Problem::Illegal { refused: Refused { ply: game.plies() + 1, text: m.text.to_string(), at, error }, place: m.place })
        }
        Err(other) => {
            let (place, message) = (m.place, other.to_string());
            Err(Problem::Unreadable { error: MovetextError { offset: place.offset, line: place.line, column: place.column, message } })
        }
    });
    verdict.fen = game.fen();
    let end = game.outcome();
    // The text's result is the teams': as seen by board A's players.
    let team = end.map(|e| Outcome { winner: e.outcome.winner.map(|w| if e.board == BoardId::A { w } else { w.opponent() }), ..e.outcome });
    verdict.outcome = team;
    verdict.end = end.map(|e| {
        let team = match team.and_then(|o| o.winner) {
            Some(Color::White) => ", board A's White and board B's Black",
            Some(Color::Black) => ", board A's Black and board B's White",
            None => "",
        };
        format!("{} on board {}{team}", describe_outcome(e.outcome, game.board(e.board)), e.board)
    });
    if verdict.problem.is_none() {
        match judge_result(start.tag("Result"), verdict.claimed.as_ref(), team, false) {
            Ok(agreement) => verdict.agreement = agreement,
            Err(problem) => verdict.problem = Some(problem),
        }
    }
    verdict
}

/// How the text's result — its result token, else its `[Result]` tag — stands with the
/// end on the board (`outcome`) and the draw the final position allows (`claimable`):
/// `Ok` with the agreement in words, or `Err` with the contradiction.
fn judge_result(
    tag: Option<&str>,
    token: Option<&ResultToken>,
    outcome: Option<Outcome>,
    claimable: bool,
) -> Result<Option<String>, Problem> {
    let tagged = tag.and_then(GameResult::parse);
    let text = match (token, tagged) {
        (Some(t), Some(tagged)) if tagged != t.result && tagged != GameResult::Unknown && t.result != GameResult::Unknown => {
            let message = format!("the [Result \"{}\"] tag contradicts the result token {}", tagged.score(), t.text);
            return Err(Problem::Result { code: RESULT_TAG_CONTRADICTS_TOKEN, message });
        }
        (Some(t), _) => t.result,
        (None, Some(tagged)) => tagged,
        (None, None) => return Ok(None),
    };
    let agreement = match (outcome, text) {
        (Some(o), GameResult::Unknown) => format!("unfinished in the text: the game ended {}", o.score()),
        (Some(o), text) if text.score() == o.score() => "agrees".to_string(),
        (Some(o), text) => {
            let message = format!("the text's result {} contradicts the board: {}", text.score(), describe_reason(o));
            return Err(Problem::Result { code: RESULT_CONTRADICTS_BOARD, message });
        }
        (None, GameResult::Unknown) => "agrees".to_string(),
        (None, GameResult::Draw) if claimable => "agrees: a claimed draw".to_string(),
        (None, GameResult::Draw) => "not an end by the rules: a draw agreed off the board".to_string(),
        (None, _) => "not an end by the rules: decided off the board".to_string(),
    };
    Ok(Some(agreement))
}

/// `the game ended 0-1 by checkmate`.
fn describe_reason(o: Outcome) -> String {
    format!("the game ended {} by {}", o.score(), o.reason.as_str().replace('-', " "))
}

/// The variant a `[Variant]` tag asks for (its normalised name) and whether with Chess960
/// castling (`Chess960`, `Fischerandom`, or a variant's name with the suffix `960`, as
/// pychess-variants writes `Seirawan960`); `default` is the normalised name of the
/// variant the games are read in, taken as it is even if it ends in 960.
fn read_variant_tag(tag: &str, default: &str) -> (String, CastlingMode) {
    match normalise(tag).as_str() {
        "chess960" | "fischerandom" => ("chess".to_string(), CastlingMode::Chess960),
        w if w != default => match w.strip_suffix("960") {
            Some(base) if !base.is_empty() => (base.to_string(), CastlingMode::Chess960),
            _ => (w.to_string(), CastlingMode::Standard),
        },
        w => (w.to_string(), CastlingMode::Standard),
    }
}

/// The built-in variant of a normalised name, as PGN writers spell it (`standard`,
/// `fromposition`, `threecheck`, `crazyhouse`...).
fn builtin_by_normalised_name(wanted: &str) -> Option<&'static chimera_variants::Builtin> {
    let alias = match wanted {
        "standard" | "fromposition" => "chess",
        "threecheck" => "3check",
        "fivecheck" => "5check",
        other => other,
    };
    chimera_variants::BUILTINS.iter().find(|b| normalise(b.id) == alias)
}

/// The built-in variant a `[Variant]` tag names, and the castling it asks for, read as
/// [`Checker`] reads it for games without another default than chess.
pub fn builtin_named_by(tag: &str) -> Option<(&'static chimera_variants::Builtin, CastlingMode)> {
    let (wanted, mode) = read_variant_tag(tag, "chess");
    Some((builtin_by_normalised_name(&wanted)?, mode))
}

/// The position a game's tags set up: its `[FEN]`, unless `[SetUp "0"]` says to ignore it.
pub fn setup_fen(start: &GameStart) -> Option<&str> {
    match (start.tag("SetUp"), start.tag("FEN")) {
        (Some("0"), _) => None,
        (_, fen) => fen,
    }
}

/// A variant name as tags write it, reduced for comparison: `Three-check` → `threecheck`.
fn normalise(name: &str) -> String {
    name.chars().filter(|c| c.is_alphanumeric()).flat_map(char::to_lowercase).collect()
}
