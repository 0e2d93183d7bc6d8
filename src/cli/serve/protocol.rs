//! The wire format of `chimera serve`: what a request may say and what a response says,
//! as Rust types with their serde. A request decodes to a typed [`Request`]; an answer is
//! a [`Reply`] of a [`Body`] or an [`Error`].
//!
//! This module knows JSON but neither games nor the engine: its types hold only strings,
//! numbers, booleans and collections of them, so that the format reads in one place and a
//! change in the engine cannot change it unnoticed (the handler converts engine values).

use std::collections::BTreeMap;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

// ---- requests ----

/// One request, by op, with its arguments checked (unknown fields are refused).
pub enum Request {
    Load(LoadReq),
    Variants,
    Open(OpenReq),
    Position(GameReq),
    Moves(MovesReq),
    Validate(MoveReq),
    Play(MoveReq),
    Undo(UndoReq),
    Perft(PerftReq),
    Go(GoReq),
    Close(GameReq),
    Piece(PieceReq),
    Quit,
}

const OPS: &str = "load, variants, open, position, moves, validate, play, undo, perft, go, close, piece, quit";

impl Request {
    /// Decodes one request line. The `id` comes back even when the rest is refused, for
    /// the error response to carry it (null when there is none or no object to take it from).
    pub fn decode(line: &[u8]) -> (Value, Result<Request, Error>) {
        let request: Value = match serde_json::from_slice::<Unique>(line) {
            Ok(v) => v.0,
            // `{"op":"open","op":"quit"}` must not quietly mean one of the two.
            Err(e) if e.to_string().starts_with(DUPLICATE) => {
                return (Value::Null, Err(Error::new("bad-request", format!("{e}: a request names each key once"))))
            }
            Err(e) => return (Value::Null, Err(Error::new("bad-json", format!("not a JSON value: {e}")))),
        };
        let Value::Object(mut fields) = request else {
            return (Value::Null, Err(Error::new("bad-request", "a request is a JSON object")));
        };
        let id = fields.remove("id").unwrap_or(Value::Null);
        (id, Request::from_fields(fields))
    }

    fn from_fields(mut fields: Map<String, Value>) -> Result<Request, Error> {
        let op = match fields.remove("op") {
            Some(Value::String(op)) => op,
            Some(_) => return Err(Error::new("bad-request", "`op` must be a string")),
            None => return Err(Error::new("bad-request", format!("missing `op` (one of {OPS})"))),
        };
        let args = Value::Object(fields);
        // Not a serde enum tagged by `op`: its messages for a missing or unknown op would
        // not list the ops, and the arguments' errors would change wording.
        Ok(match op.as_str() {
            "load" => Request::Load(parse(args)?),
            "variants" => parse::<NoArgs>(args).map(|_| Request::Variants)?,
            "open" => Request::Open(parse(args)?),
            "position" => Request::Position(parse(args)?),
            "moves" => Request::Moves(parse(args)?),
            "validate" => Request::Validate(parse(args)?),
            "play" => Request::Play(parse(args)?),
            "undo" => Request::Undo(parse(args)?),
            "perft" => Request::Perft(parse(args)?),
            "go" => Request::Go(parse(args)?),
            "close" => Request::Close(parse(args)?),
            "piece" => Request::Piece(parse(args)?),
            "quit" => parse::<NoArgs>(args).map(|_| Request::Quit)?,
            _ => {
                let hint = chimera::ruleset::suggest::did_you_mean(&op, OPS.split(", "));
                return Err(Error::new("unknown-op", format!("unknown op `{op}` (one of {OPS}){hint}")));
            }
        })
    }

    /// The game the request is about, if it names one.
    pub fn game(&self) -> Option<&str> {
        match self {
            Request::Position(r) | Request::Close(r) => Some(&r.game),
            Request::Moves(r) => Some(&r.game),
            Request::Validate(r) | Request::Play(r) => Some(&r.game),
            Request::Undo(r) => Some(&r.game),
            Request::Perft(r) => Some(&r.game),
            Request::Go(r) => Some(&r.game),
            Request::Load(_) | Request::Variants | Request::Open(_) | Request::Piece(_) | Request::Quit => None,
        }
    }
}

fn parse<T: DeserializeOwned>(args: Value) -> Result<T, Error> {
    serde_json::from_value(args).map_err(|e| Error::new("bad-request", chimera::ruleset::suggest::with_suggestion(&e.to_string())))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LoadReq {
    /// A built-in id.
    pub variant: Option<String>,
    /// Ruleset text.
    pub toml: Option<String>,
    /// The file name errors in `toml` are reported against.
    pub name: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OpenReq {
    pub variant: String,
    pub fen: Option<String>,
    pub moves: Option<Vec<String>>,
    /// A bughouse match on both boards of a two-board variant (`fen`: the two boards'
    /// FENs joined by `|`; `moves`: each after its board, `A e2e4`).
    #[serde(rename = "match", default)]
    pub two_boards: bool,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameReq {
    pub game: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MovesReq {
    pub game: String,
    /// Each move also `written` in this notation (`shogi-hodges`; `default`: the variant's own).
    pub notation: Option<String>,
    /// The board of a match (`A` or `B`; required there, refused on a game of one board).
    pub board: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MoveReq {
    pub game: String,
    #[serde(rename = "move")]
    pub text: String,
    /// The move is written in this notation (SAN or long algebraic if none), and the
    /// answer's move is `written` in it too.
    pub notation: Option<String>,
    /// The board of a match (`A` or `B`; required there, refused on a game of one board).
    pub board: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UndoReq {
    pub game: String,
    #[serde(default = "one")]
    pub plies: usize,
}

fn one() -> usize {
    1
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PerftReq {
    pub game: String,
    pub depth: u32,
    #[serde(default)]
    pub divide: bool,
}

/// A search of the game's position: the computer's move (`chimera_search`).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GoReq {
    pub game: String,
    /// Nodes to search (default and cap: the server's; see `Limits::max_go_nodes`).
    pub nodes: Option<u64>,
    /// Plies to search at most.
    pub depth: Option<u32>,
}

/// The piece card: where a piece moves from a square of an empty board.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PieceReq {
    pub variant: String,
    /// Its letter (either case; the colour is `color`'s).
    pub piece: String,
    pub square: String,
    /// `white` (the default) or `black`.
    pub color: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NoArgs {}

// ---- responses ----

/// One response: the request's `id`, then either the body's fields or an `error`.
#[derive(Serialize)]
pub struct Reply<'a> {
    id: &'a Value,
    ok: bool,
    #[serde(flatten)]
    body: Option<Body>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<Error>,
}

impl Reply<'_> {
    pub fn new(id: &Value, result: Result<Body, Error>) -> Reply<'_> {
        match result {
            Ok(body) => Reply { id, ok: true, body: Some(body), error: None },
            Err(e) => Reply { id, ok: false, body: None, error: Some(e) },
        }
    }
}

/// What a successful request answers, by op; its fields sit beside `id` and `ok`.
#[derive(Serialize)]
#[serde(untagged)]
pub enum Body {
    Loaded(Loaded),
    Variants(VariantList),
    Position(Snapshot),
    Moves(MoveList),
    Verdict(Verdict),
    Played(Played),
    Undone(Undone),
    Perft(Perft),
    Searched(Searched),
    Closed(Closed),
    Card(PieceCard),
    Empty(Empty),
}

#[derive(Serialize)]
pub struct Loaded {
    pub variant: String,
    pub description: String,
    pub files: u8,
    pub ranks: u8,
    pub start: String,
    pub pieces: Vec<PieceInfo>,
    /// Pieces in hand (drops, pockets).
    pub hands: bool,
    /// Coins, purchases and upgrades.
    pub economy: bool,
    /// Whether a1 is a light square (the board's colouring).
    pub a1_light: bool,
    /// How many boards stand side by side in `files` (2 in Alice chess; each board has
    /// `files / boards` files).
    pub boards: u8,
    /// What may be bought and for how many coins (economy only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub buy: Option<Vec<Price>>,
    /// Which piece may be upgraded to which, for how many coins (economy only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub upgrades: Option<Vec<UpgradeInfo>>,
    /// Whether a piece may be lifted into the hand (a pocket).
    pub lift: bool,
    /// Whether the variant is played on two boards at once (`[drops] two_boards`:
    /// bughouse), so that it may be opened as a match (`"match": true`).
    pub two_boards: bool,
    /// The variant's own notation (`san`, `shogi-hodges-number`, `xiangqi-wxf`, …).
    pub notation: &'static str,
    /// The memory the compiled variant holds, as the server counts it against its limits.
    pub bytes: usize,
}

#[derive(Serialize)]
pub struct Price {
    pub piece: String,
    pub cost: u16,
}

#[derive(Serialize)]
pub struct UpgradeInfo {
    pub from: String,
    pub to: String,
    pub cost: u16,
}

#[derive(Serialize)]
pub struct PieceInfo {
    pub letter: String,
    pub name: String,
    /// Whether it is royal (in check when attacked).
    pub royal: bool,
}

/// The piece card (op `piece`).
#[derive(Serialize)]
pub struct PieceCard {
    pub variant: String,
    /// The letter, uppercase.
    pub piece: String,
    pub name: String,
    pub color: &'static str,
    pub square: String,
    pub betza: String,
    /// Its movement in words.
    pub words: String,
    pub royal: bool,
    /// Every square it reaches from `square` on an empty board, lowest first.
    pub targets: Vec<CardTarget>,
}

#[derive(Serialize)]
pub struct CardTarget {
    pub square: String,
    /// How: `move`, `capture`, `hop-move`, `hop-capture`, `initial-move`, … (see `Way`).
    pub ways: Vec<&'static str>,
}

#[derive(Serialize)]
pub struct VariantList {
    pub builtin: Vec<BuiltinInfo>,
    pub loaded: Vec<String>,
}

#[derive(Serialize, Clone)]
pub struct BuiltinInfo {
    pub id: &'static str,
    pub description: String,
    /// Played on two boards at once (a match: `open` with `match`).
    pub two_boards: bool,
}

/// A game's state: one position, or a match's two boards.
#[derive(Serialize)]
#[serde(untagged)]
pub enum Snapshot {
    One(PositionInfo),
    Two(MatchInfo),
}

/// A bughouse match: both boards, each as a game of one board answers, and the match's
/// own FEN, move count and result.
#[derive(Serialize)]
pub struct MatchInfo {
    pub game: String,
    pub variant: String,
    #[serde(rename = "match")]
    pub two_boards: bool,
    pub fen: String,
    pub plies: usize,
    pub boards: Vec<BoardInfo>,
    pub result: Option<ResultInfo>,
}

#[derive(Serialize)]
pub struct BoardInfo {
    pub board: &'static str,
    #[serde(flatten)]
    pub position: PositionInfo,
}

/// One player of a match's winning team.
#[derive(Serialize, Clone)]
pub struct TeamMember {
    pub board: &'static str,
    pub color: &'static str,
}

#[derive(Serialize)]
pub struct PositionInfo {
    pub game: String,
    pub variant: String,
    pub fen: String,
    pub turn: &'static str,
    pub fullmove: u32,
    /// Moves played since the game was opened (what `undo` can take back).
    pub plies: usize,
    pub check: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hands: Option<Sides<BTreeMap<String, u8>>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub coins: Option<Sides<u16>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub purchases: Option<Sides<u8>>,
    pub result: Option<ResultInfo>,
    /// What the side to move may claim (a draw by repetition or the move rule): empty
    /// while there is nothing to claim, and once the game is over.
    pub claims: Vec<ClaimInfo>,
}

#[derive(Serialize)]
pub struct ClaimInfo {
    /// The result the claim gives.
    #[serde(flatten)]
    pub result: ResultInfo,
    /// The move the claimant announces (and does not play) that brings the count
    /// about, as `{"uci", "san"}`; null when the position on the board qualifies.
    pub by: Option<AnnouncedMove>,
}

#[derive(Serialize)]
pub struct AnnouncedMove {
    pub uci: String,
    pub san: String,
}

#[derive(Serialize)]
pub struct Sides<T> {
    pub white: T,
    pub black: T,
}

#[derive(Serialize)]
pub struct ResultInfo {
    /// A match's: the board whose game ended it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub board: Option<&'static str>,
    /// A match's: the winning team, the winner and their partner on the other board
    /// (absent for a draw and on a game of one board).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub winners: Option<Vec<TeamMember>>,
    /// `"white"`, `"black"`, or null for a draw.
    pub winner: Option<&'static str>,
    pub reason: &'static str,
    pub score: &'static str,
    pub description: String,
}

#[derive(Serialize)]
pub struct MoveInfo {
    /// A match's move undone: its board.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub board: Option<&'static str>,
    pub uci: String,
    pub san: String,
    /// The move in the notation the request named.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub written: Option<String>,
    pub kind: &'static str,
    pub capture: bool,
    /// The piece that moves, or is dropped, bought, upgraded or lifted.
    pub piece: Letter,
    /// What a piece becomes: promotion, upgrade, or the type a lifted piece takes in hand.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub promotion: Option<Letter>,
}

/// A piece's letter, written as a string (`""` for none): a move list's letters cost no
/// allocation.
#[derive(Clone, Copy)]
pub struct Letter(pub Option<chimera_engine::Symbol>);

impl Serialize for Letter {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.0.map_or(String::new(), |s| s.to_string()))
    }
}

#[derive(Serialize)]
pub struct MoveList {
    pub game: String,
    /// A match's: the board whose moves these are.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub board: Option<&'static str>,
    pub moves: Vec<MoveInfo>,
    pub result: Option<ResultInfo>,
}

#[derive(Serialize)]
pub struct Verdict {
    pub legal: bool,
    #[serde(flatten)]
    pub info: Option<MoveInfo>,
    #[serde(flatten)]
    pub refusal: Option<Refusal>,
}

/// Why a move cannot be played: a stable `code` and a sentence.
#[derive(Serialize, Debug)]
pub struct Refusal {
    pub code: &'static str,
    pub reason: String,
}

#[derive(Serialize)]
pub struct Played {
    #[serde(flatten)]
    pub verdict: Verdict,
    #[serde(flatten)]
    pub position: Option<Snapshot>,
}

#[derive(Serialize)]
pub struct Undone {
    /// The moves taken back, the last played first.
    pub undone: Vec<MoveInfo>,
    #[serde(flatten)]
    pub position: Snapshot,
}

#[derive(Serialize)]
pub struct Perft {
    pub game: String,
    pub depth: u32,
    pub nodes: u64,
    pub seconds: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub divide: Option<BTreeMap<String, u64>>,
}

/// The search's answer: its move (the first part of its turn) and whole turn in long
/// algebraic form and SAN, the score from the mover's side, the line it expects.
#[derive(Serialize)]
pub struct Searched {
    pub game: String,
    /// `None` when the game is over.
    #[serde(rename = "move")]
    pub best: Option<String>,
    pub san: Option<String>,
    /// The whole turn, its parts joined by commas (`e2e4,e4e5` in Duck chess).
    pub turn: Option<String>,
    /// Centipawns from the mover's side; `None` with `mate`.
    pub score: Option<i32>,
    /// A forced win in so many of the mover's turns (negative: a loss).
    pub mate: Option<i32>,
    pub depth: u32,
    pub nodes: u64,
    pub pv: Vec<String>,
    pub seconds: f64,
}

#[derive(Serialize)]
pub struct Closed {
    pub closed: String,
}

#[derive(Serialize)]
pub struct Empty {}

/// A request that failed: a stable `code`, a sentence, and details for some codes.
#[derive(Serialize, Debug)]
pub struct Error {
    code: &'static str,
    message: String,
    #[serde(flatten)]
    detail: Option<Box<Detail>>,
}

#[derive(Serialize, Debug)]
#[serde(untagged)]
pub enum Detail {
    /// Where a ruleset is wrong (`bad-ruleset`).
    At { file: String, line: usize, column: usize, key: String },
    /// Which of `open`'s moves was refused (`illegal-move`), and why.
    Move {
        index: usize,
        #[serde(rename = "move")]
        text: String,
        refusal: Refusal,
    },
}

impl Error {
    pub fn new(code: &'static str, message: impl Into<String>) -> Error {
        Error { code, message: message.into(), detail: None }
    }
    pub fn with(self, detail: Detail) -> Error {
        Error { detail: Some(Box::new(detail)), ..self }
    }
}

const DUPLICATE: &str = "duplicate key";

/// A JSON value read with every object's keys checked for repeats (serde_json keeps the
/// last of two equal keys without a word).
struct Unique(Value);

impl<'de> Deserialize<'de> for Unique {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Unique, D::Error> {
        d.deserialize_any(UniqueVisitor)
    }
}

struct UniqueVisitor;

impl<'de> serde::de::Visitor<'de> for UniqueVisitor {
    type Value = Unique;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("a JSON value")
    }
    fn visit_bool<E>(self, v: bool) -> Result<Unique, E> {
        Ok(Unique(Value::Bool(v)))
    }
    fn visit_i64<E>(self, v: i64) -> Result<Unique, E> {
        Ok(Unique(Value::from(v)))
    }
    fn visit_u64<E>(self, v: u64) -> Result<Unique, E> {
        Ok(Unique(Value::from(v)))
    }
    fn visit_f64<E>(self, v: f64) -> Result<Unique, E> {
        Ok(Unique(Value::from(v)))
    }
    fn visit_str<E>(self, v: &str) -> Result<Unique, E> {
        Ok(Unique(Value::String(v.to_string())))
    }
    fn visit_string<E>(self, v: String) -> Result<Unique, E> {
        Ok(Unique(Value::String(v)))
    }
    fn visit_unit<E>(self) -> Result<Unique, E> {
        Ok(Unique(Value::Null))
    }
    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<Unique, A::Error> {
        let mut items = Vec::new();
        while let Some(Unique(v)) = seq.next_element()? {
            items.push(v);
        }
        Ok(Unique(Value::Array(items)))
    }
    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<Unique, A::Error> {
        let mut fields = Map::new();
        while let Some(key) = map.next_key::<String>()? {
            if fields.contains_key(&key) {
                return Err(serde::de::Error::custom(format!("{DUPLICATE} `{key}`")));
            }
            let Unique(v) = map.next_value()?;
            fields.insert(key, v);
        }
        Ok(Unique(Value::Object(fields)))
    }
}
