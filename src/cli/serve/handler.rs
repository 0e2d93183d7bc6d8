//! The request handling of `chimera serve`: the [`Server`] holds the compiled variants
//! and the open games, and answers one typed [`Request`] with a [`Body`] or an [`Error`].
//!
//! It neither reads nor writes: lines and stdin/stdout are the transport's, JSON the
//! protocol's, so another front end can drive the same `Server`. Here is everything that
//! knows the engine, including how its values (moves, outcomes, rule errors) are put
//! into the protocol's terms.

use std::collections::{BTreeMap, HashMap};
use std::panic::{self, AssertUnwindSafe};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use super::budget::{Share, Short, GAME_BYTES, PLY_BYTES};
use super::pace::{Deadline, Pacer};

use chimera::game::{describe_claim, describe_outcome, game_over};
use chimera::two_boards::{BoardId, Match};
use chimera::variants::{self, BUILTINS};

use crate::cli::notation_hint;
use chimera::{Color, Move, MoveError, MoveKind, Notation, Outcome, Position, RulesetError, Variant};

use super::protocol::{
    AnnouncedMove, BoardInfo, Body, BuiltinInfo, CardTarget, ClaimInfo, Closed, Detail, Empty, Error, GameReq, GoReq, Letter, LoadReq,
    Loaded, MatchInfo, MoveInfo, MoveList, MoveReq, MovesReq, OpenReq, Perft, PerftReq, PieceCard, PieceInfo, PieceReq, Played,
    PositionInfo, Price, Refusal, Request, ResultInfo, Searched, Sides, Snapshot, TeamMember, UndoReq, Undone, UpgradeInfo, VariantList,
    Verdict,
};

/// What one request may cost and what the server may hold. Memory is bounded by these:
/// variants by `max_variants_bytes` (their tables, counted before they are built, and
/// their ruleset text), games by `max_games` positions and `max_total_plies` moves kept
/// for undo (the README gives the bytes each costs).
#[derive(Clone, Copy)]
pub struct Limits {
    pub max_perft_depth: u32,
    /// CPU budget of one request, checked wherever its work grows: perft and divide at
    /// every ply, `open`'s moves. Past it the work is abandoned and nothing changes.
    pub budget: Duration,
    /// Most games open at once.
    pub max_games: usize,
    /// Most moves one game holds (each is kept, for undo and repetitions).
    pub max_plies: usize,
    /// Most moves all open games hold together.
    pub max_total_plies: usize,
    /// Most variants kept compiled at once (built-ins count too).
    pub max_variants: usize,
    /// Largest lookup tables one ruleset may build, in bytes (`ruleset-too-large`).
    pub max_variant_bytes: usize,
    /// Most bytes all compiled variants may take together, replaced ones that open
    /// games still play included.
    pub max_variants_bytes: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_perft_depth: 8,
            budget: Duration::from_secs(10),
            max_games: 10_000,
            max_plies: 10_000,
            max_total_plies: 1_000_000,
            max_variants: 256,
            max_variant_bytes: 32 << 20,
            max_variants_bytes: 256 << 20,
        }
    }
}

/// What a game plays on: one board, or a bughouse match of two (`open` with `match`).
/// Both are positions held in place (a game owns one table, never moved while played).
#[allow(clippy::large_enum_variant)]
enum Table {
    One(Position),
    Two(Match),
}

/// The board a request names: `None` on a game of one board, the board of a match.
type On = Option<BoardId>;

struct Game {
    table: Table,
    /// The game's end (on a match, the board it ended on), computed once per position:
    /// it costs a move generation per board.
    ended: Option<Option<(On, Outcome)>>,
    /// The compiled variant it plays: its key in `Server::live`.
    variant: u64,
    /// The moves it holds as `Server::plies` counts them (the position's own count is
    /// not trusted after a panic in the middle of a perft).
    held: usize,
}

impl Game {
    fn new(table: Table, variant: u64) -> Game {
        Game { table, ended: None, variant, held: 0 }
    }
    /// The position on board `on` (the only one of a game of one board).
    fn pos(&self, on: On) -> &Position {
        match &self.table {
            Table::One(pos) => pos,
            Table::Two(game) => game.board(on.expect("a match's request names its board")),
        }
    }
    /// Runs `f` on the position on board `on`, for the notation's reads, which try
    /// moves on it (and leave it as it was).
    fn with_pos<R>(&mut self, on: On, f: impl FnOnce(&mut Position) -> R) -> R {
        match &mut self.table {
            Table::One(pos) => f(pos),
            Table::Two(game) => game.with_board(on.expect("a match's request names its board"), f),
        }
    }
    /// The board a request names, `board` as given: none on a game of one board,
    /// required on a match.
    fn board(&self, board: Option<&str>) -> Result<On, Error> {
        match (&self.table, board) {
            (Table::One(_), None) => Ok(None),
            (Table::One(_), Some(_)) => Err(Error::new("bad-request", "`board` names a board of a match; this game has one board")),
            (Table::Two(_), None) => {
                Err(Error::new("bad-request", "this game is a match of two boards: name one with `board` (`A` or `B`)"))
            }
            (Table::Two(_), Some(name)) => match BoardId::named(name) {
                Some(b) => Ok(Some(b)),
                None => Err(Error::new("bad-request", format!("`board` is `A` or `B`, not `{name}`"))),
            },
        }
    }
    fn plies(&self) -> usize {
        match &self.table {
            Table::One(pos) => pos.plies(),
            Table::Two(game) => game.plies(),
        }
    }
    /// How the game ended, and on a match on which board.
    fn end(&mut self) -> Option<(On, Outcome)> {
        let table = &self.table;
        *self.ended.get_or_insert_with(|| match table {
            Table::One(pos) => pos.outcome().map(|o| (None, o)),
            Table::Two(game) => game.outcome().map(|end| (Some(end.board), end.outcome)),
        })
    }
    /// The refusal of every move once the game has ended (on a match, naming the board
    /// whose game ended it).
    fn over(&mut self) -> Option<MoveError> {
        let (on, o) = self.end()?;
        let e = game_over(o, self.pos(on));
        Some(match on {
            Some(board) => MoveError { message: format!("{} (on board {board})", e.message), ..e },
            None => e,
        })
    }
    fn play(&mut self, on: On, m: Move) {
        match &mut self.table {
            Table::One(pos) => pos.play_unchecked(m),
            Table::Two(game) => game.play_unchecked(on.expect("a match's move names its board"), m),
        }
        self.ended = None;
    }
    /// Takes back the game's last move (a match's, on whichever board it was).
    fn undo(&mut self) -> Option<(On, Move)> {
        self.ended = None;
        match &mut self.table {
            Table::One(pos) => pos.undo().map(|m| (None, m)),
            Table::Two(game) => game.undo().map(|(board, m)| (Some(board), m)),
        }
    }
    /// The parts a turn's text stands for (`e2e4,e4e5`, or one part), or why it cannot
    /// be played here (`game-over` first).
    fn judge_turn(&mut self, on: On, text: &str) -> Result<Vec<Move>, MoveError> {
        if let Some(e) = self.over() {
            return Err(e);
        }
        self.with_pos(on, |pos| pos.parse_turn(text))
    }
    /// The move `text` stands for, or why it cannot be played here (`game-over` first).
    fn judge(&mut self, on: On, text: &str, notation: Option<Notation>) -> Result<Move, MoveError> {
        if let Some(e) = self.over() {
            return Err(e);
        }
        self.with_pos(on, |pos| match notation {
            Some(n) => pos.parse_move_in(text, n),
            None => pos.parse_move(text),
        })
    }
}

/// A compiled variant kept under its name.
struct Kept {
    variant: Variant,
    /// Whether it is the built-in of that name.
    builtin: bool,
    /// Its key in `Server::live`.
    id: u64,
}

/// A compiled variant still in memory: kept under its name, or replaced under it but
/// still played by open games (it is freed with the last of them).
struct Live {
    bytes: usize,
    games: usize,
    kept: bool,
}

/// The largest ruleset text `load` reads: twenty times the largest built-in's, so that
/// parsing it (which holds about a hundred times its size) stays far inside the limits.
pub const MAX_RULESET_TEXT: usize = 64 << 10;

/// The games and variants of one session, and the handlers of the ops.
pub struct Server {
    variants: HashMap<String, Kept>,
    live: HashMap<u64, Live>,
    /// The bytes of every variant in `live`.
    live_bytes: usize,
    next_variant: u64,
    games: HashMap<String, Game>,
    next_game: u64,
    /// The moves every open game holds.
    plies: usize,
    limits: Limits,
    /// Its part of a memory budget shared with other servers (`chimera web`'s sessions).
    share: Option<Share>,
}

impl Server {
    pub fn new(limits: Limits) -> Server {
        Server {
            variants: HashMap::new(),
            live: HashMap::new(),
            live_bytes: 0,
            next_variant: 1,
            games: HashMap::new(),
            next_game: 1,
            plies: 0,
            limits,
            share: None,
        }
    }

    /// A server whose memory is also counted in a pool shared with others, within `share`.
    pub fn sharing(limits: Limits, share: Share) -> Server {
        Server { share: Some(share), ..Server::new(limits) }
    }

    /// The bytes it holds, as its share counts them: compiled variants, games, moves.
    fn holds(&self) -> usize {
        self.live_bytes + self.games.len() * GAME_BYTES + self.plies * PLY_BYTES
    }

    /// Takes `bytes` more from the shared budget, if there is one, before they are used.
    fn take(&mut self, bytes: usize) -> Result<(), Error> {
        let Some(share) = &mut self.share else { return Ok(()) };
        share.take(bytes).map_err(|short| {
            let message = match short {
                Short::Share { taken, most } => format!(
                    "this session holds {taken} bytes and may hold {most}; {bytes} more would pass its share: close games or load fewer variants"
                ),
                Short::Pool { used, limit } => format!(
                    "the server's sessions hold {used} bytes together and may hold {limit}; {bytes} more would pass that budget: try again later"
                ),
            };
            Error::new("too-much-memory", message)
        })
    }

    /// Answers one request; a panic in the engine becomes an `internal` error and closes
    /// the game the request named (its state can no longer be trusted).
    pub fn handle(&mut self, request: Request) -> Result<Body, Error> {
        self.handle_paced(request, None)
    }

    /// [`Server::handle`], its work consulting `pacer` as it goes: giving up (as on a
    /// timeout) once the pacer says nobody waits for the answer, and pausing where it asks.
    pub fn handle_paced(&mut self, request: Request, pacer: Option<&dyn Pacer>) -> Result<Body, Error> {
        let game = request.game().map(str::to_string);
        let answer = panic::catch_unwind(AssertUnwindSafe(|| self.dispatch(request, pacer))).unwrap_or_else(|panic| {
            let what =
                panic.downcast_ref::<&str>().map(|s| s.to_string()).or_else(|| panic.downcast_ref::<String>().cloned()).unwrap_or_default();
            let closed = match game.filter(|g| self.forget_game(g)) {
                Some(g) => format!("; game {g} was closed"),
                None => String::new(),
            };
            Err(Error::new("internal", format!("internal error: {what}{closed}")))
        });
        // What was taken for a game that was not opened, or freed by the request, goes back.
        let holds = self.holds();
        if let Some(share) = &mut self.share {
            share.settle(holds);
        }
        answer
    }

    fn dispatch(&mut self, request: Request, pacer: Option<&dyn Pacer>) -> Result<Body, Error> {
        let mut clock = Deadline::new(self.limits.budget, pacer);
        match request {
            Request::Load(req) => self.load(req),
            Request::Variants => Ok(self.list_variants()),
            Request::Open(req) => self.open(req, &mut clock),
            Request::Position(req) => self.position(req),
            Request::Moves(req) => self.moves(req),
            Request::Validate(req) => self.validate(req),
            Request::Play(req) => self.play(req),
            Request::Undo(req) => self.undo(req),
            Request::Perft(req) => self.perft(req, &mut clock),
            Request::Go(req) => self.go(req, &clock),
            Request::Close(req) => self.close(req),
            Request::Piece(req) => self.piece_card(req),
            // Ending the session is the front end's part; here there is nothing to do.
            Request::Quit => Ok(Body::Empty(Empty {})),
        }
    }

    fn game(&mut self, handle: &str) -> Result<&mut Game, Error> {
        self.games.get_mut(handle).ok_or_else(|| Error::new("unknown-game", format!("no open game `{handle}`")))
    }

    /// Closes a game and frees what only it held; whether there was one.
    fn forget_game(&mut self, handle: &str) -> bool {
        let Some(game) = self.games.remove(handle) else { return false };
        self.plies -= game.held;
        let live = self.live.get_mut(&game.variant).expect("a game's variant is live");
        live.games -= 1;
        if live.games == 0 && !live.kept {
            self.free(game.variant);
        }
        true
    }

    fn free(&mut self, id: u64) {
        if let Some(live) = self.live.remove(&id) {
            self.live_bytes -= live.bytes;
        }
    }

    /// Whether a variant of `bytes` may be kept under `name`, counting what replacing
    /// the one kept there now would free.
    fn admit(&mut self, name: &str, bytes: usize) -> Result<(), Error> {
        let replaced = self.variants.get(name).map(|k| &self.live[&k.id]);
        let max = self.limits.max_variants;
        if replaced.is_none() && self.variants.len() >= max {
            return Err(Error::new("too-many-variants", format!("{max} variants are loaded already")));
        }
        let freed = replaced.filter(|l| l.games == 0).map_or(0, |l| l.bytes);
        let (held, max) = (self.live_bytes - freed, self.limits.max_variants_bytes);
        if held + bytes > max {
            return Err(Error::new(
                "too-much-memory",
                format!(
                    "the compiled variants take {held} bytes (replaced ones that open games still play included); \
                     {bytes} more would pass the limit of {max}: close games or load fewer variants"
                ),
            ));
        }
        self.take(bytes)
    }

    /// Keeps a compiled variant under its name (replacing one of the same name, which
    /// lives on only while games play it); `admit` has allowed it.
    fn keep(&mut self, variant: Variant, builtin: bool, bytes: usize) -> &Variant {
        let name = variant.name().to_string();
        let id = self.next_variant;
        self.next_variant += 1;
        self.live.insert(id, Live { bytes, games: 0, kept: true });
        self.live_bytes += bytes;
        if let Some(old) = self.variants.insert(name.clone(), Kept { variant, builtin, id }) {
            let live = self.live.get_mut(&old.id).expect("a kept variant is live");
            live.kept = false;
            if live.games == 0 {
                self.free(old.id);
            }
        }
        &self.variants[&name].variant
    }

    /// The built-in `id`, compiled once, and the bytes it holds.
    fn builtin(&mut self, id: &str) -> Result<(&Variant, usize), Error> {
        if let Some(Kept { builtin: true, id: live, .. }) = self.variants.get(id) {
            return Ok((&self.variants[id].variant, self.live[live].bytes));
        }
        let Some(b) = variants::builtin(id) else {
            return Err(Error::new("unknown-variant", format!("`{id}` is not a built-in variant{}", variants::unknown_id_hint(id))));
        };
        let variant = b.variant()?;
        let bytes = variant.table_size().bytes + b.toml.len();
        self.admit(id, bytes)?;
        Ok((self.keep(variant, true, bytes), bytes))
    }

    fn load(&mut self, req: LoadReq) -> Result<Body, Error> {
        let (variant, bytes) = match (req.variant, req.toml) {
            (Some(id), None) if req.name.is_none() => self.builtin(&id)?,
            (None, Some(text)) => {
                let file = req.name.as_deref().unwrap_or("<request>");
                // Parsing holds about a hundred times the text's size: bounded before it
                // starts, as the tables are before they are built.
                if text.len() > MAX_RULESET_TEXT {
                    let message =
                        format!("{file}: a ruleset of {} bytes is over the limit of {MAX_RULESET_TEXT} bytes of text", text.len());
                    return Err(Error::new("ruleset-too-large", message));
                }
                let plan = variants::plan_untrusted(&text, file)?;
                // Building the tables is the work and the memory a ruleset can make
                // grow: both are weighed before anything is built.
                let size = plan.table_size();
                let max = self.limits.max_variant_bytes;
                if size.bytes > max {
                    return Err(Error::new(
                        "ruleset-too-large",
                        format!("{file}: the ruleset would build {size}, over the limit of {max} bytes"),
                    ));
                }
                let bytes = size.bytes + text.len();
                self.admit(&plan.rules().name, bytes)?;
                let variant = plan.compile()?;
                (self.keep(variant, false, bytes), bytes)
            }
            _ => return Err(Error::new("bad-request", "give either `variant` (a built-in id) or `toml` (with an optional `name`)")),
        };
        let rules = variant.rules();
        let pieces = rules
            .piece_types()
            .map(|t| {
                let p = rules.piece(t);
                PieceInfo { letter: rules.symbol(t).to_string(), name: p.name.clone(), royal: p.royal }
            })
            .collect();
        let letter = |t| rules.symbol(t).to_string();
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
            boards: rules.geometry.boards,
            buy: economy.map(|e| e.buy.iter().map(|&(t, cost)| Price { piece: letter(t), cost }).collect()),
            upgrades: economy
                .map(|e| e.upgrades.iter().map(|u| UpgradeInfo { from: letter(u.from), to: letter(u.to), cost: u.cost }).collect()),
            lift: rules.lift.is_some(),
            two_boards: rules.drops.as_ref().is_some_and(|d| d.two_boards),
            notation: Notation::default_for(rules).name(),
            bytes,
        }))
    }

    fn list_variants(&self) -> Body {
        let mut loaded: Vec<String> = self.variants.keys().cloned().collect();
        loaded.sort();
        Body::Variants(VariantList { builtin: builtin_list().to_vec(), loaded })
    }

    fn open(&mut self, req: OpenReq, clock: &mut Deadline) -> Result<Body, Error> {
        if self.games.len() >= self.limits.max_games {
            return Err(Error::new("too-many-games", format!("{} games are open already; close some", self.limits.max_games)));
        }
        let moves = req.moves.as_deref().unwrap_or_default();
        self.room_for(moves.len(), 0)?;
        if !self.variants.contains_key(&req.variant) {
            self.builtin(&req.variant)?;
        }
        self.take(GAME_BYTES + moves.len() * PLY_BYTES)?;
        let kept = &self.variants[&req.variant];
        let table = if req.two_boards {
            let game = match &req.fen {
                None => Match::new(&kept.variant),
                Some(fen) => Match::from_fen(&kept.variant, fen),
            };
            Table::Two(game.map_err(|e| match e {
                chimera::two_boards::MatchError::NotTwoBoards(_) => Error::new("bad-request", e.to_string()),
                _ => Error::new("bad-fen", e.to_string()),
            })?)
        } else {
            Table::One(match &req.fen {
                None => kept.variant.start(),
                Some(fen) => kept.variant.position(fen).map_err(|e| Error::new("bad-fen", e.to_string()))?,
            })
        };
        let mut game = Game::new(table, kept.id);
        for (index, text) in moves.iter().enumerate() {
            if clock.passed() {
                let budget = self.limits.budget.as_millis();
                return Err(Error::new(
                    "timeout",
                    format!("open did not finish within {budget} ms (at moves[{index}]); no game was opened"),
                ));
            }
            // A match's moves name their board first: `A e2e4`.
            let (on, text) = match &game.table {
                Table::One(_) => (None, text.as_str()),
                Table::Two(_) => match BoardId::split_move(text) {
                    Some((board, rest)) => (Some(board), rest),
                    None => {
                        let message = format!("moves[{index}] `{text}`: a match's moves name their board first (`A e2e4`, `B Nf3`)");
                        return Err(Error::new("bad-request", message));
                    }
                },
            };
            match game.judge_turn(on, text) {
                Ok(parts) => parts.into_iter().for_each(|m| game.play(on, m)),
                Err(e) => {
                    let message = format!("moves[{index}] `{text}`: {}", e.message);
                    return Err(Error::new("illegal-move", message).with(Detail::Move {
                        index,
                        text: moves[index].clone(),
                        refusal: e.into(),
                    }));
                }
            }
        }
        let handle = format!("g{}", self.next_game);
        self.next_game += 1;
        let info = snapshot(&handle, &mut game);
        game.held = game.plies();
        self.plies += game.held;
        self.live.get_mut(&game.variant).expect("a kept variant is live").games += 1;
        self.games.insert(handle, game);
        Ok(Body::Position(info))
    }

    /// Whether `more` moves fit a game holding `held`, and all games together.
    fn room_for(&self, more: usize, held: usize) -> Result<(), Error> {
        let (max, total) = (self.limits.max_plies, self.limits.max_total_plies);
        if held + more > max {
            return Err(Error::new(
                "too-many-plies",
                format!("a game holds at most {max} moves; undo some, or open a new game from its FEN"),
            ));
        }
        if self.plies + more > total {
            return Err(Error::new(
                "too-many-plies",
                format!("the open games hold {} moves, and all together may hold {total}; close some", self.plies),
            ));
        }
        Ok(())
    }

    fn position(&mut self, req: GameReq) -> Result<Body, Error> {
        let game = self.game(&req.game)?;
        Ok(Body::Position(snapshot(&req.game, game)))
    }

    fn moves(&mut self, req: MovesReq) -> Result<Body, Error> {
        let game = self.game(&req.game)?;
        let on = game.board(req.board.as_deref())?;
        let notation = notation_named(req.notation.as_deref(), game.pos(on))?;
        let end = game.end();
        let moves = match end {
            Some(_) => Vec::new(),
            None => game.with_pos(on, |pos| {
                let listed = pos.moves_with_notation();
                let legal: Vec<Move> = listed.iter().map(|l| l.0).collect();
                let mut infos = Vec::with_capacity(listed.len());
                for (m, uci, san) in listed {
                    let written = notation.map(|n| pos.notate_in(m, n, &legal));
                    infos.push(MoveInfo { written, ..move_info(pos, m, uci, san) });
                }
                infos
            }),
        };
        let result = end.map(|(on, o)| ended_info(on, o, game.pos(on)));
        Ok(Body::Moves(MoveList { game: req.game, board: on.map(BoardId::name), moves, result }))
    }

    fn validate(&mut self, req: MoveReq) -> Result<Body, Error> {
        let game = self.game(&req.game)?;
        let on = game.board(req.board.as_deref())?;
        let notation = notation_named(req.notation.as_deref(), game.pos(on))?;
        Ok(Body::Verdict(verdict(game, on, &req.text, notation).0))
    }

    /// Plays a move, or a whole turn of several parts written with commas (`e2e4,e4e5`):
    /// the parts before the last are played first, the verdict is the last part's (or
    /// the first refused part's, named by its number, and then nothing is played).
    fn play(&mut self, req: MoveReq) -> Result<Body, Error> {
        let parts: Vec<&str> = req.text.split(',').collect();
        let held = self.game(&req.game)?.plies();
        self.room_for(parts.len(), held)?;
        self.take(parts.len() * PLY_BYTES)?;
        let game = self.game(&req.game)?;
        let on = game.board(req.board.as_deref())?;
        let notation = notation_named(req.notation.as_deref(), game.pos(on))?;
        let (last, first) = parts.split_last().expect("split gives a part");
        for (i, text) in first.iter().enumerate() {
            match game.judge(on, text, notation) {
                Ok(m) => game.play(on, m),
                Err(e) => {
                    for _ in 0..i {
                        game.undo();
                    }
                    let e = MoveError { message: format!("part {} (`{text}`): {}", i + 1, e.message), ..e };
                    return Ok(Body::Played(Played {
                        verdict: Verdict { legal: false, info: None, refusal: Some(e.into()) },
                        position: None,
                    }));
                }
            }
        }
        let (mut verdict, legal) = verdict(game, on, last, notation);
        let position = match legal {
            Some(m) => {
                game.play(on, m);
                game.held += parts.len();
                Some(snapshot(&req.game, game))
            }
            None => {
                for _ in first {
                    game.undo();
                }
                if let Some(r) = verdict.refusal.as_mut().filter(|_| !first.is_empty()) {
                    r.reason = format!("part {} (`{last}`): {}", parts.len(), r.reason);
                }
                None
            }
        };
        self.plies += position.as_ref().map_or(0, |_| parts.len());
        Ok(Body::Played(Played { verdict, position }))
    }

    fn undo(&mut self, req: UndoReq) -> Result<Body, Error> {
        let game = self.game(&req.game)?;
        let played = game.plies();
        if req.plies > played {
            return Err(Error::new(
                "nothing-to-undo",
                format!("cannot take back {} move{}: {played} played since the game was opened", req.plies, plural(req.plies)),
            ));
        }
        let mut undone = Vec::with_capacity(req.plies);
        for _ in 0..req.plies {
            let (on, m) = game.undo().expect("a move was played");
            let info = game.with_pos(on, |pos| {
                let (uci, san) = (pos.uci(m), pos.san(m));
                move_info(pos, m, uci, san)
            });
            undone.push(MoveInfo { board: on.map(BoardId::name), ..info });
        }
        game.held -= req.plies;
        let position = snapshot(&req.game, game);
        self.plies -= req.plies;
        Ok(Body::Undone(Undone { undone, position }))
    }

    fn perft(&mut self, req: PerftReq, clock: &mut Deadline) -> Result<Body, Error> {
        let (max_depth, budget) = (self.limits.max_perft_depth, self.limits.budget);
        let game = self.game(&req.game)?;
        if req.depth > max_depth {
            return Err(Error::new("perft-too-deep", format!("perft depth {} is over the limit of {max_depth}", req.depth)));
        }
        let started = Instant::now();
        let timeout =
            || Error::new("perft-timeout", format!("perft {} did not finish within {} ms; abandoned", req.depth, budget.as_millis()));
        let pos = match &mut game.table {
            Table::One(pos) => pos,
            Table::Two(game) => {
                // A match's moves are counted on both boards; divide names each root move's board.
                let mut stop = || clock.passed();
                let (nodes, divide) = if req.divide {
                    let counts = game.divide_until(req.depth, &mut stop).ok_or_else(timeout)?;
                    let named: BTreeMap<String, u64> =
                        counts.into_iter().map(|(board, m, n)| (format!("{board} {}", game.board(board).uci(m)), n)).collect();
                    (if req.depth == 0 { 1 } else { named.values().sum() }, Some(named))
                } else {
                    (game.perft_until(req.depth, &mut stop).ok_or_else(timeout)?, None)
                };
                return Ok(Body::Perft(Perft {
                    game: req.game,
                    depth: req.depth,
                    nodes,
                    seconds: started.elapsed().as_secs_f64(),
                    divide,
                }));
            }
        };
        let (nodes, divide) = if req.divide && req.depth > 0 {
            // By whole turns, as the CLI's `--divide`: `e2e4,e4e5` where a turn has parts.
            let mut counts = BTreeMap::new();
            divide_within(pos, req.depth, clock, &mut Vec::new(), &mut counts).ok_or_else(timeout)?;
            (counts.values().sum(), Some(counts))
        } else {
            (perft_within(pos, req.depth, clock).ok_or_else(timeout)?, req.divide.then(BTreeMap::new))
        };
        Ok(Body::Perft(Perft { game: req.game, depth: req.depth, nodes, seconds: started.elapsed().as_secs_f64(), divide }))
    }

    /// The search's move in the game's position (`chimera_search`): at most the nodes
    /// asked ([`DEFAULT_GO_NODES`] by default, [`MAX_GO_NODES`] at most) and the request's
    /// CPU budget, whichever ends first (the budget ends the search, which answers with
    /// what it found); the game is not changed. The search looks at the request's clock as
    /// perft does, so under `chimera web` it takes its turns at the cores with the others.
    fn go(&mut self, req: GoReq, clock: &Deadline) -> Result<Body, Error> {
        let nodes = req.nodes.unwrap_or(DEFAULT_GO_NODES);
        if nodes == 0 {
            return Err(Error::new("bad-request", "`nodes` is at least 1"));
        }
        if nodes > MAX_GO_NODES {
            return Err(Error::new("go-too-long", format!("`nodes` {nodes} is over the limit of {MAX_GO_NODES}")));
        }
        let game = self.game(&req.game)?;
        let Table::One(pos) = &game.table else {
            return Err(Error::new("bad-request", "`go` searches a game of one board; a match has two"));
        };
        let started = Instant::now();
        let limits = chimera_search::Limits { nodes: Some(nodes), depth: req.depth, movetime: None };
        let mut searcher = chimera_search::Searcher::with_table(pos.variant(), GO_TABLE_ENTRIES);
        let found = searcher.search(pos, &limits, clock, |_| {});
        // Each line written part by part from the position it is played in.
        let written = |line: &[Move]| {
            let mut p = pos.clone();
            line.iter()
                .map(|&m| {
                    let text = p.uci(m);
                    p.play_unchecked(m);
                    text
                })
                .collect::<Vec<String>>()
        };
        let (score, mate) = match found.score {
            chimera_search::Score::Cp(cp) => (Some(cp), None),
            chimera_search::Score::Mate(n) => (None, Some(n)),
        };
        Ok(Body::Searched(Searched {
            game: req.game,
            best: found.best_move.map(|m| pos.uci(m)),
            san: found.best_move.map(|m| pos.clone().san(m)),
            turn: found.best_move.map(|_| written(&found.turn).join(",")),
            score,
            mate,
            depth: found.depth,
            nodes: found.nodes,
            pv: written(&found.pv),
            seconds: started.elapsed().as_secs_f64(),
        }))
    }

    /// The piece card: the variant's tables read for one piece on an empty board.
    fn piece_card(&mut self, req: PieceReq) -> Result<Body, Error> {
        if !self.variants.contains_key(&req.variant) {
            self.builtin(&req.variant)?;
        }
        let variant = &self.variants[&req.variant].variant;
        let rules = variant.rules();
        let letter = req.piece.to_ascii_uppercase();
        if !matches!(letter.len(), 1 | 2)
            || !letter.ends_with(|c: char| c.is_ascii_alphabetic())
            || (letter.len() == 2 && !letter.starts_with('+'))
        {
            return Err(Error::new("bad-request", format!("`piece` is one letter, or `+` and a letter, not `{}`", req.piece)));
        }
        let Some(t) = rules.piece_by_symbol(&letter) else {
            let known: Vec<String> = rules.piece_types().map(|t| rules.symbol(t).to_string()).collect();
            return Err(Error::new("unknown-piece", format!("{} has no piece `{letter}` (its letters: {})", rules.name, known.concat())));
        };
        let color = match req.color.as_deref() {
            None | Some("white") => Color::White,
            Some("black") => Color::Black,
            Some(other) => return Err(Error::new("bad-request", format!("`color` is `white` or `black`, not `{other}`"))),
        };
        let g = rules.geometry;
        let Some(square) = g.parse_square(&req.square) else {
            return Err(Error::new("bad-square", format!("`{}` is not a square of the {}x{} board", req.square, g.files, g.ranks)));
        };
        let def = rules.piece(t);
        let targets = variant
            .reach(color, t, square)
            .into_iter()
            .map(|(sq, ways)| CardTarget { square: g.square_name(sq), ways: ways.iter().map(|w| w.name()).collect() })
            .collect();
        Ok(Body::Card(PieceCard {
            variant: rules.name.clone(),
            piece: letter.to_string(),
            name: def.name.clone(),
            color: color.name(),
            square: g.square_name(square),
            betza: def.betza.clone(),
            words: chimera::movement::describe_piece(rules, def),
            royal: def.royal,
            targets,
        }))
    }

    fn close(&mut self, req: GameReq) -> Result<Body, Error> {
        if !self.forget_game(&req.game) {
            return Err(Error::new("unknown-game", format!("no open game `{}`", req.game)));
        }
        Ok(Body::Closed(Closed { closed: req.game }))
    }
}

/// Nodes a `go` searches when the request names none.
pub const DEFAULT_GO_NODES: u64 = 100_000;
/// Most nodes one `go` may ask for.
pub const MAX_GO_NODES: u64 = 5_000_000;
/// Transposition table slots of a `go`'s search (about 1 MB, freed with the answer).
const GO_TABLE_ENTRIES: usize = 1 << 15;

/// The built-ins and their descriptions, read once (a listing compiles nothing).
fn builtin_list() -> &'static [BuiltinInfo] {
    static LIST: OnceLock<Vec<BuiltinInfo>> = OnceLock::new();
    LIST.get_or_init(|| {
        BUILTINS
            .iter()
            .map(|b| BuiltinInfo {
                id: b.id,
                description: b.description().unwrap_or_default(),
                two_boards: b.two_boards().unwrap_or_default(),
            })
            .collect()
    })
}

/// Perft that gives up (`None`) once the deadline has passed, watching the clock at
/// every ply: the last two are where nearly all the work is (the engine's own perft
/// counts them in one go, with no way to stop). It counts what [`Position::perft`]
/// counts: whole turns ([`Position::legal_turns`]), a part that leaves the turn going
/// on counting the rest of the turn, and a part that leaves the mover no part to play
/// ending it.
fn perft_within(pos: &mut Position, depth: u32, clock: &mut Deadline) -> Option<u64> {
    if clock.passed() {
        return None;
    }
    match depth {
        0 => Some(1),
        1 if !pos.rules().turn.has_parts() => Some(pos.count_moves()),
        _ => {
            let mut nodes = 0;
            for m in pos.legal_moves() {
                pos.play_unchecked(m);
                let n = if pos.part() == 0 { perft_within(pos, depth - 1, clock) } else { rest_of_turn(pos, depth, clock) };
                pos.undo();
                nodes += n?;
            }
            Some(nodes)
        }
    }
}

/// [`perft_within`] mid-turn, after a part: the rest of the turn and the turns after it;
/// with no part left to play, the turn ended with the last part (and the game with it),
/// one turn at depth 1. (At depth 1 the count is 0 only where no part is left.)
fn rest_of_turn(pos: &mut Position, depth: u32, clock: &mut Deadline) -> Option<u64> {
    perft_within(pos, depth, clock).map(|n| if n == 0 && depth == 1 { 1 } else { n })
}

/// Divide by whole turns (`depth` >= 1): each turn's parts in long algebraic form joined
/// by commas, `prefix` the parts played so far this turn, with [`perft_within`]'s count
/// below it; `None` once the deadline has passed.
fn divide_within(
    pos: &mut Position,
    depth: u32,
    clock: &mut Deadline,
    prefix: &mut Vec<String>,
    counts: &mut BTreeMap<String, u64>,
) -> Option<()> {
    for m in pos.legal_moves() {
        if clock.passed() {
            return None;
        }
        prefix.push(pos.uci(m));
        pos.play_unchecked(m);
        let done = if pos.part() == 0 {
            perft_within(pos, depth - 1, clock).map(|n| {
                counts.insert(prefix.join(","), n);
            })
        } else {
            let before = counts.len();
            let done = divide_within(pos, depth, clock, prefix, counts);
            if done.is_some() && counts.len() == before {
                // No part left to play: the turn, and the game, ended with this part.
                counts.insert(prefix.join(","), u64::from(depth == 1));
            }
            done
        };
        pos.undo();
        prefix.pop();
        done?;
    }
    Some(())
}

/// A request's notation by name (`default`: the variant's own), if it names one.
fn notation_named(name: Option<&str>, pos: &Position) -> Result<Option<Notation>, Error> {
    let Some(name) = name else { return Ok(None) };
    if name == "default" {
        return Ok(Some(Notation::default_for(pos.rules())));
    }
    match Notation::from_name(name) {
        Some(n) => Ok(Some(n)),
        None => {
            Err(Error::new("bad-request", format!("`{name}` is no notation; known: {}, default{}", Notation::names(), notation_hint(name))))
        }
    }
}

/// Whether `text` (in `notation`, if given) is a legal move of the game, and if so the move.
fn verdict(game: &mut Game, on: On, text: &str, notation: Option<Notation>) -> (Verdict, Option<Move>) {
    match game.judge(on, text, notation) {
        Ok(m) => {
            let info = game.with_pos(on, |pos| {
                let (uci, san) = (pos.uci(m), pos.san(m));
                let written = notation.map(|n| pos.notate(m, n));
                MoveInfo { written, ..move_info(pos, m, uci, san) }
            });
            (Verdict { legal: true, info: Some(info), refusal: None }, Some(m))
        }
        Err(e) => (Verdict { legal: false, info: None, refusal: Some(e.into()) }, None),
    }
}

/// A legal move of `pos` described: its notations, kind, and the pieces involved.
fn move_info(pos: &Position, m: Move, uci: String, san: String) -> MoveInfo {
    let rules = pos.rules();
    let letter = |t| Letter(Some(rules.symbol(t)));
    let on_from = Letter(pos.piece_at(m.from).map(|p| rules.symbol(p.kind)));
    let capture = pos.is_capture(m);
    let (kind, piece, promotion) = match m.kind {
        MoveKind::Castle => ("castle", on_from, None),
        MoveKind::Rule => (pos.variant().rule_move_name(m).unwrap_or("rule"), on_from, None),
        MoveKind::Drop => ("drop", letter(m.piece), None),
        MoveKind::Buy => ("buy", letter(m.piece), None),
        MoveKind::Upgrade => ("upgrade", Letter(pos.piece_at(m.to).map(|p| rules.symbol(p.kind))), Some(letter(m.piece))),
        MoveKind::Lift => ("lift", on_from, Some(letter(m.piece))),
        MoveKind::Gate => ("gate", on_from, Some(letter(m.piece))),
        MoveKind::GateCastle => ("gate-castle", on_from, Some(letter(m.piece))),
        MoveKind::Pass => ("pass", on_from, None),
        MoveKind::Wall => ("wall", Letter(None), None),
        MoveKind::Locust => ("locust", on_from, None),
        MoveKind::EnPassant => ("en-passant", on_from, m.promotion().map(letter)),
        _ if m.promotion().is_some() => ("promotion", on_from, m.promotion().map(letter)),
        MoveKind::DoubleStep => ("double-step", on_from, None),
        MoveKind::Normal if capture => ("capture", on_from, None),
        MoveKind::Normal => ("move", on_from, None),
    };
    MoveInfo { board: None, uci, san, written: None, kind, capture, piece, promotion }
}

/// The game as the position answers show it: its position, or a match's two boards.
fn snapshot(handle: &str, game: &mut Game) -> Snapshot {
    let end = game.end();
    match &mut game.table {
        Table::One(pos) => Snapshot::One(position_info(handle, pos, end.map(|e| e.1))),
        Table::Two(game) => {
            let boards = BoardId::BOTH
                .into_iter()
                .map(|board| {
                    // Each board answers as a game of its own (its own result, claims): a
                    // copy, as describing a claim plays its move.
                    let mut pos = game.board(board).clone();
                    let own = pos.outcome();
                    BoardInfo { board: board.name(), position: position_info(handle, &mut pos, own) }
                })
                .collect();
            let a = game.board(BoardId::A);
            Snapshot::Two(MatchInfo {
                game: handle.to_string(),
                variant: a.rules().name.clone(),
                two_boards: true,
                fen: game.fen(),
                plies: game.plies(),
                boards,
                result: end.map(|(on, o)| ended_info(on, o, game.board(on.expect("a match ends on a board")))),
            })
        }
    }
}

/// A game's end: on a match, the board it ended on and the winning team (the winner
/// there and their partner, the other colour on the other board).
fn ended_info(on: On, o: Outcome, pos: &Position) -> ResultInfo {
    let Some(board) = on else { return result_info(o, pos) };
    let winners = o.winner.map(|w| {
        [(board, w), (board.other(), w.opponent())].map(|(board, color)| TeamMember { board: board.name(), color: color.name() }).to_vec()
    });
    ResultInfo { board: Some(board.name()), winners, ..result_info(o, pos) }
}

fn position_info(handle: &str, pos: &mut Position, outcome: Option<Outcome>) -> PositionInfo {
    let result = outcome.map(|o| result_info(o, pos));
    let claims = pos
        .claims()
        .into_iter()
        .map(|c| {
            let by = c.by.map(|m| AnnouncedMove { uci: pos.uci(m), san: pos.san(m) });
            let description = describe_claim(c, pos);
            ClaimInfo { result: ResultInfo { description, ..result_info(c.outcome, pos) }, by }
        })
        .collect();
    let pos = &*pos;
    let rules = pos.rules();
    let hand = |c: Color| -> BTreeMap<String, u8> {
        rules
            .piece_types()
            .filter_map(|t| {
                let n = pos.hand(c, t);
                (n > 0).then(|| (rules.symbol(t).to_string(), n))
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
        claims,
        result,
    }
}

fn sides<T>(f: impl Fn(Color) -> T) -> Sides<T> {
    Sides { white: f(Color::White), black: f(Color::Black) }
}

fn result_info(o: Outcome, pos: &Position) -> ResultInfo {
    ResultInfo {
        board: None,
        winners: None,
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
