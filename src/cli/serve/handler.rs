//! The request handling of `chimera serve`: the [`Server`] holds the compiled variants
//! and the open games, and answers one typed [`Request`] with a [`Body`] or an [`Error`].
//!
//! It neither reads nor writes: lines and stdin/stdout are the transport's, JSON the
//! protocol's, so another front end can drive the same `Server`. Here is everything that
//! knows the engine, including how its values (moves, outcomes, rule errors) are put
//! into the protocol's terms.

use std::collections::{BTreeMap, HashMap};
use std::panic::{self, AssertUnwindSafe};
use std::time::{Duration, Instant};

use chimera::variants::{self, BUILTINS};
use chimera::{Color, IllegalCode, Move, MoveError, MoveKind, Outcome, Position, RulesetError, Variant};

use super::protocol::{
    BuiltinInfo, Body, Closed, Detail, Empty, Error, GameReq, LoadReq, Loaded, MoveInfo, MoveList, MoveReq, OpenReq,
    Perft, PerftReq, PieceInfo, Played, PositionInfo, Price, Refusal, Request, ResultInfo, Sides, Undone, UndoReq,
    UpgradeInfo, Verdict, VariantList,
};
use crate::cli::describe_outcome;

/// Most variants kept compiled at once (built-ins count too).
const MAX_VARIANTS: usize = 256;

/// What one request may cost.
pub struct Limits {
    pub max_perft_depth: u32,
    /// Time budget of one perft request; past it the count is abandoned.
    pub perft_budget: Duration,
    /// Most games open at once.
    pub max_games: usize,
}

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

/// The games and variants of one session, and the handlers of the ops.
pub struct Server {
    /// Compiled variants by name, and whether each is the built-in of that name.
    variants: HashMap<String, (Variant, bool)>,
    games: HashMap<String, Game>,
    next_game: u64,
    limits: Limits,
}

impl Server {
    pub fn new(limits: Limits) -> Server {
        Server { variants: HashMap::new(), games: HashMap::new(), next_game: 1, limits }
    }

    /// Answers one request; a panic in the engine becomes an `internal` error and closes
    /// the game the request named (its state can no longer be trusted).
    pub fn handle(&mut self, request: Request) -> Result<Body, Error> {
        let game = request.game().map(str::to_string);
        panic::catch_unwind(AssertUnwindSafe(|| self.dispatch(request))).unwrap_or_else(|panic| {
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
        })
    }

    fn dispatch(&mut self, request: Request) -> Result<Body, Error> {
        match request {
            Request::Load(req) => self.load(req),
            Request::Variants => Ok(self.list_variants()),
            Request::Open(req) => self.open(req),
            Request::Position(req) => self.position(req),
            Request::Moves(req) => self.moves(req),
            Request::Validate(req) => self.validate(req),
            Request::Play(req) => self.play(req),
            Request::Undo(req) => self.undo(req),
            Request::Perft(req) => self.perft(req),
            Request::Close(req) => self.close(req),
            // Ending the session is the front end's part; here there is nothing to do.
            Request::Quit => Ok(Body::Empty(Empty {})),
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
        let letter = |t| rules.piece(t).letter.to_string();
        let economy = rules.economy.as_ref();
        Ok(Body::Loaded(Loaded {
            variant: rules.name.clone(),
            description: rules.description.clone(),
            files: rules.geometry.files,
            ranks: rules.geometry.ranks,
            start: rules.start_fen.clone(),
            pieces,
            hands: rules.drops.is_some(),
            economy: economy.is_some(),
            a1_light: rules.a1_light,
            buy: economy.map(|e| e.buy.iter().map(|&(t, cost)| Price { piece: letter(t), cost }).collect()),
            upgrades: economy.map(|e| {
                e.upgrades.iter().map(|u| UpgradeInfo { from: letter(u.from), to: letter(u.to), cost: u.cost }).collect()
            }),
            lift: rules.lift.is_some(),
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
        if self.games.len() >= self.limits.max_games {
            return Err(Error::new("too-many-games", format!("{} games are open already; close some", self.limits.max_games)));
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
        let (max_depth, budget) = (self.limits.max_perft_depth, self.limits.perft_budget);
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
        MoveKind::Rule => (pos.variant().rule_move_name(m).unwrap_or("rule"), on_from, None),
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

// The engine's errors in the protocol's terms; here rather than in the protocol, which
// knows no engine types.
impl From<MoveError> for Refusal {
    fn from(e: MoveError) -> Refusal {
        Refusal { code: e.code.as_str(), reason: e.message }
    }
}

impl From<RulesetError> for Error {
    fn from(e: RulesetError) -> Error {
        let message = e.to_string();
        Error::new("bad-ruleset", message).with(Detail::At { file: e.file, line: e.line, column: e.column, key: e.key })
    }
}
