//! The public face of the kernel: a compiled [`Variant`] and a [`Position`] of it.
//!
//! Both hide the bitboard width: a variant on up to 64 squares runs on `u64`, up to
//! 128 on `u128`, and up to 256 (16x16) on [`Wide`]; the caller never sees which.

use std::sync::Arc;

use crate::bitboard::Wide;
use crate::castle_layout::{CastlingLetters, CastlingMode};
use crate::features::claims::Claim;
use crate::fen::{FenError, FenStyle};
use crate::module::{ModuleRegistry, ModuleSet};
use crate::moves::Move;
use crate::notation::Notation;
use crate::outcome::Outcome;
use crate::position::Pos;
use crate::reach::Way;
use crate::refusal::{IllegalCode, MoveError};
use crate::rules::Rules;
use crate::ruleset::{parse_rules, Loaded, RelativePaths, Resolve, RulesetError, TableSize};
use crate::tables::Tables;
use crate::types::{Color, Geometry, Piece, Square};

#[derive(Clone, Debug)]
enum AnyTables {
    Narrow(Arc<Tables<u64>>),
    Medium(Arc<Tables<u128>>),
    Wide(Arc<Tables<Wide>>),
}

/// A compiled variant: its rules and lookup tables. Load one from ruleset TOML with
/// [`Variant::from_toml`] (or, for the built-in rulesets, through the `chimera-variants`
/// crate), then make positions of it with [`Variant::start`] or [`Variant::position`].
/// Cheap to clone (the tables are shared), and `Send + Sync`.
#[derive(Clone, Debug)]
pub struct Variant {
    rules: Arc<Rules>,
    tables: AnyTables,
}

impl Variant {
    /// Compiles rules that have already been checked (the start position is not), with
    /// their live modules.
    fn new(rules: Rules, modules: ModuleSet) -> Variant {
        let rules = Arc::new(rules);
        let squares = rules.geometry.squares();
        let tables = if squares <= 64 {
            AnyTables::Narrow(Arc::new(Tables::with_modules(rules.clone(), modules)))
        } else if squares <= 128 {
            AnyTables::Medium(Arc::new(Tables::with_modules(rules.clone(), modules)))
        } else {
            AnyTables::Wide(Arc::new(Tables::with_modules(rules.clone(), modules)))
        };
        Variant { rules, tables }
    }

    /// Loads a variant from ruleset text; `file` names it in errors. The ruleset may not
    /// switch on rule modules (see [`Variant::from_toml_with`]).
    pub fn from_toml(text: &str, file: &str) -> Result<Variant, RulesetError> {
        Variant::from_toml_with(text, file, &ModuleRegistry::new())
    }

    /// Loads a variant whose ruleset may switch on the rule modules in `modules`.
    pub fn from_toml_with(text: &str, file: &str, modules: &ModuleRegistry) -> Result<Variant, RulesetError> {
        Variant::from_toml_resolving(text, file, modules, &RelativePaths)
    }

    /// [`Variant::from_toml_with`], with `resolve` finding the bases the ruleset `extends`
    /// (by default they are files relative to `file`).
    pub fn from_toml_resolving(text: &str, file: &str, modules: &ModuleRegistry, resolve: &dyn Resolve) -> Result<Variant, RulesetError> {
        Variant::plan(text, file, modules, resolve)?.compile()
    }

    /// Reads and checks a ruleset without building its tables, so that what they will
    /// cost ([`Plan::table_size`]) can be weighed first; [`Plan::compile`] builds them.
    pub fn plan(text: &str, file: &str, modules: &ModuleRegistry, resolve: &dyn Resolve) -> Result<Plan, RulesetError> {
        Ok(Plan { loaded: parse_rules(text, file, modules, resolve)? })
    }

    /// What this variant's lookup tables take (see [`TableSize`]).
    pub fn table_size(&self) -> TableSize {
        TableSize::of(&self.rules)
    }

    /// The variant's rules, as the ruleset gave them (after inheritance).
    pub fn rules(&self) -> &Rules {
        &self.rules
    }
    /// The ruleset's `name`.
    pub fn name(&self) -> &str {
        &self.rules.name
    }
    /// The board's size.
    pub fn geometry(&self) -> Geometry {
        self.rules.geometry
    }

    /// For a move of a rule module's own kind ([`crate::MoveKind::Rule`]), the module's
    /// word for what it does; `None` for any other move.
    pub fn rule_move_name(&self, m: Move) -> Option<&'static str> {
        let modules = match &self.tables {
            AnyTables::Narrow(t) => &t.modules,
            AnyTables::Medium(t) => &t.modules,
            AnyTables::Wide(t) => &t.modules,
        };
        (m.kind == crate::MoveKind::Rule).then(|| modules.owner(m).kind_name(m))
    }

    /// The piece card: where a piece of `color` and type `t` on `from` moves on an
    /// otherwise empty board, read from the tables move generation reads, by square
    /// (lowest first), each with the ways it is reached (see [`Way`]).
    pub fn reach(&self, color: Color, t: crate::types::PieceType, from: Square) -> Vec<(Square, Vec<Way>)> {
        match &self.tables {
            AnyTables::Narrow(tables) => crate::reach::reach(tables, color, t, from),
            AnyTables::Medium(tables) => crate::reach::reach(tables, color, t, from),
            AnyTables::Wide(tables) => crate::reach::reach(tables, color, t, from),
        }
    }

    /// The start position (the ruleset's `start` FEN).
    pub fn start(&self) -> Position {
        self.position(&self.rules.start_fen).expect("the ruleset loader checked the start position")
    }

    /// A position from FEN, in this variant's piece letters and board size. Fields after
    /// the board may be left out (defaults: White to move, no castling, no en passant,
    /// clocks 0 and 1) when the variant allows it; anything unreadable is a [`FenError`]
    /// naming the field.
    pub fn position(&self, fen: &str) -> Result<Position, FenError> {
        self.position_in(fen, CastlingMode::Standard)
    }

    /// A position from FEN, its castling field read as `mode` says: with
    /// [`CastlingMode::Chess960`], kings and rooks may stand anywhere on their first rank.
    /// A Chess960 variant ([`Rules::chess960`]) reads every FEN so.
    pub fn position_in(&self, fen: &str, mode: CastlingMode) -> Result<Position, FenError> {
        self.read_position(fen, mode, true)
    }

    /// [`Variant::position_in`], but reading what Fairy-Stockfish's reader lets through
    /// (pyffish's callers store such positions): the side not to move may stand in check
    /// (the side to move may then take a royal, which ends the game as a royal's capture
    /// does), a `*` may stand on any square (a wall placed by the FEN), and outside
    /// Chess960 a castling right's king and rook may stand off the castle's squares (the
    /// king anywhere on its castling rank, the outermost rook: Chess960's reading, the
    /// castle still written as the king's move), and a piece may stand where none of its
    /// kind could come (a chess pawn on its first or last rank: it moves as it would there).
    pub fn position_lenient(&self, fen: &str, mode: CastlingMode) -> Result<Position, FenError> {
        self.read_position(fen, mode, false)
    }

    fn read_position(&self, fen: &str, mode: CastlingMode, strict: bool) -> Result<Position, FenError> {
        let mode = if self.rules.chess960 { CastlingMode::Chess960 } else { mode };
        let inner = match &self.tables {
            AnyTables::Narrow(t) => AnyPos::Narrow(Pos::from_fen_read(t.clone(), fen, mode, strict)?),
            AnyTables::Medium(t) => AnyPos::Medium(Pos::from_fen_read(t.clone(), fen, mode, strict)?),
            AnyTables::Wide(t) => AnyPos::Wide(Box::new(Pos::from_fen_read(t.clone(), fen, mode, strict)?)),
        };
        Ok(Position { variant: self.clone(), inner })
    }
}

/// A ruleset read and checked (but for its start position) whose tables are not built
/// yet: see [`Variant::plan`].
pub struct Plan {
    loaded: Loaded,
}

impl Plan {
    /// The rules, as the ruleset gave them.
    pub fn rules(&self) -> &Rules {
        &self.loaded.rules
    }
    /// What the variant's lookup tables will take once built.
    pub fn table_size(&self) -> TableSize {
        TableSize::of(&self.loaded.rules)
    }
    /// Builds the tables and checks the start position.
    pub fn compile(self) -> Result<Variant, RulesetError> {
        let Loaded { rules, modules, start } = self.loaded;
        let modules = ModuleSet::new(modules).map_err(|e| start.error(e))?;
        let variant = Variant::new(rules, modules);
        // The start position is read once, now that the tables exist.
        variant.position(&variant.rules.start_fen).map_err(|e| start.error(e.to_string()))?;
        Ok(variant)
    }
}

// The 128-square position is a few hundred bytes larger than the 64-square one; boxing
// it would only add a pointer chase to every call.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug)]
enum AnyPos {
    Narrow(Pos<u64>),
    Medium(Pos<u128>),
    // Boxed: a 256-square position is several times the size of the others.
    Wide(Box<Pos<Wide>>),
}

/// A position of a variant, with the moves that led to it from where it was set up
/// (so [`Position::undo`] can take them back and repetitions are counted).
///
/// Moves are [`Move`] values: take them from [`Position::legal_moves`], or read them
/// from text with [`Position::parse_move`]. Squares are [`Square`] indices of the
/// variant's [`Geometry`].
#[derive(Clone, Debug)]
pub struct Position {
    variant: Variant,
    inner: AnyPos,
}

/// Runs `$e` with `$p` bound to the position of whatever width.
macro_rules! with {
    ($self:expr, $p:ident => $e:expr) => {
        match &$self.inner {
            AnyPos::Narrow($p) => $e,
            AnyPos::Medium($p) => $e,
            AnyPos::Wide($p) => $e,
        }
    };
}

macro_rules! with_mut {
    ($self:expr, $p:ident => $e:expr) => {
        match &mut $self.inner {
            AnyPos::Narrow($p) => $e,
            AnyPos::Medium($p) => $e,
            AnyPos::Wide($p) => $e,
        }
    };
}

impl Position {
    /// The variant this is a position of.
    pub fn variant(&self) -> &Variant {
        &self.variant
    }
    /// The variant's rules.
    pub fn rules(&self) -> &Rules {
        &self.variant.rules
    }
    /// The position in FEN (with the variant's extra fields, such as hands or coins,
    /// where it has them).
    pub fn fen(&self) -> String {
        with!(self, p => p.fen())
    }
    /// The FEN with its castling rights written with these letters (Shredder-FEN's rook
    /// files, as Fairy-Stockfish writes Chess960 games, or the castles' own).
    pub fn fen_with(&self, letters: CastlingLetters) -> String {
        with!(self, p => p.fen_with(letters))
    }
    /// The side to move.
    /// The position as FEN (or SFEN) in this style: Fairy-Stockfish's `+P` for promoted
    /// pieces, Shogi's SFEN.
    pub fn fen_in(&self, style: FenStyle) -> String {
        with!(self, p => p.fen_in(style))
    }
    /// The side to move.
    pub fn turn(&self) -> Color {
        with!(self, p => p.turn())
    }
    /// The piece on `sq`; `None` if the square is empty.
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        with!(self, p => p.piece_at(sq))
    }
    /// A Zobrist hash of what makes positions the same for repetition (board, side to
    /// move, castling rights, en passant, hands, coins, module state), not the clocks.
    /// Stable within one build of the library, not across versions.
    pub fn hash(&self) -> u64 {
        with!(self, p => p.hash())
    }
    /// Plies since the last capture, pawn move or other reset the variant's move rule
    /// names (the FEN's fifth field).
    pub fn halfmove_clock(&self) -> u16 {
        with!(self, p => p.halfmove_clock())
    }
    /// The count of the variant's counting rules (`[end.counting]`, Makruk's) while one
    /// runs: `(limit, counted)`, both in plies, as Fairy-Stockfish writes them in a FEN's
    /// en-passant and halfmove fields. The draw may be claimed once `counted > limit`.
    pub fn counting(&self) -> Option<(u16, u16)> {
        with!(self, p => p.counting())
    }
    /// The checks `c` has given, where the rules count them (`[end] checks`, Three-check:
    /// the FEN's `checks=W/B`); 0 otherwise.
    pub fn checks_given(&self, c: Color) -> u16 {
        with!(self, p => p.checks[c])
    }
    /// The move number, from 1, increased after each Black move (the FEN's sixth field).
    pub fn fullmove_number(&self) -> u32 {
        with!(self, p => p.fullmove_number())
    }
    /// How often the current position has occurred (this time included).
    pub fn repetitions(&self) -> usize {
        with!(self, p => p.repetitions())
    }
    /// How many pieces of type `t` `c` has in hand.
    pub fn hand(&self, c: Color, t: crate::types::PieceType) -> u8 {
        with!(self, p => p.hand(c, t))
    }
    /// How many more pieces of type `t` `c` may bring onto the board (its `limit` less
    /// those on the board; `u32::MAX` without a limit).
    pub fn stock(&self, c: Color, t: crate::types::PieceType) -> u32 {
        with!(self, p => p.stock(c, t))
    }
    /// Coins `c` has (variants with an economy).
    pub fn coins(&self, c: Color) -> u16 {
        with!(self, p => p.coins(c))
    }
    /// Purchases `c` has made, capped where the count stops mattering.
    pub fn purchases(&self, c: Color) -> u8 {
        with!(self, p => p.purchases(c))
    }
    /// Whether legal move `m` takes an enemy piece.
    pub fn is_capture(&self, m: Move) -> bool {
        with!(self, p => p.is_capture(m))
    }
    /// Whether the side to move has a royal piece under attack.
    pub fn is_check(&self) -> bool {
        with!(self, p => p.is_check())
    }
    /// Whether the material left is one of the variant's dead cases
    /// (`end.insufficient_material`), whatever else [`Position::outcome`] reports first.
    pub fn insufficient_material(&self) -> bool {
        with!(self, p => p.insufficient_material())
    }
    /// Whether side `c` can no longer win by its material, whatever its opponent does, as
    /// Fairy-Stockfish's `has_insufficient_material(c)` decides it (pieces counted by
    /// their movement: see `features/material.rs`). Never true while pieces may come from
    /// a hand or the game may be won otherwise than by mate (extinction, a goal region).
    pub fn insufficient_material_of(&self, c: Color) -> bool {
        with!(self, p => p.insufficient_material_of(c))
    }
    /// Every legal move of the side to move, in no promised order. Empty after
    /// checkmate, stalemate, or an end by a rule that stops play (a lost army, a rule
    /// module); not after a repetition or the move rule, which [`Position::outcome`]
    /// reports while moves remain.
    pub fn legal_moves(&self) -> Vec<Move> {
        with!(self, p => p.legal_moves())
    }
    /// How many legal moves there are; faster than counting [`Position::legal_moves`].
    pub fn count_moves(&self) -> u64 {
        with!(self, p => p.count_moves())
    }
    /// Whether `m` is one of the legal moves here.
    pub fn is_legal(&self, m: Move) -> bool {
        self.legal_moves().contains(&m)
    }
    /// The result if the game is over by itself, by any of the variant's end rules
    /// (a repetition or the move rule only at its `automatic` count); `None` while it
    /// goes on. This is the one definition of "game over" every front end uses. Play is
    /// not stopped at the end: the caller decides.
    pub fn outcome(&self) -> Option<Outcome> {
        with!(self, p => p.outcome())
    }
    /// The result the position would have if the side to move had no legal move:
    /// checkmate's if it is in check, stalemate's if not, as the rules score them (a
    /// mate rule, a stalemate judged by the number of pieces or scored by the material
    /// count: Armageddon's stalemate is Black's). Whether or not moves remain
    /// (Fairy-Stockfish's `game_result` answers so for any position).
    pub fn stuck_outcome(&self) -> Outcome {
        with!(self, p => if p.is_check() { p.checkmate_outcome() } else { p.stalemate_outcome() })
    }
    /// [`Position::outcome`] for a caller that has the legal moves already (from
    /// [`Position::legal_moves`] of this position): they are not generated again.
    pub fn outcome_with_moves(&self, legal: &[Move]) -> Option<Outcome> {
        with!(self, p => p.outcome_given(|| legal.len() as u64))
    }
    /// [`Position::outcome`], asking `legal` for the number of legal moves only where
    /// it matters (a game that a rule has ended asks for none).
    pub fn outcome_given(&self, legal: impl FnOnce() -> u64) -> Option<Outcome> {
        with!(self, p => p.outcome_given(legal))
    }
    /// Every result the side to move may claim (a draw by repetition or by the move
    /// rule at its `claim` count): by the position on the board, or by announcing a move
    /// that brings the count about. Empty once the game is over.
    pub fn claims(&mut self) -> Vec<Claim> {
        with_mut!(self, p => p.claims())
    }
    /// What the draw rules (the move rule, repetition, counting) give the position as it
    /// stands, at their claim or automatic counts, even where the game has ended
    /// otherwise (a dead position that repeats): the move rule's first. For callers that
    /// judge as other programs do (Fairy-Stockfish's `is_optional_game_end`).
    pub fn draw_rules_met(&self) -> Vec<Outcome> {
        with!(self, p => p.draw_rules_met())
    }
    /// Moves played since the position was set up.
    pub fn plies(&self) -> usize {
        with!(self, p => p.plies())
    }
    /// The last move played since the position was set up; `None` if none was.
    pub fn last_move(&self) -> Option<Move> {
        with!(self, p => p.last_move())
    }
    /// The square a pawn may capture onto en passant this move (the FEN's fourth field);
    /// `None` if there is none.
    pub fn en_passant(&self) -> Option<Square> {
        with!(self, p => p.en_passant().map(|ep| ep.target))
    }
    /// Every square a piece may capture onto en passant this move: the one a double step
    /// passed, or the two of a triple step (`en_passant = "any-passed"`); empty if none.
    pub fn en_passant_squares(&self) -> Vec<Square> {
        with!(self, p => p.en_passant().map_or(Vec::new(), |ep| {
            let (near, far) = p.ep_squares(ep);
            std::iter::once(near).chain(far).collect()
        }))
    }
    /// Whether the piece on `sq` was promoted (in variants with drops it goes back to
    /// hand demoted when captured); `false` on an empty square.
    pub fn is_promoted(&self, sq: Square) -> bool {
        with!(self, p => p.is_promoted(sq))
    }
    /// The piece the last move captured, as a partner on another board receives it in
    /// a two-board game (bughouse): its colour, and its type demoted if it was promoted
    /// (`Q~` passes as a pawn). `None` if the last move took nothing, or none was played.
    pub fn last_capture(&self) -> Option<Piece> {
        with!(self, p => p.last_capture())
    }
    /// Puts a piece into its colour's hand from outside this board (a partner's capture
    /// on the other board of a two-board game); `false`, and nothing changes, where the
    /// variant has no hands, the type is not one a hand holds, or the hand is full.
    /// Undo does not take it back: whoever gave it does ([`Position::take_from_hand`]).
    pub fn give_to_hand(&mut self, piece: Piece) -> bool {
        with_mut!(self, p => p.hand_by(piece, true))
    }
    /// Takes a piece out of its colour's hand (a gift taken back); `false`, and nothing
    /// changes, where the hand holds none.
    pub fn take_from_hand(&mut self, piece: Piece) -> bool {
        with_mut!(self, p => p.hand_by(piece, false))
    }

    /// Plays a legal move, or refuses it with
    /// [`IllegalCode::PieceCannotMoveThere`] (use [`Position::parse_move`] for a reason
    /// that says more).
    pub fn play(&mut self, m: Move) -> Result<(), MoveError> {
        if !self.is_legal(m) {
            return Err(MoveError { code: IllegalCode::PieceCannotMoveThere, message: format!("{} is not a legal move", self.uci(m)) });
        }
        self.play_unchecked(m);
        Ok(())
    }
    /// Plays a move known to be legal (e.g. one from [`Position::legal_moves`]). An
    /// illegal move leaves the position in an unspecified (but memory-safe) state.
    pub fn play_unchecked(&mut self, m: Move) {
        with_mut!(self, p => p.play_unchecked(m))
    }
    /// Takes back the last move played and returns it; `None` (and nothing changes) when
    /// no move has been played since the position was set up.
    pub fn undo(&mut self) -> Option<Move> {
        with_mut!(self, p => p.undo())
    }

    /// Reads a move in SAN (`Nf3`, `exd5`, `O-O`, `P@e4`) or long algebraic form
    /// (`g1f3`, `e7e8q`), or says why it is not legal here. The position is unchanged
    /// (it takes `&mut self` to try moves out).
    pub fn parse_move(&mut self, text: &str) -> Result<Move, MoveError> {
        with_mut!(self, p => p.parse_move(text))
    }
    /// The legal move a plain SAN text (`e4`, `Nbd2`, `exd5`, `e8=Q+`) names, found
    /// without generating every legal move: `None` where the variant's rules need them
    /// all, for a text of another form, or for one that does not name exactly one legal
    /// move ([`Position::parse_move`] reads it then, and says why it is refused). Where
    /// it is `Some`, it is [`Position::parse_move`]'s move, unless a rule has ended the
    /// game ([`Position::outcome`] says so first), and the side to move has a legal move.
    pub fn parse_named_move(&self, text: &str) -> Option<Move> {
        with!(self, p => p.parse_named_move(text))
    }
    /// [`Position::parse_move`] for a caller that has the legal moves already (from
    /// [`Position::legal_moves`] of this position): they are not generated again.
    pub fn parse_move_among(&mut self, text: &str, legal: &[Move]) -> Result<Move, MoveError> {
        with_mut!(self, p => p.parse_move_among(text, legal))
    }
    /// Reads and plays a move ([`Position::parse_move`], then play), returning it.
    /// A turn of several parts written with commas (`e2e4,e4e5`) is played part by
    /// part ([`Position::parse_turn`]); its last part is returned.
    pub fn play_str(&mut self, text: &str) -> Result<Move, MoveError> {
        let parts = self.parse_turn(text)?;
        for &m in &parts {
            self.play_unchecked(m);
        }
        Ok(*parts.last().expect("a turn read has a part"))
    }
    /// The long algebraic form of a move (`e2e4`, `e7e8q`).
    pub fn uci(&self, m: Move) -> String {
        with!(self, p => p.uci(m))
    }
    /// Appends the long algebraic form of a move to `out` (for listing many moves
    /// without a string allocated for each).
    pub fn write_uci(&self, m: Move, out: &mut String) {
        with!(self, p => p.write_uci(m, out))
    }
    /// The SAN of a legal move (the position is unchanged afterwards).
    pub fn san(&mut self, m: Move) -> String {
        with_mut!(self, p => p.san(m))
    }
    /// The SAN of a legal move, given this position's legal moves (saves generating them
    /// again when the caller has them already).
    pub fn san_in(&mut self, m: Move, legal: &[Move]) -> String {
        with_mut!(self, p => p.san_in(m, legal))
    }
    /// A legal move in notation `n` (the position is unchanged afterwards).
    pub fn notate(&mut self, m: Move, n: Notation) -> String {
        with_mut!(self, p => p.notate(m, n))
    }
    /// A legal move in notation `n`, given this position's legal moves.
    pub fn notate_in(&mut self, m: Move, n: Notation, legal: &[Move]) -> String {
        with_mut!(self, p => p.notate_in(m, n, legal))
    }
    /// A legal move as Fairy-Stockfish writes it in notation `n`, its SAN included, given
    /// the legal moves it is told apart from (`chimera.compat`'s `get_san`).
    pub fn notate_fsf_in(&mut self, m: Move, n: Notation, legal: &[Move]) -> String {
        with_mut!(self, p => p.notate_fsf_in(m, n, legal))
    }
    /// Reads a move written in notation `n` (SAN and the long form: as
    /// [`Position::parse_move`]), or says why it is not legal here: an unknown or
    /// illegal text, or one that fits several moves, is refused.
    pub fn parse_move_in(&mut self, text: &str, n: Notation) -> Result<Move, MoveError> {
        with_mut!(self, p => p.parse_move_in(text, n))
    }
    /// Every legal move with its long algebraic form and SAN, sorted by the former.
    pub fn moves_with_notation(&mut self) -> Vec<(Move, String, String)> {
        with_mut!(self, p => {
            let legal = p.legal_moves();
            let san = p.san_list(&legal);
            let mut out: Vec<(Move, String, String)> =
                legal.iter().zip(san).map(|(&m, san)| (m, p.uci(m), san)).collect();
            out.sort_by(|a, b| a.1.cmp(&b.1));
            out
        })
    }

    /// Leaf nodes `depth` plies ahead: the standard move-generation count (1 at depth 0).
    /// The position is unchanged afterwards.
    pub fn perft(&mut self, depth: u32) -> u64 {
        with_mut!(self, p => p.perft(depth))
    }
    /// Perft per legal move, in the order of [`Position::legal_moves`] (empty at depth 0,
    /// which has no moves to divide by).
    pub fn divide(&mut self, depth: u32) -> Vec<(Move, u64)> {
        if depth == 0 {
            return Vec::new();
        }
        let moves = self.legal_moves();
        moves
            .into_iter()
            .map(|m| {
                self.play_unchecked(m);
                // A part that leaves the turn going on counts the rest of the turn too (or
                // ends it, with no part left to play: `Pos::perft_rest_of_turn`).
                let n = match (self.part(), depth) {
                    (0, 1) => 1,
                    (0, _) => self.perft(depth - 1),
                    _ => with_mut!(self, p => p.perft_rest_of_turn(depth)),
                };
                self.undo();
                (m, n)
            })
            .collect()
    }

    /// Perft per legal whole turn ([`Position::legal_turns`]): Fairy-Stockfish's divide
    /// where a turn has parts (`e2e4,e4e5 32`).
    pub fn divide_turns(&mut self, depth: u32) -> Vec<(Vec<Move>, u64)> {
        if depth == 0 {
            return Vec::new();
        }
        let turns = self.legal_turns();
        turns
            .into_iter()
            .map(|turn| {
                for &m in &turn {
                    self.play_unchecked(m);
                }
                let n = if depth <= 1 { 1 } else { self.perft(depth - 1) };
                for _ in &turn {
                    self.undo();
                }
                (turn, n)
            })
            .collect()
    }

    /// How many moves the side to move's current turn has (1 but in a series, `[turn]
    /// moves`: Marseillais 2, Progressive chess the turn's number).
    pub fn turn_length(&self) -> u8 {
        with!(self, p => p.turn_length())
    }

    /// The parts of the current turn played so far: 0 at a turn's start (always, where
    /// turns have one part); see [`Position::legal_turns`].
    pub fn part(&self) -> u8 {
        with!(self, p => p.part())
    }
    /// Every legal whole turn from here: each sequence of parts that ends the current turn
    /// (a move then its wall in Duck chess; one move each in a variant without parts).
    /// [`Position::legal_moves`] lists the parts legal now.
    pub fn legal_turns(&mut self) -> Vec<Vec<Move>> {
        with_mut!(self, p => p.legal_turns())
    }
    /// A turn's parts in long algebraic form, joined by commas (`e2e4,e4e5`:
    /// Fairy-Stockfish's UCI for duck and amazons).
    pub fn turn_uci(&mut self, parts: &[Move]) -> String {
        with_mut!(self, p => p.turn_text(parts, |p, m| p.uci(m)))
    }
    /// A turn's parts in notation `n`, joined by commas.
    pub fn turn_text_in(&mut self, parts: &[Move], n: Notation) -> String {
        with_mut!(self, p => p.turn_text(parts, |p, m| p.notate(m, n)))
    }
    /// A turn's parts in SAN, joined by commas (`e4,e5`, `Qda1,b1`).
    pub fn turn_san(&mut self, parts: &[Move]) -> String {
        with_mut!(self, p => p.turn_text(parts, |p, m| p.san(m)))
    }
    /// Reads a turn written part by part with commas (`e2e4,e4e5`) or one part, as
    /// [`Position::parse_move`] reads each; a refused part is named by its number. The
    /// position is unchanged.
    pub fn parse_turn(&mut self, text: &str) -> Result<Vec<Move>, MoveError> {
        self.read_turn(text, |p, part| p.parse_move(part))
    }
    /// Reads a turn as [`Position::parse_turn`] does, each part by `read` (another
    /// program's notation: pyffish's long algebraic in the Python package).
    pub fn read_turn(
        &mut self,
        text: &str,
        mut read: impl FnMut(&mut Position, &str) -> Result<Move, MoveError>,
    ) -> Result<Vec<Move>, MoveError> {
        if !text.contains(',') {
            return read(self, text).map(|m| vec![m]);
        }
        let mut parts = Vec::new();
        let mut refusal = None;
        for (i, part) in text.split(',').enumerate() {
            match read(self, part.trim()) {
                Ok(m) => {
                    self.play_unchecked(m);
                    parts.push(m);
                }
                Err(e) => {
                    refusal = Some(MoveError { code: e.code, message: format!("part {} (`{}`): {}", i + 1, part.trim(), e.message) });
                    break;
                }
            }
        }
        for _ in &parts {
            self.undo();
        }
        match refusal {
            Some(e) => Err(e),
            None => Ok(parts),
        }
    }
}
