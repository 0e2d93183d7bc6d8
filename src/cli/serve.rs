//! `chimera serve`: a JSON-lines protocol on stdin/stdout, for programs that drive the
//! engine from another process. One request per line, one response per line, in order.
//! The protocol is documented in the README, section "For other programs".
//!
//! Every problem is a response (`"ok": false` with an error code), never an exit: bad
//! JSON, an unknown op, an unknown game, a line over the limit, even a panic in the
//! engine (the game it happened in is closed).

use std::collections::{BTreeMap, HashMap};
use std::io::{self, BufRead, Write};
use std::panic::{self, AssertUnwindSafe};
use std::time::{Duration, Instant};

use chimera::variants::{self, BUILTINS};
use chimera::{Color, IllegalCode, Move, MoveError, MoveKind, Outcome, Position, RulesetError, Variant};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::{describe_outcome, Failure};

#[derive(clap::Args)]
pub struct Args {
    /// Longest request line accepted, in bytes; a longer line is answered with an error and skipped.
    #[arg(long, default_value_t = 1 << 20)]
    pub max_line_bytes: usize,
    /// Deepest perft a request may ask for.
    #[arg(long, default_value_t = 8)]
    pub max_perft_depth: u32,
    /// Time budget of one perft request, in milliseconds; past it the count is abandoned.
    #[arg(long, default_value_t = 10_000)]
    pub perft_millis: u64,
    /// Most games open at once.
    #[arg(long, default_value_t = 10_000)]
    pub max_games: usize,
    /// After answering, watch for the next request this many microseconds before
    /// sleeping: on a virtual machine an idle core takes longer to wake than a request
    /// takes to answer. 0 sleeps at once.
    #[arg(long, default_value_t = 1000)]
    pub spin_micros: u64,
}

/// Most variants kept compiled at once (built-ins count too).
const MAX_VARIANTS: usize = 256;

pub fn run(args: &Args, out: &mut dyn Write) -> Result<(), Failure> {
    // Our own buffer, larger than the standard one (whose reads then go straight to
    // the descriptor), so that we can see whether a request is already waiting in it.
    let mut input = io::BufReader::with_capacity(1 << 16, io::stdin().lock());
    let mut server = Server::new(args);
    let mut line = Vec::new();
    let spin = std::time::Duration::from_micros(args.spin_micros);
    loop {
        if input.buffer().is_empty() {
            await_input(spin);
        }
        let read = read_line(&mut input, &mut line, args.max_line_bytes)
            .map_err(|e| Failure::Message(format!("cannot read standard input: {e}")))?;
        let (id, result) = match read {
            Line::End => return Ok(()),
            Line::TooLong(bytes) => (
                Value::Null,
                Err(Error::new(
                    "line-too-long",
                    format!("a request line of {bytes} bytes is over the limit of {} bytes; skipped", args.max_line_bytes),
                )),
            ),
            Line::Text if line.iter().all(u8::is_ascii_whitespace) => continue,
            Line::Text => server.handle_guarded(&line),
        };
        let reply = match result {
            Ok(body) => Reply { id: &id, ok: true, body: Some(body), error: None },
            Err(e) => Reply { id: &id, ok: false, body: None, error: Some(e) },
        };
        serde_json::to_writer(&mut *out, &reply).map_err(io::Error::from)?;
        out.write_all(b"\n")?;
        out.flush()?;
        if server.quit {
            return Ok(());
        }
    }
}

/// Polls standard input for up to `spin` before a blocking read would put the process
/// to sleep.
#[cfg(unix)]
fn await_input(spin: std::time::Duration) {
    let start = std::time::Instant::now();
    while start.elapsed() < spin {
        let mut fd = libc::pollfd { fd: 0, events: libc::POLLIN, revents: 0 };
        // SAFETY: one valid pollfd, a zero timeout.
        if unsafe { libc::poll(&mut fd, 1, 0) } != 0 {
            return;
        }
        std::hint::spin_loop();
    }
}

#[cfg(not(unix))]
fn await_input(_: std::time::Duration) {}

// ---- reading lines within a limit ----

enum Line {
    /// `buf` holds one line, without its `\n` (or `\r\n`).
    Text,
    /// The line (this many bytes) was longer than the limit; it was skipped.
    TooLong(usize),
    End,
}

/// Reads one line into `buf`, never holding more than `max` bytes of it: a longer line
/// is consumed chunk by chunk and dropped. A last line without `\n` still counts.
fn read_line(input: &mut impl BufRead, buf: &mut Vec<u8>, max: usize) -> io::Result<Line> {
    buf.clear();
    let mut skipped = 0usize;
    loop {
        let chunk = match input.fill_buf() {
            Ok(c) => c,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if chunk.is_empty() {
            return Ok(match (skipped, buf.is_empty()) {
                (0, true) => Line::End,
                (0, false) => Line::Text,
                _ => Line::TooLong(skipped),
            });
        }
        let newline = chunk.iter().position(|&b| b == b'\n');
        let take = newline.unwrap_or(chunk.len());
        if skipped > 0 || buf.len() + take > max {
            skipped += buf.len() + take;
            buf.clear();
        } else {
            buf.extend_from_slice(&chunk[..take]);
        }
        input.consume(take + newline.map_or(0, |_| 1));
        if newline.is_some() {
            if skipped > 0 {
                return Ok(Line::TooLong(skipped));
            }
            if buf.last() == Some(&b'\r') {
                buf.pop();
            }
            return Ok(Line::Text);
        }
    }
}

// ---- requests ----

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct LoadReq {
    /// A built-in id.
    variant: Option<String>,
    /// Ruleset text.
    toml: Option<String>,
    /// The file name errors in `toml` are reported against.
    name: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct OpenReq {
    variant: String,
    fen: Option<String>,
    moves: Option<Vec<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct GameReq {
    game: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MoveReq {
    game: String,
    #[serde(rename = "move")]
    text: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct UndoReq {
    game: String,
    #[serde(default = "one")]
    plies: usize,
}

fn one() -> usize {
    1
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PerftReq {
    game: String,
    depth: u32,
    #[serde(default)]
    divide: bool,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NoArgs {}

// ---- responses ----

#[derive(Serialize)]
struct Reply<'a> {
    id: &'a Value,
    ok: bool,
    #[serde(flatten)]
    body: Option<Body>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<Error>,
}

/// What a successful request answers, by op; its fields sit beside `id` and `ok`.
#[derive(Serialize)]
#[serde(untagged)]
enum Body {
    Loaded(Loaded),
    Variants(VariantList),
    Position(PositionInfo),
    Moves(MoveList),
    Verdict(Verdict),
    Played(Played),
    Undone(Undone),
    Perft(Perft),
    Closed(Closed),
    Empty(Empty),
}

#[derive(Serialize)]
struct Loaded {
    variant: String,
    description: String,
    files: u8,
    ranks: u8,
    start: String,
    pieces: Vec<PieceInfo>,
    /// Pieces in hand (drops, pockets).
    hands: bool,
    /// Coins, purchases and upgrades.
    economy: bool,
}

#[derive(Serialize)]
struct PieceInfo {
    letter: String,
    name: String,
}

#[derive(Serialize)]
struct VariantList {
    builtin: Vec<BuiltinInfo>,
    loaded: Vec<String>,
}

#[derive(Serialize)]
struct BuiltinInfo {
    id: &'static str,
    description: String,
}

#[derive(Serialize)]
struct PositionInfo {
    game: String,
    variant: String,
    fen: String,
    turn: &'static str,
    fullmove: u32,
    /// Moves played since the game was opened (what `undo` can take back).
    plies: usize,
    check: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    hands: Option<Sides<BTreeMap<String, u8>>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    coins: Option<Sides<u16>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    purchases: Option<Sides<u8>>,
    result: Option<ResultInfo>,
}

#[derive(Serialize)]
struct Sides<T> {
    white: T,
    black: T,
}

#[derive(Serialize)]
struct ResultInfo {
    /// `"white"`, `"black"`, or null for a draw.
    winner: Option<&'static str>,
    reason: &'static str,
    score: &'static str,
    description: String,
}

#[derive(Serialize)]
struct MoveInfo {
    uci: String,
    san: String,
    kind: &'static str,
    capture: bool,
    /// The piece that moves, or is dropped, bought, upgraded or lifted.
    piece: String,
    /// What a piece becomes: promotion, upgrade, or the type a lifted piece takes in hand.
    #[serde(skip_serializing_if = "Option::is_none")]
    promotion: Option<String>,
}

#[derive(Serialize)]
struct MoveList {
    game: String,
    moves: Vec<MoveInfo>,
    result: Option<ResultInfo>,
}

#[derive(Serialize)]
struct Verdict {
    legal: bool,
    #[serde(flatten)]
    info: Option<MoveInfo>,
    #[serde(flatten)]
    refusal: Option<Refusal>,
}

#[derive(Serialize, Debug)]
struct Refusal {
    code: &'static str,
    reason: String,
}

impl From<MoveError> for Refusal {
    fn from(e: MoveError) -> Refusal {
        Refusal { code: e.code.as_str(), reason: e.message }
    }
}

#[derive(Serialize)]
struct Played {
    #[serde(flatten)]
    verdict: Verdict,
    #[serde(flatten)]
    position: Option<PositionInfo>,
}

#[derive(Serialize)]
struct Undone {
    /// The moves taken back, the last played first.
    undone: Vec<MoveInfo>,
    #[serde(flatten)]
    position: PositionInfo,
}

#[derive(Serialize)]
struct Perft {
    game: String,
    depth: u32,
    nodes: u64,
    seconds: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    divide: Option<BTreeMap<String, u64>>,
}

#[derive(Serialize)]
struct Closed {
    closed: String,
}

#[derive(Serialize)]
struct Empty {}

/// A request that failed: a stable `code`, a sentence, and details for some codes.
#[derive(Serialize, Debug)]
struct Error {
    code: &'static str,
    message: String,
    #[serde(flatten)]
    detail: Option<Box<Detail>>,
}

#[derive(Serialize, Debug)]
#[serde(untagged)]
enum Detail {
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
    fn new(code: &'static str, message: impl Into<String>) -> Error {
        Error { code, message: message.into(), detail: None }
    }
    fn with(self, detail: Detail) -> Error {
        Error { detail: Some(Box::new(detail)), ..self }
    }
}

impl From<RulesetError> for Error {
    fn from(e: RulesetError) -> Error {
        let message = e.to_string();
        Error::new("bad-ruleset", message).with(Detail::At { file: e.file, line: e.line, column: e.column, key: e.key })
    }
}

// ---- the server ----

struct Game {
    pos: Position,
    /// The position's outcome, computed once per position (it costs a move generation).
    outcome: Option<Option<Outcome>>,
}

impl Game {
    fn outcome(&mut self) -> Option<Outcome> {
        let pos = &self.pos;
        *self.outcome.get_or_insert_with(|| pos.outcome())
    }
    fn play(&mut self, m: Move) {
        self.pos.play_unchecked(m);
        self.outcome = None;
    }
    fn undo(&mut self) -> Option<Move> {
        self.outcome = None;
        self.pos.undo()
    }
    /// The move `text` stands for, or why it cannot be played here (`game-over` first).
    fn judge(&mut self, text: &str) -> Result<Move, MoveError> {
        if let Some(o) = self.outcome() {
            let message = format!("the game is already over: {}", describe_outcome(o, &self.pos));
            return Err(MoveError { code: IllegalCode::GameOver, message });
        }
        self.pos.parse_move(text)
    }
}

struct Server {
    /// Compiled variants by name, and whether each is the built-in of that name.
    variants: HashMap<String, (Variant, bool)>,
    games: HashMap<String, Game>,
    next_game: u64,
    max_perft_depth: u32,
    perft_budget: Duration,
    max_games: usize,
    quit: bool,
}

fn parse<T: DeserializeOwned>(args: Value) -> Result<T, Error> {
    serde_json::from_value(args).map_err(|e| Error::new("bad-request", e.to_string()))
}

const OPS: &str = "load, variants, open, position, moves, validate, play, undo, perft, close, quit";

impl Server {
    fn new(args: &Args) -> Server {
        Server {
            variants: HashMap::new(),
            games: HashMap::new(),
            next_game: 1,
            max_perft_depth: args.max_perft_depth,
            perft_budget: Duration::from_millis(args.perft_millis),
            max_games: args.max_games,
            quit: false,
        }
    }

    /// Answers one line; a panic in the engine becomes an `internal` error and closes
    /// the game the request named (its state can no longer be trusted).
    fn handle_guarded(&mut self, line: &[u8]) -> (Value, Result<Body, Error>) {
        let request: Value = match serde_json::from_slice(line) {
            Ok(v) => v,
            Err(e) => return (Value::Null, Err(Error::new("bad-json", format!("not a JSON value: {e}")))),
        };
        let Value::Object(mut fields) = request else {
            return (Value::Null, Err(Error::new("bad-request", "a request is a JSON object")));
        };
        let id = fields.remove("id").unwrap_or(Value::Null);
        let game = fields.get("game").and_then(Value::as_str).map(str::to_string);
        let result = panic::catch_unwind(AssertUnwindSafe(|| self.handle(fields))).unwrap_or_else(|panic| {
            let what = panic
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| panic.downcast_ref::<String>().cloned())
                .unwrap_or_default();
            let closed = match game.filter(|g| self.games.remove(g).is_some()) {
                Some(g) => format!("; game {g} was closed"),
                None => String::new(),
            };
            Err(Error::new("internal", format!("internal error: {what}{closed}")))
        });
        (id, result)
    }

    fn handle(&mut self, mut fields: serde_json::Map<String, Value>) -> Result<Body, Error> {
        let op = match fields.remove("op") {
            Some(Value::String(op)) => op,
            Some(_) => return Err(Error::new("bad-request", "`op` must be a string")),
            None => return Err(Error::new("bad-request", format!("missing `op` (one of {OPS})"))),
        };
        let args = Value::Object(fields);
        match op.as_str() {
            "load" => self.load(parse(args)?),
            "variants" => parse::<NoArgs>(args).map(|_| self.list_variants()),
            "open" => self.open(parse(args)?),
            "position" => self.position(parse(args)?),
            "moves" => self.moves(parse(args)?),
            "validate" => self.validate(parse(args)?),
            "play" => self.play(parse(args)?),
            "undo" => self.undo(parse(args)?),
            "perft" => self.perft(parse(args)?),
            "close" => self.close(parse(args)?),
            "quit" => parse::<NoArgs>(args).map(|_| {
                self.quit = true;
                Body::Empty(Empty {})
            }),
            _ => Err(Error::new("unknown-op", format!("unknown op `{op}` (one of {OPS})"))),
        }
    }

    fn game(&mut self, handle: &str) -> Result<&mut Game, Error> {
        self.games.get_mut(handle).ok_or_else(|| Error::new("unknown-game", format!("no open game `{handle}`")))
    }

    /// Keeps a compiled variant under its name (replacing one of the same name).
    fn keep(&mut self, variant: Variant, builtin: bool) -> Result<&Variant, Error> {
        let name = variant.name().to_string();
        if !self.variants.contains_key(&name) && self.variants.len() >= MAX_VARIANTS {
            return Err(Error::new("too-many-variants", format!("{MAX_VARIANTS} variants are loaded already")));
        }
        self.variants.insert(name.clone(), (variant, builtin));
        Ok(&self.variants[&name].0)
    }

    /// The built-in `id`, compiled once.
    fn builtin(&mut self, id: &str) -> Result<&Variant, Error> {
        if matches!(self.variants.get(id), Some((_, true))) {
            return Ok(&self.variants[id].0);
        }
        let Some(b) = variants::builtin(id) else {
            let ids: Vec<&str> = BUILTINS.iter().map(|b| b.id).collect();
            return Err(Error::new("unknown-variant", format!("`{id}` is not a built-in variant ({})", ids.join(", "))));
        };
        let variant = b.variant()?;
        self.keep(variant, true)
    }

    fn load(&mut self, req: LoadReq) -> Result<Body, Error> {
        let variant = match (req.variant, req.toml) {
            (Some(id), None) if req.name.is_none() => self.builtin(&id)?,
            (None, Some(text)) => {
                let file = req.name.as_deref().unwrap_or("<request>");
                let variant = variants::from_toml(&text, file)?;
                self.keep(variant, false)?
            }
            _ => {
                return Err(Error::new(
                    "bad-request",
                    "give either `variant` (a built-in id) or `toml` (with an optional `name`)",
                ))
            }
        };
        let rules = variant.rules();
        let pieces = rules.pieces.iter().map(|p| PieceInfo { letter: p.letter.to_string(), name: p.name.clone() }).collect();
        Ok(Body::Loaded(Loaded {
            variant: rules.name.clone(),
            description: rules.description.clone(),
            files: rules.geometry.files,
            ranks: rules.geometry.ranks,
            start: rules.start_fen.clone(),
            pieces,
            hands: rules.drops.is_some(),
            economy: rules.economy.is_some(),
        }))
    }

    fn list_variants(&self) -> Body {
        let builtin = BUILTINS
            .iter()
            .map(|b| BuiltinInfo {
                id: b.id,
                description: b.variant().map(|v| v.rules().description.clone()).unwrap_or_default(),
            })
            .collect();
        let mut loaded: Vec<String> = self.variants.keys().cloned().collect();
        loaded.sort();
        Body::Variants(VariantList { builtin, loaded })
    }

    fn open(&mut self, req: OpenReq) -> Result<Body, Error> {
        if self.games.len() >= self.max_games {
            return Err(Error::new("too-many-games", format!("{} games are open already; close some", self.max_games)));
        }
        if !self.variants.contains_key(&req.variant) {
            self.builtin(&req.variant)?;
        }
        let variant = &self.variants[&req.variant].0;
        let pos = match &req.fen {
            None => variant.start(),
            Some(fen) => variant.position(fen).map_err(|e| Error::new("bad-fen", e.to_string()))?,
        };
        let mut game = Game { pos, outcome: None };
        for (index, text) in req.moves.iter().flatten().enumerate() {
            match game.judge(text) {
                Ok(m) => game.play(m),
                Err(e) => {
                    let message = format!("moves[{index}] `{text}`: {}", e.message);
                    return Err(Error::new("illegal-move", message).with(Detail::Move {
                        index,
                        text: text.clone(),
                        refusal: e.into(),
                    }));
                }
            }
        }
        let handle = format!("g{}", self.next_game);
        self.next_game += 1;
        let info = position_info(&handle, &mut game);
        self.games.insert(handle, game);
        Ok(Body::Position(info))
    }

    fn position(&mut self, req: GameReq) -> Result<Body, Error> {
        let game = self.game(&req.game)?;
        Ok(Body::Position(position_info(&req.game, game)))
    }

    fn moves(&mut self, req: GameReq) -> Result<Body, Error> {
        let game = self.game(&req.game)?;
        let result = game.outcome();
        let moves = match result {
            Some(_) => Vec::new(),
            None => {
                let listed = game.pos.moves_with_notation();
                listed.into_iter().map(|(m, uci, san)| move_info(&game.pos, m, uci, san)).collect()
            }
        };
        let result = result.map(|o| result_info(o, &game.pos));
        Ok(Body::Moves(MoveList { game: req.game, moves, result }))
    }

    fn validate(&mut self, req: MoveReq) -> Result<Body, Error> {
        let game = self.game(&req.game)?;
        Ok(Body::Verdict(verdict(game, &req.text).0))
    }

    fn play(&mut self, req: MoveReq) -> Result<Body, Error> {
        let game = self.game(&req.game)?;
        let (verdict, legal) = verdict(game, &req.text);
        let position = legal.map(|m| {
            game.play(m);
            position_info(&req.game, game)
        });
        Ok(Body::Played(Played { verdict, position }))
    }

    fn undo(&mut self, req: UndoReq) -> Result<Body, Error> {
        let game = self.game(&req.game)?;
        let played = game.pos.plies();
        if req.plies > played {
            return Err(Error::new(
                "nothing-to-undo",
                format!("cannot take back {} move{}: {played} played since the game was opened", req.plies, plural(req.plies)),
            ));
        }
        let mut undone = Vec::with_capacity(req.plies);
        for _ in 0..req.plies {
            let m = game.undo().expect("a move was played");
            let (uci, san) = (game.pos.uci(m), game.pos.san(m));
            undone.push(move_info(&game.pos, m, uci, san));
        }
        Ok(Body::Undone(Undone { undone, position: position_info(&req.game, game) }))
    }

    fn perft(&mut self, req: PerftReq) -> Result<Body, Error> {
        let (max_depth, budget) = (self.max_perft_depth, self.perft_budget);
        let game = self.game(&req.game)?;
        if req.depth > max_depth {
            return Err(Error::new("perft-too-deep", format!("perft depth {} is over the limit of {max_depth}", req.depth)));
        }
        let started = Instant::now();
        let deadline = started + budget;
        let pos = &mut game.pos;
        let timeout = || {
            Error::new("perft-timeout", format!("perft {} did not finish within {} ms; abandoned", req.depth, budget.as_millis()))
        };
        let (nodes, divide) = if req.divide && req.depth > 0 {
            let mut counts = BTreeMap::new();
            for m in pos.legal_moves() {
                pos.play_unchecked(m);
                let n = perft_within(pos, req.depth - 1, deadline);
                pos.undo();
                counts.insert(pos.uci(m), n.ok_or_else(timeout)?);
            }
            (counts.values().sum(), Some(counts))
        } else {
            (perft_within(pos, req.depth, deadline).ok_or_else(timeout)?, req.divide.then(BTreeMap::new))
        };
        Ok(Body::Perft(Perft { game: req.game, depth: req.depth, nodes, seconds: started.elapsed().as_secs_f64(), divide }))
    }

    fn close(&mut self, req: GameReq) -> Result<Body, Error> {
        self.games.remove(&req.game).ok_or_else(|| Error::new("unknown-game", format!("no open game `{}`", req.game)))?;
        Ok(Body::Closed(Closed { closed: req.game }))
    }
}

/// Perft that gives up (`None`) once `deadline` has passed; the engine counts the last
/// two plies in one go, so the clock is read every few thousand nodes at most.
fn perft_within(pos: &mut Position, depth: u32, deadline: Instant) -> Option<u64> {
    if depth <= 2 {
        return Some(pos.perft(depth));
    }
    if Instant::now() > deadline {
        return None;
    }
    let mut nodes = 0;
    for m in pos.legal_moves() {
        pos.play_unchecked(m);
        let n = perft_within(pos, depth - 1, deadline);
        pos.undo();
        nodes += n?;
    }
    Some(nodes)
}

/// Whether `text` is a legal move of the game, and if so the move.
fn verdict(game: &mut Game, text: &str) -> (Verdict, Option<Move>) {
    match game.judge(text) {
        Ok(m) => {
            let (uci, san) = (game.pos.uci(m), game.pos.san(m));
            let info = move_info(&game.pos, m, uci, san);
            (Verdict { legal: true, info: Some(info), refusal: None }, Some(m))
        }
        Err(e) => (Verdict { legal: false, info: None, refusal: Some(e.into()) }, None),
    }
}

/// A legal move of `pos` described: its notations, kind, and the pieces involved.
fn move_info(pos: &Position, m: Move, uci: String, san: String) -> MoveInfo {
    let rules = pos.rules();
    let letter = |t| rules.piece(t).letter.to_string();
    let on_from = pos.piece_at(m.from).map_or_else(String::new, |p| letter(p.kind));
    let capture = match m.kind {
        MoveKind::EnPassant => true,
        MoveKind::Normal | MoveKind::DoubleStep => pos.piece_at(m.to).is_some(),
        _ => false,
    };
    let (kind, piece, promotion) = match m.kind {
        MoveKind::Castle => ("castle", on_from, None),
        MoveKind::Swap => ("swap", on_from, None),
        MoveKind::Drop => ("drop", letter(m.piece), None),
        MoveKind::Buy => ("buy", letter(m.piece), None),
        MoveKind::Upgrade => ("upgrade", pos.piece_at(m.to).map_or_else(String::new, |p| letter(p.kind)), Some(letter(m.piece))),
        MoveKind::Lift => ("lift", on_from, Some(letter(m.piece))),
        MoveKind::EnPassant => ("en-passant", on_from, m.promotion().map(letter)),
        _ if m.promotion().is_some() => ("promotion", on_from, m.promotion().map(letter)),
        MoveKind::DoubleStep => ("double-step", on_from, None),
        MoveKind::Normal if capture => ("capture", on_from, None),
        MoveKind::Normal => ("move", on_from, None),
    };
    MoveInfo { uci, san, kind, capture, piece, promotion }
}

fn position_info(handle: &str, game: &mut Game) -> PositionInfo {
    let result = game.outcome().map(|o| result_info(o, &game.pos));
    let pos = &game.pos;
    let rules = pos.rules();
    let hand = |c: Color| -> BTreeMap<String, u8> {
        (0..rules.pieces.len())
            .filter_map(|t| {
                let n = pos.hand(c, t as _);
                (n > 0).then(|| (rules.pieces[t].letter.to_string(), n))
            })
            .collect()
    };
    PositionInfo {
        game: handle.to_string(),
        variant: rules.name.clone(),
        fen: pos.fen(),
        turn: pos.turn().name(),
        fullmove: pos.fullmove_number(),
        plies: pos.plies(),
        check: pos.is_check(),
        hands: (rules.drops.is_some() || rules.lift.is_some()).then(|| sides(hand)),
        coins: rules.economy.is_some().then(|| sides(|c| pos.coins(c))),
        purchases: rules.economy.is_some().then(|| sides(|c| pos.purchases(c))),
        result,
    }
}

fn sides<T>(f: impl Fn(Color) -> T) -> Sides<T> {
    Sides { white: f(Color::White), black: f(Color::Black) }
}

fn result_info(o: Outcome, pos: &Position) -> ResultInfo {
    ResultInfo {
        winner: o.winner.map(Color::name),
        reason: o.reason.as_str(),
        score: o.score(),
        description: describe_outcome(o, pos),
    }
}

fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}
